#include "paddle/phi/kernels/unique_kernel.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/nan_order.h"

namespace phi {
namespace {

// A tensor viewed as [outer, n, inner]: slice i is every t[o, i, j], in (o, j) row-major order.
struct SliceView {
  int64_t outer = 1, n = 0, inner = 1;
  int64_t Size() const { return outer * inner; }
  int64_t At(int64_t i, int64_t e) const {  // the flat offset of slice i's element e
    return ((e / inner) * n + i) * inner + e % inner;
  }
};

// Writes `values` into `t` (skipped when null) as `dtype` (int32 or int64) with dims `dims`.
template <typename Context>
void WriteInts(const Context& dev_ctx, DenseTensor* t, const DDim& dims, DataType dtype,
               const std::vector<int64_t>& values, const DenseTensor& x) {
  if (t == nullptr) return;
  t->Resize(dims);
  if (dtype == DataType::INT32) {
    int32_t* p = funcs::AllocUnaliased<int32_t>(dev_ctx, t, {&x});
    for (size_t i = 0; i < values.size(); ++i) p[i] = static_cast<int32_t>(values[i]);
  } else {
    int64_t* p = funcs::AllocUnaliased<int64_t>(dev_ctx, t, {&x});
    for (size_t i = 0; i < values.size(); ++i) p[i] = values[i];
  }
}

}  // namespace

template <typename T, typename Context>
void UniqueKernel(const Context& dev_ctx, const DenseTensor& x, DataType dtype, bool return_index,
                  bool return_inverse, bool return_counts, const std::vector<int>& axis,
                  bool is_sorted, DenseTensor* out, DenseTensor* indices, DenseTensor* index,
                  DenseTensor* counts) {
  (void)return_index;
  (void)return_inverse;
  (void)return_counts;  // every present output is written
  PD_CHECK(dtype == DataType::INT32 || dtype == DataType::INT64, InvalidArgument,
           "expected unique's dtype to be int32 or int64, but got ", dtype);
  const DenseTensor x_in = x;  // an output may share a variable with X
  const DDim& d = x_in.dims();
  const bool flat = !is_sorted || axis.empty();
  SliceView in;
  int a = 0;
  if (flat) {
    in.n = x_in.numel();
  } else {
    PD_CHECK(axis.size() == 1 && axis[0] >= -d.size() && axis[0] < d.size(), InvalidArgument,
             "expected unique's axis to be one axis in [", -d.size(), ", ", d.size(), ") for X ", d,
             ", but got ", funcs::FormatList(axis));
    a = axis[0] < 0 ? axis[0] + d.size() : axis[0];
    in.outer = product(d, 0, a);
    in.n = d[a];
    in.inner = product(d, a + 1, d.size());
  }
  const int64_t n = in.n, m = in.Size();
  const T* data = x_in.numel() > 0 ? x_in.data<T>() : nullptr;
  auto slice_less = [&](int64_t p, int64_t q) {
    for (int64_t e = 0; e < m; ++e) {
      const T u = data[in.At(p, e)], v = data[in.At(q, e)];
      if (!funcs::NanLastSame(u, v)) return funcs::NanLastLess(u, v);
    }
    return false;
  };
  auto slice_same = [&](int64_t p, int64_t q) {
    for (int64_t e = 0; e < m; ++e)
      if (!funcs::NanLastSame(data[in.At(p, e)], data[in.At(q, e)])) return false;
    return true;
  };
  // Stable: within a run of equal slices the first occurrence comes first.
  std::vector<int64_t> order(n);
  std::iota(order.begin(), order.end(), int64_t{0});
  std::stable_sort(order.begin(), order.end(), slice_less);
  std::vector<int64_t> first_of, count_of, group_of(n);
  for (int64_t p = 0; p < n; ++p) {
    if (p == 0 || !slice_same(order[p - 1], order[p])) {
      first_of.push_back(order[p]);
      count_of.push_back(0);
    }
    group_of[order[p]] = static_cast<int64_t>(first_of.size()) - 1;
    ++count_of.back();
  }
  const int64_t groups = static_cast<int64_t>(first_of.size());
  if (!is_sorted) {  // the legacy order: by first appearance
    std::vector<int64_t> by_first(groups), rank_of(groups);
    std::iota(by_first.begin(), by_first.end(), int64_t{0});
    std::sort(by_first.begin(), by_first.end(),
              [&](int64_t g, int64_t h) { return first_of[g] < first_of[h]; });
    std::vector<int64_t> first2(groups), count2(groups);
    for (int64_t r = 0; r < groups; ++r) {
      rank_of[by_first[r]] = r;
      first2[r] = first_of[by_first[r]];
      count2[r] = count_of[by_first[r]];
    }
    first_of.swap(first2);
    count_of.swap(count2);
    for (int64_t& g : group_of) g = rank_of[g];
  }

  DDim out_dims({groups});
  if (!flat) {
    out_dims = d;
    out_dims[a] = groups;
  }
  out->Resize(out_dims);
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in});
  SliceView result = in;
  result.n = groups;
  for (int64_t g = 0; g < groups; ++g)
    for (int64_t e = 0; e < m; ++e) dst[result.At(g, e)] = data[in.At(first_of[g], e)];
  WriteInts(dev_ctx, indices, DDim({groups}), dtype, first_of, x_in);
  WriteInts(dev_ctx, index, is_sorted ? DDim({n}) : d, dtype, group_of, x_in);
  WriteInts(dev_ctx, counts, DDim({groups}), dtype, count_of, x_in);
}

}  // namespace phi

PD_REGISTER_KERNEL(unique, CPU, phi::UniqueKernel, float, double, int32_t, int64_t);
