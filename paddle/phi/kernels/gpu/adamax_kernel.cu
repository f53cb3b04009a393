// adamax on GPU: funcs::AdamaxUpdate per element (in float for 16-bit parameters), with
// lr / (1 - beta1_pow) formed on the device from the two one-element inputs. Outputs may be
// their inputs (in place).
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/adamax_kernel.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"
#include "paddle/phi/kernels/impl/adamax_adadelta_kernel_impl.h"

namespace phi {

namespace {
template <typename DT, typename MT>
__global__ void AdamaxGpuKernel(const DT* param, const DT* grad, const DT* moment,
                                const DT* inf_norm, funcs::ScalarArg lr, funcs::ScalarArg beta1_pow,
                                MT beta1, MT beta2, MT epsilon, int64_t n, DT* param_out,
                                DT* moment_out, DT* inf_norm_out) {
  using gpu_opt::Convert;
  const MT lr_t = static_cast<MT>(lr.get() / (1.0 - beta1_pow.get()));
  const funcs::AdamaxUpdate<MT> update{beta1, beta2, epsilon, lr_t};
  PD_GPU_LOOP(i, n) {
    MT m_next, u_next;
    const MT value = update(Convert<MT>(param[i]), Convert<MT>(grad[i]), Convert<MT>(moment[i]),
                            Convert<MT>(inf_norm[i]), &m_next, &u_next);
    moment_out[i] = Convert<DT>(m_next);
    inf_norm_out[i] = Convert<DT>(u_next);
    param_out[i] = Convert<DT>(value);
  }
}
}  // namespace

template <typename T, typename Context>
void AdamaxKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                  const DenseTensor& learning_rate, const DenseTensor& moment,
                  const DenseTensor& inf_norm, const DenseTensor& beta1_pow, float beta1,
                  float beta2, float epsilon, DenseTensor* param_out, DenseTensor* moment_out,
                  DenseTensor* inf_norm_out) {
  using DT = gpu::DeviceType<T>;
  using MT = gpu::AccType<T>;
  const char* op = "adamax";
  const int64_t n = param.numel();
  CheckAdamaxArgs(param, grad, moment, inf_norm);
  const funcs::ScalarArg lr = gpu_opt::ScalarArgOf(learning_rate, op, "LearningRate");
  const funcs::ScalarArg b1_pow = gpu_opt::ScalarArgOf(beta1_pow, op, "Beta1Pow");
  // Outputs first, inputs read after: each output may be its input (in place).
  auto alloc = [&](DenseTensor* out, const DenseTensor& in, const char* name) {
    return reinterpret_cast<DT*>(funcs::AllocUpdate<T>(dev_ctx, out, in, op, name));
  };
  DT* p_out = alloc(param_out, param, "ParamOut");
  DT* m_out = alloc(moment_out, moment, "MomentOut");
  DT* u_out = alloc(inf_norm_out, inf_norm, "InfNormOut");
  AdamaxGpuKernel<DT, MT><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(param), gpu::DeviceData<T>(grad), gpu::DeviceData<T>(moment),
      gpu::DeviceData<T>(inf_norm), lr, b1_pow, static_cast<MT>(beta1), static_cast<MT>(beta2),
      static_cast<MT>(epsilon), n, p_out, m_out, u_out);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(adamax, GPU, phi::AdamaxKernel, float, double, phi::float16, phi::bfloat16);
