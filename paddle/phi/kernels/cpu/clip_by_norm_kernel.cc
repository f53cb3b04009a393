#include "paddle/phi/kernels/clip_by_norm_kernel.h"

#include <cmath>
#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void ClipByNormKernel(const Context& dev_ctx, const DenseTensor& x, float max_norm,
                      DenseTensor* out) {
  PD_CHECK(max_norm > 0, InvalidArgument,
           "expected clip_by_norm's max_norm to be positive, but got ", max_norm);
  const DenseTensor input = x;  // keeps X alive should Out share its variable
  // float16 has no arithmetic of its own: it computes in float (float32 too, double in double).
  using Compute = std::conditional_t<std::is_same_v<T, double>, double, float>;
  const T* in = input.data<T>();
  const int64_t n = input.numel();
  // The sum of squares accumulates in double so large float gradients do not lose digits.
  double squares = 0;
  for (int64_t i = 0; i < n; ++i) {
    const double v = static_cast<Compute>(in[i]);
    squares += v * v;
  }
  const double norm = std::sqrt(squares);
  const Compute scale = norm > max_norm ? static_cast<Compute>(max_norm / norm) : Compute(1);
  out->Resize(input.dims());
  T* result = dev_ctx.template Alloc<T>(out);
  for (int64_t i = 0; i < n; ++i) result[i] = T(static_cast<Compute>(in[i]) * scale);
}

}  // namespace phi

PD_REGISTER_KERNEL(clip_by_norm, CPU, phi::ClipByNormKernel, float, double, phi::float16);
