#include "paddle/phi/kernels/fused_batch_norm_act_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/fused_activation.h"

namespace phi {
namespace {

// The registered CPU kernel `name` for T, called with arguments bound in `ctx` (in its
// signature's order). Going through the registry keeps one copy of the normalization math.
template <typename T>
void CallRegisteredKernel(const char* name, KernelContext* ctx) {
  const Kernel& kernel = KernelRegistry::Instance().Select(
      name, KernelKey{Backend::CPU, DataLayout::ANY, CppTypeToDataType<T>::value});
  kernel(ctx);
}

void CheckRelu(const std::string& act_type, const char* op) {
  PD_CHECK(act_type == "relu", InvalidArgument, "expected ", op,
           "'s act_type to be \"relu\", but got \"", act_type, "\"");
}

}  // namespace

template <typename T, typename Context>
void FusedBatchNormActKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                             const DenseTensor& bias, const DenseTensor& mean,
                             const DenseTensor& variance, float momentum, float epsilon,
                             const std::string& act_type, const std::string& data_layout,
                             DenseTensor* y, DenseTensor* mean_out, DenseTensor* variance_out,
                             DenseTensor* saved_mean, DenseTensor* saved_variance,
                             DenseTensor* reserve_space) {
  CheckRelu(act_type, "fused_batch_norm_act");
  KernelContext ctx(&dev_ctx);
  for (const DenseTensor* input : {&x, &scale, &bias, &mean, &variance})
    ctx.EmplaceBackInput(input);
  ctx.EmplaceBackAttr(momentum);
  ctx.EmplaceBackAttr(epsilon);
  ctx.EmplaceBackAttr(data_layout);
  ctx.EmplaceBackAttr(false);  // is_test: this op always normalizes with batch statistics
  ctx.EmplaceBackAttr(false);  // use_global_stats
  ctx.EmplaceBackAttr(false);  // trainable_statistics
  for (DenseTensor* output : {y, mean_out, variance_out, saved_mean, saved_variance, reserve_space})
    ctx.EmplaceBackOutput(output);
  CallRegisteredKernel<T>("batch_norm", &ctx);
  T* out = y->data<T>();
  const int64_t n = y->numel();
  for (int64_t i = 0; i < n; ++i)
    out[i] = funcs::ApplyFusedActivation(funcs::FusedActivation::kRelu, out[i]);
}

template <typename T, typename Context>
void FusedBatchNormActGradKernel(const Context& dev_ctx, const DenseTensor& x,
                                 const DenseTensor& scale, const DenseTensor& bias,
                                 const DenseTensor& y, const DenseTensor& saved_mean,
                                 const DenseTensor& saved_variance,
                                 const DenseTensor* reserve_space, const DenseTensor& y_grad,
                                 float momentum, float epsilon, const std::string& act_type,
                                 const std::string& data_layout, DenseTensor* x_grad,
                                 DenseTensor* scale_grad, DenseTensor* bias_grad) {
  (void)reserve_space;  // Y carries relu's mask on CPU
  CheckRelu(act_type, "fused_batch_norm_act_grad");
  PD_CHECK(y.numel() == x.numel() && y_grad.numel() == x.numel(), InvalidArgument,
           "expected fused_batch_norm_act_grad's Y and Y@GRAD to have X's dims ", x.dims(),
           ", but got ", y.dims(), " and ", y_grad.dims());
  // The gradient of the normalized values: relu_grad(Y, Y@GRAD).
  DenseTensor pre_act_grad(y_grad.dtype(), x.dims());
  T* d = dev_ctx.template Alloc<T>(&pre_act_grad);
  const T* out = y.data<T>();
  const T* g = y_grad.data<T>();
  const int64_t n = x.numel();
  for (int64_t i = 0; i < n; ++i)
    d[i] = funcs::FusedActivationGradFromOut(funcs::FusedActivation::kRelu, out[i], g[i]);
  KernelContext ctx(&dev_ctx);
  for (const DenseTensor* input : {&x, &scale, &bias}) ctx.EmplaceBackInput(input);
  ctx.EmplaceBackInput(nullptr);  // Mean and Variance: unused with batch statistics
  ctx.EmplaceBackInput(nullptr);
  for (const DenseTensor* input :
       {&saved_mean, &saved_variance, static_cast<const DenseTensor*>(&pre_act_grad)})
    ctx.EmplaceBackInput(input);
  ctx.EmplaceBackAttr(momentum);
  ctx.EmplaceBackAttr(epsilon);
  ctx.EmplaceBackAttr(data_layout);
  ctx.EmplaceBackAttr(false);
  ctx.EmplaceBackAttr(false);
  ctx.EmplaceBackAttr(false);
  for (DenseTensor* output : {x_grad, scale_grad, bias_grad}) ctx.EmplaceBackOutput(output);
  CallRegisteredKernel<T>("batch_norm_grad", &ctx);
}

}  // namespace phi

PD_REGISTER_KERNEL(fused_batch_norm_act, CPU, phi::FusedBatchNormActKernel, float, double);
PD_REGISTER_KERNEL(fused_batch_norm_act_grad, CPU, phi::FusedBatchNormActGradKernel, float, double);
