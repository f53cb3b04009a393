#include "paddle/phi/kernels/pad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/pad_kernel_impl.h"

PD_REGISTER_KERNEL(pad, CPU, phi::PadKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(pad_grad, CPU, phi::PadGradKernel, float, double);
