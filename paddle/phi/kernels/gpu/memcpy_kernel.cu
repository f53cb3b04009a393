#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/memcpy_kernel.h"

PD_REGISTER_KERNEL(memcpy_h2d, GPU, phi::MemcpyH2DKernel, PD_MEMCPY_DTYPES);
PD_REGISTER_KERNEL(memcpy_d2h, GPU, phi::MemcpyD2HKernel, PD_MEMCPY_DTYPES);
