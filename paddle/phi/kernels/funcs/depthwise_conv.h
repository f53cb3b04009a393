// Direct depthwise convolution (groups == in_channels, out_channels = in_channels *
// multiplier): output channel oc convolves input channel oc / multiplier with its own
// KH x KW filter. Each (image, channel) plane is an independent small 2-D correlation, so
// these loops beat im2col + a 1 x pixels x taps GEMM per channel by a wide margin.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>

#include "paddle/phi/core/thread_pool.h"
#include "paddle/phi/infermeta/nn.h"

namespace phi {
namespace funcs {

// Whether conv2d / depthwise_conv2d with geometry g is a depthwise convolution that the
// functions below handle.
inline bool IsDepthwiseConv(const ConvGeometry& g) {
  return g.groups > 1 && g.groups == g.in_channels && g.out_channels % g.in_channels == 0;
}

// What a fused convolution does to each output after the sum: out = Clamp(out + bias[oc], low,
// high) (funcs::Clamp, as the relu / relu6 kernels compute it; no add where bias is null, no
// clamp where low / high are -inf / +inf), then funcs::HardSwish where hard_swish, applied in
// registers before the store where the kernel allows, then `finish` (may be null) on each
// output plane i (image i / out_channels, channel i % out_channels) while it is in cache: for a
// residual or another activation.
template <typename T>
struct DepthwiseEpilogue {
  const T* bias = nullptr;
  T low = -std::numeric_limits<T>::infinity();
  T high = std::numeric_limits<T>::infinity();
  bool hard_swish = false;
  const std::function<void(T*, int64_t)>* finish = nullptr;
};

// Output = conv(Input, Filter) in g's layout (NCHW, or NHWC when g.channels_last). Filter is
// [out_channels, 1, KH, KW]. Planes are split over `pool` (null: the calling thread only).
// `epilogue` (may be null) is for NCHW only.
template <typename T>
void DepthwiseConvForward(ThreadPool* pool, const T* input, const T* filter, const ConvGeometry& g,
                          T* out, const DepthwiseEpilogue<T>* epilogue = nullptr);

// The gradients of DepthwiseConvForward given Output@GRAD dout (in g's layout). Either of
// input_grad / filter_grad may be null; both are overwritten. The filter gradient sums the
// batch in a fixed order, so it does not depend on the number of threads.
template <typename T>
void DepthwiseConvBackward(ThreadPool* pool, const T* input, const T* filter, const T* dout,
                           const ConvGeometry& g, T* input_grad, T* filter_grad);

}  // namespace funcs
}  // namespace phi
