#include "paddle/phi/kernels/reduce_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/impl/reduce_grad_kernel_impl.h"

namespace phi {

template <typename T>
void ReduceGrad(const CPUContext& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                const std::vector<int64_t>& dims, bool reduce_all, bool average,
                DenseTensor* dx) {
  const std::vector<int> axes = funcs::ReduceAxes(x.dims(), dims, reduce_all);
  const funcs::ReducePlan plan = funcs::MakeReducePlan(x.dims(), axes);
  PD_CHECK(dout.numel() == plan.out_numel, InvalidArgument, "expected Out@GRAD to hold ",
           plan.out_numel, " elements (X ", x.dims(), " reduced), but got dims ", dout.dims());
  dx->Resize(x.dims());
  T* result = dev_ctx.template Alloc<T>(dx);
  const T scale = average ? static_cast<T>(1.0 / static_cast<double>(plan.reduce_count)) : T(1);
  funcs::BroadcastReduceGrad<T>(dout.data<T>(), plan, scale, result);
}

}  // namespace phi

PD_REGISTER_KERNEL(sum_grad, CPU, phi::SumGradKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(mean_grad, CPU, phi::MeanGradKernel, float, double);
