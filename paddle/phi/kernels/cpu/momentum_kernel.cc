#include "paddle/phi/kernels/momentum_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/funcs/optimizer_functor.h"
#include "paddle/phi/kernels/impl/momentum_kernel_impl.h"

namespace phi {

template <typename T, typename Context>
void MomentumKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                    const DenseTensor& velocity, const DenseTensor& learning_rate,
                    const DenseTensor* master_param, float mu, bool use_nesterov,
                    const std::string& regularization_method, float regularization_coeff,
                    bool multi_precision, float rescale_grad, DenseTensor* param_out,
                    DenseTensor* velocity_out, DenseTensor* master_param_out) {
  const char* op = "momentum";
  CheckMomentumArgs(param, grad, velocity, regularization_method);
  const int64_t n = param.numel();
  const DenseTensor* source = &param;
  if (multi_precision) {
    PD_CHECK(master_param != nullptr && master_param->numel() == n, InvalidArgument,
             "expected momentum with multi_precision to have a MasterParam of Param's dims ",
             param.dims(), ", but got ", master_param ? master_param->dims().to_str() : "none");
    source = master_param;
  }
  const T lr = static_cast<T>(funcs::ReadScalar(learning_rate, op, "LearningRate"));
  const T decay = regularization_method == "l2_decay" ? static_cast<T>(regularization_coeff) : T(0);
  const T m = static_cast<T>(mu), rescale = static_cast<T>(rescale_grad);
  // Outputs first, inputs read after: each output may be its input (in place).
  T* p_out = funcs::AllocUpdate<T>(dev_ctx, param_out, param, op, "ParamOut");
  T* v_out = funcs::AllocUpdate<T>(dev_ctx, velocity_out, velocity, op, "VelocityOut");
  T* master_out = multi_precision && master_param_out != nullptr
                      ? funcs::AllocUpdate<T>(dev_ctx, master_param_out, *source, op,
                                              "MasterParamOut")
                      : nullptr;
  const T* p = source->data<T>();
  const T* g = grad.data<T>();
  const T* v = velocity.data<T>();
  const funcs::MomentumUpdate<T> update{m, lr, decay, rescale, use_nesterov};
  for (int64_t i = 0; i < n; ++i) {
    T velocity_next;
    const T value = update(p[i], g[i], v[i], &velocity_next);
    v_out[i] = velocity_next;
    p_out[i] = value;
    if (master_out) master_out[i] = value;
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(momentum, CPU, phi::MomentumKernel, float, double);
