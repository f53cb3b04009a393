#include "paddle/phi/kernels/gather_kernel.h"

#include <algorithm>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {

template <typename T, typename Context>
void GatherKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index, int axis,
                  DenseTensor* out) {
  const DenseTensor x_in = x;  // Out may be X itself
  const DDim& x_dims = x_in.dims();
  PD_CHECK(x_dims.size() >= 1, InvalidArgument, "expected gather's X of rank >= 1, but got ",
           x_dims);
  const int a = funcs::NormalizeAxis(axis, x_dims.size(), "gather axis");
  const std::vector<int64_t> positions = funcs::ReadIndices(
      index, x_dims[a], "gather along axis " + std::to_string(a) + " of X " + x_dims.to_str());
  const int64_t outer = product(x_dims, 0, a);
  const int64_t inner = product(x_dims, a + 1, x_dims.size());
  const int64_t count = static_cast<int64_t>(positions.size());
  PD_CHECK(out->numel() == outer * count * inner, InvalidArgument, "expected gather's Out to hold ",
           outer * count * inner, " elements (X ", x_dims, ", ", count, " indices on axis ", a,
           "), but got Out ", out->dims());
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in, &index});
  if (out->numel() == 0) return;
  const T* src = x_in.data<T>();
  const int64_t extent = x_dims[a];
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t k = 0; k < count; ++k) {
      const T* from = src + (o * extent + positions[k]) * inner;
      std::copy(from, from + inner, dst + (o * count + k) * inner);
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(gather, CPU, phi::GatherKernel, float, double, int32_t, int64_t, bool, uint8_t);
