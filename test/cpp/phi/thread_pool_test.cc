// Tests of the runtime's one intra-op pool: coverage of the range, exceptions, nesting,
// resizing, and the pooled GEMM against the single-thread one for every transpose and split.
#include "paddle/phi/core/thread_pool.h"

#include <atomic>
#include <cmath>
#include <stdexcept>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/blas.h"

namespace phi {
namespace {

// Restores the process-wide thread count a test changes.
class ThreadCountGuard {
 public:
  ThreadCountGuard() : saved_(GetNumCPUThreads()) {}
  ~ThreadCountGuard() { SetNumCPUThreads(saved_); }

 private:
  int saved_;
};

TEST(ThreadPool, EveryIndexRunsOnce) {
  ThreadPool pool(3);
  EXPECT_EQ(pool.num_threads(), 3);
  for (int64_t n : {1, 2, 7, 1000}) {
    std::vector<std::atomic<int>> hits(n);
    pool.ParallelFor(n, 1, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) hits[i]++;
    });
    for (int64_t i = 0; i < n; ++i) EXPECT_EQ(hits[i].load(), 1) << "n=" << n << " i=" << i;
  }
}

// Back-to-back short tasks: a worker still finishing (or waking for) one task must never run
// a chunk of the next with the old task's function or bounds.
TEST(ThreadPool, ManyShortTasksInARowEachRunOnce) {
  ThreadPool pool(3);
  for (int task = 0; task < 20000; ++task) {
    const int64_t n = 1 + task % 7;
    std::vector<std::atomic<int>> hits(n);
    pool.ParallelFor(n, 1, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) hits[i] += 1 + task % 3;
    });
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(hits[i].load(), 1 + task % 3) << "task " << task;
  }
}

TEST(ThreadPool, ExceptionReachesTheCallerAndThePoolStaysUsable) {
  ThreadPool pool(2);
  EXPECT_THROW(pool.ParallelFor(100, 1,
                                [](int64_t b, int64_t) {
                                  if (b >= 50) throw std::runtime_error("chunk failed");
                                }),
               std::runtime_error);
  std::atomic<int64_t> sum{0};
  pool.ParallelFor(100, 1, [&](int64_t b, int64_t e) { sum += e - b; });
  EXPECT_EQ(sum.load(), 100);
}

TEST(ThreadPool, NestedParallelForRunsInline) {
  ThreadPool pool(2);
  std::atomic<int64_t> total{0};
  pool.ParallelFor(4, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i)
      pool.ParallelFor(10, 1, [&](int64_t b2, int64_t e2) { total += e2 - b2; });
  });
  EXPECT_EQ(total.load(), 40);
}

TEST(ThreadPool, ResizingReplacesTheProcessPool) {
  ThreadCountGuard guard;
  SetNumCPUThreads(3);
  EXPECT_EQ(GetNumCPUThreads(), 3);
  std::shared_ptr<ThreadPool> held = CPUContext::Default().thread_pool();
  SetNumCPUThreads(0);  // clamped to 1
  EXPECT_EQ(GetNumCPUThreads(), 1);
  EXPECT_EQ(CPUContext::Default().thread_pool()->num_threads(), 1);
  // A kernel still holding the old pool keeps using it safely.
  std::atomic<int64_t> sum{0};
  held->ParallelFor(64, 1, [&](int64_t b, int64_t e) { sum += e - b; });
  EXPECT_EQ(sum.load(), 64);
}

std::vector<float> Ramp(int64_t count, float scale) {
  std::vector<float> v(count);
  for (int64_t i = 0; i < count; ++i) v[i] = std::sin(0.37f * i) * scale;
  return v;
}

TEST(ThreadPool, PooledGemmEqualsSingleThreadGemm) {
  ThreadCountGuard guard;
  // Wide (split by columns), tall (split by rows), ragged sizes; all four transposes.
  const int64_t shapes[][3] = {{64, 4099, 33}, {4099, 40, 70}, {129, 257, 65}, {3, 5, 7}};
  for (const auto& s : shapes) {
    const int64_t m = s[0], n = s[1], k = s[2];
    const std::vector<float> a = Ramp(m * k, 1.0f), b = Ramp(k * n, 0.5f);
    for (int t = 0; t < 4; ++t) {
      const bool ta = t & 1, tb = t & 2;
      std::vector<float> one(m * n, 1.0f), many(m * n, 1.0f);
      SetNumCPUThreads(1);
      funcs::Gemm<float>(ta, tb, m, n, k, 1.5f, a.data(), b.data(), 0.5f, one.data());
      SetNumCPUThreads(3);
      funcs::Gemm<float>(ta, tb, m, n, k, 1.5f, a.data(), b.data(), 0.5f, many.data());
      for (int64_t i = 0; i < m * n; ++i) {
        ASSERT_NEAR(one[i], many[i], 1e-4f * (1.0f + std::fabs(one[i])))
            << "m=" << m << " n=" << n << " k=" << k << " trans " << ta << tb << " at " << i;
      }
    }
  }
}

// Two application threads multiplying at once (two Predictors): Debian's serial OpenBLAS gave
// wrong results here about 3% of the time; funcs::Gemm must not.
TEST(ThreadPool, ConcurrentGemmCallsFromTwoThreadsAgree) {
  ThreadCountGuard guard;
  SetNumCPUThreads(1);
  const int64_t m = 4099, n = 40, k = 70;
  const std::vector<float> a = Ramp(m * k, 1.0f), b = Ramp(k * n, 0.5f);
  std::vector<float> want(m * n);
  funcs::Gemm<float>(true, true, m, n, k, 1.0f, a.data(), b.data(), 0.0f, want.data());
  std::atomic<int> bad{0};
  auto work = [&] {
    std::vector<float> got(m * n);
    for (int rep = 0; rep < 200; ++rep) {
      funcs::Gemm<float>(true, true, m, n, k, 1.0f, a.data(), b.data(), 0.0f, got.data());
      for (int64_t i = 0; i < m * n; ++i) {
        if (std::fabs(got[i] - want[i]) > 1e-4f * (1.0f + std::fabs(want[i]))) {
          ++bad;
          break;
        }
      }
    }
  };
  std::thread t1(work), t2(work);
  t1.join();
  t2.join();
  EXPECT_EQ(bad.load(), 0);
}

}  // namespace
}  // namespace phi
