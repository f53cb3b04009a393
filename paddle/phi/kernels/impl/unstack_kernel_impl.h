// unstack and unbind written once for both backends: output i is slot i of X's axis, which is
// stack's gradient (impl/stack_grad_kernel_impl.h: one strided row copy per output).
#pragma once

#include <vector>

#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/impl/stack_grad_kernel_impl.h"
#include "paddle/phi/kernels/unbind_kernel.h"
#include "paddle/phi/kernels/unstack_kernel.h"

namespace phi {

template <typename T, typename Context>
void UnStackKernel(const Context& dev_ctx, const DenseTensor& x, int axis, int num,
                   std::vector<DenseTensor*> outs) {
  const DDim& d = x.dims();
  const int a = funcs::NormalizeAxis(axis, d.size(), "unstack's axis");
  PD_CHECK(num == d[a] && static_cast<int64_t>(outs.size()) == num, InvalidArgument,
           "expected unstack's num and output count to equal X.dims[", a, "] (", d[a],
           "), but got num ", num, " and ", outs.size(), " outputs");
  StackGradKernel<T, Context>(dev_ctx, x, a, std::move(outs));
}

template <typename T, typename Context>
void UnbindKernel(const Context& dev_ctx, const DenseTensor& x, int axis,
                  std::vector<DenseTensor*> outs) {
  const int a = funcs::NormalizeAxis(axis, x.dims().size(), "unbind's axis");
  const int num = static_cast<int>(outs.size());
  UnStackKernel<T, Context>(dev_ctx, x, a, num, std::move(outs));
}

}  // namespace phi
