#include "paddle/phi/kernels/index_select_kernel.h"

#include <cstdint>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {
namespace {

// Index as int64, each checked against [0, extent).
std::vector<int64_t> ReadIndex(const DenseTensor& index, int64_t extent) {
  const int64_t n = index.numel();
  std::vector<int64_t> out(n);
  if (index.dtype() == DataType::INT32) {
    const int32_t* p = index.data<int32_t>();
    for (int64_t i = 0; i < n; ++i) out[i] = p[i];
  } else {
    PD_CHECK(index.dtype() == DataType::INT64, InvalidArgument,
             "expected index_select's Index to be int32 or int64, but got ", index.dtype());
    const int64_t* p = index.data<int64_t>();
    for (int64_t i = 0; i < n; ++i) out[i] = p[i];
  }
  for (int64_t i = 0; i < n; ++i) {
    PD_CHECK(out[i] >= 0 && out[i] < extent, InvalidArgument,
             "expected index_select's Index values in [0, ", extent, "), but got ", out[i],
             " at position ", i);
  }
  return out;
}

}  // namespace

template <typename T, typename Context>
void IndexSelectKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index,
                       int dim, DenseTensor* out) {
  const DenseTensor in_t = x;
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(in_t.dims(), dim);
  const std::vector<int64_t> idx = ReadIndex(index, s.axis_extent);
  const int64_t n = static_cast<int64_t>(idx.size());
  const T* in = in_t.data<T>();
  T* r = dev_ctx.template Alloc<T>(out);
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t j = 0; j < n; ++j) {
      const T* src = in + (o * s.axis_extent + idx[j]) * s.inner;
      T* dst = r + (o * n + j) * s.inner;
      for (int64_t i = 0; i < s.inner; ++i) dst[i] = src[i];
    }
  }
}

template <typename T, typename Context>
void IndexSelectGradKernel(const Context& dev_ctx, const DenseTensor& index,
                           const DenseTensor& dout, int dim, DenseTensor* dx) {
  const DenseTensor d_in = dout;
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(dx->dims(), dim);
  const std::vector<int64_t> idx = ReadIndex(index, s.axis_extent);
  const int64_t n = static_cast<int64_t>(idx.size());
  // Out@GRAD is X with the selected axis holding one entry per index.
  PD_CHECK(d_in.numel() == s.outer * n * s.inner, InvalidArgument,
           "expected index_select_grad's Out@GRAD to hold ", s.outer * n * s.inner,
           " values (X ", dx->dims(), " with ", n, " indices along dim ", dim, "), but got dims ",
           d_in.dims());
  const T* g = d_in.data<T>();
  T* r = dev_ctx.template Alloc<T>(dx);
  const int64_t total = dx->numel();
  for (int64_t k = 0; k < total; ++k) r[k] = T(0);
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t j = 0; j < n; ++j) {
      const T* src = g + (o * n + j) * s.inner;
      T* dst = r + (o * s.axis_extent + idx[j]) * s.inner;
      for (int64_t i = 0; i < s.inner; ++i) dst[i] += src[i];
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(index_select, CPU, phi::IndexSelectKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(index_select_grad, CPU, phi::IndexSelectGradKernel, float, double);
