// matmul (matmul_v2) on GPU: cuBLAS GEMMs with matmul_v2's transposes, vector operands and
// broadcast batches (gpu/matmul_helper.h holds the batching shared with the grad).
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/gpu/matmul_helper.h"
#include "paddle/phi/kernels/matmul_kernel.h"

namespace phi {

template <typename T, typename Context>
void MatmulKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                  bool trans_x, bool trans_y, DenseTensor* out) {
  gpu::gemm::MatmulForward<T>(dev_ctx, x, y, trans_x, trans_y, 1.0, out);
}

}  // namespace phi

PD_REGISTER_KERNEL(matmul, GPU, phi::MatmulKernel, float, double, phi::float16, phi::bfloat16);
