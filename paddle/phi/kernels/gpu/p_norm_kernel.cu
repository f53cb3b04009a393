// p_norm and p_norm_grad on GPU. X is seen as [pre, n, post] (n the axis; all of X when
// asvector). The forward folds each norm with the deterministic reduction of
// funcs/gpu/reduce.cuh: +-inf take the largest / smallest |x| (std::max / std::min's rule, as
// the CPU loops), p = 0 counts non-zeros, other p sum |x|^p in double (float for float16 /
// bfloat16) and take the 1/p-th power. The gradient is one elementwise pass.
#include <cmath>
#include <cstdint>
#include <limits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/p_norm_kernel.h"

namespace phi {
namespace gpu_p_norm {

struct NormShape {
  int64_t pre, n, post;
};

inline NormShape MakeNormShape(const DDim& d, int axis, bool asvector) {
  if (asvector || d.size() == 0) return {1, product(d, 0, d.size()), 1};
  const int a = funcs::NormalizeAxis(axis, d.size(), "p_norm's axis");
  return {product(d, 0, a), d[a], product(d, a + 1, d.size())};
}

// std::max(acc, v) and std::min(acc, v), the CPU's folds: a NaN |x| never replaces acc.
struct StdMaxOp {
  template <typename A>
  __device__ __forceinline__ A operator()(A acc, A v) const {
    return acc < v ? v : acc;
  }
};
struct StdMinOp {
  template <typename A>
  __device__ __forceinline__ A operator()(A acc, A v) const {
    return v < acc ? v : acc;
  }
};

// load(i) = |x[i]|, |x[i]|^p, or 1 where x[i] != 0, in the accumulator type Acc.
enum class Term { kAbs, kPower, kNonZero };

template <typename DT, typename Acc, Term kTerm>
struct LoadTerm {
  const DT* x;
  gpu::AccType<DT> p;
  __device__ __forceinline__ Acc operator()(int64_t i) const {
    using A = gpu::AccType<DT>;
    const A v = gpu::ToAcc(x[i]);
    if constexpr (kTerm == Term::kAbs) {
      return static_cast<Acc>(std::abs(v));
    } else if constexpr (kTerm == Term::kPower) {
      return static_cast<Acc>(std::pow(std::abs(v), p));
    } else {
      return v != A(0) ? Acc(1) : Acc(0);
    }
  }
};

// out[o] = acc, or acc^(1/p) when root.
template <typename DT, typename Acc>
struct StoreNorm {
  DT* out;
  bool root;
  gpu::AccType<DT> p;
  __device__ __forceinline__ void operator()(int64_t o, Acc acc) const {
    using A = gpu::AccType<DT>;
    A v = static_cast<A>(acc);
    if (root) v = std::pow(v, A(1) / p);
    out[o] = gpu::ConvertTo<DT>(v);
  }
};

template <typename A>
__device__ __forceinline__ A Sign(A v) {
  return v > A(0) ? A(1) : (v < A(0) ? A(-1) : A(0));
}

template <typename DT>
__global__ void PNormBackward(const DT* x, const DT* norm, const DT* dout, DT* dx, NormShape s,
                              gpu::AccType<DT> p, gpu::AccType<DT> epsilon, bool inf, bool zero,
                              int64_t total) {
  using A = gpu::AccType<DT>;
  PD_GPU_LOOP(e, total) {
    const int64_t i = e % s.post;
    const int64_t o = e / (s.n * s.post);
    const int64_t j = o * s.post + i;
    const A nrm = gpu::ToAcc(norm[j]);
    const A g = gpu::ToAcc(dout[j]);
    const A v = gpu::ToAcc(x[e]);
    A r;
    if (zero) {
      r = A(0);
    } else if (inf) {
      r = std::abs(v) == nrm ? Sign(v) * g : A(0);
    } else {
      const A power = std::pow(nrm, p - A(1));
      const A scale = g / (power < epsilon ? epsilon : power);  // std::max(power, epsilon)
      r = Sign(v) * std::pow(std::abs(v), p - A(1)) * scale;
    }
    dx[e] = gpu::ConvertTo<DT>(r);
  }
}

}  // namespace gpu_p_norm

template <typename T, typename Context>
void PNormKernel(const Context& dev_ctx, const DenseTensor& x, float porder, int axis,
                 float epsilon, bool keepdim, bool asvector, DenseTensor* out) {
  using DT = gpu::DeviceType<T>;
  using A = gpu::AccType<T>;
  using Sum = gpu::SumAccType<DT>;
  (void)epsilon;
  (void)keepdim;
  const gpu_p_norm::NormShape s = gpu_p_norm::MakeNormShape(x.dims(), axis, asvector);
  const DenseTensor x_in = x;  // keeps X's storage alive if Out aliases it
  const DT* in = gpu::DeviceData<T>(x_in);
  DT* r = gpu::DeviceAlloc<T>(dev_ctx, out);
  const A p = static_cast<A>(porder);
  const funcs::ReducePlan plan = funcs::MakeReducePlan(DDim({s.pre, s.n, s.post}), {1});
  if (std::isinf(porder)) {
    const bool pos_inf = porder > 0;
    const gpu_p_norm::LoadTerm<DT, A, gpu_p_norm::Term::kAbs> load{in, p};
    const gpu_p_norm::StoreNorm<DT, A> finish{r, false, p};
    if (pos_inf) {
      gpu::ReduceWithPlan<A>(dev_ctx, plan, load, gpu_p_norm::StdMaxOp(), A(0), finish);
    } else {
      gpu::ReduceWithPlan<A>(dev_ctx, plan, load, gpu_p_norm::StdMinOp(),
                             std::numeric_limits<A>::infinity(), finish);
    }
  } else if (porder == 0.0f) {
    gpu::ReduceWithPlan<Sum>(dev_ctx, plan,
                             gpu_p_norm::LoadTerm<DT, Sum, gpu_p_norm::Term::kNonZero>{in, p},
                             gpu::SumOp(), Sum(0), gpu_p_norm::StoreNorm<DT, Sum>{r, false, p});
  } else {
    gpu::ReduceWithPlan<Sum>(dev_ctx, plan,
                             gpu_p_norm::LoadTerm<DT, Sum, gpu_p_norm::Term::kPower>{in, p},
                             gpu::SumOp(), Sum(0), gpu_p_norm::StoreNorm<DT, Sum>{r, true, p});
  }
}

template <typename T, typename Context>
void PNormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out,
                     const DenseTensor& dout, float porder, int axis, float epsilon, bool keepdim,
                     bool asvector, DenseTensor* dx) {
  using A = gpu::AccType<T>;
  (void)keepdim;
  const gpu_p_norm::NormShape s = gpu_p_norm::MakeNormShape(x.dims(), axis, asvector);
  const DenseTensor x_in = x;  // keeps the inputs' storage alive if X@GRAD aliases one
  const DenseTensor out_in = out;
  const DenseTensor dout_in = dout;
  auto* result = gpu::DeviceAlloc<T>(dev_ctx, dx);
  const int64_t total = x_in.numel();
  if (total == 0) return;
  const A p = static_cast<A>(porder);
  const A eps = static_cast<A>(epsilon);
  gpu_p_norm::PNormBackward<<<gpu::BlocksFor(dev_ctx, total), gpu::kThreads, 0,
                              dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x_in), gpu::DeviceData<T>(out_in), gpu::DeviceData<T>(dout_in), result,
      s, p, eps, std::isinf(porder), porder == 0.0f, total);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(p_norm, GPU, phi::PNormKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(p_norm_grad, GPU, phi::PNormGradKernel, float, double, phi::float16,
                   phi::bfloat16);
