#include "paddle/phi/kernels/adamax_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/funcs/optimizer_functor.h"
#include "paddle/phi/kernels/impl/adamax_adadelta_kernel_impl.h"

namespace phi {

template <typename T, typename Context>
void AdamaxKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                  const DenseTensor& learning_rate, const DenseTensor& moment,
                  const DenseTensor& inf_norm, const DenseTensor& beta1_pow, float beta1,
                  float beta2, float epsilon, DenseTensor* param_out, DenseTensor* moment_out,
                  DenseTensor* inf_norm_out) {
  const char* op = "adamax";
  const int64_t n = param.numel();
  CheckAdamaxArgs(param, grad, moment, inf_norm);
  const double lr = funcs::ReadScalar(learning_rate, op, "LearningRate");
  const double b1_pow = funcs::ReadScalar(beta1_pow, op, "Beta1Pow");
  // Outputs first, inputs read after: each output may be its input (in place).
  T* p_out = funcs::AllocUpdate<T>(dev_ctx, param_out, param, op, "ParamOut");
  T* m_out = funcs::AllocUpdate<T>(dev_ctx, moment_out, moment, op, "MomentOut");
  T* u_out = funcs::AllocUpdate<T>(dev_ctx, inf_norm_out, inf_norm, op, "InfNormOut");
  const T* p = param.data<T>();
  const T* g = grad.data<T>();
  const T* m = moment.data<T>();
  const T* u = inf_norm.data<T>();
  const funcs::AdamaxUpdate<T> update{static_cast<T>(beta1), static_cast<T>(beta2),
                                      static_cast<T>(epsilon), static_cast<T>(lr / (1.0 - b1_pow))};
  for (int64_t i = 0; i < n; ++i) {
    T m_next, u_next;
    p_out[i] = update(p[i], g[i], m[i], u[i], &m_next, &u_next);
    m_out[i] = m_next;
    u_out[i] = u_next;
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(adamax, CPU, phi::AdamaxKernel, float, double);
