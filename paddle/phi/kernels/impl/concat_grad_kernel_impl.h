// concat_grad written once for both backends: each wanted input gradient is its block of
// Out@GRAD's rows, copied as one 2-D strided copy (funcs::CopyRows on the context's device).
#pragma once

#include <vector>

#include "paddle/phi/kernels/concat_grad_kernel.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {

template <typename T, typename Context>
void ConcatGradKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                      const DenseTensor& dout, int axis, std::vector<DenseTensor*> dx) {
  PD_CHECK(dx.size() == x.size(), InvalidArgument, "expected concat_grad to have one X@GRAD per "
           "input X (", x.size(), "), but got ", dx.size());
  const DenseTensor d_in = dout;  // a gradient may alias Out@GRAD's storage
  const DDim& d_dims = d_in.dims();
  const int rank = d_dims.size();
  const int a = funcs::NormalizeAxis(axis, rank, "concat axis");
  const int64_t outer = product(d_dims, 0, a);
  const int64_t row = product(d_dims, a, rank);
  int64_t total = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    // Each input is a slab of Out@GRAD along the axis: same rank, same extents elsewhere.
    const DDim& xd = x[i]->dims();
    bool fits = xd.size() == rank;
    for (int j = 0; fits && j < rank; ++j) fits = j == a || xd[j] == d_dims[j];
    PD_CHECK(fits, InvalidArgument, "expected concat_grad's X[", i, "] ", xd,
             " to match Out@GRAD ", d_dims, " outside axis ", a, ", but it does not");
    total += x[i]->numel();
  }
  PD_CHECK(total == d_in.numel(), InvalidArgument, "expected concat_grad's Out@GRAD ", d_dims,
           " to hold the ", total, " elements of the inputs, but it does not");
  int64_t column = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const int64_t chunk = product(x[i]->dims(), a, rank);
    if (dx[i] != nullptr) {
      PD_CHECK(dx[i]->numel() == x[i]->numel(), InvalidArgument, "expected X@GRAD[", i,
               "] to have the dims of X[", i, "] ", x[i]->dims(), ", but got ", dx[i]->dims());
      T* dst = funcs::AllocUnaliased<T>(dev_ctx, dx[i], {&d_in});
      if (chunk > 0 && outer > 0)
        funcs::CopyRows(dev_ctx, dst, chunk, d_in.data<T>() + column, row, chunk, outer);
    }
    column += chunk;
  }
}

}  // namespace phi
