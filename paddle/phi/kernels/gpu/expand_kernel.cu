// expand_v2, expand_as_v2 and tile on GPU (the repeat kernel): Out gathered from X repeated along
// every axis by one kernel; the grad sums, for each X element, all of its copies in Out@GRAD (a
// block or a thread per element, no atomics, so the result does not depend on scheduling).
#include <algorithm>
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/expand_kernel.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"

namespace phi {
namespace {

// Row r is X element r (row-major over x_dims, padded with leading 1s to Out's rank); its
// element j is copy j, numbered row-major over the repeat counts out_dims / x_dims.
template <typename DT, typename Acc>
struct RepeatGradRow {
  const DT* dout;
  DT* dx;
  int rank;
  int64_t x_dims[DDim::kMaxRank];
  int64_t repeats[DDim::kMaxRank];
  int64_t out_strides[DDim::kMaxRank];
  template <typename Group>
  __device__ void operator()(Group group, gpu::rows::Row row) const {
    int64_t base = 0;  // the offset in Out of copy 0 of this element
    for (int64_t d = rank - 1, rest = row.index; d >= 0; --d) {
      base += (rest % x_dims[d]) * out_strides[d];
      rest /= x_dims[d];
    }
    Acc sum = Acc(0);
    for (int64_t j = group.first(); j < row.n; j += group.step()) {
      int64_t at = base;
      for (int64_t d = rank - 1, rest = j; d >= 0; --d) {
        at += (rest % repeats[d]) * x_dims[d] * out_strides[d];
        rest /= repeats[d];
      }
      sum += static_cast<Acc>(dout[at]);
    }
    sum = group.Reduce(sum, gpu::rows::SumOp());
    if (group.first() == 0) dx[row.index] = static_cast<DT>(sum);
  }
};

}  // namespace

template <typename T, typename Context>
void RepeatKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X alive should Out share its variable
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  const int64_t n = out->numel();
  if (n == 0) return;
  gpu::strided::Gather(dev_ctx, in, gpu::strided::RepeatMap(x_in.dims(), out->dims()), n, result);
}

template <typename T, typename Context>
void RepeatGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx) {
  using DT = gpu::DeviceType<T>;
  if (dx == nullptr) return;
  const DenseTensor d_in = dout;
  const DDim out_dims = d_in.dims();
  dx->Resize(x.dims());
  DT* result = gpu::DeviceAlloc<T>(dev_ctx, dx);
  const int64_t x_count = x.numel();
  if (x_count == 0) return;
  const int rank = out_dims.size();
  PD_CHECK(rank >= x.dims().size(), InvalidArgument, "expected the grad of expand / tile to have "
           "Out@GRAD of rank >= X's, but got X ", x.dims(), " and Out@GRAD ", out_dims);
  RepeatGradRow<DT, gpu::AccType<T>> fn{};
  fn.dout = gpu::DeviceData<T>(d_in);
  fn.dx = result;
  fn.rank = rank;
  const int lead = rank - x.dims().size();
  int64_t copies = 1, stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    const int64_t extent = d >= lead ? x.dims()[d - lead] : 1;
    PD_CHECK(out_dims[d] % extent == 0, InvalidArgument, "expected Out@GRAD ", out_dims,
             " to repeat X ", x.dims(), " a whole number of times along every axis, but it does "
             "not");
    fn.x_dims[d] = extent;
    fn.repeats[d] = out_dims[d] / extent;
    fn.out_strides[d] = stride;
    stride *= out_dims[d];
    copies *= fn.repeats[d];
  }
  funcs::SoftmaxShape rows;
  rows.outer = x_count;
  rows.axis_extent = copies;
  gpu::rows::ForEachRow(dev_ctx, rows, fn);
}

}  // namespace phi

PD_REGISTER_KERNEL(repeat, GPU, phi::RepeatKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(repeat_grad, GPU, phi::RepeatGradKernel, float, double);
