// matmul_grad on GPU: dX and dY as cuBLAS GEMMs, each summed over the batch dims its input
// was broadcast along (gpu/matmul_helper.h).
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/gpu/matmul_helper.h"
#include "paddle/phi/kernels/matmul_grad_kernel.h"

namespace phi {

template <typename T, typename Context>
void MatmulGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                      const DenseTensor& dout, bool trans_x, bool trans_y, DenseTensor* dx,
                      DenseTensor* dy) {
  gpu::gemm::MatmulBackward<T>(dev_ctx, x, y, dout, trans_x, trans_y, 1.0, dx, dy, "matmul");
}

}  // namespace phi

PD_REGISTER_KERNEL(matmul_grad, GPU, phi::MatmulGradKernel, float, double, phi::float16,
                   phi::bfloat16);
