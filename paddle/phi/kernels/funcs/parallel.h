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

}  // namespace funcs
}  // namespace phi
