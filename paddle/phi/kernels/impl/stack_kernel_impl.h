// stack written once for both backends: input i fills slot i of the new axis in every outer row
// of Y, one 2-D strided copy per input (funcs::CopyRows).
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/stack_kernel.h"

namespace phi {

template <typename T, typename Context>
void StackKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x, int axis,
                 DenseTensor* y) {
  PD_CHECK(!x.empty(), InvalidArgument, "expected at least one input X to stack, but got none");
  std::vector<DenseTensor> inputs;  // held by value: Y may be one of them
  std::vector<const DenseTensor*> pointers;
  for (size_t i = 0; i < x.size(); ++i) {
    PD_CHECK(x[i] != nullptr && x[i]->dims() == x[0]->dims(), InvalidArgument,
             "expected every stack input to have the dims of X[0] ", x[0]->dims(), ", but X[", i,
             "] ", x[i] ? x[i]->dims().to_str() : std::string("is missing"));
    inputs.push_back(*x[i]);
  }
  for (const DenseTensor& t : inputs) pointers.push_back(&t);
  const DDim in_dims = inputs[0].dims();
  const int a = funcs::NormalizeAxis(axis, in_dims.size() + 1, "stack axis");
  const int64_t count = static_cast<int64_t>(inputs.size());
  PD_CHECK(y->numel() == in_dims.numel() * count, InvalidArgument, "expected stack's Y ",
           y->dims(), " to hold ", count, " inputs of dims ", in_dims, ", but it does not");
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, y, pointers);
  const int64_t outer = product(in_dims, 0, a);
  const int64_t inner = product(in_dims, a, in_dims.size());
  if (inner == 0 || outer == 0) return;
  for (int64_t i = 0; i < count; ++i)
    funcs::CopyRows(dev_ctx, dst + i * inner, count * inner, inputs[i].data<T>(), inner, inner,
                    outer);
}

}  // namespace phi
