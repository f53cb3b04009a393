// pad on GPU: impl/pad_kernel_impl.h's kernels (a fill, then X's region copied in; the grad
// copies the region back out).
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/pad_kernel_impl.h"
#include "paddle/phi/kernels/pad_kernel.h"

PD_REGISTER_KERNEL(pad, GPU, phi::PadKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(pad_grad, GPU, phi::PadGradKernel, float, double, phi::float16,
                   phi::bfloat16);
