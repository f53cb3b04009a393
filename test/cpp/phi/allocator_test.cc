#include "paddle/phi/core/allocator.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"

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

namespace phi {
namespace {

using CommonError = ::common::Error;

TEST(ImpossibleShapes, DDimRefusesOverflowAndBadExtents) {
  const int64_t big = int64_t{1} << 40;
  EXPECT_THROW(DDim(std::vector<int64_t>{big, big}), CommonError);
  EXPECT_THROW(DDim(std::vector<int64_t>{-2, 3}), CommonError);
  EXPECT_NO_THROW(DDim(std::vector<int64_t>{-1, big, 1024}));  // unknown extents do not count
  EXPECT_EQ(DDim({0, big, big}).numel(), 0);      // an empty tensor is possible
  DDim d({big, 2});
  d[1] = big;  // mutated past construction: numel still refuses
  EXPECT_THROW(d.numel(), CommonError);
}

TEST(ImpossibleShapes, ByteSizeOverflowAndUnservableRequests) {
  DenseTensor t(DataType::FLOAT64, DDim({int64_t{1} << 31, int64_t{1} << 31}));
  try {
    t.nbytes();
    FAIL() << "nbytes of 2^62 float64 elements must overflow";
  } catch (const ::common::Error& e) {
    EXPECT_EQ(e.code(), ::common::ErrorCode::kResourceExhausted);
  }
  try {
    GetCPUAllocator()->Allocate(~size_t{0} - 8);
    FAIL() << "a request near SIZE_MAX must be refused";
  } catch (const ::common::Error& e) {
    EXPECT_EQ(e.code(), ::common::ErrorCode::kResourceExhausted);
    EXPECT_NE(std::string(e.what()).find("2^56"), std::string::npos) << e.what();
  }
  EXPECT_NE(GetCPUAllocator()->Allocate(64), nullptr);  // still serving
}

// What kernels keep with frozen storage: nothing before Freeze, one object per key made once
// (also when threads ask at once), and dropped when a mutable accessor thaws the storage.
TEST(Allocation, FrozenStorageKeepsDerivedObjectsUntilWritten) {
  DenseTensor t(DataType::FLOAT32, DDim({4}));
  t.AllocateStorage(GetCPUAllocator());
  Allocation& storage = *t.Holder();
  int made = 0;
  auto make = [&]() -> std::shared_ptr<const void> {
    ++made;
    return std::make_shared<int>(made);
  };
  EXPECT_EQ(storage.KeepDerived("a", make), nullptr);  // not frozen: nothing made
  EXPECT_EQ(made, 0);
  storage.Freeze();
  std::vector<std::thread> threads;
  std::vector<std::shared_ptr<const void>> got(4);
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&, i] { got[i] = storage.KeepDerived("a", make); });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(made, 1);
  for (const auto& g : got) EXPECT_EQ(g, got[0]);
  EXPECT_NE(storage.KeepDerived("b", make), got[0]);
  EXPECT_EQ(storage.derived_count(), 2u);
  const DenseTensor& reader = t;
  EXPECT_NE(reader.data<float>(), nullptr);  // reading keeps it frozen
  EXPECT_TRUE(storage.frozen());
  t.data<float>()[0] = 1.0f;  // a write access thaws it
  EXPECT_FALSE(storage.frozen());
  EXPECT_EQ(storage.derived_count(), 0u);
  EXPECT_EQ(storage.KeepDerived("a", make), nullptr);
  EXPECT_EQ(made, 2);
}

}  // namespace
}  // namespace phi
