// slice_grad on GPU: impl/slice_grad_kernel_impl.h's kernel; Input@GRAD is memset to zero, then
// Out@GRAD scattered into the region by one kernel.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/slice_grad_kernel_impl.h"
#include "paddle/phi/kernels/slice_grad_kernel.h"

PD_REGISTER_KERNEL(slice_grad, GPU, phi::SliceGradKernel, float, double, phi::float16,
                   phi::bfloat16);
