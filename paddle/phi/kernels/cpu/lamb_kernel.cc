#include "paddle/phi/kernels/lamb_kernel.h"

#include <cmath>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/funcs/optimizer_functor.h"

namespace phi {

template <typename T, typename Context>
void LambKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                const DenseTensor& learning_rate, const DenseTensor& moment1,
                const DenseTensor& moment2, const DenseTensor& beta1_pow,
                const DenseTensor& beta2_pow, const DenseTensor* master_param,
                const DenseTensor* skip_update, float weight_decay, float beta1, float beta2,
                float epsilon, bool always_adapt, bool multi_precision, DenseTensor* param_out,
                DenseTensor* moment1_out, DenseTensor* moment2_out, DenseTensor* beta1_pow_out,
                DenseTensor* beta2_pow_out, DenseTensor* master_param_out) {
  const char* op = "lamb";
  const int64_t n = param.numel();
  PD_CHECK(grad.numel() == n && moment1.numel() == n && moment2.numel() == n, InvalidArgument,
           "expected lamb's Grad, Moment1 and Moment2 to have Param's dims ", param.dims(),
           ", but got ", grad.dims(), ", ", moment1.dims(), " and ", moment2.dims());
  const DenseTensor* source = &param;
  if (multi_precision) {
    PD_CHECK(master_param != nullptr && master_param->numel() == n, InvalidArgument,
             "expected lamb with multi_precision to have a MasterParam of Param's dims ",
             param.dims(), ", but got ", master_param ? master_param->dims().to_str() : "none");
    source = master_param;
  }
  bool skip = false;
  if (skip_update != nullptr) {
    PD_CHECK(skip_update->numel() == 1 && skip_update->dtype() == DataType::BOOL, InvalidArgument,
             "expected lamb's SkipUpdate to be one bool, but got ", skip_update->dtype(), " ",
             skip_update->dims());
    skip = skip_update->data<bool>()[0];
  }
  const double b1p = funcs::ReadScalar(beta1_pow, op, "Beta1Pow");
  const double b2p = funcs::ReadScalar(beta2_pow, op, "Beta2Pow");
  const T lr = static_cast<T>(funcs::ReadScalar(learning_rate, op, "LearningRate"));
  const T b1 = static_cast<T>(beta1), b2 = static_cast<T>(beta2);
  const T eps = static_cast<T>(epsilon), wd = static_cast<T>(weight_decay);
  const T c1 = static_cast<T>(1 - b1p), c2 = static_cast<T>(1 - b2p);
  // Outputs first, inputs read after: each output may be its input (in place).
  T* p_out = funcs::AllocUpdate<T>(dev_ctx, param_out, param, op, "ParamOut");
  T* master_out =
      multi_precision && master_param_out != nullptr
          ? funcs::AllocUpdate<T>(dev_ctx, master_param_out, *source, op, "MasterParamOut")
          : nullptr;
  T* m1_out = funcs::AllocUpdate<T>(dev_ctx, moment1_out, moment1, op, "Moment1Out");
  T* m2_out = funcs::AllocUpdate<T>(dev_ctx, moment2_out, moment2, op, "Moment2Out");
  const T* p = source->data<T>();
  const T* g = grad.data<T>();
  const T* m1 = moment1.data<T>();
  const T* m2 = moment2.data<T>();
  if (skip) {
    for (int64_t i = 0; i < n; ++i) {
      m1_out[i] = m1[i];
      m2_out[i] = m2[i];
      p_out[i] = p[i];
      if (master_out) master_out[i] = p[i];
    }
    funcs::WriteScalar(dev_ctx, beta1_pow_out, beta1_pow, b1p);
    funcs::WriteScalar(dev_ctx, beta2_pow_out, beta2_pow, b2p);
    return;
  }
  std::vector<T> r(n);
  T p_sq = 0, r_sq = 0;
  const funcs::LambDirection<T> direction{b1, b2, c1, c2, eps, wd};
  for (int64_t i = 0; i < n; ++i) {
    T a, b;
    r[i] = direction(p[i], g[i], m1[i], m2[i], &a, &b);
    m1_out[i] = a;
    m2_out[i] = b;
    p_sq += p[i] * p[i];
    r_sq += r[i] * r[i];
  }
  const T p_norm = std::sqrt(p_sq), r_norm = std::sqrt(r_sq);
  const T trust = funcs::LambTrust(p_norm, r_norm, weight_decay != 0.0f || always_adapt);
  for (int64_t i = 0; i < n; ++i) {
    const T value = p[i] - lr * trust * r[i];
    p_out[i] = value;
    if (master_out) master_out[i] = value;
  }
  funcs::WriteScalar(dev_ctx, beta1_pow_out, beta1_pow, b1p * beta1);
  funcs::WriteScalar(dev_ctx, beta2_pow_out, beta2_pow, b2p * beta2);
}

}  // namespace phi

PD_REGISTER_KERNEL(lamb, CPU, phi::LambKernel, float, double);
