// softmax_grad on GPU: dx = out * (dout - sum(dout * out)) along the softmax axis, the sum
// per row in the accumulation type (float for 16-bit inputs).
#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"
#include "paddle/phi/kernels/softmax_grad_kernel.h"

namespace phi {
namespace {

template <typename DT, typename Acc>
struct SoftmaxGradRow {
  const DT* y;
  const DT* dy;
  DT* dx;
  template <typename Group>
  __device__ void operator()(Group group, gpu::rows::Row row) const {
    Acc dot = Acc(0);
    for (int64_t j = group.first(); j < row.n; j += group.step()) {
      const int64_t at = row.base + j * row.stride;
      dot += static_cast<Acc>(y[at]) * static_cast<Acc>(dy[at]);
    }
    dot = group.Reduce(dot, gpu::rows::SumOp());
    for (int64_t j = group.first(); j < row.n; j += group.step()) {
      const int64_t at = row.base + j * row.stride;
      dx[at] = static_cast<DT>(static_cast<Acc>(y[at]) * (static_cast<Acc>(dy[at]) - dot));
    }
  }
};

}  // namespace

template <typename T, typename Context>
void SoftmaxGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                       int axis, DenseTensor* dx) {
  using DT = gpu::DeviceType<T>;
  PD_CHECK(out.dims() == dout.dims(), InvalidArgument,
           "expected softmax's Out@GRAD to have Out's dims, but got Out ", out.dims(),
           " and Out@GRAD ", dout.dims());
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(out.dims(), axis);
  dx->Resize(out.dims());
  DT* result = gpu::DeviceAlloc<T>(dev_ctx, dx);
  if (s.axis_extent == 0) return;
  // In place (dx sharing dout's storage) is safe: each element is read before it is written,
  // by the thread that writes it.
  gpu::rows::ForEachRow(dev_ctx, s,
                        SoftmaxGradRow<DT, gpu::AccType<T>>{gpu::DeviceData<T>(out),
                                                            gpu::DeviceData<T>(dout), result});
}

}  // namespace phi

PD_REGISTER_KERNEL(softmax_grad, GPU, phi::SoftmaxGradKernel, float, double, phi::float16,
                   phi::bfloat16);
