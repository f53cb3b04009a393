#include "paddle/phi/kernels/pixel_shuffle_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {
namespace {

// Calls f(out_offset, in_offset) for every element; `small` is the (N, C*r*r, H, W) side.
template <typename F>
void ForEachShuffle(const DDim& small, int64_t r, bool nchw, F f) {
  if (small.numel() == 0) return;  // no element, however long the other extents
  const int64_t n = small[0];
  const int64_t cin = nchw ? small[1] : small[3];
  const int64_t h = nchw ? small[2] : small[1];
  const int64_t w = nchw ? small[3] : small[2];
  const int64_t c = cin / (r * r), oh = h * r, ow = w * r;
  for (int64_t b = 0; b < n; ++b)
    for (int64_t ch = 0; ch < c; ++ch)
      for (int64_t i = 0; i < r; ++i)
        for (int64_t j = 0; j < r; ++j)
          for (int64_t y = 0; y < h; ++y)
            for (int64_t x = 0; x < w; ++x) {
              const int64_t cc = (ch * r + i) * r + j, oy = y * r + i, ox = x * r + j;
              const int64_t in =
                  nchw ? ((b * cin + cc) * h + y) * w + x : ((b * h + y) * w + x) * cin + cc;
              const int64_t o =
                  nchw ? ((b * c + ch) * oh + oy) * ow + ox : ((b * oh + oy) * ow + ox) * c + ch;
              f(o, in);
            }
}

}  // namespace

template <typename T, typename Context>
void PixelShuffleKernel(const Context& dev_ctx, const DenseTensor& x, int upscale_factor,
                        const std::string& data_format, DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X alive should Out share its variable
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  ForEachShuffle(x_in.dims(), upscale_factor, data_format == "NCHW",
                 [&](int64_t o, int64_t i) { result[o] = in[i]; });
}

template <typename T, typename Context>
void PixelShuffleGradKernel(const Context& dev_ctx, const DenseTensor& dout, int upscale_factor,
                            const std::string& data_format, DenseTensor* dx) {
  if (dx == nullptr) return;
  const DenseTensor d_in = dout;
  const T* g = d_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(dx);
  ForEachShuffle(dx->dims(), upscale_factor, data_format == "NCHW",
                 [&](int64_t o, int64_t i) { result[i] = g[o]; });
}

}  // namespace phi

PD_REGISTER_KERNEL(pixel_shuffle, CPU, phi::PixelShuffleKernel, float, double);
PD_REGISTER_KERNEL(pixel_shuffle_grad, CPU, phi::PixelShuffleGradKernel, float, double);
