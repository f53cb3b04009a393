// max and min over a set of axes on GPU: one reduction (funcs/gpu/reduce.cuh) in which a NaN
// wins, as on the CPU. Reducing an empty set of elements raises InvalidArgument.
#include "paddle/phi/kernels/reduce_max_min_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/impl/reduce_max_min_kernel_impl.h"

namespace phi {
namespace {

template <typename T, typename Combine>
void ReduceExtreme(const GPUContext& dev_ctx, const DenseTensor& x,
                   const std::vector<int64_t>& dims, bool reduce_all, const char* op,
                   DenseTensor* out, Combine combine, gpu::AccType<T> identity) {
  using DT = gpu::DeviceType<T>;
  using Acc = gpu::AccType<T>;
  const DenseTensor x_in = x;  // Out may be X itself
  const funcs::ReducePlan plan = ExtremeReducePlan(x_in.dims(), dims, reduce_all, op, *out);
  DT* result = reinterpret_cast<DT*>(funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in}));
  if (plan.in_numel == 0) return;
  gpu::ReduceWithPlan<Acc>(dev_ctx, plan, gpu::LoadValue<DT, Acc>{gpu::DeviceData<T>(x_in)},
                           combine, identity, gpu::StoreResult<DT, Acc>{result});
}

}  // namespace

template <typename T, typename Context>
void MaxKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int64_t>& dims,
               bool keep_dim, bool reduce_all, DenseTensor* out) {
  ReduceExtreme<T>(dev_ctx, x, dims, reduce_all, "reduce_max", out, gpu::MaxOp(),
                   gpu::LowestValue<gpu::AccType<T>>());
}

template <typename T, typename Context>
void MinKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int64_t>& dims,
               bool keep_dim, bool reduce_all, DenseTensor* out) {
  ReduceExtreme<T>(dev_ctx, x, dims, reduce_all, "reduce_min", out, gpu::MinOp(),
                   gpu::HighestValue<gpu::AccType<T>>());
}

}  // namespace phi

PD_REGISTER_KERNEL(max, GPU, phi::MaxKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(min, GPU, phi::MinKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
