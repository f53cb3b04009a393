// PD_HOSTDEVICE marks math written once for both backends: functors in kernels/funcs that the
// CPU kernels call on the host and the CUDA kernels call on the device, so the CPU tests
// exercise the same formulas the GPU runs.
#pragma once

#if defined(__CUDACC__)
#define PD_HOSTDEVICE __host__ __device__
#else
#define PD_HOSTDEVICE
#endif
