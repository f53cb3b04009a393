// matmul_with_flatten (mul) on GPU: X flattened at x_num_col_dims times Y flattened at
// y_num_col_dims, one cuBLAS GEMM.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/linalg.h"
#include "paddle/phi/kernels/gpu/matmul_helper.h"
#include "paddle/phi/kernels/matmul_with_flatten_kernel.h"

namespace phi {

template <typename T, typename Context>
void MatmulWithFlattenKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                             int x_num_col_dims, int y_num_col_dims, DenseTensor* out) {
  out->Resize(ComputeMatmulWithFlattenDims(x.dims(), y.dims(), x_num_col_dims, y_num_col_dims));
  T* result = dev_ctx.template Alloc<T>(out);
  const DDim x_2d = flatten_to_2d(x.dims(), x_num_col_dims);
  const DDim y_2d = flatten_to_2d(y.dims(), y_num_col_dims);
  if (out->numel() == 0) return;
  gpu::gemm::Gemm<T>(dev_ctx, false, false, x_2d[0], y_2d[1], x_2d[1], 1.0, x.data<T>(),
                     y.data<T>(), 0.0, result);
}

}  // namespace phi

PD_REGISTER_KERNEL(matmul_with_flatten, GPU, phi::MatmulWithFlattenKernel, float, double,
                   phi::float16, phi::bfloat16);
