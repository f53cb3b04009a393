// pool2d double grad on GPU: impl/pool_double_grad_kernel_impl.h over the GPU pool kernel.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/pool_double_grad_kernel_impl.h"

PD_REGISTER_KERNEL(pool2d_double_grad, GPU, phi::Pool2dDoubleGradKernel, float, double);
