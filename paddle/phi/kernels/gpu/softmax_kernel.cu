// softmax on GPU along any axis: per row of [outer, n, inner], the maximum, the sum of
// exp(x - max) in the accumulation type (float for 16-bit inputs), then exp(x - max) / sum.
#include <cmath>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"
#include "paddle/phi/kernels/softmax_kernel.h"

namespace phi {
namespace {

template <typename DT, typename Acc>
struct SoftmaxRow {
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
    sum = group.Reduce(sum, gpu::rows::SumOp());
    const Acc inv = Acc(1) / sum;
    // exp is recomputed rather than stored, so 16-bit outputs are rounded once.
    for (int64_t j = group.first(); j < row.n; j += group.step())
      dst[j * row.stride] =
          static_cast<DT>(std::exp(static_cast<Acc>(src[j * row.stride]) - max_value) * inv);
  }
};

}  // namespace

template <typename T, typename Context>
void SoftmaxKernel(const Context& dev_ctx, const DenseTensor& x, int axis, DenseTensor* out) {
  using DT = gpu::DeviceType<T>;
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(x.dims(), axis);
  out->Resize(x.dims());
  DT* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  if (s.axis_extent == 0) return;
  gpu::rows::ForEachRow(dev_ctx, s, SoftmaxRow<DT, gpu::AccType<T>>{gpu::DeviceData<T>(x), result});
}

}  // namespace phi

PD_REGISTER_KERNEL(softmax, GPU, phi::SoftmaxKernel, float, double, phi::float16, phi::bfloat16);
