#include "paddle/phi/backends/gpu/gpu_allocator.h"

#include <cuda_runtime.h>

#include <memory>

#include "paddle/phi/backends/gpu/gpu_info.h"

namespace phi {

namespace {
size_t RoundToClass(size_t bytes, size_t alignment) {
  size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  if (rounded == 0) rounded = alignment;
  if (rounded <= (size_t{1} << 20)) return rounded;
  size_t power = 1;
  while (power * 2 <= rounded) power *= 2;
  size_t step = power / 8;  // at most 12.5% above the request for blocks over 1 MiB
  return (rounded + step - 1) / step * step;
}

// Restores the calling thread's current device when it goes out of scope.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device_id) {
    cudaGetDevice(&previous_);
    if (previous_ != device_id) gpu::SetDevice(device_id);
  }
  ~DeviceGuard() { cudaSetDevice(previous_); }

 private:
  int previous_ = 0;
};
}  // namespace

GPUAllocator::GPUAllocator(int device_id) : place_(device_id) { gpu::CheckDevice(device_id); }

std::shared_ptr<Allocation> GPUAllocator::Allocate(size_t bytes) {
  PD_CHECK(bytes <= (uint64_t{1} << 50), ResourceExhausted,
           "expected an allocation of at most 2^50 bytes on ", place_, ", but ", bytes,
           " bytes were requested");
  size_t rounded = RoundToClass(bytes, kAlignment);
  void* ptr = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = free_blocks_.find(rounded);
    if (it != free_blocks_.end() && !it->second.empty()) {
      ptr = it->second.back();
      it->second.pop_back();
      cached_ -= rounded;
    }
  }
  if (ptr == nullptr) {
    DeviceGuard guard(place_.GetDeviceId());
    cudaError_t err = cudaMalloc(&ptr, rounded);
    if (err == cudaErrorMemoryAllocation) {  // give the cache back and try once more
      cudaGetLastError();
      ReleaseCache();
      err = cudaMalloc(&ptr, rounded);
    }
    if (err == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      size_t free_bytes = 0, total_bytes = 0;
      cudaMemGetInfo(&free_bytes, &total_bytes);
      PD_THROW(ResourceExhausted, "expected to allocate ", bytes, " bytes on ", place_,
               ", but the device is out of memory (in use by this process: ",
               stats_.current.load(), " bytes; free on the device: ", free_bytes, " of ",
               total_bytes, " bytes)");
    }
    PD_CUDA_CHECK(err);
    std::lock_guard<std::mutex> lock(mu_);
    reserved_ += rounded;
  }
  stats_.Add(static_cast<int64_t>(rounded));
  return std::make_shared<Allocation>(ptr, rounded, place_, this);
}

void GPUAllocator::Free(void* ptr, size_t bytes) {
  stats_.Add(-static_cast<int64_t>(bytes));
  std::lock_guard<std::mutex> lock(mu_);
  free_blocks_[bytes].push_back(ptr);
  cached_ += bytes;
}

uint64_t GPUAllocator::reserved_bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return reserved_;
}

uint64_t GPUAllocator::cached_bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return cached_;
}

uint64_t GPUAllocator::ReleaseCache() {
  std::unordered_map<size_t, std::vector<void*>> blocks;
  uint64_t released = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    blocks.swap(free_blocks_);
    released = cached_;
    reserved_ -= cached_;
    cached_ = 0;
  }
  if (released == 0) return 0;
  DeviceGuard guard(place_.GetDeviceId());
  cudaDeviceSynchronize();  // cached blocks may still be read by enqueued work
  for (auto& [size, list] : blocks)
    for (void* p : list) cudaFree(p);
  return released;
}

GPUAllocator* GetGPUAllocator(int device_id) {
  gpu::CheckDevice(device_id);
  static std::mutex mu;
  static auto* allocators = new std::unordered_map<int, std::unique_ptr<GPUAllocator>>();
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = (*allocators)[device_id];
  if (slot == nullptr) slot = std::make_unique<GPUAllocator>(device_id);
  return slot.get();
}

}  // namespace phi
