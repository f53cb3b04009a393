#include "paddle/phi/kernels/scatter_kernel.h"

#include <cstdint>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {
namespace {

std::vector<int64_t> ReadIds(const DenseTensor& ids, int64_t rows) {
  const int64_t n = ids.numel();
  std::vector<int64_t> out(n);
  if (ids.dtype() == DataType::INT32) {
    const int32_t* p = ids.data<int32_t>();
    for (int64_t i = 0; i < n; ++i) out[i] = p[i];
  } else {
    PD_CHECK(ids.dtype() == DataType::INT64, InvalidArgument,
             "expected scatter's Ids to be int32 or int64, but got ", ids.dtype());
    const int64_t* p = ids.data<int64_t>();
    for (int64_t i = 0; i < n; ++i) out[i] = p[i];
  }
  for (int64_t i = 0; i < n; ++i) {
    PD_CHECK(out[i] >= 0 && out[i] < rows, InvalidArgument, "expected scatter's Ids values in [0, ",
             rows, "), but got ", out[i], " at position ", i);
  }
  return out;
}

}  // namespace

template <typename T, typename Context>
void ScatterKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& ids,
                   const DenseTensor& updates, bool overwrite, DenseTensor* out) {
  const DDim& xd = x.dims();
  const std::vector<int64_t> idx = ReadIds(ids, xd[0]);
  const int64_t n = static_cast<int64_t>(idx.size());
  PD_CHECK(updates.dims()[0] == n, InvalidArgument,
           "expected scatter's Updates.dims[0] to equal the number of Ids (", n, "), but got ",
           updates.dims());
  const int64_t row = product(xd, 1, xd.size());
  PD_CHECK(updates.numel() == n * row, InvalidArgument,
           "expected scatter's Updates.dims[1:] to equal X.dims[1:], but got Updates ",
           updates.dims(), " for X ", xd);
  const T* in = x.data<T>();
  const T* up = updates.data<T>();
  T* r = dev_ctx.template Alloc<T>(out);
  const int64_t total = x.numel();
  for (int64_t i = 0; i < total; ++i) r[i] = in[i];
  if (overwrite) {
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t s = 0; s < row; ++s) r[idx[j] * row + s] = up[j * row + s];
    }
  } else {
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t s = 0; s < row; ++s) r[idx[j] * row + s] = T(0);
    }
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t s = 0; s < row; ++s) r[idx[j] * row + s] += up[j * row + s];
    }
  }
}

template <typename T, typename Context>
void ScatterGradKernel(const Context& dev_ctx, const DenseTensor& ids, const DenseTensor& dout,
                       bool overwrite, DenseTensor* dx, DenseTensor* dupdates) {
  const DDim& od = dout.dims();
  const std::vector<int64_t> idx = ReadIds(ids, od[0]);
  const int64_t n = static_cast<int64_t>(idx.size());
  const int64_t row = product(od, 1, od.size());
  const T* g = dout.data<T>();
  if (dx != nullptr) {
    T* r = dev_ctx.template Alloc<T>(dx);
    const int64_t total = dout.numel();
    for (int64_t i = 0; i < total; ++i) r[i] = g[i];
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t s = 0; s < row; ++s) r[idx[j] * row + s] = T(0);
    }
  }
  if (dupdates != nullptr) {
    T* r = dev_ctx.template Alloc<T>(dupdates);
    std::vector<bool> kept(n, true);
    // Only the last update of each row reaches Out (with rows of 0 elements there is nothing to
    // keep, and Out's rows, however many, are not tracked).
    if (overwrite && row > 0) {
      std::vector<bool> seen(od[0], false);
      for (int64_t j = n - 1; j >= 0; --j) {
        kept[j] = !seen[idx[j]];
        seen[idx[j]] = true;
      }
    }
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t s = 0; s < row; ++s) r[j * row + s] = kept[j] ? g[idx[j] * row + s] : T(0);
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(scatter, CPU, phi::ScatterKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(scatter_grad, CPU, phi::ScatterGradKernel, float, double, int32_t, int64_t);
