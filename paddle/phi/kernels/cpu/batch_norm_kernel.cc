#include "paddle/phi/kernels/batch_norm_kernel.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/nn.h"

namespace phi {

template <typename T, typename Context>
void BatchNormKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                     const DenseTensor& bias, const DenseTensor& mean,
                     const DenseTensor& variance, float momentum, float epsilon,
                     const std::string& data_layout, bool is_test, bool use_global_stats,
                     bool trainable_statistics, DenseTensor* y, DenseTensor* mean_out,
                     DenseTensor* variance_out, DenseTensor* saved_mean,
                     DenseTensor* saved_variance, DenseTensor* reserve_space) {
  const ChannelShape s = ComputeBatchNormShape(x.dims(), data_layout);
  const int64_t channels = s.channels;
  const int64_t count = s.outer * s.inner;
  const bool global_stats = (is_test && !trainable_statistics) || use_global_stats;
  // Copies first: MeanOut / VarianceOut may alias Mean / Variance.
  const T* running_mean_in = mean.data<T>();
  const T* running_var_in = variance.data<T>();
  std::vector<double> running_mean(running_mean_in, running_mean_in + channels);
  std::vector<double> running_var(running_var_in, running_var_in + channels);
  const T* in = x.data<T>();
  std::vector<double> batch_mean(channels, 0.0), batch_var(channels, 0.0);
  if (global_stats) {
    batch_mean = running_mean;
    batch_var = running_var;
  } else if (count > 0) {
    for (int64_t o = 0; o < s.outer; ++o)
      for (int64_t c = 0; c < channels; ++c) {
        const T* src = in + (o * channels + c) * s.inner;
        double sum = 0.0;
        for (int64_t i = 0; i < s.inner; ++i) sum += src[i];
        batch_mean[c] += sum;
      }
    for (double& m : batch_mean) m /= static_cast<double>(count);
    for (int64_t o = 0; o < s.outer; ++o)
      for (int64_t c = 0; c < channels; ++c) {
        const T* src = in + (o * channels + c) * s.inner;
        double sum = 0.0;
        for (int64_t i = 0; i < s.inner; ++i) {
          const double d = src[i] - batch_mean[c];
          sum += d * d;
        }
        batch_var[c] += sum;
      }
    for (double& v : batch_var) v /= static_cast<double>(count);
  }
  std::vector<double> inv_std(channels);
  for (int64_t c = 0; c < channels; ++c) inv_std[c] = 1.0 / std::sqrt(batch_var[c] + epsilon);

  const T* gamma = scale.data<T>();
  const T* beta = bias.data<T>();
  T* out = dev_ctx.template Alloc<T>(y);
  // (An empty X visits nothing, however many rows of zero elements its extents make.)
  const int64_t outer = count > 0 ? s.outer : 0;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t c = 0; c < channels; ++c) {
      const T a = static_cast<T>(gamma[c] * inv_std[c]);
      const T b = static_cast<T>(beta[c] - batch_mean[c] * gamma[c] * inv_std[c]);
      const int64_t base = (o * channels + c) * s.inner;
      for (int64_t i = 0; i < s.inner; ++i) out[base + i] = in[base + i] * a + b;
    }

  const double keep = global_stats ? 1.0 : momentum;
  T* new_mean = dev_ctx.template Alloc<T>(mean_out);
  T* new_var = dev_ctx.template Alloc<T>(variance_out);
  for (int64_t c = 0; c < channels; ++c) {
    new_mean[c] = static_cast<T>(running_mean[c] * keep + batch_mean[c] * (1.0 - keep));
    new_var[c] = static_cast<T>(running_var[c] * keep + batch_var[c] * (1.0 - keep));
  }
  if (saved_mean != nullptr) {
    T* dst = dev_ctx.template Alloc<T>(saved_mean);
    for (int64_t c = 0; c < channels; ++c) dst[c] = static_cast<T>(batch_mean[c]);
  }
  if (saved_variance != nullptr) {
    T* dst = dev_ctx.template Alloc<T>(saved_variance);
    for (int64_t c = 0; c < channels; ++c) dst[c] = static_cast<T>(inv_std[c]);
  }
  if (reserve_space != nullptr) dev_ctx.template Alloc<T>(reserve_space);  // unused on CPU
}

}  // namespace phi

PD_REGISTER_KERNEL(batch_norm, CPU, phi::BatchNormKernel, float, double);
