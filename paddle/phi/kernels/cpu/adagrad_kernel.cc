#include "paddle/phi/kernels/adagrad_kernel.h"

#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/funcs/optimizer_functor.h"

namespace phi {

template <typename T, typename Context>
void AdagradKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                   const DenseTensor& moment, const DenseTensor& learning_rate, float epsilon,
                   DenseTensor* param_out, DenseTensor* moment_out) {
  const char* op = "adagrad";
  const int64_t n = param.numel();
  PD_CHECK(grad.numel() == n && moment.numel() == n, InvalidArgument,
           "expected adagrad's Grad and Moment to have Param's dims ", param.dims(), ", but got ",
           grad.dims(), " and ", moment.dims());
  const T lr = static_cast<T>(funcs::ReadScalar(learning_rate, op, "LearningRate"));
  const T eps = static_cast<T>(epsilon);
  // Outputs first, inputs read after: each output may be its input (in place).
  T* p_out = funcs::AllocUpdate<T>(dev_ctx, param_out, param, op, "ParamOut");
  T* m_out = funcs::AllocUpdate<T>(dev_ctx, moment_out, moment, op, "MomentOut");
  const T* p = param.data<T>();
  const T* g = grad.data<T>();
  const T* m = moment.data<T>();
  const funcs::AdagradUpdate<T> update{lr, eps};
  for (int64_t i = 0; i < n; ++i) {
    T moment_next;
    p_out[i] = update(p[i], g[i], m[i], &moment_next);
    m_out[i] = moment_next;
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(adagrad, CPU, phi::AdagradKernel, float, double);
