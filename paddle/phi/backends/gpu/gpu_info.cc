#include "paddle/phi/backends/gpu/gpu_info.h"

#include <memory>
#include <mutex>
#include <vector>

namespace phi {
namespace gpu {

int DeviceCount() {
  static int count = [] {
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
      cudaGetLastError();  // clear the sticky "no driver" error
      return 0;
    }
    return n;
  }();
  return count;
}

void CheckDevice(int device_id) {
  int count = DeviceCount();
  PD_CHECK(device_id >= 0 && device_id < count, PreconditionNotMet,
           "expected a GPU device id in [0, ", count, "), but got ", device_id,
           count == 0 ? " (no CUDA device is visible to this process)" : "");
}

const cudaDeviceProp& DeviceProperties(int device_id) {
  CheckDevice(device_id);
  static std::once_flag once;
  static std::vector<std::unique_ptr<cudaDeviceProp>>* props = nullptr;
  static std::vector<std::once_flag>* flags = nullptr;
  std::call_once(once, [] {
    props = new std::vector<std::unique_ptr<cudaDeviceProp>>(DeviceCount());
    flags = new std::vector<std::once_flag>(DeviceCount());
  });
  std::call_once((*flags)[device_id], [device_id] {
    auto p = std::make_unique<cudaDeviceProp>();
    PD_CUDA_CHECK(cudaGetDeviceProperties(p.get(), device_id));
    (*props)[device_id] = std::move(p);
  });
  return *(*props)[device_id];
}

void SetDevice(int device_id) {
  CheckDevice(device_id);
  PD_CUDA_CHECK(cudaSetDevice(device_id));
}

int CurrentDevice() {
  int id = 0;
  PD_CUDA_CHECK(cudaGetDevice(&id));
  return id;
}

void MemoryInfo(int device_id, size_t* free_bytes, size_t* total_bytes) {
  int previous = CurrentDevice();
  SetDevice(device_id);
  cudaError_t err = cudaMemGetInfo(free_bytes, total_bytes);
  cudaSetDevice(previous);
  PD_CUDA_CHECK(err);
}

void ThrowCudaError(cudaError_t err, const char* expr, const char* file, int line) {
  cudaGetLastError();  // a non-sticky error must not resurface at the next check
  std::string where = common::StrCat(" (", expr, " at ", file, ":", line, ")");
  if (err == cudaErrorMemoryAllocation)
    PD_THROW(ResourceExhausted, "expected CUDA to allocate device memory, but it is out of memory",
             where);
  PD_THROW(PreconditionNotMet, "expected CUDA call to succeed, but got ", cudaGetErrorName(err),
           ": ", cudaGetErrorString(err), where);
}

void ThrowLibraryError(const char* library, int status, const std::string& what, const char* expr,
                       const char* file, int line) {
  PD_THROW(PreconditionNotMet, "expected ", library, " call to succeed, but got status ", status,
           " (", what, ") (", expr, " at ", file, ":", line, ")");
}

}  // namespace gpu
}  // namespace phi
