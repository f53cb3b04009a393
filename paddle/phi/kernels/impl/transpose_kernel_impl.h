// transpose (transpose2) written once for both backends: Out's dims from the permutation, then
// a real copy in the permuted order (funcs::TransposeCopy on the context's device).
#pragma once

#include <vector>

#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/transpose.h"
#include "paddle/phi/kernels/transpose_kernel.h"

namespace phi {

template <typename T, typename Context>
void TransposeKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& axis,
                     DenseTensor* out) {
  const std::vector<int> perm = funcs::NormalizePermutation(axis, x.dims());
  PD_CHECK(out != &x, InvalidArgument, "expected transpose's Out to be another tensor than X, "
           "but got the same tensor");
  DDim out_dims = x.dims();
  for (size_t i = 0; i < perm.size(); ++i) out_dims[i] = x.dims()[perm[i]];
  out->Resize(out_dims);
  T* result = dev_ctx.template Alloc<T>(out);
  funcs::TransposeCopy(dev_ctx, x.data<T>(), x.dims(), perm, result);
}

}  // namespace phi
