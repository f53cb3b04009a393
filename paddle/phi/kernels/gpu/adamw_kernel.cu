// adamw on GPU: impl/adamw_kernel_impl.h's kernel over gpu_opt::AdamGpuStep (adam_step.cuh) with
// the learning rate scaled by lr_ratio and, with with_decay, the parameter first scaled by
// 1 - lr * lr_ratio * coeff.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/adamw_kernel.h"
#include "paddle/phi/kernels/gpu/adam_step.cuh"
#include "paddle/phi/kernels/impl/adamw_kernel_impl.h"

PD_REGISTER_KERNEL(adamw, GPU, phi::AdamwKernel, float, double, phi::float16, phi::bfloat16);
