// CUDA device queries and the checks that turn CUDA, cuBLAS and cuDNN status codes into the
// runtime's typed errors. Only a WITH_GPU build compiles this (PADDLE_WITH_CUDA).
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "paddle/common/errors.h"

namespace phi {
namespace gpu {

// Devices this process can use; 0 where there is no driver or no device (never throws).
int DeviceCount();
// Throws PreconditionNotMet naming the device count when `device_id` is not one of them.
void CheckDevice(int device_id);
const cudaDeviceProp& DeviceProperties(int device_id);
// Makes `device_id` the calling thread's current device.
void SetDevice(int device_id);
int CurrentDevice();
// Free and total bytes of a device's memory, as the driver reports them.
void MemoryInfo(int device_id, size_t* free_bytes, size_t* total_bytes);

[[noreturn]] void ThrowCudaError(cudaError_t err, const char* expr, const char* file, int line);
[[noreturn]] void ThrowLibraryError(const char* library, int status, const std::string& what,
                                    const char* expr, const char* file, int line);

}  // namespace gpu
}  // namespace phi

// PD_CUDA_CHECK(cudaMemcpyAsync(...)): a typed error (ResourceExhausted for out-of-memory,
// PreconditionNotMet otherwise) naming the call and CUDA's message.
#define PD_CUDA_CHECK(expr)                                                  \
  do {                                                                       \
    cudaError_t pd_cuda_err_ = (expr);                                       \
    if (pd_cuda_err_ != cudaSuccess)                                         \
      ::phi::gpu::ThrowCudaError(pd_cuda_err_, #expr, __FILE__, __LINE__);   \
  } while (0)

// After a kernel launch: the launch's own error (bad configuration, no kernel image).
#define PD_CUDA_CHECK_LAUNCH() PD_CUDA_CHECK(cudaGetLastError())
