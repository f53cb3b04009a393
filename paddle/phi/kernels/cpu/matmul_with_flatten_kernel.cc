#include "paddle/phi/kernels/matmul_with_flatten_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/linalg.h"
#include "paddle/phi/kernels/funcs/blas.h"

namespace phi {

template <typename T, typename Context>
void MatmulWithFlattenKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                             int x_num_col_dims, int y_num_col_dims, DenseTensor* out) {
  out->Resize(ComputeMatmulWithFlattenDims(x.dims(), y.dims(), x_num_col_dims, y_num_col_dims));
  T* result = dev_ctx.template Alloc<T>(out);
  const DDim x_2d = flatten_to_2d(x.dims(), x_num_col_dims);
  const DDim y_2d = flatten_to_2d(y.dims(), y_num_col_dims);
  funcs::GemmWeightsB<T>(false, false, x_2d[0], y_2d[1], x_2d[1], T(1), x.data<T>(), y, T(0),
                         result);
}

}  // namespace phi

PD_REGISTER_KERNEL(matmul_with_flatten, CPU, phi::MatmulWithFlattenKernel, float, double);
