// concat written once for both backends: the checks and the row arithmetic, with each input
// copied into Out's rows as one 2-D strided copy (funcs::CopyRows on the context's device).
#pragma once

#include <vector>

#include "paddle/phi/kernels/concat_kernel.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {

// Each input is a block of Out's rows, outer = the product of the dims before the axis.
template <typename T, typename Context>
void ConcatKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x, int axis,
                  DenseTensor* out) {
  PD_CHECK(!x.empty(), InvalidArgument, "expected at least one input X to concat, but got none");
  // Held by value: Out may be one of the inputs (or share its storage).
  std::vector<DenseTensor> inputs;
  std::vector<const DenseTensor*> pointers;
  int64_t total = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    PD_CHECK(x[i] != nullptr, InvalidArgument, "expected every input X of concat to be present, "
             "but X[", i, "] is missing");
    inputs.push_back(*x[i]);
    total += x[i]->numel();
  }
  for (const DenseTensor& t : inputs) pointers.push_back(&t);
  const DDim out_dims = out->dims();
  const int rank = out_dims.size();
  const int a = funcs::NormalizeAxis(axis, rank, "concat axis");
  PD_CHECK(out->numel() == total, InvalidArgument, "expected concat's Out ", out_dims,
           " to hold the ", total, " elements of its inputs, but it does not");
  for (const DenseTensor& input : inputs) {
    PD_CHECK(input.dims().size() == rank, InvalidArgument, "expected every concat input to have "
             "rank ", rank, " like Out ", out_dims, ", but got an input ", input.dims());
  }
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, out, pointers);
  const int64_t outer = product(out_dims, 0, a);
  const int64_t row = product(out_dims, a, rank);
  int64_t column = 0;  // where the current input starts within a row of Out
  for (const DenseTensor& input : inputs) {
    const int64_t chunk = product(input.dims(), a, rank);
    if (chunk > 0 && input.numel() > 0)
      funcs::CopyRows(dev_ctx, dst + column, row, input.data<T>(), chunk, chunk, outer);
    column += chunk;
  }
}

}  // namespace phi
