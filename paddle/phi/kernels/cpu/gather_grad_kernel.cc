#include "paddle/phi/kernels/gather_grad_kernel.h"

#include <algorithm>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {

template <typename T, typename Context>
void GatherGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index,
                      const DenseTensor& dout, int axis, DenseTensor* dx) {
  if (dx == nullptr) return;
  const DDim x_dims = x.dims();
  PD_CHECK(x_dims.size() >= 1, InvalidArgument, "expected gather's X of rank >= 1, but got ",
           x_dims);
  const int a = funcs::NormalizeAxis(axis, x_dims.size(), "gather axis");
  const std::vector<int64_t> positions = funcs::ReadIndices(
      index, x_dims[a], "gather along axis " + std::to_string(a) + " of X " + x_dims.to_str());
  const int64_t outer = product(x_dims, 0, a);
  const int64_t inner = product(x_dims, a + 1, x_dims.size());
  const int64_t count = static_cast<int64_t>(positions.size());
  PD_CHECK(dout.numel() == outer * count * inner, InvalidArgument, "expected gather_grad's "
           "Out@GRAD to hold ", outer * count * inner, " elements (X ", x_dims, ", ", count,
           " indices on axis ", a, "), but got ", dout.dims());
  PD_CHECK(dx->numel() == x_dims.numel(), InvalidArgument, "expected gather_grad's X@GRAD to "
           "have X's dims ", x_dims, ", but got ", dx->dims());
  const DenseTensor d_in = dout;  // X@GRAD may alias Out@GRAD's storage
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, dx, {&d_in, &index});
  std::fill(dst, dst + x_dims.numel(), T(0));
  if (d_in.numel() == 0) return;
  const T* src = d_in.data<T>();
  const int64_t extent = x_dims[a];
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t k = 0; k < count; ++k) {
      const T* from = src + (o * count + k) * inner;
      T* to = dst + (o * extent + positions[k]) * inner;
      for (int64_t j = 0; j < inner; ++j) to[j] += from[j];
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(gather_grad, CPU, phi::GatherGradKernel, float, double);
