// Logical ops on GPU (logical_not, logical_and, logical_or, logical_xor; nonzero is true, Out
// is bool) over the CPU's functors. `shape` has no GPU kernel on purpose: it reads only its
// input's dims (no_need_buffer), so the execution plan runs it on the host, where its readers
// (shape tensors of reshape, fill_constant, ...) want the result, and copies nothing.
#include "paddle/phi/kernels/logical_kernel.h"

#include <type_traits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/elementwise_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {
namespace {

template <typename DT>
__global__ void LogicalNotValuesKernel(const DT* in, bool* out, int64_t n) {
  PD_GPU_LOOP(i, n) { out[i] = !static_cast<bool>(gpu::ToAcc(in[i])); }
}

}  // namespace

template <typename T, typename Context>
void LogicalNotKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected logical_not's Out to have X's "
           "dims ", x.dims(), ", but got ", out->dims());
  const DenseTensor x_in = x;  // bool over a wider type: give Out storage of its own
  bool* result = std::is_same_v<T, bool> ? dev_ctx.template Alloc<bool>(out)
                                         : funcs::AllocUnaliased<bool>(dev_ctx, out, {&x_in});
  const int64_t n = x_in.numel();
  if (n == 0) return;
  LogicalNotValuesKernel<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x_in), result, n);
  PD_CUDA_CHECK_LAUNCH();
}

#define PD_DEFINE_GPU_LOGICAL_KERNEL(Name)                                              \
  template <typename T, typename Context>                                               \
  void Name##Kernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, \
                    DenseTensor* out) {                                                 \
    gpu::LaunchBroadcastBinary<T, bool>(dev_ctx, x, y, -1, out,                         \
                                        funcs::Name##Functor<gpu::AccType<T>>());       \
  }
PD_DEFINE_GPU_LOGICAL_KERNEL(LogicalAnd)
PD_DEFINE_GPU_LOGICAL_KERNEL(LogicalOr)
PD_DEFINE_GPU_LOGICAL_KERNEL(LogicalXor)
#undef PD_DEFINE_GPU_LOGICAL_KERNEL

}  // namespace phi

PD_REGISTER_KERNEL(logical_and, GPU, phi::LogicalAndKernel, bool, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(logical_or, GPU, phi::LogicalOrKernel, bool, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(logical_xor, GPU, phi::LogicalXorKernel, bool, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(logical_not, GPU, phi::LogicalNotKernel, bool, float, double, int32_t,
                   int64_t, phi::float16, phi::bfloat16);
