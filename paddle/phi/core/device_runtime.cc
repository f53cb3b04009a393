#include "paddle/phi/core/device_runtime.h"

#ifdef PADDLE_WITH_CUDA
#include "paddle/phi/backends/gpu/gpu_context.h"
#endif

namespace phi {

bool CompiledWithCuda() {
#ifdef PADDLE_WITH_CUDA
  return true;
#else
  return false;
#endif
}

int GpuDeviceCount() {
#ifdef PADDLE_WITH_CUDA
  return gpu::DeviceCount();
#else
  return 0;
#endif
}

void Synchronize(const Place& place) {
#ifdef PADDLE_WITH_CUDA
  if (place.is_gpu()) GPUContext::Default(place.GetDeviceId()).Wait();
#else
  (void)place;
#endif
}

DeviceMemoryStats GpuMemoryStats(int device_id) {
  DeviceMemoryStats stats;
#ifdef PADDLE_WITH_CUDA
  GPUAllocator* allocator = GetGPUAllocator(device_id);
  stats.allocated = allocator->stats().current.load();
  stats.peak_allocated = allocator->stats().peak.load();
  stats.reserved = static_cast<int64_t>(allocator->reserved_bytes());
#else
  (void)device_id;
#endif
  return stats;
}

void ResetGpuPeakMemory(int device_id) {
#ifdef PADDLE_WITH_CUDA
  GetGPUAllocator(device_id)->stats().ResetPeak();
#else
  (void)device_id;
#endif
}

uint64_t ReleaseGpuMemoryCaches() {
  uint64_t released = 0;
#ifdef PADDLE_WITH_CUDA
  for (int id = 0; id < gpu::DeviceCount(); ++id)
    released += GetGPUAllocator(id)->ReleaseCache();
#endif
  return released;
}

}  // namespace phi
