#include "paddle/phi/kernels/slice_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/slice_grad_kernel_impl.h"

PD_REGISTER_KERNEL(slice_grad, CPU, phi::SliceGradKernel, float, double);
