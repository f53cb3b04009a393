// dropout_grad on GPU: X@GRAD = Out@GRAD * Mask (divided by 1 - p for "upscale_in_train"); with
// is_test, Out@GRAD scaled as the inference forward scales X. One elementwise launch.
#include "paddle/phi/kernels/dropout_grad_kernel.h"

#include <cstdint>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {
namespace {

// mask null: the inference form, dx = dout * scale everywhere.
template <typename DT>
__global__ void DropoutGradValuesKernel(const uint8_t* mask, const DT* dout, DT* dx, int64_t n,
                                        gpu::AccType<DT> scale) {
  const DT zero = gpu::ConvertTo<DT>(0.0f);
  PD_GPU_LOOP(i, n) {
    const bool kept = mask == nullptr || mask[i] != 0;
    dx[i] = kept ? gpu::ConvertTo<DT>(gpu::ToAcc(dout[i]) * scale) : zero;
  }
}

}  // namespace

template <typename T, typename Context>
void DropoutGradKernel(const Context& dev_ctx, const DenseTensor& mask, const DenseTensor& out_grad,
                       float p, bool is_test, const std::string& mode, DenseTensor* x_grad) {
  using A = gpu::AccType<T>;
  if (x_grad == nullptr) return;
  const bool upscale = mode == "upscale_in_train";
  const DenseTensor d_in = out_grad;  // elementwise: X@GRAD may share Out@GRAD's storage
  const int64_t n = d_in.numel();
  const uint8_t* keep = nullptr;
  A scale;
  if (is_test) {
    scale = upscale ? A(1) : static_cast<A>(static_cast<T>(1.0 - p));
  } else {
    PD_CHECK(mask.numel() == n, InvalidArgument, "expected dropout_grad's Mask to have dims ",
             d_in.dims(), " like Out@GRAD, but got ", mask.dims());
    keep = mask.data<uint8_t>();
    scale = (upscale && p < 1.0f) ? static_cast<A>(static_cast<T>(1.0 / (1.0 - p))) : A(1);
  }
  gpu::DeviceType<T>* result = gpu::DeviceAlloc<T>(dev_ctx, x_grad);
  if (n == 0) return;
  DropoutGradValuesKernel<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      keep, gpu::DeviceData<T>(d_in), result, n, scale);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(dropout_grad, GPU, phi::DropoutGradKernel, float, double, phi::float16,
                   phi::bfloat16);
