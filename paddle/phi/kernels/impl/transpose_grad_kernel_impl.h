// transpose_grad written once for both backends: Out@GRAD permuted back by the inverse of axis
// (funcs::TransposeCopy on the context's device).
#pragma once

#include <vector>

#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/transpose.h"
#include "paddle/phi/kernels/transpose_grad_kernel.h"

namespace phi {

template <typename T, typename Context>
void TransposeGradKernel(const Context& dev_ctx, const DenseTensor& dout,
                         const std::vector<int>& axis, DenseTensor* dx) {
  const std::vector<int> inverse =
      funcs::InversePermutation(funcs::NormalizePermutation(axis, dout.dims()));
  PD_CHECK(dx != &dout, InvalidArgument, "expected transpose_grad's X@GRAD to be another tensor"
           " than Out@GRAD, but got the same tensor");
  DDim dx_dims = dout.dims();
  for (size_t i = 0; i < inverse.size(); ++i) dx_dims[i] = dout.dims()[inverse[i]];
  dx->Resize(dx_dims);
  T* result = dev_ctx.template Alloc<T>(dx);
  funcs::TransposeCopy(dev_ctx, dout.data<T>(), dout.dims(), inverse, result);
}

}  // namespace phi
