#include "paddle/phi/kernels/affine_channel_kernel.h"

#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {
namespace {

// Element i of X belongs to channel (i / inner) % channels: inner is the spatial size for
// "NCHW" and 1 when the channel is the last dim.
struct ChannelWalk {
  int64_t channels = 1;
  int64_t inner = 1;
  int64_t Channel(int64_t i) const { return (i / inner) % channels; }
};

ChannelWalk MakeChannelWalk(const DDim& d, const std::string& data_layout) {
  ChannelWalk w;
  const bool nchw = data_layout == "NCHW";
  w.channels = nchw ? d[1] : d[d.size() - 1];
  if (nchw) w.inner = product(d, 2, d.size());
  return w;
}

}  // namespace

template <typename T, typename Context>
void AffineChannelKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                         const DenseTensor& bias, const std::string& data_layout,
                         DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X's storage should Out be X (in place is elementwise)
  const ChannelWalk w = MakeChannelWalk(x_in.dims(), data_layout);
  const int64_t n = x_in.numel();
  const T* src = n > 0 ? x_in.data<T>() : nullptr;
  const T* s = scale.data<T>();
  const T* b = bias.data<T>();
  T* dst = dev_ctx.template Alloc<T>(out);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t c = w.Channel(i);
    dst[i] = src[i] * s[c] + b[c];
  }
}

template <typename T, typename Context>
void AffineChannelGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                             const DenseTensor& dout, const std::string& data_layout,
                             DenseTensor* dx, DenseTensor* dscale, DenseTensor* dbias) {
  const DenseTensor dy = dout;  // X@GRAD may share Out@GRAD's storage
  const ChannelWalk w = MakeChannelWalk(dy.dims(), data_layout);
  const int64_t n = dy.numel();
  const T* g = n > 0 ? dy.data<T>() : nullptr;
  // The channel sums first: they read Out@GRAD, which X@GRAD may overwrite.
  if (dscale != nullptr || dbias != nullptr) {
    std::vector<T> scale_sum(w.channels, T(0)), bias_sum(w.channels, T(0));
    const T* xs = dscale != nullptr && n > 0 ? x.data<T>() : nullptr;
    for (int64_t i = 0; i < n; ++i) {
      const int64_t c = w.Channel(i);
      bias_sum[c] += g[i];
      if (xs != nullptr) scale_sum[c] += g[i] * xs[i];
    }
    if (dscale != nullptr) {
      T* ds = dev_ctx.template Alloc<T>(dscale);
      for (int64_t c = 0; c < w.channels; ++c) ds[c] = scale_sum[c];
    }
    if (dbias != nullptr) {
      T* db = dev_ctx.template Alloc<T>(dbias);
      for (int64_t c = 0; c < w.channels; ++c) db[c] = bias_sum[c];
    }
  }
  if (dx != nullptr) {
    const T* s = scale.data<T>();
    T* d = dev_ctx.template Alloc<T>(dx);
    for (int64_t i = 0; i < n; ++i) d[i] = g[i] * s[w.Channel(i)];
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(affine_channel, CPU, phi::AffineChannelKernel, float, double);
PD_REGISTER_KERNEL(affine_channel_grad, CPU, phi::AffineChannelGradKernel, float, double);
