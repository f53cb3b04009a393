#include "paddle/phi/kernels/reduce_max_min_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/impl/reduce_max_min_grad_kernel_impl.h"

namespace phi {

template <typename T>
void RouteToExtremes(const CPUContext& /*ctx*/, const funcs::ReducePlan& plan, const T* x,
                     const T* out, const T* dout, T* dx) {
  const int64_t len = plan.extents.back();
  const int64_t out_step = plan.out_strides.back();
  funcs::ForEachReduceRow(plan, [&](int64_t from, int64_t to) {
    for (int64_t j = 0; j < len; ++j) {
      const int64_t o = to + j * out_step;
      dx[from + j] = x[from + j] == out[o] ? dout[o] : T(0);
    }
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(max_grad, CPU, phi::MaxGradKernel, float, double);
PD_REGISTER_KERNEL(min_grad, CPU, phi::MinGradKernel, float, double);
