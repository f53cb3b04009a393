// log_softmax on GPU along any axis: x - (max + log(sum(exp(x - max)))) per row of
// [outer, n, inner].
#include <cmath>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"
#include "paddle/phi/kernels/log_softmax_kernel.h"

namespace phi {
namespace {

template <typename DT, typename Acc>
struct LogSoftmaxRow {
  const DT* in;
  DT* out;
  template <typename Group>
  __device__ void operator()(Group group, gpu::rows::Row row) const {
    const DT* src = in + row.base;
    DT* dst = out + row.base;
    Acc max_value = -INFINITY;
    for (int64_t j = group.first(); j < row.n; j += group.step())
      max_value = gpu::rows::MaxOp()(max_value, static_cast<Acc>(src[j * row.stride]));
    max_value = group.Reduce(max_value, gpu::rows::MaxOp());
    Acc sum = Acc(0);
    for (int64_t j = group.first(); j < row.n; j += group.step())
      sum += std::exp(static_cast<Acc>(src[j * row.stride]) - max_value);
    const Acc log_sum = std::log(group.Reduce(sum, gpu::rows::SumOp())) + max_value;
    for (int64_t j = group.first(); j < row.n; j += group.step())
      dst[j * row.stride] = static_cast<DT>(static_cast<Acc>(src[j * row.stride]) - log_sum);
  }
};

}  // namespace

template <typename T, typename Context>
void LogSoftmaxKernel(const Context& dev_ctx, const DenseTensor& x, int axis, DenseTensor* out) {
  using DT = gpu::DeviceType<T>;
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(x.dims(), axis);
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected log_softmax's Out to have X's "
           "dims ", x.dims(), ", but got ", out->dims());
  const DenseTensor x_in = x;  // X is read again after Out is written: no shared storage
  DT* result = reinterpret_cast<DT*>(funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in}));
  if (s.axis_extent == 0 || x_in.numel() == 0) return;
  gpu::rows::ForEachRow(dev_ctx, s,
                        LogSoftmaxRow<DT, gpu::AccType<T>>{gpu::DeviceData<T>(x_in), result});
}

}  // namespace phi

PD_REGISTER_KERNEL(log_softmax, GPU, phi::LogSoftmaxKernel, float, double);
