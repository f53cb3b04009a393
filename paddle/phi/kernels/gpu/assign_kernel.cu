// assign on GPU: impl/assign_kernel_impl.h's kernel; Out is a device-to-device copy of X,
// enqueued on the context's stream.
#include "paddle/phi/kernels/assign_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/assign_kernel_impl.h"

PD_REGISTER_KERNEL(assign, GPU, phi::AssignKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
