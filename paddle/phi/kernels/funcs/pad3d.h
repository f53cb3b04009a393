// pad3d's index rule and paddings, shared by its CPU and GPU kernels: where along one axis an
// output position reads (or -1 for the constant), and the paddings in force (the Paddings host
// tensor, checked as InferMeta checks the attribute, or the attribute).
#pragma once

#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/hostdevice.h"

namespace phi {
namespace funcs {

enum class Pad3dMode : int { kConstant, kReflect, kReplicate, kCircular };

inline Pad3dMode ParsePad3dMode(const std::string& mode) {
  if (mode == "constant") return Pad3dMode::kConstant;
  if (mode == "replicate") return Pad3dMode::kReplicate;
  if (mode == "circular") return Pad3dMode::kCircular;
  PD_CHECK(mode == "reflect", InvalidArgument,
           "expected pad3d's mode 'constant', 'reflect', 'replicate' or 'circular', but got '",
           mode, "'");
  return Pad3dMode::kReflect;
}

// Source index along one axis of extent n for output position o with `lo` padding before,
// or -1 for a constant-padded position (reflect pads are < n: one reflection suffices).
PD_HOSTDEVICE inline int64_t Pad3dSource(int64_t o, int64_t lo, int64_t n, Pad3dMode mode) {
  const int64_t i = o - lo;
  if (i >= 0 && i < n) return i;
  switch (mode) {
    case Pad3dMode::kConstant:
      return -1;
    case Pad3dMode::kReplicate:
      return i < 0 ? 0 : n - 1;
    case Pad3dMode::kCircular:
      return ((i % n) + n) % n;
    default:
      return i < 0 ? -i : 2 * (n - 1) - i;
  }
}

// The paddings in force: the Paddings tensor (int32 or int64, 6 values, on the host) when
// given, checked as InferMeta checks the attribute; else the attribute.
inline std::vector<int> ResolvePad3dPaddings(const DenseTensor* paddings_tensor,
                                             const std::vector<int>& paddings, const DDim& in,
                                             const std::string& mode,
                                             const std::string& data_format) {
  if (paddings_tensor == nullptr) return paddings;
  const DenseTensor& t = *paddings_tensor;
  PD_CHECK(t.dtype() == DataType::INT32 || t.dtype() == DataType::INT64, InvalidArgument,
           "expected pad3d's Paddings to be int32 or int64, but got ", t.dtype());
  PD_CHECK(t.numel() == 6, InvalidArgument, "expected pad3d's Paddings to hold 6 values, but got ",
           t.numel());
  std::vector<int> p(6);
  for (int i = 0; i < 6; ++i)
    p[i] = t.dtype() == DataType::INT32 ? t.data<int32_t>()[i]
                                        : static_cast<int>(t.data<int64_t>()[i]);
  const int first = data_format == "NCDHW" ? 2 : 1;
  for (int a = 0; a < 3; ++a) {
    const int64_t d = in[first + a];
    const int lo = p[2 * (2 - a)], hi = p[2 * (2 - a) + 1];
    PD_CHECK(lo >= 0 && hi >= 0, InvalidArgument, "expected pad3d's Paddings >= 0, but got ", lo,
             " and ", hi);
    PD_CHECK(mode != "reflect" || (lo < d && hi < d), InvalidArgument,
             "expected pad3d's reflect paddings to be less than the padded extent ", d,
             ", but got ", lo, " and ", hi);
    PD_CHECK(mode == "constant" || mode == "reflect" || d > 0, InvalidArgument, "expected pad3d's ",
             mode, " mode to pad non-empty extents, but X is ", in);
  }
  return p;
}

// X's dims padded by `pads` (the D, H, W axes of NCDHW or NDHWC).
inline DDim Pad3dPaddedDims(const DDim& in, const std::vector<int>& pads,
                            const std::string& data_format) {
  std::vector<int64_t> dims = in.ToVector();
  const int first = data_format == "NCDHW" ? 2 : 1;
  for (int a = 0; a < 3; ++a) dims[first + a] += pads[2 * (2 - a)] + pads[2 * (2 - a) + 1];
  return DDim(dims);
}

// pad3d_grad's paddings, with Out@GRAD checked to be X padded by them (the kernels read it at
// every padded position).
inline std::vector<int> ResolvePad3dGradPaddings(const DenseTensor* paddings_tensor,
                                                 const std::vector<int>& paddings,
                                                 const DDim& x_dims, const DDim& dout_dims,
                                                 const std::string& mode,
                                                 const std::string& data_format) {
  std::vector<int> pads =
      ResolvePad3dPaddings(paddings_tensor, paddings, x_dims, mode, data_format);
  const DDim padded = Pad3dPaddedDims(x_dims, pads, data_format);
  PD_CHECK(dout_dims == padded, InvalidArgument, "expected pad3d_grad's Out@GRAD to have "
           "the padded dims ", padded, " of X ", x_dims, ", but got ", dout_dims);
  return pads;
}

}  // namespace funcs
}  // namespace phi
