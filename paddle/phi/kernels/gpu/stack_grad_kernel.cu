// stack_grad on GPU: impl/stack_grad_kernel_impl.h's kernel; each input gradient is one 2-D
// strided memcpy (cudaMemcpy2DAsync) out of Y@GRAD's rows.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/stack_grad_kernel_impl.h"
#include "paddle/phi/kernels/stack_grad_kernel.h"

PD_REGISTER_KERNEL(stack_grad, GPU, phi::StackGradKernel, float, double, phi::float16,
                   phi::bfloat16);
