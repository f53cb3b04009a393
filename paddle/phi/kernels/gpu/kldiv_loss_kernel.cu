// kldiv_loss and kldiv_loss_grad on GPU: the CPU kernels' elementwise terms; 'sum', 'mean' and
// 'batchmean' fold them with the deterministic reduction of funcs/gpu/reduce.cuh (in double for
// float and double, float for float16 / bfloat16) and scale the total on the device.
#include <cmath>
#include <cstdint>
#include <string>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/kldiv_loss_kernel.h"

namespace phi {
namespace gpu_kldiv_loss {

// The loss term of element i.
template <typename DT>
struct KLDivTerm {
  const DT* x;
  const DT* target;
  bool log_target;
  __device__ __forceinline__ gpu::AccType<DT> operator()(int64_t i) const {
    using A = gpu::AccType<DT>;
    const A t = gpu::ToAcc(target[i]);
    const A v = gpu::ToAcc(x[i]);
    if (log_target) return std::exp(t) * (t - v);
    return t > A(0) ? t * (std::log(t) - v) : A(0);
  }
};

// The term as the reduction's accumulator type.
template <typename DT, typename Sum>
struct LoadTerm {
  KLDivTerm<DT> term;
  __device__ __forceinline__ Sum operator()(int64_t i) const { return static_cast<Sum>(term(i)); }
};

template <typename DT, typename Sum>
struct StoreScaledTotal {
  DT* out;
  gpu::AccType<DT> scale;
  __device__ __forceinline__ void operator()(int64_t o, Sum total) const {
    out[o] = gpu::ConvertTo<DT>(static_cast<gpu::AccType<DT>>(total) * scale);
  }
};

template <typename DT>
__global__ void KLDivLossNone(KLDivTerm<DT> term, DT* out, int64_t n) {
  PD_GPU_LOOP(i, n) { out[i] = gpu::ConvertTo<DT>(term(i)); }
}

// dloss has n elements ('none') or one.
template <typename DT>
__global__ void KLDivLossBackward(const DT* target, const DT* dloss, DT* dx, int64_t n, bool none,
                                  bool log_target, gpu::AccType<DT> scale) {
  using A = gpu::AccType<DT>;
  PD_GPU_LOOP(i, n) {
    const A t = gpu::ToAcc(target[i]);
    const A gi = gpu::ToAcc(none ? dloss[i] : dloss[0]) * scale;
    A d;
    if (log_target) {
      d = -std::exp(t) * gi;
    } else {
      d = t > A(0) ? -t * gi : A(0);
    }
    dx[i] = gpu::ConvertTo<DT>(d);
  }
}

}  // namespace gpu_kldiv_loss

template <typename T, typename Context>
void KLDivLossKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& target,
                     const std::string& reduction, bool log_target, DenseTensor* loss) {
  using DT = gpu::DeviceType<T>;
  using A = gpu::AccType<T>;
  using Sum = gpu::SumAccType<DT>;
  const int64_t n = x.numel();
  PD_CHECK(target.numel() == n, InvalidArgument, "expected kldiv_loss's Target to have ", n,
           " elements, but got ", target.numel());
  const A scale = funcs::KLDivReductionScale<A>(reduction, x);
  const DenseTensor x_in = x;  // keeps the inputs' storage alive if Loss aliases one
  const DenseTensor target_in = target;
  DT* out = gpu::DeviceAlloc<T>(dev_ctx, loss);
  const gpu_kldiv_loss::KLDivTerm<DT> term{gpu::DeviceData<T>(x_in),
                                           gpu::DeviceData<T>(target_in), log_target};
  if (reduction == "none") {
    if (n == 0) return;
    gpu_kldiv_loss::KLDivLossNone<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0,
                                    dev_ctx.stream()>>>(term, out, n);
    PD_CUDA_CHECK_LAUNCH();
    return;
  }
  // One total of all n terms (0 when X is empty, as on the CPU).
  const funcs::ReducePlan plan = funcs::MakeReducePlan(DDim({n}), {0});
  gpu::ReduceWithPlan<Sum>(dev_ctx, plan, gpu_kldiv_loss::LoadTerm<DT, Sum>{term}, gpu::SumOp(),
                           Sum(0), gpu_kldiv_loss::StoreScaledTotal<DT, Sum>{out, scale});
}

template <typename T, typename Context>
void KLDivLossGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& target,
                         const DenseTensor& dloss, const std::string& reduction, bool log_target,
                         DenseTensor* dx) {
  using A = gpu::AccType<T>;
  const int64_t n = target.numel();
  const bool none = reduction == "none";
  PD_CHECK(dloss.numel() == (none ? n : 1), InvalidArgument,
           "expected kldiv_loss_grad's Loss@GRAD to have ", none ? n : 1, " elements, but got ",
           dloss.numel());
  // X@GRAD takes X's dims and gets one value per Target element.
  PD_CHECK(x.numel() == n, InvalidArgument, "expected kldiv_loss_grad's Target to have ",
           x.numel(), " elements like X ", x.dims(), ", but got dims ", target.dims());
  const A scale = funcs::KLDivReductionScale<A>(reduction, target);
  const DenseTensor target_in = target;
  const DenseTensor dloss_in = dloss;
  auto* d = gpu::DeviceAlloc<T>(dev_ctx, dx);
  if (n == 0) return;
  gpu_kldiv_loss::KLDivLossBackward<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0,
                                      dev_ctx.stream()>>>(gpu::DeviceData<T>(target_in),
                                                          gpu::DeviceData<T>(dloss_in), d, n,
                                                          none, log_target, scale);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(kldiv_loss, GPU, phi::KLDivLossKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(kldiv_loss_grad, GPU, phi::KLDivLossGradKernel, float, double, phi::float16,
                   phi::bfloat16);
