// momentum on GPU: funcs::MomentumUpdate per element, in float for 16-bit parameters. With
// multi_precision the update reads the float32 MasterParam and writes it and ParamOut; the
// velocity is T or float32 (Paddle keeps it float32 beside master weights).
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"
#include "paddle/phi/kernels/impl/momentum_kernel_impl.h"
#include "paddle/phi/kernels/momentum_kernel.h"

namespace phi {

namespace {
template <typename DT, typename MT, typename VT>
__global__ void MomentumGpuKernel(const DT* param, const MT* master, const DT* grad,
                                  const VT* velocity, funcs::ScalarArg lr, MT mu, MT decay,
                                  MT rescale, bool nesterov, int64_t n, DT* param_out,
                                  VT* velocity_out, MT* master_out) {
  using gpu_opt::Convert;
  const funcs::MomentumUpdate<MT> update{mu, static_cast<MT>(lr.get()), decay, rescale,
                                         nesterov};
  PD_GPU_LOOP(i, n) {
    const MT p = master != nullptr ? master[i] : Convert<MT>(param[i]);
    MT velocity_next;
    const MT value =
        update(p, Convert<MT>(grad[i]), Convert<MT>(velocity[i]), &velocity_next);
    velocity_out[i] = Convert<VT>(velocity_next);
    param_out[i] = Convert<DT>(value);
    if (master_out != nullptr) master_out[i] = value;
  }
}
}  // namespace

template <typename T, typename Context>
void MomentumKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                    const DenseTensor& velocity, const DenseTensor& learning_rate,
                    const DenseTensor* master_param, float mu, bool use_nesterov,
                    const std::string& regularization_method, float regularization_coeff,
                    bool multi_precision, float rescale_grad, DenseTensor* param_out,
                    DenseTensor* velocity_out, DenseTensor* master_param_out) {
  using DT = gpu::DeviceType<T>;
  using MT = gpu::AccType<T>;
  const char* op = "momentum";
  CheckMomentumArgs(param, grad, velocity, regularization_method);
  const int64_t n = param.numel();
  if (multi_precision) gpu_opt::MasterData<T>(master_param, param, op);  // checks it
  const funcs::ScalarArg lr = gpu_opt::ScalarArgOf(learning_rate, op, "LearningRate");
  const MT decay = regularization_method == "l2_decay" ? static_cast<MT>(regularization_coeff)
                                                       : MT(0);
  gpu_opt::VisitStateType<T>(velocity, op, "Velocity", [&](auto* tag) {
    using V = std::remove_pointer_t<decltype(tag)>;
    using VT = gpu::DeviceType<V>;
    // Outputs first, inputs read after: each output may be its input (in place).
    DT* p_out = reinterpret_cast<DT*>(
        funcs::AllocUpdate<T>(dev_ctx, param_out, param, op, "ParamOut"));
    VT* v_out = reinterpret_cast<VT*>(
        funcs::AllocUpdate<V>(dev_ctx, velocity_out, velocity, op, "VelocityOut"));
    MT* master_out = multi_precision && master_param_out != nullptr
                         ? funcs::AllocUpdate<MT>(dev_ctx, master_param_out, *master_param, op,
                                                  "MasterParamOut")
                         : nullptr;
    const MT* master = multi_precision ? gpu_opt::MasterData<T>(master_param, param, op) : nullptr;
    MomentumGpuKernel<DT, MT, VT>
        <<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
            gpu::DeviceData<T>(param), master, gpu::DeviceData<T>(grad),
            gpu::DeviceData<V>(velocity), lr, static_cast<MT>(mu), decay,
            static_cast<MT>(rescale_grad), use_nesterov, n, p_out, v_out, master_out);
    PD_CUDA_CHECK_LAUNCH();
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(momentum, GPU, phi::MomentumKernel, float, double, phi::float16,
                   phi::bfloat16);
