// log_softmax_grad on GPU: dx = dout - exp(out) * sum(dout) along the axis, per row of
// [outer, n, inner].
#include <cmath>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"
#include "paddle/phi/kernels/log_softmax_grad_kernel.h"

namespace phi {
namespace {

template <typename DT, typename Acc>
struct LogSoftmaxGradRow {
  const DT* y;
  const DT* dy;
  DT* dx;
  template <typename Group>
  __device__ void operator()(Group group, gpu::rows::Row row) const {
    Acc sum = Acc(0);
    for (int64_t j = group.first(); j < row.n; j += group.step())
      sum += static_cast<Acc>(dy[row.base + j * row.stride]);
    sum = group.Reduce(sum, gpu::rows::SumOp());
    for (int64_t j = group.first(); j < row.n; j += group.step()) {
      const int64_t at = row.base + j * row.stride;
      dx[at] = static_cast<DT>(static_cast<Acc>(dy[at]) - std::exp(static_cast<Acc>(y[at])) * sum);
    }
  }
};

}  // namespace

template <typename T, typename Context>
void LogSoftmaxGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                          int axis, DenseTensor* dx) {
  using DT = gpu::DeviceType<T>;
  if (dx == nullptr) return;
  PD_CHECK(out.dims() == dout.dims(), InvalidArgument, "expected log_softmax_grad's Out@GRAD to "
           "have Out's dims ", out.dims(), ", but got ", dout.dims());
  PD_CHECK(dx->numel() == out.numel(), InvalidArgument, "expected log_softmax_grad's X@GRAD to "
           "have Out's dims ", out.dims(), ", but got ", dx->dims());
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(out.dims(), axis);
  const DenseTensor out_in = out;  // read across the axis: dx gets storage of its own
  const DenseTensor d_in = dout;
  DT* result = reinterpret_cast<DT*>(funcs::AllocUnaliased<T>(dev_ctx, dx, {&out_in, &d_in}));
  if (s.axis_extent == 0 || out_in.numel() == 0) return;
  gpu::rows::ForEachRow(dev_ctx, s,
                        LogSoftmaxGradRow<DT, gpu::AccType<T>>{gpu::DeviceData<T>(out_in),
                                                               gpu::DeviceData<T>(d_in), result});
}

}  // namespace phi

PD_REGISTER_KERNEL(log_softmax_grad, GPU, phi::LogSoftmaxGradKernel, float, double);
