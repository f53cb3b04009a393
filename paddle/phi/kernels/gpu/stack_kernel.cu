// stack on GPU: impl/stack_kernel_impl.h's kernel; each input is one 2-D strided memcpy
// (cudaMemcpy2DAsync) into its slot of Y's rows.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/stack_kernel_impl.h"
#include "paddle/phi/kernels/stack_kernel.h"

PD_REGISTER_KERNEL(stack, GPU, phi::StackKernel, float, double, int32_t, int64_t, bool, uint8_t,
                   phi::float16, phi::bfloat16);
