#include "paddle/phi/kernels/adadelta_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/funcs/optimizer_functor.h"
#include "paddle/phi/kernels/impl/adamax_adadelta_kernel_impl.h"

namespace phi {

template <typename T, typename Context>
void AdadeltaKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                    const DenseTensor& avg_squared_grad, const DenseTensor& avg_squared_update,
                    const DenseTensor* learning_rate, float rho, float epsilon,
                    DenseTensor* param_out, DenseTensor* avg_squared_grad_out,
                    DenseTensor* avg_squared_update_out) {
  const char* op = "adadelta";
  const int64_t n = param.numel();
  CheckAdadeltaArgs(param, grad, avg_squared_grad, avg_squared_update);
  const double lr =
      learning_rate != nullptr ? funcs::ReadScalar(*learning_rate, op, "LearningRate") : 1.0;
  // Outputs first, inputs read after: each output may be its input (in place).
  T* p_out = funcs::AllocUpdate<T>(dev_ctx, param_out, param, op, "ParamOut");
  T* s_out = funcs::AllocUpdate<T>(dev_ctx, avg_squared_grad_out, avg_squared_grad, op,
                                   "AvgSquaredGradOut");
  T* x_out = funcs::AllocUpdate<T>(dev_ctx, avg_squared_update_out, avg_squared_update, op,
                                   "AvgSquaredUpdateOut");
  const T* p = param.data<T>();
  const T* g = grad.data<T>();
  const T* s = avg_squared_grad.data<T>();
  const T* x = avg_squared_update.data<T>();
  const funcs::AdadeltaUpdate<T> update{static_cast<T>(rho), static_cast<T>(epsilon),
                                        static_cast<T>(lr)};
  for (int64_t i = 0; i < n; ++i) {
    T s_next, x_next;
    p_out[i] = update(p[i], g[i], s[i], x[i], &s_next, &x_next);
    s_out[i] = s_next;
    x_out[i] = x_next;
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(adadelta, CPU, phi::AdadeltaKernel, float, double);
