// The pooling window of one output position, shared by pool2d and its grad.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "paddle/phi/core/hostdevice.h"
#include "paddle/phi/infermeta/nn.h"

namespace phi {
namespace funcs {

struct PoolRange {
  int64_t begin = 0;  // in-image extent [begin, end)
  int64_t end = 0;
  int64_t padded = 0;  // extent counting padding, for non-exclusive averages
};

// Adaptive windows are [floor(o * in / out), ceil((o + 1) * in / out)). Other windows start at
// o * stride - pad_before and, as in PaddlePaddle, are clipped at in + pad_before before the
// padded extent is taken (with asymmetric padding, the bottom/right padding only affects the
// number of windows). The GPU pool kernels call it too.
PD_HOSTDEVICE inline PoolRange PoolWindow(const WindowAxis& a, bool adaptive, int64_t o) {
  PoolRange r;
  if (adaptive) {
    r.begin = o * a.in / a.out;
    r.end = ((o + 1) * a.in + a.out - 1) / a.out;
    r.padded = r.end - r.begin;
    return r;
  }
  const int64_t start = o * a.stride - a.pad_before;
  const int64_t reach = start + a.kernel, limit = a.in + a.pad_before;
  const int64_t end = reach < limit ? reach : limit;
  r.padded = end - start;
  r.begin = start > 0 ? start : 0;
  r.end = end < a.in ? end : a.in;
  return r;
}

// The windows of every output position along an axis (the same for every plane).
inline std::vector<PoolRange> PoolWindows(const WindowAxis& a, bool adaptive) {
  std::vector<PoolRange> windows(a.out);
  for (int64_t o = 0; o < a.out; ++o) windows[o] = PoolWindow(a, adaptive, o);
  return windows;
}

// Whether every window is 2x2 at stride 2 inside the image (no padding, none clipped), for a
// max pool: the usual downsampling, whose windows tile the image without overlap. pool2d and
// its grad run it in loops of their own, without the general window bookkeeping.
inline bool IsPlainMax2x2(const PoolGeometry& g, bool is_max) {
  auto plain = [](const WindowAxis& a) {
    return a.kernel == 2 && a.stride == 2 && a.pad_before == 0 && 2 * a.out <= a.in;
  };
  return is_max && !g.adaptive && plain(g.h) && plain(g.w);
}

}  // namespace funcs
}  // namespace phi
