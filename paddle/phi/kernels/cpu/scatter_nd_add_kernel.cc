#include "paddle/phi/kernels/scatter_nd_add_kernel.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/scatter_nd.h"
#include "paddle/phi/kernels/funcs/wrapping_arith.h"

namespace phi {
namespace {

funcs::ScatterNdGeometry Geometry(const char* op, const DenseTensor& index, const DDim& x_dims) {
  const void* data = index.numel() > 0 ? index.raw_data() : nullptr;
  const std::vector<int64_t> coords = funcs::IndexValues(op, index.dtype(), data, index.numel());
  return funcs::ScatterNdOffsets(op, coords.data(), index.dims(), x_dims);
}

}  // namespace

template <typename T, typename Context>
void ScatterNdAddKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index,
                        const DenseTensor& updates, DenseTensor* out) {
  const DenseTensor x_in = x, index_in = index, updates_in = updates;  // Out may be X
  const funcs::ScatterNdGeometry g = Geometry("scatter_nd_add", index_in, x_in.dims());
  const int64_t count = static_cast<int64_t>(g.offsets.size());
  funcs::CheckScatterNdUpdates("scatter_nd_add's Updates", updates_in.dims(), g, "X");
  out->Resize(x_in.dims());
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in, &index_in, &updates_in});
  const int64_t n = x_in.numel();
  if (n > 0) std::copy(x_in.data<T>(), x_in.data<T>() + n, dst);
  if (count == 0 || g.slice == 0) return;
  const T* src = updates_in.data<T>();
  for (int64_t i = 0; i < count; ++i) {
    T* slice = dst + g.offsets[i] * g.slice;
    const T* add = src + i * g.slice;
    for (int64_t s = 0; s < g.slice; ++s) slice[s] = funcs::WrapAdd(slice[s], add[s]);
  }
}

template <typename T, typename Context>
void ScatterNdAddGradKernel(const Context& dev_ctx, const DenseTensor& index,
                            const DenseTensor& out_grad, DenseTensor* x_grad,
                            DenseTensor* updates_grad) {
  const DenseTensor g_in = out_grad, index_in = index;  // a grad may share Out@GRAD's variable
  const funcs::ScatterNdGeometry g = Geometry("scatter_nd_add_grad", index_in, g_in.dims());
  const int64_t count = static_cast<int64_t>(g.offsets.size());
  const int64_t n = g_in.numel();
  const T* src = n > 0 ? g_in.data<T>() : nullptr;
  if (updates_grad != nullptr) {
    funcs::CheckScatterNdUpdates("scatter_nd_add_grad's Updates@GRAD", updates_grad->dims(), g,
                                 "Out@GRAD");
    T* dst = funcs::AllocUnaliased<T>(dev_ctx, updates_grad, {&g_in, &index_in});
    for (int64_t i = 0; g.slice > 0 && i < count; ++i)
      std::copy(src + g.offsets[i] * g.slice, src + (g.offsets[i] + 1) * g.slice,
                dst + i * g.slice);
  }
  if (x_grad != nullptr) {
    x_grad->Resize(g_in.dims());
    T* dst = funcs::AllocUnaliased<T>(dev_ctx, x_grad, {&g_in, &index_in});
    if (n > 0) std::copy(src, src + n, dst);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(scatter_nd_add, CPU, phi::ScatterNdAddKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(scatter_nd_add_grad, CPU, phi::ScatterNdAddGradKernel, float, double, int32_t,
                   int64_t);
