// legacy_matmul (op matmul, version 1) on GPU: matmul_v2's products with alpha folded into
// the GEMMs (cuBLAS's alpha) instead of a separate scaling pass; a vector-vector product is [1].
#include <vector>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/gpu/matmul_helper.h"
#include "paddle/phi/kernels/legacy_matmul_kernel.h"

namespace phi {

template <typename T, typename Context>
void LegacyMatmulKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                        bool transpose_x, bool transpose_y, float alpha, DenseTensor* out) {
  gpu::gemm::MatmulForward<T>(dev_ctx, x, y, transpose_x, transpose_y, alpha, out);
  if (out->dims().size() == 0) out->Resize(DDim(std::vector<int64_t>{1}));
}

template <typename T, typename Context>
void LegacyMatmulGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                            const DenseTensor& dout, bool transpose_x, bool transpose_y,
                            float alpha, DenseTensor* dx, DenseTensor* dy) {
  gpu::gemm::MatmulBackward<T>(dev_ctx, x, y, dout, transpose_x, transpose_y, alpha, dx, dy,
                               "matmul");
}

}  // namespace phi

PD_REGISTER_KERNEL(legacy_matmul, GPU, phi::LegacyMatmulKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(legacy_matmul_grad, GPU, phi::LegacyMatmulGradKernel, float, double,
                   phi::float16, phi::bfloat16);
