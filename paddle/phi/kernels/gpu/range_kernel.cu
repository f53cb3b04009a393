// range on GPU: Start, End and Step stay on the host (the op's length depends on their values,
// and reading them from the device would stall the stream); Out [n] is written on the device
// as start + i * step.
#include <cmath>
#include <limits>
#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
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

template <typename T, typename Context>
void RangeKernel(const Context& dev_ctx, const DenseTensor& start, const DenseTensor& end,
                 const DenseTensor& step, DenseTensor* out) {
  const T first = start.data<T>()[0], last = end.data<T>()[0], delta = step.data<T>()[0];
  PD_CHECK(delta != T(0), InvalidArgument, "expected range's Step to be non-zero, but got 0");
  PD_CHECK(!(first < last && delta < T(0)) && !(first > last && delta > T(0)), InvalidArgument,
           "expected range's Step to point from Start (", first, ") towards End (", last,
           "), but got ", delta);
  double count;
  if constexpr (std::is_integral_v<T>) {
    long double span = std::fabs(static_cast<long double>(last) - static_cast<long double>(first));
    long double stride = std::fabs(static_cast<long double>(delta));
    count = static_cast<double>(std::ceil(span / stride));
  } else {
    count = std::ceil(std::fabs((static_cast<double>(last) - first) / delta));
  }
  PD_CHECK(std::isfinite(count) && count < static_cast<double>(std::numeric_limits<int32_t>::max()),
           ResourceExhausted, "expected range to have fewer than 2^31 elements, but [", first,
           ", ", last, ") by ", delta, " has ", count);
  const int64_t n = static_cast<int64_t>(count);
  out->Resize(DDim({n}));
  T* data = dev_ctx.template Alloc<T>(out);
  if (n == 0) return;
  RangeFillKernel<T><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      first, delta, n, data);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(range, GPU, phi::RangeKernel, float, double, int32_t, int64_t);
