// stack_grad written once for both backends: input i's gradient is slot i of Y@GRAD's new axis
// in every outer row, one 2-D strided copy each (funcs::CopyRows).
#pragma once

#include <vector>

#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/stack_grad_kernel.h"

namespace phi {

template <typename T, typename Context>
void StackGradKernel(const Context& dev_ctx, const DenseTensor& dy, int axis,
                     std::vector<DenseTensor*> dx) {
  const DenseTensor d_in = dy;  // a gradient may alias Y@GRAD's storage
  const DDim& dims = d_in.dims();
  PD_CHECK(dims.size() >= 1, InvalidArgument, "expected stack_grad's Y@GRAD of rank >= 1, "
           "but got ", dims);
  const int a = funcs::NormalizeAxis(axis, dims.size(), "stack axis");
  const int64_t count = static_cast<int64_t>(dx.size());
  PD_CHECK(dims[a] == count, InvalidArgument, "expected Y@GRAD ", dims, " to stack ", count,
           " inputs along axis ", a, ", but its extent there is ", dims[a]);
  const int64_t outer = product(dims, 0, a);
  const int64_t inner = product(dims, a + 1, dims.size());
  for (int64_t i = 0; i < count; ++i) {
    if (dx[i] == nullptr) continue;
    PD_CHECK(dx[i]->numel() == outer * inner, InvalidArgument, "expected X@GRAD[", i, "] to hold ",
             outer * inner, " elements (Y@GRAD ", dims, " without axis ", a, "), but got ",
             dx[i]->dims());
    T* dst = funcs::AllocUnaliased<T>(dev_ctx, dx[i], {&d_in});
    if (inner == 0 || outer == 0) continue;
    funcs::CopyRows(dev_ctx, dst, inner, d_in.data<T>() + i * inner, count * inner, inner, outer);
  }
}

}  // namespace phi
