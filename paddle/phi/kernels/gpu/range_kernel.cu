// range on GPU: impl/range_kernel_impl.h's kernel. Start, End and Step stay on the host (the
// op's length depends on their values, and reading them from the device would stall the
// stream); Out [n] is written on the device as start + i * step.
#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/range_kernel_impl.h"
#include "paddle/phi/kernels/range_kernel.h"

namespace phi {
namespace {

// Each element computed from its index (in double for floats) rather than by the CPU's running
// sum: no thread waits for another, and the values are NumPy's arange values.
template <typename T>
__global__ void RangeFillKernel(T first, T delta, int64_t n, T* out) {
  PD_GPU_LOOP(i, n) {
    if constexpr (std::is_integral_v<T>) {
      out[i] = static_cast<T>(first + static_cast<T>(i) * delta);
    } else {
      out[i] = static_cast<T>(static_cast<double>(first) + static_cast<double>(i) * delta);
    }
  }
}

}  // namespace

template <typename T>
void FillRange(const GPUContext& ctx, T first, T delta, int64_t n, T* data) {
  if (n == 0) return;
  RangeFillKernel<T><<<gpu::BlocksFor(ctx, n), gpu::kThreads, 0, ctx.stream()>>>(first, delta, n,
                                                                                  data);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(range, GPU, phi::RangeKernel, float, double, int32_t, int64_t);
