#include "paddle/phi/kernels/rmsprop_kernel.h"

#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/funcs/optimizer_functor.h"
#include "paddle/phi/kernels/impl/rmsprop_kernel_impl.h"

namespace phi {

template <typename T, typename Context>
void RmspropKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& mean_square,
                   const DenseTensor& grad, const DenseTensor& moment,
                   const DenseTensor& learning_rate, const DenseTensor* mean_grad, float epsilon,
                   float decay, float momentum, bool centered, DenseTensor* param_out,
                   DenseTensor* moment_out, DenseTensor* mean_square_out,
                   DenseTensor* mean_grad_out) {
  const char* op = "rmsprop";
  const int64_t n = param.numel();
  CheckRmspropArgs(param, mean_square, grad, moment, mean_grad, centered, mean_grad_out);
  const T lr = static_cast<T>(funcs::ReadScalar(learning_rate, op, "LearningRate"));
  const T eps = static_cast<T>(epsilon), rho = static_cast<T>(decay);
  const T mu = static_cast<T>(momentum);
  // Outputs first, inputs read after: each output may be its input (in place).
  T* p_out = funcs::AllocUpdate<T>(dev_ctx, param_out, param, op, "ParamOut");
  T* m_out = funcs::AllocUpdate<T>(dev_ctx, moment_out, moment, op, "MomentOut");
  T* ms_out = funcs::AllocUpdate<T>(dev_ctx, mean_square_out, mean_square, op, "MeanSquareOut");
  T* mg_out = centered
                  ? funcs::AllocUpdate<T>(dev_ctx, mean_grad_out, *mean_grad, op, "MeanGradOut")
                  : nullptr;
  const T* p = param.data<T>();
  const T* g = grad.data<T>();
  const T* m = moment.data<T>();
  const T* ms = mean_square.data<T>();
  const T* mg = centered ? mean_grad->data<T>() : nullptr;
  const funcs::RmspropUpdate<T> update{lr, eps, rho, mu, centered};
  for (int64_t i = 0; i < n; ++i) {
    T square, mean, moment_next;
    p_out[i] = update(p[i], g[i], ms[i], centered ? mg[i] : T(0), m[i], &square, &mean,
                      &moment_next);
    if (centered) mg_out[i] = mean;
    ms_out[i] = square;
    m_out[i] = moment_next;
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(rmsprop, CPU, phi::RmspropKernel, float, double);
