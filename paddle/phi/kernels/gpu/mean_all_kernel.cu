// mean_all (legacy op mean) on GPU: one reduction of every element, accumulated in double as on
// the CPU, into a 0-D tensor (NaN when X is empty).
#include "paddle/phi/kernels/mean_all_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/reduce.h"

namespace phi {

template <typename T, typename Context>
void MeanAllKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using DT = gpu::DeviceType<T>;
  const DenseTensor x_in = x;
  const std::vector<int> axes = funcs::ReduceAxes(x_in.dims(), {}, true);
  const funcs::ReducePlan plan = funcs::MakeReducePlan(x_in.dims(), axes);
  out->Resize(DDim());
  DT* result = reinterpret_cast<DT*>(funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in}));
  // sum / numel in double, 0 / 0 = NaN for an empty X.
  const gpu::StoreMean<DT, double> finish{result, static_cast<double>(x_in.numel())};
  gpu::ReduceWithPlan<double>(dev_ctx, plan, gpu::LoadValue<DT, double>{gpu::DeviceData<T>(x_in)},
                              gpu::SumOp(), 0.0, finish);
}

}  // namespace phi

PD_REGISTER_KERNEL(mean_all, GPU, phi::MeanAllKernel, float, double, phi::float16,
                   phi::bfloat16);
