#include "paddle/phi/kernels/reduce_max_min_kernel.h"

#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/impl/reduce_max_min_kernel_impl.h"

namespace phi {
namespace {

// out[o] = the element of its group that `better` prefers; `better(v, best)` is true when v
// should replace best. The first element of each group seeds it.
template <typename T, typename Context, typename Better>
void ReduceExtreme(const Context& dev_ctx, const DenseTensor& x, const std::vector<int64_t>& dims,
                   bool keep_dim, bool reduce_all, const char* op, DenseTensor* out,
                   Better better) {
  const DenseTensor x_in = x;  // Out may be X itself
  const funcs::ReducePlan plan = ExtremeReducePlan(x_in.dims(), dims, reduce_all, op, *out);
  T* result = funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in});
  if (plan.in_numel == 0) return;
  const T* in = x_in.data<T>();
  std::vector<bool> seeded(plan.out_numel, false);
  const int64_t len = plan.extents.back();
  const int64_t out_step = plan.out_strides.back();  // 0: the row folds into one output
  funcs::ForEachReduceRow(plan, [&](int64_t from, int64_t to) {
    for (int64_t j = 0; j < len; ++j) {
      const int64_t o = to + j * out_step;
      const T v = in[from + j];
      if (!seeded[o] || better(v, result[o])) {
        result[o] = v;
        seeded[o] = true;
      }
    }
  });
}

// NaN compares false with everything, so `v != v` lets a NaN replace any value and stay.
template <typename T>
bool IsNan(T v) {
  return v != v;  // NOLINT: also valid (always false) for integers
}

}  // namespace

template <typename T, typename Context>
void MaxKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int64_t>& dims,
               bool keep_dim, bool reduce_all, DenseTensor* out) {
  ReduceExtreme<T>(dev_ctx, x, dims, keep_dim, reduce_all, "reduce_max", out,
                   [](T v, T best) { return !IsNan(best) && (v > best || IsNan(v)); });
}

template <typename T, typename Context>
void MinKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int64_t>& dims,
               bool keep_dim, bool reduce_all, DenseTensor* out) {
  ReduceExtreme<T>(dev_ctx, x, dims, keep_dim, reduce_all, "reduce_min", out,
                   [](T v, T best) { return !IsNan(best) && (v < best || IsNan(v)); });
}

}  // namespace phi

PD_REGISTER_KERNEL(max, CPU, phi::MaxKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(min, CPU, phi::MinKernel, float, double, int32_t, int64_t);
