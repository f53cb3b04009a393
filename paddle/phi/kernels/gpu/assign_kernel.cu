// assign on GPU: Out is a device-to-device copy of X, enqueued on the context's stream.
#include "paddle/phi/kernels/assign_kernel.h"

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void AssignKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  if (out == &x) return;
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected assign's Out to have ", x.numel(),
           " elements like X ", x.dims(), ", but Out has dims ", out->dims());
  const DenseTensor input = x;  // keeps X's storage alive if Out shared and replaces it
  const T* src = input.data<T>();
  T* dst = dev_ctx.template Alloc<T>(out);
  const int64_t n = input.numel();
  if (n > 0 && dst != src) {
    PD_CUDA_CHECK(cudaMemcpyAsync(dst, src, sizeof(T) * n, cudaMemcpyDeviceToDevice,
                                  dev_ctx.stream()));
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(assign, GPU, phi::AssignKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
