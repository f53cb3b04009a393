#include "paddle/phi/kernels/instance_norm_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/group_norm_impl.h"

namespace phi {

template <typename T, typename Context>
void InstanceNormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                            const DenseTensor& saved_mean, const DenseTensor& saved_variance,
                            const DenseTensor& y_grad, float epsilon, DenseTensor* x_grad,
                            DenseTensor* scale_grad, DenseTensor* bias_grad) {
  const DDim& d = x.dims();
  PD_CHECK(d.size() >= 2, InvalidArgument,
           "expected instance_norm_grad's X to have rank >= 2, but got dims ", d);
  PD_CHECK(y_grad.dims() == d, InvalidArgument,
           "expected instance_norm_grad's Y@GRAD to have X's dims ", d, ", but got ",
           y_grad.dims());
  funcs::GroupNormShape sh;
  sh.n = d[0];
  sh.c = d[1];
  sh.s = product(d, 2, d.size());
  sh.groups = sh.c;
  PD_CHECK(saved_mean.numel() == sh.n * sh.c && saved_variance.numel() == sh.n * sh.c,
           InvalidArgument, "expected instance_norm_grad's SavedMean and SavedVariance to hold ",
           sh.n * sh.c, " values, but got dims ", saved_mean.dims(), " and ",
           saved_variance.dims());
  funcs::CheckChannelParam("instance_norm_grad", "Scale", scale, sh.c);
  // The parameter gradients hold one value per channel, whatever Scale / Bias (optional) are.
  for (DenseTensor* g : {scale_grad, bias_grad})
    if (g != nullptr) g->Resize(DDim({sh.c}));
  funcs::GroupNormBackward<T>(
      sh, x.data<T>(), scale != nullptr ? scale->data<T>() : nullptr, saved_mean.data<T>(),
      saved_variance.data<T>(), true, epsilon, y_grad.data<T>(),
      x_grad != nullptr ? dev_ctx.template Alloc<T>(x_grad) : nullptr,
      scale_grad != nullptr ? dev_ctx.template Alloc<T>(scale_grad) : nullptr,
      bias_grad != nullptr ? dev_ctx.template Alloc<T>(bias_grad) : nullptr);
}

}  // namespace phi

PD_REGISTER_KERNEL(instance_norm_grad, CPU, phi::InstanceNormGradKernel, float, double);
