// unstack and unbind on GPU: impl/unstack_kernel_impl.h's kernels (one 2-D strided memcpy per
// output, as stack's gradient).
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/unstack_kernel_impl.h"

PD_REGISTER_KERNEL(unstack, GPU, phi::UnStackKernel, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(unbind, GPU, phi::UnbindKernel, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
