#include "paddle/phi/kernels/bincount_kernel.h"

#include <algorithm>
#include <cstdint>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/wrapping_arith.h"

namespace phi {

template <typename T, typename Context>
void BincountKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* weights,
                    int minlength, DenseTensor* out) {
  const DenseTensor x_in = x;  // Out may share a variable with X
  PD_CHECK(minlength >= 0, InvalidArgument, "expected bincount's minlength >= 0, but got ",
           minlength);
  const int64_t n = x_in.numel();
  const T* values = n > 0 ? x_in.data<T>() : nullptr;
  int64_t bins = minlength;
  for (int64_t i = 0; i < n; ++i) {
    PD_CHECK(values[i] >= 0, InvalidArgument,
             "expected bincount's X to hold non-negative values, but got ", values[i],
             " at position ", i);
    // INT64_MAX + 1 bins cannot be allocated anyway: the allocation refuses INT64_MAX.
    const int64_t v = static_cast<int64_t>(values[i]);
    bins = std::max(bins, v == INT64_MAX ? v : v + 1);
  }
  DenseTensor w_in;
  if (weights != nullptr) {
    w_in = *weights;
    PD_CHECK(w_in.numel() == n, InvalidArgument, "expected bincount's Weights to have X's dims ",
             x_in.dims(), ", but got Weights ", w_in.dims());
  }
  out->Resize(DDim({bins}));
  auto fill = [&](auto zero) {
    using W = decltype(zero);
    W* dst = funcs::AllocUnaliased<W>(dev_ctx, out, {&x_in, weights != nullptr ? &w_in : nullptr});
    if (bins > 0) std::fill(dst, dst + bins, zero);
    if (weights == nullptr) {
      for (int64_t i = 0; i < n; ++i) dst[values[i]] = funcs::WrapAdd(dst[values[i]], W(1));
    } else {
      const W* w = n > 0 ? w_in.data<W>() : nullptr;
      for (int64_t i = 0; i < n; ++i) dst[values[i]] = funcs::WrapAdd(dst[values[i]], w[i]);
    }
  };
  const DataType out_dtype = weights == nullptr ? DataType::INT64 : w_in.dtype();
  switch (out_dtype) {
    case DataType::INT64:
      fill(int64_t{0});
      break;
    case DataType::INT32:
      fill(int32_t{0});
      break;
    case DataType::FLOAT32:
      fill(0.0f);
      break;
    case DataType::FLOAT64:
      fill(0.0);
      break;
    default:
      PD_THROW(InvalidArgument,
               "expected bincount's Weights to be float32, float64, int32 or int64, but got ",
               out_dtype);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(bincount, CPU, phi::BincountKernel, int32_t, int64_t);
