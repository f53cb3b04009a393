// argmin on GPU: per row of [outer, n, inner] (or of the flattened tensor), the position of
// the smallest value by one reduction over (value, index) candidates (gpu/arg_extreme.cuh); the
// first of equal values and the first NaN win, as on the CPU.
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/arg_min_kernel.h"
#include "paddle/phi/kernels/gpu/arg_extreme.cuh"

namespace phi {

template <typename T, typename Context>
void ArgMinKernel(const Context& dev_ctx, const DenseTensor& x, int64_t axis, bool keepdims,
                  bool flatten, DataType dtype, DenseTensor* out) {
  gpu::select::ArgExtreme<true, T>("arg_min", dev_ctx, x, axis, flatten, dtype, out);
}

}  // namespace phi

PD_REGISTER_KERNEL(argmin, GPU, phi::ArgMinKernel, float, double, int32_t, int64_t);
