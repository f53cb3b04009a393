// sum and mean over a set of axes on GPU: one reduction (funcs/gpu/reduce.cuh) accumulating in
// double for float and double (as the CPU kernel does), float for 16-bit floats and int64 for
// integers. An empty reduction sums to 0 and averages to NaN, as on the CPU.
#include "paddle/phi/kernels/reduce_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/impl/reduce_kernel_impl.h"

namespace phi {

template <typename T>
void ReduceSumOrMean(const GPUContext& dev_ctx, const DenseTensor& x,
                     const std::vector<int64_t>& dims, bool keep_dim, bool reduce_all,
                     bool average, DenseTensor* out) {
  using DT = gpu::DeviceType<T>;
  using Acc = gpu::SumAccType<DT>;
  const DenseTensor x_in = x;  // Out gets storage of its own if it shared X's
  const std::vector<int> axes = funcs::ReduceAxes(x_in.dims(), dims, reduce_all);
  const funcs::ReducePlan plan = funcs::MakeReducePlan(x_in.dims(), axes);
  out->Resize(funcs::ReducedDims(x_in.dims(), axes, keep_dim));
  DT* result = reinterpret_cast<DT*>(funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in}));
  const gpu::LoadValue<DT, Acc> load{gpu::DeviceData<T>(x_in)};
  if (average) {
    const gpu::StoreMean<DT, Acc> finish{result, static_cast<Acc>(plan.reduce_count)};
    gpu::ReduceWithPlan<Acc>(dev_ctx, plan, load, gpu::SumOp(), Acc(0), finish);
  } else {
    gpu::ReduceWithPlan<Acc>(dev_ctx, plan, load, gpu::SumOp(), Acc(0),
                             gpu::StoreResult<DT, Acc>{result});
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(sum, GPU, phi::SumKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(mean, GPU, phi::MeanKernel, float, double, phi::float16, phi::bfloat16);
