// Device memory. GPUAllocator caches freed blocks per device in size classes (as the CPU
// allocator does): every kernel of a device runs on its context's one stream, so a block freed
// on the host after its last use was enqueued can be handed to work enqueued later on that
// stream without a sync.
#pragma once

#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "paddle/phi/core/allocator.h"

namespace phi {

class GPUAllocator : public Allocator {
 public:
  static constexpr size_t kAlignment = 256;
  explicit GPUAllocator(int device_id);
  std::shared_ptr<Allocation> Allocate(size_t bytes) override;
  void Free(void* ptr, size_t bytes) override;
  const Place& place() const override { return place_; }
  MemoryStats& stats() { return stats_; }
  // Bytes obtained from cudaMalloc and not yet returned (in use plus cached).
  uint64_t reserved_bytes() const;
  uint64_t cached_bytes() const;
  // Waits for the device, then returns every cached block to CUDA; returns the bytes released.
  uint64_t ReleaseCache();

 private:
  GPUPlace place_;
  MemoryStats stats_;
  mutable std::mutex mu_;
  std::unordered_map<size_t, std::vector<void*>> free_blocks_;
  uint64_t cached_ = 0;
  uint64_t reserved_ = 0;
};


// The process-wide allocator of a device (created on first use).
GPUAllocator* GetGPUAllocator(int device_id);

}  // namespace phi
