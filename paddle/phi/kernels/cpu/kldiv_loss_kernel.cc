#include "paddle/phi/kernels/kldiv_loss_kernel.h"

#include <cmath>
#include <cstdint>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void KLDivLossKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& target,
                     const std::string& reduction, bool log_target, DenseTensor* loss) {
  const int64_t n = x.numel();
  PD_CHECK(target.numel() == n, InvalidArgument, "expected kldiv_loss's Target to have ", n,
           " elements, but got ", target.numel());
  const T scale = funcs::KLDivReductionScale<T>(reduction, x);
  const T* xs = x.data<T>();
  const T* ts = target.data<T>();
  T* o = dev_ctx.template Alloc<T>(loss);
  T total = T(0);
  for (int64_t i = 0; i < n; ++i) {
    T v;
    if (log_target) {
      v = std::exp(ts[i]) * (ts[i] - xs[i]);
    } else {
      v = ts[i] > T(0) ? ts[i] * (std::log(ts[i]) - xs[i]) : T(0);
    }
    if (reduction == "none") {
      o[i] = v;
    } else {
      total += v;
    }
  }
  if (reduction != "none") o[0] = total * scale;
}

template <typename T, typename Context>
void KLDivLossGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& target,
                         const DenseTensor& dloss, const std::string& reduction, bool log_target,
                         DenseTensor* dx) {
  const int64_t n = target.numel();
  const bool none = reduction == "none";
  PD_CHECK(dloss.numel() == (none ? n : 1), InvalidArgument,
           "expected kldiv_loss_grad's Loss@GRAD to have ", none ? n : 1, " elements, but got ",
           dloss.numel());
  // X@GRAD takes X's dims and gets one value per Target element.
  PD_CHECK(x.numel() == n, InvalidArgument, "expected kldiv_loss_grad's Target to have ",
           x.numel(), " elements like X ", x.dims(), ", but got dims ", target.dims());
  const T scale = funcs::KLDivReductionScale<T>(reduction, target);
  const T* ts = target.data<T>();
  const T* g = dloss.data<T>();
  T* d = dev_ctx.template Alloc<T>(dx);
  for (int64_t i = 0; i < n; ++i) {
    const T gi = (none ? g[i] : g[0]) * scale;
    if (log_target) {
      d[i] = -std::exp(ts[i]) * gi;
    } else {
      d[i] = ts[i] > T(0) ? -ts[i] * gi : T(0);
    }
  }
  (void)x;
}

}  // namespace phi

PD_REGISTER_KERNEL(kldiv_loss, CPU, phi::KLDivLossKernel, float, double);
PD_REGISTER_KERNEL(kldiv_loss_grad, CPU, phi::KLDivLossGradKernel, float, double);
