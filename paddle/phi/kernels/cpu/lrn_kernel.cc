#include "paddle/phi/kernels/lrn_kernel.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/legacy.h"

namespace phi {
namespace {

// A 4-D tensor seen as [batch, channels, positions] with the channel and position strides of
// its layout, so NCHW and NHWC share one loop.
struct ChannelView {
  int64_t batch = 0;
  int64_t channels = 0;
  int64_t positions = 0;
  int64_t channel_stride = 0;
  int64_t position_stride = 0;

  // Calls f(offset of channel 0) for every (batch, position).
  template <typename F>
  void ForEachColumn(F f) const {
    for (int64_t b = 0; b < batch; ++b)
      for (int64_t p = 0; p < positions; ++p) f(b * channels * positions + p * position_stride);
  }
};

ChannelView MakeChannelView(const DDim& dims, const std::string& data_format, const char* op) {
  PD_CHECK(dims.size() == 4, InvalidArgument, "expected ", op, "'s X to be 4-D, but got X ", dims);
  ChannelView v;
  const bool channel_last = LrnIsChannelLast(data_format);
  v.batch = dims[0];
  v.channels = channel_last ? dims[3] : dims[1];
  v.positions = channel_last ? dims[1] * dims[2] : dims[2] * dims[3];
  v.channel_stride = channel_last ? 1 : v.positions;
  v.position_stride = channel_last ? v.channels : 1;
  return v;
}

}  // namespace

template <typename T, typename Context>
void LrnKernel(const Context& dev_ctx, const DenseTensor& x, int n, float k, float alpha,
               float beta, const std::string& data_format, DenseTensor* out, DenseTensor* mid_out) {
  PD_CHECK(n > 0 && n % 2 == 1, InvalidArgument,
           "expected lrn's n to be a positive odd number, but got ", n);
  const ChannelView v = MakeChannelView(x.dims(), data_format, "lrn");
  const DenseTensor input = x;  // keeps X alive should Out share its variable
  const T* in = input.data<T>();
  out->Resize(input.dims());
  T* result = dev_ctx.template Alloc<T>(out);
  DenseTensor mid_local;
  DenseTensor* mid_tensor = mid_out != nullptr ? mid_out : &mid_local;
  mid_tensor->Resize(input.dims());
  T* mid = dev_ctx.template Alloc<T>(mid_tensor);
  const int64_t half = (n - 1) / 2, cs = v.channel_stride, channels = v.channels;
  if (input.numel() == 0) return;  // the channel buffer would be sized by a possibly huge extent
  std::vector<T> squares(channels);
  v.ForEachColumn([&](int64_t base) {
    for (int64_t c = 0; c < channels; ++c) squares[c] = in[base + c * cs] * in[base + c * cs];
    for (int64_t c = 0; c < channels; ++c) {
      T sum = 0;
      for (int64_t j = std::max<int64_t>(0, c - half); j <= std::min(channels - 1, c + half); ++j)
        sum += squares[j];
      const int64_t at = base + c * cs;
      mid[at] = static_cast<T>(k) + static_cast<T>(alpha) * sum;
      result[at] = in[at] * std::pow(mid[at], -static_cast<T>(beta));
    }
  });
}

// Out_c = X_c * MidOut_c^-beta with MidOut_c depending on X_i^2 for i in c's window, so
// dX_i = MidOut_i^-beta * dOut_i - 2 alpha beta X_i * sum over c in i's window of
// dOut_c * Out_c / MidOut_c (windows are symmetric since n is odd).
template <typename T, typename Context>
void LrnGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out,
                   const DenseTensor& mid_out, const DenseTensor& dout, int n, float alpha,
                   float beta, const std::string& data_format, DenseTensor* dx) {
  PD_CHECK(n > 0 && n % 2 == 1, InvalidArgument,
           "expected lrn_grad's n to be a positive odd number, but got ", n);
  PD_CHECK(out.dims() == x.dims() && mid_out.dims() == x.dims() && dout.dims() == x.dims(),
           InvalidArgument, "expected lrn_grad's Out, MidOut and Out@GRAD to have X's dims ",
           x.dims(), ", but got ", out.dims(), ", ", mid_out.dims(), " and ", dout.dims());
  if (dx == nullptr) return;
  const ChannelView v = MakeChannelView(x.dims(), data_format, "lrn_grad");
  const T* xs = x.data<T>();
  const T* ys = out.data<T>();
  const T* mid = mid_out.data<T>();
  const T* g = dout.data<T>();
  dx->Resize(x.dims());
  T* result = dev_ctx.template Alloc<T>(dx);
  const int64_t half = (n - 1) / 2, cs = v.channel_stride, channels = v.channels;
  const T ratio = static_cast<T>(-2.0 * alpha * beta);
  if (x.numel() == 0) return;
  std::vector<T> term(channels);
  v.ForEachColumn([&](int64_t base) {
    for (int64_t c = 0; c < channels; ++c) {
      const int64_t at = base + c * cs;
      term[c] = g[at] * ys[at] / mid[at];
    }
    for (int64_t i = 0; i < channels; ++i) {
      T sum = 0;
      for (int64_t c = std::max<int64_t>(0, i - half); c <= std::min(channels - 1, i + half); ++c)
        sum += term[c];
      const int64_t at = base + i * cs;
      result[at] = std::pow(mid[at], -static_cast<T>(beta)) * g[at] + ratio * xs[at] * sum;
    }
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(lrn, CPU, phi::LrnKernel, float, double);
PD_REGISTER_KERNEL(lrn_grad, CPU, phi::LrnGradKernel, float, double);
