// Gradients of add, subtract, multiply and divide on GPU. Each wanted gradient is one reduction
// (funcs/gpu/reduce.cuh) of its per-output-element term over the dims its input was broadcast
// along; an add / subtract gradient of an input that was not broadcast is a copy of Out@GRAD.
#include "paddle/phi/kernels/elementwise_grad_kernel.h"

#include <initializer_list>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/impl/elementwise_grad_kernel_impl.h"

namespace phi {
namespace {

// The shared AllocGrad with the data as the device type.
template <typename T>
gpu::DeviceType<T>* AllocDeviceGrad(const GPUContext& dev_ctx, DenseTensor* grad,
                                    const DenseTensor& like, const char* name,
                                    std::initializer_list<const DenseTensor*> inputs,
                                    const DenseTensor* in_place_ok = nullptr) {
  return reinterpret_cast<gpu::DeviceType<T>*>(
      AllocGrad<T>(dev_ctx, grad, like, name, inputs, in_place_ok));
}

// load(o) = dout[o], negated for subtract's Y@GRAD.
template <typename DT>
struct DoutLoad {
  const DT* dout;
  bool negate;
  __device__ gpu::SumAccType<DT> operator()(int64_t o) const {
    const auto v = gpu::ConvertTo<gpu::SumAccType<DT>>(dout[o]);
    return negate ? -v : v;
  }
};

// add / subtract: grad = (-)dout summed over the input's broadcast dims; a plain copy where the
// input was not broadcast (nothing at all when the gradient is Out@GRAD's own storage).
template <typename T>
void SumDoutToInput(const GPUContext& dev_ctx, const funcs::BroadcastShapes& shapes, bool for_x,
                    const gpu::DeviceType<T>* dout, int64_t input_numel, bool negate,
                    gpu::DeviceType<T>* grad) {
  using DT = gpu::DeviceType<T>;
  if (!negate && input_numel == DDim(shapes.out).numel()) {
    if (input_numel > 0 && grad != dout) {
      PD_CUDA_CHECK(cudaMemcpyAsync(grad, dout, sizeof(DT) * input_numel,
                                    cudaMemcpyDeviceToDevice, dev_ctx.stream()));
    }
    return;
  }
  gpu::SumToBroadcastInput(dev_ctx, shapes, for_x, DoutLoad<DT>{dout, negate}, grad);
}

// multiply: load(o) = dout[o] * the other input's element for o.
template <typename DT>
struct MultiplyGradLoad {
  const DT* other;  // y for X@GRAD, x for Y@GRAD
  const DT* dout;
  funcs::BroadcastPlan plan;
  bool other_is_y;
  __device__ gpu::SumAccType<DT> operator()(int64_t o) const {
    int64_t xo, yo;
    gpu::BroadcastOffsets(plan, o, &xo, &yo);
    const auto v = gpu::ToAcc(dout[o]) * gpu::ToAcc(other[other_is_y ? yo : xo]);
    return static_cast<gpu::SumAccType<DT>>(v);
  }
};

// divide: X@GRAD's terms dout / y, Y@GRAD's -dout * out / y (X itself is never read).
template <typename DT>
struct DivideGradLoad {
  const DT* y;
  const DT* out;  // nullptr for X@GRAD
  const DT* dout;
  funcs::BroadcastPlan plan;
  __device__ gpu::SumAccType<DT> operator()(int64_t o) const {
    int64_t xo, yo;
    gpu::BroadcastOffsets(plan, o, &xo, &yo);
    const auto d = gpu::ToAcc(dout[o]);
    const auto b = gpu::ToAcc(y[yo]);
    const auto v = out == nullptr ? d / b : -(d * gpu::ToAcc(out[o]) / b);
    return static_cast<gpu::SumAccType<DT>>(v);
  }
};

}  // namespace

// Inputs are copied by value (sharing storage) so they stay readable if a gradient aliased
// one of them and was given fresh storage.

template <typename T, typename Context>
void AddGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                   const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy) {
  const DenseTensor d_in = dout;
  const funcs::BroadcastShapes shapes = CheckedGradShapes(x, y, d_in, nullptr, axis);
  const gpu::DeviceType<T>* d = gpu::DeviceData<T>(d_in);
  // dy first: dx may be dout itself (in place), which its computation leaves unchanged.
  if (auto* gy = AllocDeviceGrad<T>(dev_ctx, dy, y, "Y@GRAD", {&d_in})) {
    SumDoutToInput<T>(dev_ctx, shapes, false, d, y.numel(), false, gy);
  }
  if (auto* gx = AllocDeviceGrad<T>(dev_ctx, dx, x, "X@GRAD", {&d_in}, &d_in)) {
    SumDoutToInput<T>(dev_ctx, shapes, true, d, x.numel(), false, gx);
  }
}

