// concat_grad on GPU: impl/concat_grad_kernel_impl.h's kernel; each wanted input gradient is
// one 2-D strided memcpy (cudaMemcpy2DAsync) of Out@GRAD's rows.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/concat_grad_kernel.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/concat_grad_kernel_impl.h"

PD_REGISTER_KERNEL(concat_grad, GPU, phi::ConcatGradKernel, float, double, phi::float16,
                   phi::bfloat16);
