#include "paddle/phi/core/allocator.h"

#include <gtest/gtest.h>

namespace phi {
namespace {

TEST(CPUAllocator, SizeClassesRoundAtMostAQuarter) {
  EXPECT_EQ(CPUAllocator::SizeClass(1), 64u);
  EXPECT_EQ(CPUAllocator::SizeClass(1000), 1024u);
  EXPECT_EQ(CPUAllocator::SizeClass(65536), 65536u);
  EXPECT_EQ(CPUAllocator::SizeClass(65537), 81920u);
  for (size_t n : {3000u, 100000u, 1234567u}) {
    size_t c = CPUAllocator::SizeClass(n);
    EXPECT_GE(c, n);
    EXPECT_LE(c, n + n / 4 + 64);
    EXPECT_EQ(c % 64, 0u);
  }
}

TEST(CPUAllocator, FreedBlocksAreReusedAndStatsCountLiveOnly) {
  CPUAllocator alloc;
  void* first;
  {
    auto a = alloc.Allocate(100000);
    first = a->ptr();
    EXPECT_EQ(reinterpret_cast<uintptr_t>(first) % CPUAllocator::kAlignment, 0u);
    EXPECT_EQ(alloc.stats().current.load(), static_cast<int64_t>(CPUAllocator::SizeClass(100000)));
  }
  EXPECT_EQ(alloc.stats().current.load(), 0);
  EXPECT_EQ(alloc.cached_bytes(), CPUAllocator::SizeClass(100000));
  {
    auto b = alloc.Allocate(99000);  // same size class
    EXPECT_EQ(b->ptr(), first);
    EXPECT_EQ(alloc.cached_bytes(), 0u);
  }
  EXPECT_EQ(alloc.ReleaseCache(), CPUAllocator::SizeClass(100000));
  EXPECT_EQ(alloc.cached_bytes(), 0u);
}

TEST(CPUAllocator, CacheLimitIsHonoured) {
  CPUAllocator alloc;
  alloc.set_cache_limit(150000);
  {
    auto a = alloc.Allocate(100000);
    auto b = alloc.Allocate(100000);
  }
  EXPECT_LE(alloc.cached_bytes(), 150000u);
  EXPECT_GT(alloc.cached_bytes(), 0u);
}

}  // namespace
}  // namespace phi
