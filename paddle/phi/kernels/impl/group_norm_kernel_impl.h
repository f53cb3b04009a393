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
namespace group_norm_impl {

// X (rank >= 2) seen as [N, C, S]; group_norm splits C into `groups` (checked), instance_norm
// (per_channel) takes one channel per group. Channels last for NHWC.
inline funcs::GroupNormShape ShapeOf(const char* op, const DDim& d, bool per_channel, int groups,
                                     bool channels_last) {
  PD_CHECK(d.size() >= 2, InvalidArgument, "expected ", op,
           "'s X to have rank >= 2, but got dims ", d);
  funcs::GroupNormShape sh;
  sh.channels_last = channels_last;
  sh.n = d[0];
  sh.c = channels_last ? d[d.size() - 1] : d[1];
  sh.s = channels_last ? product(d, 1, d.size() - 1) : product(d, 2, d.size());
  if (per_channel) {
    sh.groups = sh.c;
    return sh;
  }
  sh.groups = groups;
  PD_CHECK(groups >= 1 && groups <= sh.c && sh.c % groups == 0, InvalidArgument, "expected ", op,
           "'s channels (", sh.c, " in X ", d, ") to be divisible by groups, but got groups ",
           groups);
  return sh;
}

template <typename T, typename Context>
void Forward(const char* op, const Context& dev_ctx, const funcs::GroupNormShape& sh,
             const DenseTensor& x, const DenseTensor* scale, const DenseTensor* bias,
             float epsilon, bool save_inv_std, DenseTensor* y, DenseTensor* mean,
             DenseTensor* stat) {
  funcs::CheckChannelParam(op, "Scale", scale, sh.c);
  funcs::CheckChannelParam(op, "Bias", bias, sh.c);
  funcs::GroupNormForward<T>(
      dev_ctx, sh, x.data<T>(), scale != nullptr ? scale->data<T>() : nullptr,
      bias != nullptr ? bias->data<T>() : nullptr, epsilon, save_inv_std,
      dev_ctx.template Alloc<T>(y), mean != nullptr ? dev_ctx.template Alloc<T>(mean) : nullptr,
      stat != nullptr ? dev_ctx.template Alloc<T>(stat) : nullptr);
}

// `stat_names` names the saved statistics in errors ("Mean and Variance", ...).
template <typename T, typename Context>
void Backward(const char* op, const char* stat_names, const Context& dev_ctx,
              const funcs::GroupNormShape& sh, const DenseTensor& x, const DenseTensor* scale,
              const DenseTensor& mean, const DenseTensor& stat, bool stat_is_inv_std,
              const DenseTensor& y_grad, float epsilon, DenseTensor* x_grad,
              DenseTensor* scale_grad, DenseTensor* bias_grad) {
  PD_CHECK(y_grad.dims() == x.dims(), InvalidArgument, "expected ", op,
           "'s Y@GRAD to have X's dims ", x.dims(), ", but got ", y_grad.dims());
  const int64_t count = sh.n * sh.groups;
  PD_CHECK(mean.numel() == count && stat.numel() == count, InvalidArgument, "expected ", op,
           "'s ", stat_names, " to hold ", count, " values, but got dims ", mean.dims(), " and ",
           stat.dims());
  funcs::CheckChannelParam(op, "Scale", scale, sh.c);
  // The parameter gradients hold one value per channel, whatever Scale / Bias (optional) are.
  for (DenseTensor* g : {scale_grad, bias_grad})
    if (g != nullptr) g->Resize(DDim({sh.c}));
  funcs::GroupNormBackward<T>(
      dev_ctx, sh, x.data<T>(), scale != nullptr ? scale->data<T>() : nullptr, mean.data<T>(),
      stat.data<T>(), stat_is_inv_std, epsilon, y_grad.data<T>(),
      x_grad != nullptr ? dev_ctx.template Alloc<T>(x_grad) : nullptr,
      scale_grad != nullptr ? dev_ctx.template Alloc<T>(scale_grad) : nullptr,
      bias_grad != nullptr ? dev_ctx.template Alloc<T>(bias_grad) : nullptr);
}

}  // namespace group_norm_impl

template <typename T, typename Context>
void GroupNormKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                     const DenseTensor* bias, float epsilon, int groups,
                     const std::string& data_layout, DenseTensor* y, DenseTensor* mean,
                     DenseTensor* variance) {
  const auto sh =
      group_norm_impl::ShapeOf("group_norm", x.dims(), false, groups, data_layout == "NHWC");
  group_norm_impl::Forward<T>("group_norm", dev_ctx, sh, x, scale, bias, epsilon, false, y, mean,
                              variance);
}

template <typename T, typename Context>
void GroupNormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                         const DenseTensor* bias, const DenseTensor& mean,
                         const DenseTensor& variance, const DenseTensor& y_grad, float epsilon,
                         int groups, const std::string& data_layout, DenseTensor* x_grad,
                         DenseTensor* scale_grad, DenseTensor* bias_grad) {
  const auto sh =
      group_norm_impl::ShapeOf("group_norm_grad", x.dims(), false, groups, data_layout == "NHWC");
  group_norm_impl::Backward<T>("group_norm_grad", "Mean and Variance", dev_ctx, sh, x, scale,
                               mean, variance, false, y_grad, epsilon, x_grad, scale_grad,
                               bias_grad);
}

template <typename T, typename Context>
void InstanceNormKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                        const DenseTensor* bias, float epsilon, DenseTensor* y,
                        DenseTensor* saved_mean, DenseTensor* saved_variance) {
  const auto sh = group_norm_impl::ShapeOf("instance_norm", x.dims(), true, 0, false);
  group_norm_impl::Forward<T>("instance_norm", dev_ctx, sh, x, scale, bias, epsilon, true, y,
                              saved_mean, saved_variance);
}

template <typename T, typename Context>
void InstanceNormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                            const DenseTensor& saved_mean, const DenseTensor& saved_variance,
                            const DenseTensor& y_grad, float epsilon, DenseTensor* x_grad,
                            DenseTensor* scale_grad, DenseTensor* bias_grad) {
  const auto sh = group_norm_impl::ShapeOf("instance_norm_grad", x.dims(), true, 0, false);
  group_norm_impl::Backward<T>("instance_norm_grad", "SavedMean and SavedVariance", dev_ctx, sh,
                               x, scale, saved_mean, saved_variance, true, y_grad, epsilon,
                               x_grad, scale_grad, bias_grad);
}

}  // namespace phi
