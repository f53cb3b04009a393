#include "paddle/phi/kernels/batch_norm_grad_kernel.h"

#include <cmath>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/group_norm_impl.h"
#include "paddle/phi/kernels/impl/batch_norm_grad_kernel_impl.h"

namespace phi {

template <typename T, typename Context>
void BatchNormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                         const DenseTensor& bias, const DenseTensor* mean,
                         const DenseTensor* variance, const DenseTensor& saved_mean,
                         const DenseTensor& saved_variance, const DenseTensor& y_grad,
                         float momentum, float epsilon, const std::string& data_layout,
                         bool is_test, bool use_global_stats, bool trainable_statistics,
                         DenseTensor* x_grad, DenseTensor* scale_grad, DenseTensor* bias_grad) {
  const ChannelShape s = ComputeBatchNormShape(x.dims(), data_layout);
  const int64_t channels = s.channels;
  const int64_t count = s.outer * s.inner;
  const bool global_stats = (is_test && !trainable_statistics) || use_global_stats;
  CheckBatchNormGradArgs(x, scale, bias, mean, variance, saved_mean, saved_variance, y_grad,
                         channels, global_stats);
  std::vector<double> center(channels), inv_std(channels);
  if (global_stats) {
    const T* m = mean->data<T>();
    const T* v = variance->data<T>();
    for (int64_t c = 0; c < channels; ++c) {
      center[c] = m[c];
      inv_std[c] = 1.0 / std::sqrt(static_cast<double>(v[c]) + epsilon);
    }
  } else {
    const T* m = saved_mean.data<T>();
    const T* v = saved_variance.data<T>();
    for (int64_t c = 0; c < channels; ++c) {
      center[c] = m[c];
      inv_std[c] = v[c];
    }
  }
  const T* in = x.data<T>();
  const T* dy = y_grad.data<T>();
  // Per channel: sum(dy) and sum(dy * x_hat), with x_hat = (x - center) * inv_std.
  std::vector<double> sum_dy(channels, 0.0), sum_dy_xhat(channels, 0.0);
  // (An empty X visits nothing, however many rows of zero elements its extents make.)
  const int64_t outer = count > 0 ? s.outer : 0;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t c = 0; c < channels; ++c) {
      const int64_t base = (o * channels + c) * s.inner;
      double a = 0.0, b = 0.0;
      for (int64_t i = 0; i < s.inner; ++i) {
        a += dy[base + i];
        b += dy[base + i] * (in[base + i] - center[c]);
      }
      sum_dy[c] += a;
      sum_dy_xhat[c] += b * inv_std[c];
    }
  if (bias_grad != nullptr) {
    T* dst = dev_ctx.template Alloc<T>(bias_grad);
    for (int64_t c = 0; c < channels; ++c) dst[c] = static_cast<T>(sum_dy[c]);
  }
  if (scale_grad != nullptr) {
    T* dst = dev_ctx.template Alloc<T>(scale_grad);
    for (int64_t c = 0; c < channels; ++c) dst[c] = static_cast<T>(sum_dy_xhat[c]);
  }
  if (x_grad == nullptr) return;
  const T* gamma = scale.data<T>();
  T* dx = dev_ctx.template Alloc<T>(x_grad);
  const double inv_count = count > 0 ? 1.0 / static_cast<double>(count) : 0.0;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t c = 0; c < channels; ++c) {
      const int64_t base = (o * channels + c) * s.inner;
      const double g = gamma[c] * inv_std[c];
      if (global_stats) {
        for (int64_t i = 0; i < s.inner; ++i) dx[base + i] = static_cast<T>(g * dy[base + i]);
        continue;
      }
      // dx = g * (dy - mean(dy) - x_hat * mean(dy * x_hat))
      const double mean_dy = sum_dy[c] * inv_count;
      const double k = sum_dy_xhat[c] * inv_count * inv_std[c];
      for (int64_t i = 0; i < s.inner; ++i) {
        dx[base + i] =
            static_cast<T>(g * (dy[base + i] - mean_dy - (in[base + i] - center[c]) * k));
      }
    }
}

}  // namespace phi

PD_REGISTER_KERNEL(batch_norm_grad, CPU, phi::BatchNormGradKernel, float, double);
