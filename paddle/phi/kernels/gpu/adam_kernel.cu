// adam on GPU: impl/adam_kernel_impl.h's kernel over gpu_opt::AdamGpuStep (adam_step.cuh) with no
// decay. lazy_mode and min_row_size_to_use_multithread concern sparse gradients; dense ones ignore
// them.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/adam_kernel.h"
#include "paddle/phi/kernels/gpu/adam_step.cuh"
#include "paddle/phi/kernels/impl/adam_kernel_impl.h"

PD_REGISTER_KERNEL(adam, GPU, phi::AdamKernel, float, double, phi::float16, phi::bfloat16);
