// GPUContext: what a GPU kernel needs of its device: the device's one stream (every kernel,
// copy and library call of the device is enqueued on it, which is what makes the caching
// allocator's reuse safe), cuBLAS / cuBLASLt / cuDNN handles bound to that stream, and a
// workspace for the libraries. Handles are created on first use.
#pragma once

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cudnn.h>

#include <memory>
#include <mutex>

#include "paddle/phi/backends/gpu/gpu_allocator.h"
#include "paddle/phi/backends/gpu/gpu_info.h"
#include "paddle/phi/core/device_context.h"

namespace phi {

class GPUContext : public DeviceContext {
 public:
  explicit GPUContext(int device_id);
  ~GPUContext() override;
  GPUContext(const GPUContext&) = delete;
  GPUContext& operator=(const GPUContext&) = delete;

  int device_id() const { return GetPlace().GetDeviceId(); }
  cudaStream_t stream() const { return stream_; }
  const cudaDeviceProp& props() const { return gpu::DeviceProperties(device_id()); }
  cublasHandle_t cublas_handle() const;
  cublasLtHandle_t cublaslt_handle() const;
  cudnnHandle_t cudnn_handle() const;
  // Device scratch memory of at least `bytes`, valid for work enqueued on this context's
  // stream until the next call (a later call may replace it; the stream orders the reuse).
  void* Workspace(size_t bytes) const;
  // Blocks until everything enqueued on the stream has finished; raises what it raised.
  void Wait() const;
  GPUAllocator* gpu_allocator() const { return static_cast<GPUAllocator*>(allocator()); }

  // The process-wide context of a device.
  static const GPUContext& Default(int device_id);

 private:
  cudaStream_t stream_ = nullptr;
  mutable std::mutex mu_;
  mutable cublasHandle_t cublas_ = nullptr;
  mutable cublasLtHandle_t cublaslt_ = nullptr;
  mutable cudnnHandle_t cudnn_ = nullptr;
  mutable std::shared_ptr<Allocation> workspace_;
};

namespace gpu {
// Whether float32 GEMMs (FLAGS_allow_tf32_cublas) and convolutions (FLAGS_allow_tf32_cudnn)
// may use TF32 tensor cores. Off by default: float32 results stay within float32 rounding
// of the CPU kernels; AMP (float16 / bfloat16) is the fast path.
bool AllowTF32Cublas();
bool AllowTF32Cudnn();
}  // namespace gpu

}  // namespace phi

#define PD_CUBLAS_CHECK(expr)                                                             \
  do {                                                                                    \
    cublasStatus_t pd_status_ = (expr);                                                   \
    if (pd_status_ != CUBLAS_STATUS_SUCCESS)                                              \
      ::phi::gpu::ThrowLibraryError("cuBLAS", static_cast<int>(pd_status_),               \
                                    cublasGetStatusString(pd_status_), #expr, __FILE__,   \
                                    __LINE__);                                            \
  } while (0)

#define PD_CUDNN_CHECK(expr)                                                              \
  do {                                                                                    \
    cudnnStatus_t pd_status_ = (expr);                                                    \
    if (pd_status_ != CUDNN_STATUS_SUCCESS)                                               \
      ::phi::gpu::ThrowLibraryError("cuDNN", static_cast<int>(pd_status_),                \
                                    cudnnGetErrorString(pd_status_), #expr, __FILE__,     \
                                    __LINE__);                                            \
  } while (0)
