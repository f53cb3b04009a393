// range written once for both backends: Start, End and Step are read on the host (the length of
// Out depends on them) and checked; FillRange, which writes Out, is each backend's own.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "paddle/phi/kernels/range_kernel.h"

namespace phi {
class CPUContext;
class GPUContext;

// data[i] = the i-th value of the sequence first, first + delta, ... (i < n).
template <typename T>
void FillRange(const CPUContext& ctx, T first, T delta, int64_t n, T* data);
template <typename T>
void FillRange(const GPUContext& ctx, T first, T delta, int64_t n, T* data);

template <typename T, typename Context>
void RangeKernel(const Context& dev_ctx, const DenseTensor& start, const DenseTensor& end,
                 const DenseTensor& step, DenseTensor* out) {
  const T first = start.data<T>()[0], last = end.data<T>()[0], delta = step.data<T>()[0];
  PD_CHECK(delta != T(0), InvalidArgument, "expected range's Step to be non-zero, but got 0");
  PD_CHECK(!(first < last && delta < T(0)) && !(first > last && delta > T(0)), InvalidArgument,
           "expected range's Step to point from Start (", first, ") towards End (", last,
           "), but got ", delta);
  double count;
  if constexpr (std::is_integral_v<T>) {
    long double span = std::fabs(static_cast<long double>(last) - static_cast<long double>(first));
    long double stride = std::fabs(static_cast<long double>(delta));
    count = static_cast<double>(std::ceil(span / stride));
  } else {
    count = std::ceil(std::fabs((static_cast<double>(last) - first) / delta));
  }
  PD_CHECK(std::isfinite(count) && count < static_cast<double>(std::numeric_limits<int32_t>::max()),
           ResourceExhausted, "expected range to have fewer than 2^31 elements, but [", first,
           ", ", last, ") by ", delta, " has ", count);
  const int64_t n = static_cast<int64_t>(count);
  out->Resize(DDim({n}));
  T* data = dev_ctx.template Alloc<T>(out);
  FillRange(dev_ctx, first, delta, n, data);
}

}  // namespace phi
