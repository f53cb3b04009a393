#include "paddle/phi/core/allocator.h"

#include <cstdlib>
#include <string>

#include "paddle/common/errors.h"

namespace phi {

Allocation::~Allocation() {
  if (owner_ != nullptr) owner_->Free(ptr_, size_);
}

void Allocation::Freeze() {
  if (derived_ == nullptr) derived_ = std::make_unique<Derived>();
  frozen_.store(true, std::memory_order_release);
}

void Allocation::ThawFrozen() {
  frozen_.store(false, std::memory_order_release);
  std::lock_guard<std::mutex> lock(derived_->mu);
  derived_->kept.clear();
}

std::shared_ptr<const void> Allocation::KeepDerived(
    const std::string& key, const std::function<std::shared_ptr<const void>()>& make) {
  if (!frozen()) return nullptr;
  // Made under the lock: two threads asking at once make it once.
  std::lock_guard<std::mutex> lock(derived_->mu);
  for (const auto& [k, object] : derived_->kept) {
    if (k == key) return object;
  }
  std::shared_ptr<const void> object = make();
  if (object != nullptr) derived_->kept.emplace_back(key, object);
  return object;
}

size_t Allocation::derived_count() const {
  if (derived_ == nullptr) return 0;
  std::lock_guard<std::mutex> lock(derived_->mu);
  return derived_->kept.size();
}

void MemoryStats::Add(int64_t bytes) {
  int64_t now = current.fetch_add(bytes) + bytes;
  int64_t old_peak = peak.load();
  while (now > old_peak && !peak.compare_exchange_weak(old_peak, now)) {
  }
}

size_t CPUAllocator::SizeClass(size_t bytes) {
  size_t rounded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  if (rounded == 0) rounded = kAlignment;
  if (rounded <= 1024) return rounded;
  size_t power = 1;
  while (power * 2 <= rounded) power *= 2;
  size_t step = power / 4;  // classes power, 1.25, 1.5, 1.75 x power: at most 25% extra
  return (rounded + step - 1) / step * step;
}

uint64_t CPUAllocator::ReleaseCache() {
  std::lock_guard<std::mutex> lock(mu_);
  uint64_t released = cached_;
  for (auto& [size, blocks] : free_blocks_)
    for (void* p : blocks) std::free(p);
  free_blocks_.clear();
  cached_ = 0;
  return released;
}

uint64_t CPUAllocator::cached_bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return cached_;
}

void CPUAllocator::set_cache_limit(uint64_t bytes) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    cache_limit_ = bytes;
  }
  if (cached_bytes() > bytes) ReleaseCache();
}

std::shared_ptr<Allocation> CPUAllocator::Allocate(size_t bytes) {
  // By default 2^56, far beyond any machine; refused before rounding, which would wrap near
  // SIZE_MAX.
  const uint64_t limit = request_limit_.load(std::memory_order_relaxed);
  PD_CHECK(bytes <= limit, ResourceExhausted, "expected an allocation of at most ",
           limit == (uint64_t{1} << 56) ? std::string("2^56") : std::to_string(limit),
           " bytes on CPU, but ", bytes, " bytes were requested");
  size_t rounded = SizeClass(bytes);
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
  if (ptr != nullptr) {
    stats_.Add(static_cast<int64_t>(rounded));
    return std::make_shared<Allocation>(ptr, rounded, place_, this);
  }
  ptr = std::aligned_alloc(kAlignment, rounded);
  if (ptr == nullptr) {  // give the cache back and try once more
    ReleaseCache();
    ptr = std::aligned_alloc(kAlignment, rounded);
  }
  PD_CHECK(ptr != nullptr, ResourceExhausted, "expected to allocate ", bytes,
           " bytes on CPU, but the system is out of memory (currently held: ",
           stats_.current.load(), " bytes)");
  stats_.Add(static_cast<int64_t>(rounded));
  return std::make_shared<Allocation>(ptr, rounded, place_, this);
}

void CPUAllocator::Free(void* ptr, size_t bytes) {
  stats_.Add(-static_cast<int64_t>(bytes));
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (cached_ + bytes <= cache_limit_) {
      free_blocks_[bytes].push_back(ptr);
      cached_ += bytes;
      return;
    }
  }
  std::free(ptr);
}

CPUAllocator* GetCPUAllocator() {
  static CPUAllocator* allocator = new CPUAllocator();  // never destroyed: outlives tensors
  return allocator;
}

}  // namespace phi
