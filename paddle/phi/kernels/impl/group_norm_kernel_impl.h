// group_norm and instance_norm (instance_norm: one channel per group, the inverse standard
// deviation saved) and their grads written once for both backends: the checks and the [N, C, S]
// view here, the loops by context (funcs::GroupNormForward / GroupNormBackward: CPU loops in
// funcs/group_norm_impl.h, GPU kernels in gpu/group_norm_util.cuh).
#pragma once

#include <string>

#include "paddle/phi/kernels/funcs/group_norm_impl.h"
#include "paddle/phi/kernels/group_norm_grad_kernel.h"
#include "paddle/phi/kernels/group_norm_kernel.h"
#include "paddle/phi/kernels/instance_norm_grad_kernel.h"
#include "paddle/phi/kernels/instance_norm_kernel.h"

namespace phi {

template <typename T, typename Context>
void GroupNormKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                     const DenseTensor* bias, float epsilon, int groups,
                     const std::string& data_layout, DenseTensor* y, DenseTensor* mean,
                     DenseTensor* variance) {
  const DDim& d = x.dims();
  PD_CHECK(d.size() >= 2, InvalidArgument,
           "expected group_norm's X to have rank >= 2, but got dims ", d);
  funcs::GroupNormShape sh;
  sh.channels_last = data_layout == "NHWC";
  sh.n = d[0];
  sh.c = sh.channels_last ? d[d.size() - 1] : d[1];
  sh.s = sh.channels_last ? product(d, 1, d.size() - 1) : product(d, 2, d.size());
  sh.groups = groups;
  PD_CHECK(groups >= 1 && groups <= sh.c && sh.c % groups == 0, InvalidArgument,
           "expected group_norm's channels (", sh.c, " in X ", d,
           ") to be divisible by groups, but got groups ", groups);
  funcs::CheckChannelParam("group_norm", "Scale", scale, sh.c);
  funcs::CheckChannelParam("group_norm", "Bias", bias, sh.c);
  funcs::GroupNormForward<T>(
      dev_ctx, sh, x.data<T>(), scale != nullptr ? scale->data<T>() : nullptr,
      bias != nullptr ? bias->data<T>() : nullptr, epsilon, false, dev_ctx.template Alloc<T>(y),
      mean != nullptr ? dev_ctx.template Alloc<T>(mean) : nullptr,
      variance != nullptr ? dev_ctx.template Alloc<T>(variance) : nullptr);
}

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
      dev_ctx, sh, x.data<T>(), scale != nullptr ? scale->data<T>() : nullptr, mean.data<T>(),
      variance.data<T>(), false, epsilon, y_grad.data<T>(),
      x_grad != nullptr ? dev_ctx.template Alloc<T>(x_grad) : nullptr,
      scale_grad != nullptr ? dev_ctx.template Alloc<T>(scale_grad) : nullptr,
      bias_grad != nullptr ? dev_ctx.template Alloc<T>(bias_grad) : nullptr);
}

template <typename T, typename Context>
void InstanceNormKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                        const DenseTensor* bias, float epsilon, DenseTensor* y,
                        DenseTensor* saved_mean, DenseTensor* saved_variance) {
  const DDim& d = x.dims();
  PD_CHECK(d.size() >= 2, InvalidArgument,
           "expected instance_norm's X to have rank >= 2, but got dims ", d);
  funcs::GroupNormShape sh;
  sh.n = d[0];
  sh.c = d[1];
  sh.s = product(d, 2, d.size());
  sh.groups = sh.c;
  funcs::CheckChannelParam("instance_norm", "Scale", scale, sh.c);
  funcs::CheckChannelParam("instance_norm", "Bias", bias, sh.c);
  funcs::GroupNormForward<T>(
      dev_ctx, sh, x.data<T>(), scale != nullptr ? scale->data<T>() : nullptr,
      bias != nullptr ? bias->data<T>() : nullptr, epsilon, true, dev_ctx.template Alloc<T>(y),
      saved_mean != nullptr ? dev_ctx.template Alloc<T>(saved_mean) : nullptr,
      saved_variance != nullptr ? dev_ctx.template Alloc<T>(saved_variance) : nullptr);
}

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
      dev_ctx, sh, x.data<T>(), scale != nullptr ? scale->data<T>() : nullptr, saved_mean.data<T>(),
      saved_variance.data<T>(), true, epsilon, y_grad.data<T>(),
      x_grad != nullptr ? dev_ctx.template Alloc<T>(x_grad) : nullptr,
      scale_grad != nullptr ? dev_ctx.template Alloc<T>(scale_grad) : nullptr,
      bias_grad != nullptr ? dev_ctx.template Alloc<T>(bias_grad) : nullptr);
}

}  // namespace phi
