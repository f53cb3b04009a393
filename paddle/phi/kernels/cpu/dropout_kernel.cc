#include "paddle/phi/kernels/dropout_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/random.h"

namespace phi {

template <typename T, typename Context>
void DropoutKernel(const Context& dev_ctx, const DenseTensor& x, float p, bool is_test,
                   const std::string& mode, int seed, bool fix_seed, DenseTensor* out,
                   DenseTensor* mask) {
  PD_CHECK(p >= 0.0f && p <= 1.0f, InvalidArgument,
           "expected dropout's dropout_prob in [0, 1], but got ", p);
  const bool upscale = mode == "upscale_in_train";
  const int64_t n = x.numel();
  const T* in = x.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  uint8_t* keep = mask != nullptr ? dev_ctx.template Alloc<uint8_t>(mask) : nullptr;
  if (is_test) {
    const T factor = upscale ? T(1) : static_cast<T>(1.0 - p);
    for (int64_t i = 0; i < n; ++i) result[i] = in[i] * factor;
    if (keep != nullptr) std::fill(keep, keep + n, uint8_t{1});
    return;
  }
  std::mt19937_64 engine = funcs::MakeEngine(fix_seed ? seed : 0);
  // Kept elements are scaled by 1 / (1 - p) when upscaling; with p == 1 nothing is kept.
  const T kept_scale = (upscale && p < 1.0f) ? static_cast<T>(1.0 / (1.0 - p)) : T(1);
  for (int64_t i = 0; i < n; ++i) {
    const bool kept = funcs::UniformUnit(&engine) >= p;
    if (keep != nullptr) keep[i] = kept ? 1 : 0;
    result[i] = kept ? in[i] * kept_scale : T(0);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(dropout, CPU, phi::DropoutKernel, float, double);
