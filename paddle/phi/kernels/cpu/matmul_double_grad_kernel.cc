#include "paddle/phi/kernels/matmul_double_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/elementwise_kernel.h"
#include "paddle/phi/kernels/funcs/alloc_zeroed.h"
#include "paddle/phi/kernels/matmul_grad_kernel.h"
#include "paddle/phi/kernels/matmul_kernel.h"

namespace phi {

template <typename T, typename Context>
void MatmulDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                            const DenseTensor& dout, const DenseTensor* ddx, const DenseTensor* ddy,
                            bool trans_x, bool trans_y, DenseTensor* dx, DenseTensor* dy,
                            DenseTensor* ddout) {
  // Inputs by value: they stay readable if an output shares their storage.
  const DenseTensor x_in = x, y_in = y, dout_in = dout;
  const DenseTensor ddx_in = ddx != nullptr ? *ddx : DenseTensor();
  const DenseTensor ddy_in = ddy != nullptr ? *ddy : DenseTensor();
  if (ddout != nullptr) {
    if (ddx != nullptr && ddy != nullptr) {
      DenseTensor a, b;
      MatmulKernel<T, Context>(dev_ctx, ddx_in, y_in, trans_x, trans_y, &a);
      MatmulKernel<T, Context>(dev_ctx, x_in, ddy_in, trans_x, trans_y, &b);
      ddout->Resize(a.dims());
      AddKernel<T, Context>(dev_ctx, a, b, -1, ddout);
    } else if (ddx != nullptr) {
      MatmulKernel<T, Context>(dev_ctx, ddx_in, y_in, trans_x, trans_y, ddout);
    } else if (ddy != nullptr) {
      MatmulKernel<T, Context>(dev_ctx, x_in, ddy_in, trans_x, trans_y, ddout);
    } else {
      ddout->Resize(dout_in.dims());
      funcs::AllocZeroed<T>(dev_ctx, ddout);
    }
  }
  if (dx != nullptr) {
    dx->Resize(x_in.dims());
    if (ddy != nullptr) {
      MatmulGradKernel<T, Context>(dev_ctx, x_in, ddy_in, dout_in, trans_x, trans_y, dx, nullptr);
    } else {
      funcs::AllocZeroed<T>(dev_ctx, dx);
    }
  }
  if (dy != nullptr) {
    dy->Resize(y_in.dims());
    if (ddx != nullptr) {
      MatmulGradKernel<T, Context>(dev_ctx, ddx_in, y_in, dout_in, trans_x, trans_y, nullptr, dy);
    } else {
      funcs::AllocZeroed<T>(dev_ctx, dy);
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(matmul_double_grad, CPU, phi::MatmulDoubleGradKernel, float, double);

PD_KERNEL_USES(matmul_double_grad, add);
PD_KERNEL_USES(matmul_double_grad, matmul);
PD_KERNEL_USES(matmul_double_grad, matmul_grad);
