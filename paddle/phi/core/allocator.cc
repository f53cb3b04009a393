#include "paddle/phi/core/allocator.h"

#include <cstdlib>

#include "paddle/common/errors.h"

namespace phi {

Allocation::~Allocation() {
  if (owner_ != nullptr) owner_->Free(ptr_, size_);
}

void MemoryStats::Add(int64_t bytes) {
  int64_t now = current.fetch_add(bytes) + bytes;
  int64_t old_peak = peak.load();
  while (now > old_peak && !peak.compare_exchange_weak(old_peak, now)) {
  }
}

std::shared_ptr<Allocation> CPUAllocator::Allocate(size_t bytes) {
  size_t rounded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  if (rounded == 0) rounded = kAlignment;
  void* ptr = std::aligned_alloc(kAlignment, rounded);
  PD_CHECK(ptr != nullptr, ResourceExhausted, "expected to allocate ", bytes,
           " bytes on CPU, but the system is out of memory (currently held: ",
           stats_.current.load(), " bytes)");
  stats_.Add(static_cast<int64_t>(rounded));
  return std::make_shared<Allocation>(ptr, rounded, place_, this);
}

void CPUAllocator::Free(void* ptr, size_t bytes) {
  std::free(ptr);
  stats_.Add(-static_cast<int64_t>(bytes));
}

CPUAllocator* GetCPUAllocator() {
  static CPUAllocator* allocator = new CPUAllocator();  // never destroyed: outlives tensors
  return allocator;
}

}  // namespace phi
