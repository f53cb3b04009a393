#include "paddle/phi/kernels/dropout_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void DropoutGradKernel(const Context& dev_ctx, const DenseTensor& mask, const DenseTensor& out_grad,
                       float p, bool is_test, const std::string& mode, DenseTensor* x_grad) {
  if (x_grad == nullptr) return;
  const bool upscale = mode == "upscale_in_train";
  const int64_t n = out_grad.numel();
  const T* dy = out_grad.data<T>();
  T* dx = dev_ctx.template Alloc<T>(x_grad);
  if (is_test) {
    const T factor = upscale ? T(1) : static_cast<T>(1.0 - p);
    for (int64_t i = 0; i < n; ++i) dx[i] = dy[i] * factor;
    return;
  }
  PD_CHECK(mask.numel() == n, InvalidArgument, "expected dropout_grad's Mask to have dims ",
           out_grad.dims(), " like Out@GRAD, but got ", mask.dims());
  const uint8_t* keep = mask.data<uint8_t>();
  const T kept_scale = (upscale && p < 1.0f) ? static_cast<T>(1.0 / (1.0 - p)) : T(1);
  for (int64_t i = 0; i < n; ++i) dx[i] = keep[i] ? dy[i] * kept_scale : T(0);
}

}  // namespace phi

PD_REGISTER_KERNEL(dropout_grad, CPU, phi::DropoutGradKernel, float, double);
