#include "paddle/phi/kernels/reduce_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/impl/reduce_kernel_impl.h"

namespace phi {

// Sums x over the requested axes into out, then multiplies by 1 / count when averaging.
template <typename T>
void ReduceSumOrMean(const CPUContext& dev_ctx, const DenseTensor& x,
                     const std::vector<int64_t>& dims, bool keep_dim, bool reduce_all,
                     bool average, DenseTensor* out) {
  const std::vector<int> axes = funcs::ReduceAxes(x.dims(), dims, reduce_all);
  const funcs::ReducePlan plan = funcs::MakeReducePlan(x.dims(), axes);
  auto acc = funcs::ReduceSumToAcc<T>(x.data<T>(), plan);
  out->Resize(funcs::ReducedDims(x.dims(), axes, keep_dim));
  T* result = dev_ctx.template Alloc<T>(out);
  using Acc = funcs::ReduceAccType<T>;
  // An empty reduction averages to 0 / 0 = NaN, as in numpy.
  const Acc count = static_cast<Acc>(plan.reduce_count);
  for (int64_t i = 0; i < plan.out_numel; ++i)
    result[i] = static_cast<T>(average ? acc[i] / count : acc[i]);
}

}  // namespace phi

PD_REGISTER_KERNEL(sum, CPU, phi::SumKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(mean, CPU, phi::MeanKernel, float, double);
