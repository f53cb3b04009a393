// one_hot (one_hot_v2) on GPU: Out[i, j] = (X[i] == j), one kernel over Out. Ids stay on the
// device, so an id outside [0, depth) gives an all-zero row whatever allow_out_of_range says
// (the CPU kernel raises InvalidArgument when it is false).
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
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

template <typename OutT, typename T>
void FillOneHot(const GPUContext& ctx, const T* ids, int64_t count, int64_t depth, OutT* out) {
  if (count * depth == 0) return;
  OneHotFillKernel<OutT, T><<<gpu::BlocksFor(ctx, count * depth), gpu::kThreads, 0,
                              ctx.stream()>>>(ids, count, depth, out);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <typename T, typename Context>
void OneHotKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* depth_tensor,
                  int depth, DataType dtype, bool allow_out_of_range, DenseTensor* out) {
  PD_CHECK(depth_tensor == nullptr, Unimplemented,
           "expected one_hot_v2's depth as the attribute 'depth', but got a depth_tensor input, "
           "which is not supported");
  const T* ids = x.data<T>();
  const int64_t count = x.numel();
  switch (dtype == DataType::UNDEFINED ? DataType::FLOAT32 : dtype) {
    case DataType::FLOAT32:
      return FillOneHot(dev_ctx, ids, count, depth, dev_ctx.template Alloc<float>(out));
    case DataType::FLOAT64:
      return FillOneHot(dev_ctx, ids, count, depth, dev_ctx.template Alloc<double>(out));
    case DataType::INT32:
      return FillOneHot(dev_ctx, ids, count, depth, dev_ctx.template Alloc<int32_t>(out));
    case DataType::INT64:
      return FillOneHot(dev_ctx, ids, count, depth, dev_ctx.template Alloc<int64_t>(out));
    default:
      PD_THROW(Unimplemented, "expected one_hot_v2's dtype to be float32, float64, int32 or int64, "
               "but got ", dtype);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(one_hot, GPU, phi::OneHotKernel, int32_t, int64_t);
