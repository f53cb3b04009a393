// one_hot (one_hot_v2) on GPU: impl/one_hot_kernel_impl.h's kernel, with Out[i, j] = (X[i] == j)
// written by one kernel over Out. Ids stay on the device, so an id outside [0, depth) gives an
// all-zero row whatever allow_out_of_range says (the CPU kernel raises InvalidArgument when it
// is false).
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/one_hot_kernel_impl.h"
#include "paddle/phi/kernels/one_hot_kernel.h"

namespace phi {
namespace {

template <typename OutT, typename T>
__global__ void OneHotFillKernel(const T* ids, int64_t count, int64_t depth, OutT* out) {
  PD_GPU_LOOP(t, count * depth) {
    const int64_t i = t / depth, j = t % depth;
    out[t] = static_cast<int64_t>(ids[i]) == j ? OutT(1) : OutT(0);
  }
}

}  // namespace

template <typename OutT, typename T>
void FillOneHot(const GPUContext& ctx, const T* ids, int64_t count, int64_t depth,
                bool /*allow_out_of_range*/, OutT* out) {
  if (count * depth == 0) return;
  OneHotFillKernel<OutT, T><<<gpu::BlocksFor(ctx, count * depth), gpu::kThreads, 0,
                              ctx.stream()>>>(ids, count, depth, out);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(one_hot, GPU, phi::OneHotKernel, int32_t, int64_t);
