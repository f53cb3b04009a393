#include "paddle/phi/kernels/legacy_matmul_kernel.h"

#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/matmul_grad_kernel.h"
#include "paddle/phi/kernels/matmul_kernel.h"

namespace phi {
namespace {

// alpha is applied after matmul_v2's kernels (one pass, skipped when alpha is 1) so that the
// products and their batching stay in one place.
template <typename T>
void ScaleInPlace(DenseTensor* t, float alpha) {
  if (t == nullptr || alpha == 1.0f) return;
  T* data = t->data<T>();
  const T factor = static_cast<T>(alpha);
  const int64_t n = t->numel();
  for (int64_t i = 0; i < n; ++i) data[i] *= factor;
}

}  // namespace

template <typename T, typename Context>
void LegacyMatmulKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                        bool transpose_x, bool transpose_y, float alpha, DenseTensor* out) {
  MatmulKernel<T, Context>(dev_ctx, x, y, transpose_x, transpose_y, out);
  if (out->dims().size() == 0) out->Resize(DDim(std::vector<int64_t>{1}));
  ScaleInPlace<T>(out, alpha);
}

template <typename T, typename Context>
void LegacyMatmulGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                            const DenseTensor& dout, bool transpose_x, bool transpose_y,
                            float alpha, DenseTensor* dx, DenseTensor* dy) {
  MatmulGradKernel<T, Context>(dev_ctx, x, y, dout, transpose_x, transpose_y, dx, dy);
  ScaleInPlace<T>(dx, alpha);
  ScaleInPlace<T>(dy, alpha);
}

}  // namespace phi

PD_REGISTER_KERNEL(legacy_matmul, CPU, phi::LegacyMatmulKernel, float, double);
PD_REGISTER_KERNEL(legacy_matmul_grad, CPU, phi::LegacyMatmulGradKernel, float, double);

PD_KERNEL_USES(legacy_matmul, matmul);
PD_KERNEL_USES(legacy_matmul, matmul_grad);
PD_KERNEL_USES(legacy_matmul_grad, matmul);
PD_KERNEL_USES(legacy_matmul_grad, matmul_grad);
