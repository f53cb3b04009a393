#include "paddle/phi/backends/gpu/gpu_context.h"

#include <gflags/gflags.h>

#include <unordered_map>

DEFINE_bool(allow_tf32_cublas, false,
            "let float32 GEMMs on GPU use TF32 tensor cores (10-bit mantissa products)");
DEFINE_bool(allow_tf32_cudnn, false,
            "let float32 convolutions on GPU use TF32 tensor cores (10-bit mantissa products)");

namespace phi {

namespace gpu {
bool AllowTF32Cublas() { return FLAGS_allow_tf32_cublas; }
bool AllowTF32Cudnn() { return FLAGS_allow_tf32_cudnn; }
}  // namespace gpu

GPUContext::GPUContext(int device_id)
    : DeviceContext(GPUPlace(device_id), GetGPUAllocator(device_id)) {
  gpu::SetDevice(device_id);
  PD_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
}

GPUContext::~GPUContext() {
  if (cudnn_ != nullptr) cudnnDestroy(cudnn_);
  if (cublaslt_ != nullptr) cublasLtDestroy(cublaslt_);
  if (cublas_ != nullptr) cublasDestroy(cublas_);
  if (stream_ != nullptr) cudaStreamDestroy(stream_);
}

cublasHandle_t GPUContext::cublas_handle() const {
  std::lock_guard<std::mutex> lock(mu_);
  if (cublas_ == nullptr) {
    gpu::SetDevice(device_id());
    PD_CUBLAS_CHECK(cublasCreate(&cublas_));
    PD_CUBLAS_CHECK(cublasSetStream(cublas_, stream_));
  }
  // The flag may change between calls (paddle.set_flags).
  PD_CUBLAS_CHECK(cublasSetMathMode(
      cublas_, gpu::AllowTF32Cublas() ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH));
  return cublas_;
}

cublasLtHandle_t GPUContext::cublaslt_handle() const {
  std::lock_guard<std::mutex> lock(mu_);
  if (cublaslt_ == nullptr) {
    gpu::SetDevice(device_id());
    PD_CUBLAS_CHECK(cublasLtCreate(&cublaslt_));
  }
  return cublaslt_;
}

cudnnHandle_t GPUContext::cudnn_handle() const {
  std::lock_guard<std::mutex> lock(mu_);
  if (cudnn_ == nullptr) {
    gpu::SetDevice(device_id());
    PD_CUDNN_CHECK(cudnnCreate(&cudnn_));
    PD_CUDNN_CHECK(cudnnSetStream(cudnn_, stream_));
  }
  return cudnn_;
}

void* GPUContext::Workspace(size_t bytes) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (workspace_ == nullptr || workspace_->size() < bytes)
    workspace_ = allocator()->Allocate(bytes == 0 ? 1 : bytes);
  return workspace_->ptr();
}

void GPUContext::Wait() const { PD_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

const GPUContext& GPUContext::Default(int device_id) {
  gpu::CheckDevice(device_id);
  static std::mutex mu;
  static auto* contexts = new std::unordered_map<int, std::unique_ptr<GPUContext>>();
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = (*contexts)[device_id];
  if (slot == nullptr) slot = std::make_unique<GPUContext>(device_id);
  return *slot;
}

}  // namespace phi
