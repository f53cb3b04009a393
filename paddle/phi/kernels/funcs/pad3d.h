// pad3d's index rule and padded dims, shared by its CPU and GPU kernels: where along one axis an
// output position reads (or -1 for the constant), and X's dims padded by the paddings (which
// InferMeta has checked; a Paddings tensor gives them through the op record's tensor_attrs).
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

// X's dims padded by `pads` (the D, H, W axes of NCDHW or NDHWC).
inline DDim Pad3dPaddedDims(const DDim& in, const std::vector<int>& pads,
                            const std::string& data_format) {
  std::vector<int64_t> dims = in.ToVector();
  const int first = data_format == "NCDHW" ? 2 : 1;
  for (int a = 0; a < 3; ++a) dims[first + a] += pads[2 * (2 - a)] + pads[2 * (2 - a) + 1];
  return DDim(dims);
}

// Checks that pad3d_grad's Out@GRAD is X padded by `paddings` (the kernels read it at every
// padded position).
inline void CheckPad3dGradDims(const std::vector<int>& paddings, const DDim& x_dims,
                               const DDim& dout_dims, const std::string& data_format) {
  const DDim padded = Pad3dPaddedDims(x_dims, paddings, data_format);
  PD_CHECK(dout_dims == padded, InvalidArgument,
           "expected pad3d_grad's Out@GRAD to have "
           "the padded dims ",
           padded, " of X ", x_dims, ", but got ", dout_dims);
}

}  // namespace funcs
}  // namespace phi
