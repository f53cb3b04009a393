#include "paddle/phi/kernels/pad3d_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/pad3d.h"

namespace phi {
namespace {

// Calls f(out_offset, in_offset or -1) for every output element.
template <typename F>
void ForEachPad(const DDim& in, const DDim& out, const std::vector<int>& pads,
                const std::string& mode, const std::string& data_format, F f) {
  // An empty output has nothing to visit, however long its other extents (their source
  // tables would be sized by them).
  if (out.numel() == 0) return;
  const bool ncdhw = data_format == "NCDHW";
  const int64_t n = in[0];
  const int64_t c = ncdhw ? in[1] : in[4];
  const int first = ncdhw ? 2 : 1;
  const int64_t id = in[first], ih = in[first + 1], iw = in[first + 2];
  const int64_t od = out[first], oh = out[first + 1], ow = out[first + 2];
  const funcs::Pad3dMode m = funcs::ParsePad3dMode(mode);
  std::vector<int64_t> sd(od), sh(oh), sw(ow);
  for (int64_t z = 0; z < od; ++z) sd[z] = funcs::Pad3dSource(z, pads[4], id, m);
  for (int64_t y = 0; y < oh; ++y) sh[y] = funcs::Pad3dSource(y, pads[2], ih, m);
  for (int64_t w = 0; w < ow; ++w) sw[w] = funcs::Pad3dSource(w, pads[0], iw, m);
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

}  // namespace

template <typename T, typename Context>
void Pad3dKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& paddings,
                 const std::string& mode, float value, const std::string& data_format,
                 DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X alive should Out share its variable
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  const T fill = static_cast<T>(value);
  ForEachPad(x_in.dims(), out->dims(), paddings, mode, data_format,
             [&](int64_t o, int64_t i) { result[o] = i >= 0 ? in[i] : fill; });
}

template <typename T, typename Context>
void Pad3dGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     const std::vector<int>& paddings, const std::string& mode,
                     const std::string& data_format, DenseTensor* dx) {
  if (dx == nullptr) return;
  const DenseTensor d_in = dout;
  funcs::CheckPad3dGradDims(paddings, x.dims(), d_in.dims(), data_format);
  const T* g = d_in.data<T>();
  dx->Resize(x.dims());
  T* result = dev_ctx.template Alloc<T>(dx);
  std::fill(result, result + dx->numel(), T(0));
  ForEachPad(x.dims(), d_in.dims(), paddings, mode, data_format, [&](int64_t o, int64_t i) {
    if (i >= 0) result[i] += g[o];
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(pad3d, CPU, phi::Pad3dKernel, float, double);
PD_REGISTER_KERNEL(pad3d_grad, CPU, phi::Pad3dGradKernel, float, double);
