#include "paddle/phi/kernels/put_along_axis_kernel.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/along_axis.h"

namespace phi {
namespace {

enum class PutReduce { kAssign, kAdd, kMul };

PutReduce ParseReduce(const std::string& reduce, const char* op) {
  if (reduce == "assign") return PutReduce::kAssign;
  if (reduce == "add") return PutReduce::kAdd;
  PD_CHECK(reduce == "mul" || reduce == "multiply", InvalidArgument, "expected ", op,
           "'s Reduce to be assign, add, mul or multiply, but got '", reduce, "'");
  return PutReduce::kMul;
}

// Input offsets of every Index element, after checking that Value matches Index.
std::vector<int64_t> Targets(const DenseTensor& input, const DenseTensor& index,
                             const DenseTensor& value, int axis, const char* op) {
  PD_CHECK(value.dims() == index.dims(), InvalidArgument, "expected ", op,
           "'s Value to have Index's dims ", index.dims(), ", but got Value ", value.dims());
  return funcs::AlongAxisTargets(input.dims(), index, axis, op);
}

}  // namespace

template <typename T, typename Context>
void PutAlongAxisKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& index,
                        const DenseTensor& value, int axis, const std::string& reduce,
                        DenseTensor* result) {
  const PutReduce how = ParseReduce(reduce, "put_along_axis");
  const std::vector<int64_t> offsets = Targets(input, index, value, axis, "put_along_axis");
  const T* in = input.data<T>();
  const T* v = value.data<T>();
  T* out = dev_ctx.template Alloc<T>(result);
  const int64_t total = input.numel();
  if (out != in) std::copy(in, in + total, out);
  for (size_t i = 0; i < offsets.size(); ++i) {
    T& target = out[offsets[i]];
    if (how == PutReduce::kAssign) {
      target = v[i];
    } else if (how == PutReduce::kAdd) {
      target += v[i];
    } else {
      target *= v[i];
    }
  }
}

template <typename T, typename Context>
void PutAlongAxisGradKernel(const Context& dev_ctx, const DenseTensor& input,
                            const DenseTensor& index, const DenseTensor& value,
                            const DenseTensor& result_grad, int axis, const std::string& reduce,
                            DenseTensor* input_grad, DenseTensor* value_grad) {
  const char* op = "put_along_axis_grad";
  const PutReduce how = ParseReduce(reduce, op);
  const std::vector<int64_t> offsets = Targets(input, index, value, axis, op);
  PD_CHECK(result_grad.dims() == input.dims(), InvalidArgument,
           "expected put_along_axis_grad's Result@GRAD to have Input's dims ", input.dims(),
           ", but got ", result_grad.dims());
  const int64_t total = input.numel();
  const int64_t count = static_cast<int64_t>(offsets.size());
  const T* g = result_grad.data<T>();
  const T* in = input.data<T>();
  const T* v = value.data<T>();
  T* dx = input_grad != nullptr ? dev_ctx.template Alloc<T>(input_grad) : nullptr;
  T* dv = value_grad != nullptr ? dev_ctx.template Alloc<T>(value_grad) : nullptr;
  if (dx != nullptr) std::copy(g, g + total, dx);
  if (how == PutReduce::kAssign) {
    // Only the last write to an element survives: it gets the gradient, the element's own
    // and earlier writes' get zero.
    std::vector<char> written(total, 0);
    for (int64_t i = count - 1; i >= 0; --i) {
      const int64_t k = offsets[i];
      if (dv != nullptr) dv[i] = written[k] ? T(0) : g[k];
      written[k] = 1;
    }
    if (dx != nullptr) {
      for (int64_t k = 0; k < total; ++k)
        if (written[k]) dx[k] = T(0);
    }
  } else if (how == PutReduce::kAdd) {
    if (dv != nullptr) {
      for (int64_t i = 0; i < count; ++i) dv[i] = g[offsets[i]];
    }
  } else {
    // Result[k] = Input[k] * prod of the values written to k. Each factor's gradient is the
    // product of all the others, taken from prefix and suffix products (no division, so
    // zeros are exact).
    std::vector<std::pair<int64_t, int64_t>> by_target(count);  // (offset, Index position)
    for (int64_t i = 0; i < count; ++i) by_target[i] = {offsets[i], i};
    std::stable_sort(by_target.begin(), by_target.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<T> suffix;
    for (int64_t begin = 0; begin < count;) {
      const int64_t k = by_target[begin].first;
      int64_t end = begin;
      while (end < count && by_target[end].first == k) ++end;
      const int64_t n = end - begin;
      suffix.assign(n + 1, T(1));
      for (int64_t j = n - 1; j >= 0; --j) {
        suffix[j] = suffix[j + 1] * v[by_target[begin + j].second];
      }
      if (dx != nullptr) dx[k] = g[k] * suffix[0];
      T prefix = in[k];
      for (int64_t j = 0; j < n; ++j) {
        const int64_t i = by_target[begin + j].second;
        if (dv != nullptr) dv[i] = g[k] * prefix * suffix[j + 1];
        prefix *= v[i];
      }
      begin = end;
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(put_along_axis, CPU, phi::PutAlongAxisKernel, float, double, int32_t,
                   int64_t);
PD_REGISTER_KERNEL(put_along_axis_grad, CPU, phi::PutAlongAxisGradKernel, float, double,
                   int32_t, int64_t);
