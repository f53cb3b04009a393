// kldiv_loss: elementwise l = Target * (log(Target) - X) (0 where Target <= 0), or with log_target
// l = exp(Target) * (Target - X); reduced by reduction: 'none' (elementwise), 'sum', 'mean' (over
// all elements) or 'batchmean' (sum / X.dims[0]). X@GRAD = -Target (or -exp(Target)) * Loss@GRAD,
// scaled by the reduction.
#pragma once

#include <string>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi {
namespace funcs {

// The factor kldiv_loss's reduction applies to each elementwise term (1 for 'none' and 'sum'),
// in the type A the kernel computes in; both backends' kernels take it from here.
template <typename A>
A KLDivReductionScale(const std::string& reduction, const DenseTensor& x) {
  if (reduction == "mean") return A(1) / static_cast<A>(x.numel() > 0 ? x.numel() : 1);
  if (reduction == "batchmean") {
    const int64_t b = x.dims().size() > 0 ? x.dims()[0] : 1;
    return A(1) / static_cast<A>(b > 0 ? b : 1);
  }
  PD_CHECK(reduction == "none" || reduction == "sum", InvalidArgument,
           "expected kldiv_loss's reduction in ('none', 'batchmean', 'mean', 'sum'), but got '",
           reduction, "'");
  return A(1);
}

}  // namespace funcs

template <typename T, typename Context>
void KLDivLossKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& target,
                     const std::string& reduction, bool log_target, DenseTensor* loss);

template <typename T, typename Context>
void KLDivLossGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& target,
                         const DenseTensor& dloss, const std::string& reduction, bool log_target,
                         DenseTensor* dx);

}  // namespace phi
