// Loops split over the runtime's one intra-op pool when the work pays for waking it.
#pragma once

#include <algorithm>
#include <cstdint>

#include "paddle/phi/core/device_context.h"

namespace phi {
namespace funcs {

// About the simple steps (a load, an add, a store) that take as long as waking the pool's
// threads and waiting for them: a few microseconds.
constexpr int64_t kMinParallelWork = int64_t{1} << 15;

// Runs fn(begin, end) over [0, n), where each item costs about `cost_per_item` simple steps:
// on the calling thread when the whole loop is small, else in chunks over the pool. Items
// must be independent (each writes only its own outputs), so results never depend on the
// number of threads.
template <typename Fn>
void ParallelRange(int64_t n, int64_t cost_per_item, const Fn& fn) {
  if (n <= 0) return;
  cost_per_item = std::max<int64_t>(cost_per_item, 1);
  if (n < 2 || static_cast<double>(n) * cost_per_item < 2.0 * kMinParallelWork) {
    fn(int64_t{0}, n);
    return;
  }
  const int64_t grain = std::max<int64_t>(1, kMinParallelWork / cost_per_item);
  CurrentCPUThreadPool()->ParallelFor(n, grain, fn);
}

// Below this many multiply-adds a GEMM runs on the calling thread: waking the pool costs a
// few microseconds, about what 2^18 multiply-adds take on one core.
constexpr int64_t kParallelGemmWork = int64_t{1} << 18;

// A GEMM's output C [m, n] split over the pool, one block per thread: slices of whole
// `row_unit` rows when by_rows (each repacks all of B), else of whole `col_unit` columns (each
// repacks A); fn(m0, m1, n0, n1) multiplies one block. The inner dimension is never split, so
// no partial sums cross threads and results do not depend on the number of threads.
template <typename Fn>
void SplitGemmOverPool(ThreadPool* pool, int64_t m, int64_t n, bool by_rows, int64_t row_unit,
                       int64_t col_unit, const Fn& fn) {
  const int64_t unit = by_rows ? row_unit : col_unit;
  const int64_t extent = by_rows ? m : n;
  const int64_t units = (extent + unit - 1) / unit;
  const int64_t parts = std::min<int64_t>(pool->num_threads(), units);
  const int64_t per_part = (units + parts - 1) / parts * unit;
  pool->ParallelFor(parts, 1, [&](int64_t p0, int64_t p1) {
    for (int64_t p = p0; p < p1; ++p) {
      const int64_t lo = p * per_part;
      const int64_t hi = std::min(extent, lo + per_part);
      if (lo >= hi) continue;
      if (by_rows) {
        fn(lo, hi, int64_t{0}, n);
      } else {
        fn(int64_t{0}, m, lo, hi);
      }
    }
  });
}

}  // namespace funcs
}  // namespace phi
