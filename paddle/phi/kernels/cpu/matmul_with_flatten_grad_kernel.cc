#include "paddle/phi/kernels/matmul_with_flatten_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/linalg.h"
#include "paddle/phi/kernels/funcs/blas.h"

namespace phi {

// On the flattened matrices X [M, K], Y [K, N], dOut [M, N]: dX = dOut Y^T, dY = X^T dOut.
template <typename T, typename Context>
void MatmulWithFlattenGradKernel(const Context& dev_ctx, const DenseTensor& x,
                                 const DenseTensor& y, const DenseTensor& dout,
                                 int x_num_col_dims, int y_num_col_dims, DenseTensor* dx,
                                 DenseTensor* dy) {
  const DDim out_dims =
      ComputeMatmulWithFlattenDims(x.dims(), y.dims(), x_num_col_dims, y_num_col_dims);
  PD_CHECK(dout.numel() == out_dims.numel(), InvalidArgument,
           "expected matmul_with_flatten's Out@GRAD to have dims ", out_dims, ", but got ",
           dout.dims(), " for X ", x.dims(), " and Y ", y.dims());
  const DDim x_2d = flatten_to_2d(x.dims(), x_num_col_dims);
  const DDim y_2d = flatten_to_2d(y.dims(), y_num_col_dims);
  const int64_t m = x_2d[0], k = x_2d[1], n = y_2d[1];
  if (dx != nullptr) {
    dx->Resize(x.dims());
    T* grad_x = dev_ctx.template Alloc<T>(dx);
    funcs::Gemm<T>(false, true, m, k, n, T(1), dout.data<T>(), y.data<T>(), T(0), grad_x);
  }
  if (dy != nullptr) {
    dy->Resize(y.dims());
    T* grad_y = dev_ctx.template Alloc<T>(dy);
    funcs::Gemm<T>(true, false, k, n, m, T(1), x.data<T>(), dout.data<T>(), T(0), grad_y);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(matmul_with_flatten_grad, CPU, phi::MatmulWithFlattenGradKernel, float,
                   double);
