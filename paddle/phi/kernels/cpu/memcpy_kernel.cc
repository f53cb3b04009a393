// On a CPU context both copies stay on the host (a CPU-only program never has them; a plan
// may still name them when a GPU op's neighbour runs on the CPU by decision).
#include "paddle/phi/kernels/memcpy_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

PD_REGISTER_KERNEL(memcpy_h2d, CPU, phi::MemcpyH2DKernel, PD_MEMCPY_DTYPES);
PD_REGISTER_KERNEL(memcpy_d2h, CPU, phi::MemcpyD2HKernel, PD_MEMCPY_DTYPES);
