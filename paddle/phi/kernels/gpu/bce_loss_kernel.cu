// bce_loss and bce_loss_grad on GPU: the CPU kernels' elementwise formulas (logs clamped at
// -100, the gradient's denominator floored at 1e-12), in float for float16 / bfloat16. The CPU
// check that X lies in [0, 1] reads every value, so it is not repeated here: such an X gives NaN.
#include <cmath>
#include <cstdint>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/bce_loss_kernel.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {
namespace gpu_bce_loss {

// std::max's rule (the first operand unless the second is larger), so NaNs pass as on the CPU.
template <typename A>
__device__ __forceinline__ A StdMax(A a, A b) {
  return a < b ? b : a;
}

template <typename DT>
__global__ void BceLossForward(const DT* x, const DT* label, DT* out, int64_t n) {
  using A = gpu::AccType<DT>;
  PD_GPU_LOOP(i, n) {
    const A v = gpu::ToAcc(x[i]);
    const A l = gpu::ToAcc(label[i]);
    const A lx = StdMax<A>(std::log(v), A(-100));
    const A l1x = StdMax<A>(std::log(A(1) - v), A(-100));
    out[i] = gpu::ConvertTo<DT>(-(l * lx + (A(1) - l) * l1x));
  }
}

template <typename DT>
__global__ void BceLossBackward(const DT* x, const DT* label, const DT* dout, DT* dx, int64_t n) {
  using A = gpu::AccType<DT>;
  PD_GPU_LOOP(i, n) {
    const A v = gpu::ToAcc(x[i]);
    const A l = gpu::ToAcc(label[i]);
    const A denom = StdMax<A>((A(1) - v) * v, static_cast<A>(1e-12));
    dx[i] = gpu::ConvertTo<DT>(gpu::ToAcc(dout[i]) * (v - l) / denom);
  }
}

}  // namespace gpu_bce_loss

template <typename T, typename Context>
void BceLossKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& label,
                   DenseTensor* out) {
  const int64_t n = x.numel();
  PD_CHECK(label.numel() == n, InvalidArgument, "expected bce_loss's Label to have ", n,
           " elements, but got ", label.numel());
  const DenseTensor x_in = x;  // keeps the inputs' storage alive if Out aliases one
  const DenseTensor label_in = label;
  auto* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  if (n == 0) return;
  gpu_bce_loss::BceLossForward<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0,
                                 dev_ctx.stream()>>>(gpu::DeviceData<T>(x_in),
                                                     gpu::DeviceData<T>(label_in), result, n);
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void BceLossGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& label,
                       const DenseTensor& dout, DenseTensor* dx) {
  const int64_t n = x.numel();
  PD_CHECK(label.numel() == n && dout.numel() == n, InvalidArgument,
           "expected bce_loss_grad's Label and Out@GRAD to have ", n, " elements, but got ",
           label.numel(), " and ", dout.numel());
  const DenseTensor x_in = x;
  const DenseTensor label_in = label;
  const DenseTensor dout_in = dout;
  auto* result = gpu::DeviceAlloc<T>(dev_ctx, dx);
  if (n == 0) return;
  gpu_bce_loss::BceLossBackward<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0,
                                  dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x_in), gpu::DeviceData<T>(label_in), gpu::DeviceData<T>(dout_in), result,
      n);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(bce_loss, GPU, phi::BceLossKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(bce_loss_grad, GPU, phi::BceLossGradKernel, float, double, phi::float16,
                   phi::bfloat16);
