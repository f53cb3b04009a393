// What the layers above phi ask of the devices without seeing CUDA: whether the backend is
// built, how many GPUs there are, waiting for one, and its memory statistics. Every function
// works in a CPU-only build (no GPUs, nothing to wait for).
#pragma once

#include <cstdint>

#include "paddle/phi/common/place.h"

namespace phi {

bool CompiledWithCuda();
// Devices this process can use; 0 without a driver or in a CPU-only build.
int GpuDeviceCount();
// Waits for all work enqueued on `place`'s device (no-op for the CPU).
void Synchronize(const Place& place);

struct DeviceMemoryStats {
  int64_t allocated = 0;       // bytes in tensors now
  int64_t peak_allocated = 0;  // the most since the last ResetPeak
  int64_t reserved = 0;        // bytes held from the driver (in use plus cached)
};
// Statistics of one GPU's caching allocator (zeros where the device was never used).
DeviceMemoryStats GpuMemoryStats(int device_id);
void ResetGpuPeakMemory(int device_id);
// Returns every device's cached blocks to the driver; the bytes released.
uint64_t ReleaseGpuMemoryCaches();

}  // namespace phi