template <typename T, typename Context>
void SubtractGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                        const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy) {
  const DenseTensor d_in = dout;
  const funcs::BroadcastShapes shapes = CheckedGradShapes(x, y, d_in, nullptr, axis);
  const gpu::DeviceType<T>* d = gpu::DeviceData<T>(d_in);
  if (auto* gy = AllocDeviceGrad<T>(dev_ctx, dy, y, "Y@GRAD", {&d_in})) {
    SumDoutToInput<T>(dev_ctx, shapes, false, d, y.numel(), true, gy);
  }
  if (auto* gx = AllocDeviceGrad<T>(dev_ctx, dx, x, "X@GRAD", {&d_in}, &d_in)) {
    SumDoutToInput<T>(dev_ctx, shapes, true, d, x.numel(), false, gx);
  }
}

template <typename T, typename Context>
void MultiplyGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                        const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy) {
  using DT = gpu::DeviceType<T>;
  const DenseTensor x_in = x;
  const DenseTensor y_in = y;
  const DenseTensor d_in = dout;
  const funcs::BroadcastShapes shapes = CheckedGradShapes(x_in, y_in, d_in, nullptr, axis);
  const funcs::BroadcastPlan plan = funcs::MakeBroadcastPlan(shapes);
  const DT* a = gpu::DeviceData<T>(x_in);
  const DT* b = gpu::DeviceData<T>(y_in);
  const DT* d = gpu::DeviceData<T>(d_in);
  if (auto* gx = AllocDeviceGrad<T>(dev_ctx, dx, x_in, "X@GRAD", {&x_in, &y_in, &d_in})) {
    gpu::SumToBroadcastInput(dev_ctx, shapes, true, MultiplyGradLoad<DT>{b, d, plan, true}, gx);
  }
  if (auto* gy = AllocDeviceGrad<T>(dev_ctx, dy, y_in, "Y@GRAD", {&x_in, &y_in, &d_in})) {
    gpu::SumToBroadcastInput(dev_ctx, shapes, false, MultiplyGradLoad<DT>{a, d, plan, false}, gy);
  }
}

template <typename T, typename Context>
void DivideGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                      const DenseTensor& out, const DenseTensor& dout, int axis, DenseTensor* dx,
                      DenseTensor* dy) {
  using DT = gpu::DeviceType<T>;
  const DenseTensor y_in = y;
  const DenseTensor out_in = out;
  const DenseTensor d_in = dout;
  const funcs::BroadcastShapes shapes = CheckedGradShapes(x, y_in, d_in, &out_in, axis);
  const funcs::BroadcastPlan plan = funcs::MakeBroadcastPlan(shapes);
  const DT* b = gpu::DeviceData<T>(y_in);
  const DT* d = gpu::DeviceData<T>(d_in);
  if (auto* gx = AllocDeviceGrad<T>(dev_ctx, dx, x, "X@GRAD", {&y_in, &out_in, &d_in})) {
    gpu::SumToBroadcastInput(dev_ctx, shapes, true, DivideGradLoad<DT>{b, nullptr, d, plan}, gx);
  }
  if (auto* gy = AllocDeviceGrad<T>(dev_ctx, dy, y_in, "Y@GRAD", {&y_in, &out_in, &d_in})) {
    const DT* c = gpu::DeviceData<T>(out_in);
    gpu::SumToBroadcastInput(dev_ctx, shapes, false, DivideGradLoad<DT>{b, c, d, plan}, gy);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(add_grad, GPU, phi::AddGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(subtract_grad, GPU, phi::SubtractGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(multiply_grad, GPU, phi::MultiplyGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(divide_grad, GPU, phi::DivideGradKernel, float, double, phi::float16,
                   phi::bfloat16);
