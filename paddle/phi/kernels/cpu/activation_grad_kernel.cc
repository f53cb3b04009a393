#include "paddle/phi/kernels/activation_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"

namespace phi {
namespace {

// dx[i] = op(out[i], dout[i]); elementwise, so dx may share the storage of Out or Out@GRAD.
template <typename T, typename Context, typename Op>
void GradFromOut(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                 DenseTensor* dx, const char* op_name, Op op) {
  if (dx == nullptr) return;
  PD_CHECK(dout.numel() == out.numel(), InvalidArgument, "expected ", op_name,
           "_grad's Out@GRAD to have dims ", out.dims(), " like Out, but got ", dout.dims());
  PD_CHECK(dx->numel() == out.numel(), InvalidArgument, "expected ", op_name,
           "_grad's X@GRAD to have dims ", out.dims(), " like Out, but got ", dx->dims());
  const DenseTensor out_in = out;  // keep storage alive if dx aliases one of them
  const DenseTensor dout_in = dout;
  const T* y = out_in.data<T>();
  const T* dy = dout_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(dx);
  const int64_t n = out_in.numel();
  for (int64_t i = 0; i < n; ++i) result[i] = op(y[i], dy[i]);
}

}  // namespace

template <typename T, typename Context>
void ReluGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                    DenseTensor* dx) {
  GradFromOut<T>(dev_ctx, out, dout, dx, "relu", funcs::ReluGradFunctor<T>());
}

template <typename T, typename Context>
void SigmoidGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                       DenseTensor* dx) {
  GradFromOut<T>(dev_ctx, out, dout, dx, "sigmoid", funcs::SigmoidGradFunctor<T>());
}

template <typename T, typename Context>
void TanhGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                    DenseTensor* dx) {
  GradFromOut<T>(dev_ctx, out, dout, dx, "tanh", funcs::TanhGradFunctor<T>());
}

}  // namespace phi

PD_REGISTER_KERNEL(relu_grad, CPU, phi::ReluGradKernel, float, double);
PD_REGISTER_KERNEL(sigmoid_grad, CPU, phi::SigmoidGradKernel, float, double);
PD_REGISTER_KERNEL(tanh_grad, CPU, phi::TanhGradKernel, float, double);
