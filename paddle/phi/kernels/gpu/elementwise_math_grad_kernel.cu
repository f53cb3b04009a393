// Gradients of maximum, minimum and elementwise_pow on GPU: each wanted gradient is one
// reduction (funcs/gpu/reduce.cuh) over its input's broadcast dims of the per-element terms of
// funcs/elementwise_functor.h, the CPU's functors.
#include "paddle/phi/kernels/elementwise_math_grad_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast.h"
#include "paddle/phi/kernels/funcs/elementwise_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {
namespace {

// load(o) = op(x, y, dout) at output element o, op a functor over AccType.
template <typename DT, typename Op>
struct TermLoad {
  const DT* x;
  const DT* y;
  const DT* dout;
  funcs::BroadcastPlan plan;
  Op op;
  __device__ gpu::SumAccType<DT> operator()(int64_t o) const {
    int64_t xo, yo;
    gpu::BroadcastOffsets(plan, o, &xo, &yo);
    return static_cast<gpu::SumAccType<DT>>(
        op(gpu::ToAcc(x[xo]), gpu::ToAcc(y[yo]), gpu::ToAcc(dout[o])));
  }
};

// dx[xi] = sum of fx(x, y, dout) and dy[yi] = sum of fy(x, y, dout) over the broadcast; dx or
// dy may be nullptr (not wanted), and each gets storage that no input uses.
template <typename T, typename FnX, typename FnY>
void BinaryGrad(const GPUContext& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy, FnX fx,
                FnY fy) {
  using DT = gpu::DeviceType<T>;
  const DenseTensor x_in = x;
  const DenseTensor y_in = y;
  const DenseTensor d_in = dout;
  const funcs::BroadcastShapes shapes = funcs::AlignBroadcastShapes(x_in.dims(), y_in.dims(), axis);
  const DDim out_dims(shapes.out);
  PD_CHECK(d_in.numel() == out_dims.numel(), InvalidArgument, "expected Out@GRAD to have dims ",
           out_dims, " (X ", x_in.dims(), " broadcast with Y ", y_in.dims(), ", axis ", axis,
           "), but got ", d_in.dims());
  const funcs::BroadcastPlan plan = funcs::MakeBroadcastPlan(shapes);
  const DT* a = gpu::DeviceData<T>(x_in);
  const DT* b = gpu::DeviceData<T>(y_in);
  const DT* d = gpu::DeviceData<T>(d_in);
  for (int side = 0; side < 2; ++side) {
    const bool for_x = side == 0;
    DenseTensor* grad = for_x ? dx : dy;
    const DenseTensor& like = for_x ? x_in : y_in;
    if (grad == nullptr) continue;
    PD_CHECK(grad->numel() == like.numel(), InvalidArgument, "expected ",
             for_x ? "X@GRAD" : "Y@GRAD", " to have dims ", like.dims(), ", but got ",
             grad->dims());
    auto* g = reinterpret_cast<DT*>(
        funcs::AllocUnaliased<T>(dev_ctx, grad, {&x_in, &y_in, &d_in}));
    if (for_x) {
      gpu::SumToBroadcastInput(dev_ctx, shapes, true, TermLoad<DT, FnX>{a, b, d, plan, fx}, g);
    } else {
      gpu::SumToBroadcastInput(dev_ctx, shapes, false, TermLoad<DT, FnY>{a, b, d, plan, fy}, g);
    }
  }
}

}  // namespace

template <typename T, typename Context>
void MaximumGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                       const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy) {
  using Acc = gpu::AccType<T>;
  BinaryGrad<T>(dev_ctx, x, y, dout, axis, dx, dy, funcs::MaximumGradXFunctor<Acc>(),
                funcs::MaximumGradYFunctor<Acc>());
}

template <typename T, typename Context>
void MinimumGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                       const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy) {
  using Acc = gpu::AccType<T>;
  BinaryGrad<T>(dev_ctx, x, y, dout, axis, dx, dy, funcs::MinimumGradXFunctor<Acc>(),
                funcs::MinimumGradYFunctor<Acc>());
}

template <typename T, typename Context>
void ElementwisePowGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                              const DenseTensor& dout, int axis, DenseTensor* dx,
                              DenseTensor* dy) {
  using Acc = gpu::AccType<T>;
  BinaryGrad<T>(dev_ctx, x, y, dout, axis, dx, dy, funcs::ElementwisePowGradXFunctor<Acc>(),
                funcs::ElementwisePowGradYFunctor<Acc>());
}

}  // namespace phi

PD_REGISTER_KERNEL(maximum_grad, GPU, phi::MaximumGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(minimum_grad, GPU, phi::MinimumGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(elementwise_pow_grad, GPU, phi::ElementwisePowGradKernel, float, double,
                   phi::float16, phi::bfloat16);
