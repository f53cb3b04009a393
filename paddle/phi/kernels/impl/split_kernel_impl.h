// split written once for both backends: each output is a block of X's rows (outer = the product
// of the dims before the axis), copied as one 2-D strided copy (funcs::CopyRows).
#pragma once

#include <vector>

#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/split_kernel.h"

namespace phi {

template <typename T, typename Context>
void SplitKernel(const Context& dev_ctx, const DenseTensor& x, int axis, int num,
                 const std::vector<int>& sections, std::vector<DenseTensor*> out) {
  const DenseTensor x_in = x;  // an output may be X itself
  const DDim& x_dims = x_in.dims();
  const int rank = x_dims.size();
  PD_CHECK(rank >= 1, InvalidArgument, "expected split's X of rank >= 1, but got ", x_dims);
  const int a = funcs::NormalizeAxis(axis, rank, "split axis");
  const int64_t outer = product(x_dims, 0, a);
  const int64_t row = product(x_dims, a, rank);
  int64_t total = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    PD_CHECK(out[i] != nullptr, InvalidArgument, "expected every output Out of split to be "
             "present, but Out[", i, "] is missing");
    PD_CHECK(out[i]->dims().size() == rank, InvalidArgument, "expected split's Out[", i,
             "] to have the rank of X ", x_dims, ", but got ", out[i]->dims());
    total += out[i]->numel();
  }
  PD_CHECK(total == x_in.numel(), InvalidArgument, "expected split's outputs to hold the ",
           x_in.numel(), " elements of X ", x_dims, " together, but they hold ", total);
  const T* src = x_in.numel() > 0 ? x_in.data<T>() : nullptr;
  int64_t column = 0;
  for (DenseTensor* o_tensor : out) {
    const int64_t chunk = product(o_tensor->dims(), a, rank);
    T* dst = funcs::AllocUnaliased<T>(dev_ctx, o_tensor, {&x_in});
    if (chunk > 0 && outer > 0)
      funcs::CopyRows(dev_ctx, dst, chunk, src + column, row, chunk, outer);
    column += chunk;
  }
}

}  // namespace phi
