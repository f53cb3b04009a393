// argmax on GPU: per row of [outer, n, inner] (or of the flattened tensor), the position of
// the largest value by one reduction over (value, index) candidates (gpu/arg_extreme.cuh); the
// first of equal values and the first NaN win, as on the CPU.
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/arg_max_kernel.h"
#include "paddle/phi/kernels/gpu/arg_extreme.cuh"

namespace phi {

template <typename T, typename Context>
void ArgMaxKernel(const Context& dev_ctx, const DenseTensor& x, int64_t axis, bool keepdims,
                  bool flatten, DataType dtype, DenseTensor* out) {
  gpu::select::ArgExtreme<false, T>("arg_max", dev_ctx, x, axis, flatten, dtype, out);
}

}  // namespace phi

PD_REGISTER_KERNEL(argmax, GPU, phi::ArgMaxKernel, float, double, int32_t, int64_t);
