// Memory for tensors: an Allocation (pointer, size, place, owner) and the Allocator
// interface. The CPU allocator aligns to 64 bytes and tracks current and peak bytes.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "paddle/phi/common/place.h"

namespace phi {

class Allocator;

class Allocation {
 public:
  Allocation(void* ptr, size_t size, Place place, Allocator* owner)
      : ptr_(ptr), size_(size), place_(place), owner_(owner) {}
  ~Allocation();
  Allocation(const Allocation&) = delete;
  Allocation& operator=(const Allocation&) = delete;

  void* ptr() const { return ptr_; }
  size_t size() const { return size_; }
  const Place& place() const { return place_; }
  // In-place writes to this storage so far (eager Tensor.inplace_version): autograd compares
  // it with the count it saw when a tape node saved a tensor on this storage.
  uint32_t inplace_version() const { return inplace_version_; }
  void set_inplace_version(uint32_t version) { inplace_version_ = version; }

  // Frozen storage: its owner promises that the contents stay as they are (an inference
  // model's parameters, which no op of its program writes). Kernels may then keep forms derived
  // from the contents with the storage (weights packed for the GEMM), made once and freed with
  // it. Any write access through a DenseTensor thaws the storage, dropping what was kept.
  // Freeze before other threads read the storage.
  void Freeze();
  bool frozen() const { return frozen_.load(std::memory_order_acquire); }
  void Thaw() {
    if (frozen()) ThawFrozen();
  }
  // The object kept under `key` (which names what it is and everything it depends on besides
  // the contents), made by `make` on first use; nullptr when the storage is not frozen. Safe
  // to call from several threads at once.
  std::shared_ptr<const void> KeepDerived(const std::string& key,
                                          const std::function<std::shared_ptr<const void>()>& make);
  // How many objects are kept now.
  size_t derived_count() const;

 private:
  struct Derived {
    mutable std::mutex mu;
    std::vector<std::pair<std::string, std::shared_ptr<const void>>> kept;
  };
  void ThawFrozen();

  void* ptr_;
  size_t size_;
  Place place_;
  Allocator* owner_;  // nullptr: memory not owned (external data)
  uint32_t inplace_version_ = 0;
  std::atomic<bool> frozen_{false};
  std::unique_ptr<Derived> derived_;  // made by Freeze, kept until destruction
};

class Allocator {
 public:
  virtual ~Allocator() = default;
  // Returns an allocation of at least `bytes`; throws ResourceExhausted on failure.
  virtual std::shared_ptr<Allocation> Allocate(size_t bytes) = 0;
  virtual void Free(void* ptr, size_t bytes) = 0;
  virtual const Place& place() const = 0;
};

// Bytes held through one allocator, now and at the peak since the last ResetPeak().
struct MemoryStats {
  std::atomic<int64_t> current{0};
  std::atomic<int64_t> peak{0};
  void Add(int64_t bytes);
  void ResetPeak() { peak.store(current.load()); }
};

// Keeps freed blocks in size classes (at most 25% rounding) for reuse, up to a byte limit,
// so a training loop's per-step tensors do not go back to the system (and fault their pages
// in again) every step. stats() counts blocks in use, not cached ones.
class CPUAllocator : public Allocator {
 public:
  static constexpr size_t kAlignment = 64;
  std::shared_ptr<Allocation> Allocate(size_t bytes) override;
  void Free(void* ptr, size_t bytes) override;
  const Place& place() const override { return place_; }
  MemoryStats& stats() { return stats_; }
  // Returns cached blocks to the system; returns the bytes released.
  uint64_t ReleaseCache();
  uint64_t cached_bytes() const;
  void set_cache_limit(uint64_t bytes);
  // The largest single request served (default 2^56 bytes, far beyond any machine); larger
  // ones raise ResourceExhausted. Harnesses (the op fuzzer) lower it.
  void set_request_limit(uint64_t bytes) { request_limit_.store(bytes, std::memory_order_relaxed); }
  static size_t SizeClass(size_t bytes);

 private:
  CPUPlace place_;
  MemoryStats stats_;
  mutable std::mutex mu_;
  std::unordered_map<size_t, std::vector<void*>> free_blocks_;
  uint64_t cached_ = 0;
  uint64_t cache_limit_ = uint64_t{256} << 20;
  std::atomic<uint64_t> request_limit_{uint64_t{1} << 56};
};

// The process-wide CPU allocator.
CPUAllocator* GetCPUAllocator();

}  // namespace phi
