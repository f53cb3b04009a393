#include "paddle/phi/kernels/pad3d_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {
namespace {

// Source index along one axis for output position o, or -1 for a constant-padded position.
int64_t SourceIndex(int64_t o, int64_t lo, int64_t n, const std::string& mode) {
  int64_t i = o - lo;
  if (i >= 0 && i < n) return i;
  if (mode == "constant") return -1;
  if (mode == "replicate") return std::min<int64_t>(std::max<int64_t>(i, 0), n - 1);
  if (mode == "circular") return ((i % n) + n) % n;
  // reflect (pads < n, so one reflection suffices)
  if (i < 0) return -i;
  return 2 * (n - 1) - i;
}

// Calls f(out_offset, in_offset or -1) for every output element.
template <typename F>
void ForEachPad(const DDim& in, const DDim& out, const std::vector<int>& pads,
                const std::string& mode, const std::string& data_format, F f) {
  const bool ncdhw = data_format == "NCDHW";
  const int64_t n = in[0];
  const int64_t c = ncdhw ? in[1] : in[4];
  const int first = ncdhw ? 2 : 1;
  const int64_t id = in[first], ih = in[first + 1], iw = in[first + 2];
  const int64_t od = out[first], oh = out[first + 1], ow = out[first + 2];
  std::vector<int64_t> sd(od), sh(oh), sw(ow);
  for (int64_t z = 0; z < od; ++z) sd[z] = SourceIndex(z, pads[4], id, mode);
  for (int64_t y = 0; y < oh; ++y) sh[y] = SourceIndex(y, pads[2], ih, mode);
  for (int64_t w = 0; w < ow; ++w) sw[w] = SourceIndex(w, pads[0], iw, mode);
  int64_t o = 0;
  if (ncdhw) {
    for (int64_t b = 0; b < n * c; ++b)
      for (int64_t z = 0; z < od; ++z)
        for (int64_t y = 0; y < oh; ++y)
          for (int64_t w = 0; w < ow; ++w, ++o) {
            const bool in_range = sd[z] >= 0 && sh[y] >= 0 && sw[w] >= 0;
            f(o, in_range ? ((b * id + sd[z]) * ih + sh[y]) * iw + sw[w] : -1);
          }
  } else {
    for (int64_t b = 0; b < n; ++b)
      for (int64_t z = 0; z < od; ++z)
        for (int64_t y = 0; y < oh; ++y)
          for (int64_t w = 0; w < ow; ++w)
            for (int64_t ch = 0; ch < c; ++ch, ++o) {
              const bool in_range = sd[z] >= 0 && sh[y] >= 0 && sw[w] >= 0;
              f(o, in_range ? (((b * id + sd[z]) * ih + sh[y]) * iw + sw[w]) * c + ch : -1);
            }
  }
}

// The paddings in force: the Paddings tensor (int32 or int64, 6 values) when given, checked as
// InferMeta checks the attribute.
std::vector<int> ResolvePaddings(const DenseTensor* paddings_tensor,
                                 const std::vector<int>& paddings, const DDim& in,
                                 const std::string& mode, const std::string& data_format) {
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

}  // namespace

template <typename T, typename Context>
void Pad3dKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* paddings_tensor,
                 const std::vector<int>& paddings, const std::string& mode, float value,
                 const std::string& data_format, DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X alive should Out share its variable
  const std::vector<int> pads =
      ResolvePaddings(paddings_tensor, paddings, x_in.dims(), mode, data_format);
  if (paddings_tensor != nullptr) {
    std::vector<int64_t> dims = x_in.dims().ToVector();
    const int first = data_format == "NCDHW" ? 2 : 1;
    for (int a = 0; a < 3; ++a) dims[first + a] += pads[2 * (2 - a)] + pads[2 * (2 - a) + 1];
    out->Resize(DDim(dims));
  }
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  const T fill = static_cast<T>(value);
  ForEachPad(x_in.dims(), out->dims(), pads, mode, data_format,
             [&](int64_t o, int64_t i) { result[o] = i >= 0 ? in[i] : fill; });
}

template <typename T, typename Context>
void Pad3dGradKernel(const Context& dev_ctx, const DenseTensor& x,
                     const DenseTensor* paddings_tensor, const DenseTensor& dout,
                     const std::vector<int>& paddings, const std::string& mode,
                     const std::string& data_format, DenseTensor* dx) {
  if (dx == nullptr) return;
  const std::vector<int> pads =
      ResolvePaddings(paddings_tensor, paddings, x.dims(), mode, data_format);
  const DenseTensor d_in = dout;
  // Out@GRAD must be X padded: the walk below reads it at every padded position.
  std::vector<int64_t> padded = x.dims().ToVector();
  const int first = data_format == "NCDHW" ? 2 : 1;
  for (int a = 0; a < 3; ++a) padded[first + a] += pads[2 * (2 - a)] + pads[2 * (2 - a) + 1];
  PD_CHECK(d_in.dims() == DDim(padded), InvalidArgument, "expected pad3d_grad's Out@GRAD to have "
           "the padded dims ", DDim(padded), " of X ", x.dims(), ", but got ", d_in.dims());
  const T* g = d_in.data<T>();
  dx->Resize(x.dims());
  T* result = dev_ctx.template Alloc<T>(dx);
  std::fill(result, result + dx->numel(), T(0));
  ForEachPad(x.dims(), d_in.dims(), pads, mode, data_format, [&](int64_t o, int64_t i) {
    if (i >= 0) result[i] += g[o];
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(pad3d, CPU, phi::Pad3dKernel, float, double);
PD_REGISTER_KERNEL(pad3d_grad, CPU, phi::Pad3dGradKernel, float, double);
