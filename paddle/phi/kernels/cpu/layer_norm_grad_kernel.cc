#include "paddle/phi/kernels/layer_norm_grad_kernel.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/layer_norm_kernel_impl.h"

namespace phi {

template <typename T, typename Context>
void LayerNormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                         const DenseTensor* bias, const DenseTensor& mean,
                         const DenseTensor& variance, const DenseTensor& y_grad, float epsilon,
                         int begin_norm_axis, DenseTensor* x_grad, DenseTensor* scale_grad,
                         DenseTensor* bias_grad) {
  const DDim& d = x.dims();
  const LayerNormRows rows = LayerNormRowsOf(d, begin_norm_axis, "layer_norm_grad");
  const int64_t left = rows.left, right = rows.right;
  PD_CHECK(y_grad.dims() == d, InvalidArgument,
           "expected layer_norm_grad's Y@GRAD to have X's dims ", d, ", but got ", y_grad.dims());
  const T* in = x.data<T>();
  const T* dy = y_grad.data<T>();
  const T* mu = mean.data<T>();
  const T* var = variance.data<T>();
  const T* gamma = scale != nullptr ? scale->data<T>() : nullptr;
  if (left == 0) {  // no rows: Scale's and Bias's gradients are zeros, and no row buffer is made
    if (x_grad != nullptr) dev_ctx.template Alloc<T>(x_grad);
    for (DenseTensor* grad : {scale_grad, bias_grad}) {
      if (grad == nullptr) continue;
      T* dst = dev_ctx.template Alloc<T>(grad);
      std::fill(dst, dst + grad->numel(), T(0));
    }
    return;
  }
  std::vector<double> dgamma(right, 0.0), dbeta(right, 0.0), g(right);
  T* dx = x_grad != nullptr ? dev_ctx.template Alloc<T>(x_grad) : nullptr;
  for (int64_t r = 0; r < left; ++r) {
    const T* row = in + r * right;
    const T* drow = dy + r * right;
    const double inv_std = 1.0 / std::sqrt(static_cast<double>(var[r]) + epsilon);
    double mean_g = 0.0, mean_g_xhat = 0.0;
    for (int64_t j = 0; j < right; ++j) {
      const double xhat = (row[j] - mu[r]) * inv_std;
      dgamma[j] += drow[j] * xhat;
      dbeta[j] += drow[j];
      g[j] = gamma != nullptr ? drow[j] * gamma[j] : drow[j];
      mean_g += g[j];
      mean_g_xhat += g[j] * xhat;
    }
    if (dx == nullptr) continue;
    mean_g /= right;
    mean_g_xhat /= right;
    // dx = inv_std * (g - mean(g) - x_hat * mean(g * x_hat)), g = dy * scale
    for (int64_t j = 0; j < right; ++j) {
      const double xhat = (row[j] - mu[r]) * inv_std;
      dx[r * right + j] = static_cast<T>(inv_std * (g[j] - mean_g - xhat * mean_g_xhat));
    }
  }
  if (scale_grad != nullptr) {
    T* dst = dev_ctx.template Alloc<T>(scale_grad);
    for (int64_t j = 0; j < right; ++j) dst[j] = static_cast<T>(dgamma[j]);
  }
  if (bias_grad != nullptr) {
    T* dst = dev_ctx.template Alloc<T>(bias_grad);
    for (int64_t j = 0; j < right; ++j) dst[j] = static_cast<T>(dbeta[j]);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(layer_norm_grad, CPU, phi::LayerNormGradKernel, float, double);
