// squeeze2 / unsqueeze2 on GPU: impl/squeeze_kernel_impl.h's kernels; Out views X's device
// storage.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/squeeze_kernel_impl.h"
#include "paddle/phi/kernels/squeeze_kernel.h"

PD_REGISTER_KERNEL(squeeze, GPU, phi::SqueezeKernel, float, double, int32_t, int64_t, bool,
                   uint8_t, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(unsqueeze, GPU, phi::UnsqueezeKernel, float, double, int32_t, int64_t, bool,
                   uint8_t, phi::float16, phi::bfloat16);
