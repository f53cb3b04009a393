// huber_loss and huber_loss_grad on GPU: the CPU kernels' elementwise formulas (Residual =
// Y - X; the gradient clips Residual to [-delta, delta]), in float for float16 / bfloat16.
#include <cmath>
#include <cstdint>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/huber_loss_kernel.h"

namespace phi {
namespace gpu_huber_loss {

// residual may be nullptr (not wanted).
template <typename DT>
__global__ void HuberLossForward(const DT* x, const DT* y, DT* out, DT* residual, int64_t n,
                                 gpu::AccType<DT> delta) {
  using A = gpu::AccType<DT>;
  PD_GPU_LOOP(i, n) {
    const A res = gpu::ToAcc(y[i]) - gpu::ToAcc(x[i]);
    const A a = std::abs(res);
    out[i] = gpu::ConvertTo<DT>(a <= delta ? A(0.5) * res * res : delta * (a - A(0.5) * delta));
    if (residual != nullptr) residual[i] = gpu::ConvertTo<DT>(res);
  }
}

// dx and dy may be nullptr (not wanted).
template <typename DT>
__global__ void HuberLossBackward(const DT* residual, const DT* dout, DT* dx, DT* dy, int64_t n,
                                  gpu::AccType<DT> delta) {
  using A = gpu::AccType<DT>;
  PD_GPU_LOOP(i, n) {
    const A r = gpu::ToAcc(residual[i]);
    const A g = gpu::ToAcc(dout[i]);
    const A c = r > delta ? delta : (r < -delta ? -delta : r);
    if (dy != nullptr) dy[i] = gpu::ConvertTo<DT>(g * c);
    if (dx != nullptr) dx[i] = gpu::ConvertTo<DT>(-g * c);
  }
}

}  // namespace gpu_huber_loss

template <typename T, typename Context>
void HuberLossKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                     float delta, DenseTensor* out, DenseTensor* residual) {
  using A = gpu::AccType<T>;
  const int64_t n = x.numel();
  PD_CHECK(y.numel() == n, InvalidArgument, "expected huber_loss's Y to have ", n,
           " elements, but got ", y.numel());
  const DenseTensor x_in = x;  // keeps the inputs' storage alive if an output aliases one
  const DenseTensor y_in = y;
  auto* o = gpu::DeviceAlloc<T>(dev_ctx, out);
  auto* r = residual != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, residual) : nullptr;
  if (n == 0) return;
  const A dl = static_cast<A>(delta);
  gpu_huber_loss::HuberLossForward<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0,
                                     dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x_in), gpu::DeviceData<T>(y_in), o, r, n, dl);
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void HuberLossGradKernel(const Context& dev_ctx, const DenseTensor& residual,
                         const DenseTensor& dout, float delta, DenseTensor* dx, DenseTensor* dy) {
  using A = gpu::AccType<T>;
  const int64_t n = residual.numel();
  PD_CHECK(dout.numel() == n, InvalidArgument, "expected huber_loss_grad's Out@GRAD to have ", n,
           " elements, but got ", dout.numel());
  const DenseTensor residual_in = residual;
  const DenseTensor dout_in = dout;
  auto* px = dx != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, dx) : nullptr;
  auto* py = dy != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, dy) : nullptr;
  if (n == 0 || (px == nullptr && py == nullptr)) return;
  const A dl = static_cast<A>(delta);
  gpu_huber_loss::HuberLossBackward<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0,
                                      dev_ctx.stream()>>>(
      gpu::DeviceData<T>(residual_in), gpu::DeviceData<T>(dout_in), px, py, n, dl);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(huber_loss, GPU, phi::HuberLossKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(huber_loss_grad, GPU, phi::HuberLossGradKernel, float, double, phi::float16,
                   phi::bfloat16);
