#include "paddle/phi/kernels/layer_norm_kernel.h"

#include <algorithm>
#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void LayerNormKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                     const DenseTensor* bias, float epsilon, int begin_norm_axis, DenseTensor* y,
                     DenseTensor* mean, DenseTensor* variance) {
  const DDim& d = x.dims();
  PD_CHECK(begin_norm_axis >= 0 && begin_norm_axis < std::max(d.size(), 1), InvalidArgument,
           "expected layer_norm's begin_norm_axis in [0, ", d.size(), ") for X ", d,
           ", but got ", begin_norm_axis);
  const int64_t left = product(d, 0, begin_norm_axis);
  const int64_t right = product(d, begin_norm_axis, d.size());
  const T* in = x.data<T>();
  const T* gamma = scale != nullptr ? scale->data<T>() : nullptr;
  const T* beta = bias != nullptr ? bias->data<T>() : nullptr;
  T* out = dev_ctx.template Alloc<T>(y);
  T* mean_data = mean != nullptr ? dev_ctx.template Alloc<T>(mean) : nullptr;
  T* var_data = variance != nullptr ? dev_ctx.template Alloc<T>(variance) : nullptr;
  for (int64_t r = 0; r < left; ++r) {
    const T* row = in + r * right;
    double sum = 0.0;
    for (int64_t j = 0; j < right; ++j) sum += row[j];
    const double mu = right > 0 ? sum / right : 0.0;
    double sq = 0.0;
    for (int64_t j = 0; j < right; ++j) sq += (row[j] - mu) * (row[j] - mu);
    const double var = right > 0 ? sq / right : 0.0;
    const double inv_std = 1.0 / std::sqrt(var + epsilon);
    T* dst = out + r * right;
    for (int64_t j = 0; j < right; ++j) {
      double v = (row[j] - mu) * inv_std;
      if (gamma != nullptr) v *= gamma[j];
      if (beta != nullptr) v += beta[j];
      dst[j] = static_cast<T>(v);
    }
    if (mean_data != nullptr) mean_data[r] = static_cast<T>(mu);
    if (var_data != nullptr) var_data[r] = static_cast<T>(var);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(layer_norm, CPU, phi::LayerNormKernel, float, double);
