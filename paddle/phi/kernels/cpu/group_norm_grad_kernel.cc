#include "paddle/phi/kernels/group_norm_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/group_norm_impl.h"

namespace phi {

template <typename T, typename Context>
void GroupNormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                         const DenseTensor* bias, const DenseTensor& mean,
                         const DenseTensor& variance, const DenseTensor& y_grad, float epsilon,
                         int groups, const std::string& data_layout, DenseTensor* x_grad,
                         DenseTensor* scale_grad, DenseTensor* bias_grad) {
  const DDim& d = x.dims();
  PD_CHECK(d.size() >= 2, InvalidArgument,
           "expected group_norm_grad's X to have rank >= 2, but got dims ", d);
  PD_CHECK(y_grad.dims() == d, InvalidArgument,
           "expected group_norm_grad's Y@GRAD to have X's dims ", d, ", but got ", y_grad.dims());
  funcs::GroupNormShape sh;
  sh.channels_last = data_layout == "NHWC";
  sh.n = d[0];
  sh.c = sh.channels_last ? d[d.size() - 1] : d[1];
  sh.s = sh.channels_last ? product(d, 1, d.size() - 1) : product(d, 2, d.size());
  sh.groups = groups;
  PD_CHECK(groups >= 1 && groups <= sh.c && sh.c % groups == 0, InvalidArgument,
           "expected group_norm_grad's channels (", sh.c, " in X ", d,
           ") to be divisible by groups, but got groups ", groups);
  PD_CHECK(mean.numel() == sh.n * groups && variance.numel() == sh.n * groups, InvalidArgument,
           "expected group_norm_grad's Mean and Variance to hold ", sh.n * groups,
           " values, but got dims ", mean.dims(), " and ", variance.dims());
  funcs::CheckChannelParam("group_norm_grad", "Scale", scale, sh.c);
  // The parameter gradients hold one value per channel, whatever Scale / Bias (optional) are.
  for (DenseTensor* g : {scale_grad, bias_grad})
    if (g != nullptr) g->Resize(DDim({sh.c}));
  funcs::GroupNormBackward<T>(
      sh, x.data<T>(), scale != nullptr ? scale->data<T>() : nullptr, mean.data<T>(),
      variance.data<T>(), false, epsilon, y_grad.data<T>(),
      x_grad != nullptr ? dev_ctx.template Alloc<T>(x_grad) : nullptr,
      scale_grad != nullptr ? dev_ctx.template Alloc<T>(scale_grad) : nullptr,
      bias_grad != nullptr ? dev_ctx.template Alloc<T>(bias_grad) : nullptr);
}

}  // namespace phi

PD_REGISTER_KERNEL(group_norm_grad, CPU, phi::GroupNormGradKernel, float, double);
