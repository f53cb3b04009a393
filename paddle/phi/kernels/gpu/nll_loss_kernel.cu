// nll_loss and nll_loss_grad on GPU: the CPU kernels' per-entry losses -w[label] * X[n, label,
// ...]; Total_weight and the 'sum' / 'mean' totals come from the deterministic reduction of
// funcs/gpu/reduce.cuh (in double for float and double), and the gradient reads Total_weight on
// the device. A label outside [0, C) that is not ignore_index cannot raise an error from the
// device: its loss and weight are NaN (so Out and Total_weight show it) and its gradient is 0.
#include <cmath>
#include <cstdint>
#include <string>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/nll_loss_kernel.h"

namespace phi {
namespace gpu_nll_loss {

struct NllShape {
  int64_t n;      // batch
  int64_t c;      // classes
  int64_t inner;  // product of the spatial extents
};

inline NllShape MakeNllShape(const DDim& d) {
  PD_CHECK(d.size() >= 2, InvalidArgument,
           "expected nll_loss's X to have rank >= 2 ([N, C, ...]), but got X ", d);
  NllShape s{d[0], d[1], 1};
  for (int i = 2; i < d.size(); ++i) s.inner *= d[i];
  return s;
}

inline void CheckReduction(const std::string& reduction) {
  PD_CHECK(reduction == "none" || reduction == "mean" || reduction == "sum", InvalidArgument,
           "expected nll_loss's reduction in ('none', 'mean', 'sum'), but got '", reduction, "'");
}

inline void CheckLabel(const DenseTensor& label, int64_t count) {
  PD_CHECK(label.numel() == count, InvalidArgument, "expected nll_loss's Label to have ", count,
           " elements, but got ", label.numel());
  PD_CHECK(label.dtype() == DataType::INT32 || label.dtype() == DataType::INT64, InvalidArgument,
           "expected nll_loss's Label to be int64 or int32, but got ", label.dtype());
}

inline void CheckWeight(const DenseTensor* weight, int64_t classes) {
  if (weight == nullptr) return;
  PD_CHECK(weight->numel() == classes, InvalidArgument, "expected nll_loss's Weight to have ",
           classes, " elements, but got ", weight->numel());
}

// Entry idx = b * inner + k of Label: its weight and its loss, both 0 when ignored and NaN for
// a label out of range.
template <typename DT, typename LabelT>
struct NllEntry {
  const DT* x;
  const LabelT* label;
  const DT* weight;  // nullptr: ones
  NllShape s;
  int64_t ignore_index;
  using A = gpu::AccType<DT>;

  __device__ __forceinline__ void operator()(int64_t idx, A* w, A* loss) const {
    const int64_t l = static_cast<int64_t>(label[idx]);
    if (l == ignore_index) {
      *w = A(0);
      *loss = A(0);
    } else if (l < 0 || l >= s.c) {
      *w = static_cast<A>(NAN);
      *loss = static_cast<A>(NAN);
    } else {
      const int64_t b = idx / s.inner;
      const int64_t k = idx % s.inner;
      *w = weight != nullptr ? gpu::ToAcc(weight[l]) : A(1);
      *loss = -*w * gpu::ToAcc(x[(b * s.c + l) * s.inner + k]);
    }
  }
};

template <typename DT, typename LabelT, typename Sum>
struct LoadWeight {
  NllEntry<DT, LabelT> entry;
  __device__ __forceinline__ Sum operator()(int64_t idx) const {
    gpu::AccType<DT> w, loss;
    entry(idx, &w, &loss);
    return static_cast<Sum>(w);
  }
};

template <typename DT, typename LabelT, typename Sum>
struct LoadLoss {
  NllEntry<DT, LabelT> entry;
  __device__ __forceinline__ Sum operator()(int64_t idx) const {
    gpu::AccType<DT> w, loss;
    entry(idx, &w, &loss);
    return static_cast<Sum>(loss);
  }
};

// The weight total into Total_weight and (for 'mean') a Sum-typed copy the loss total divides
// by; either pointer may be nullptr.
template <typename DT, typename Sum>
struct StoreWeightTotal {
  DT* total_weight;
  Sum* weight_sum;
  __device__ __forceinline__ void operator()(int64_t, Sum total) const {
    if (total_weight != nullptr) *total_weight = gpu::ConvertTo<DT>(total);
    if (weight_sum != nullptr) *weight_sum = total;
  }
};

// Out = the loss total ('sum'), or that over the weight total unless it is 0 ('mean').
template <typename DT, typename Sum>
struct StoreLossTotal {
  DT* out;
  const Sum* weight_sum;  // nullptr for 'sum'
  __device__ __forceinline__ void operator()(int64_t, Sum total) const {
    if (weight_sum != nullptr && *weight_sum != Sum(0)) total = total / *weight_sum;
    *out = gpu::ConvertTo<DT>(total);
  }
};

template <typename DT, typename LabelT>
__global__ void NllLossNone(NllEntry<DT, LabelT> entry, DT* out, int64_t count) {
  PD_GPU_LOOP(idx, count) {
    gpu::AccType<DT> w, loss;
    entry(idx, &w, &loss);
    out[idx] = gpu::ConvertTo<DT>(loss);
  }
}

// One thread per X@GRAD element: -w[label] * Out@GRAD * scale at the entry's label, else 0.
// scale is 1 / Total_weight for 'mean' (1 when Total_weight is 0), 1 otherwise.
template <typename DT, typename LabelT>
__global__ void NllLossBackward(const LabelT* label, const DT* weight, const DT* total_weight,
                                const DT* dout, NllShape s, int64_t ignore_index, bool none,
                                bool mean, DT* dx, int64_t total) {
  using A = gpu::AccType<DT>;
  A scale = A(1);
  if (mean) {
    const A tw = gpu::ToAcc(total_weight[0]);
    if (tw != A(0)) scale = A(1) / tw;
  }
  PD_GPU_LOOP(e, total) {
    const int64_t k = e % s.inner;
    const int64_t cls = (e / s.inner) % s.c;
    const int64_t b = e / (s.inner * s.c);
    const int64_t idx = b * s.inner + k;
    const int64_t l = static_cast<int64_t>(label[idx]);
    A d = A(0);
    if (l != ignore_index && l == cls) {
      const A wl = weight != nullptr ? gpu::ToAcc(weight[l]) : A(1);
      d = -wl * gpu::ToAcc(none ? dout[idx] : dout[0]) * scale;
    }
    dx[e] = gpu::ConvertTo<DT>(d);
  }
}

template <typename T, typename LabelT>
void NllLossForward(const GPUContext& ctx, const DenseTensor& x, const DenseTensor& label,
                    const DenseTensor* weight, int64_t ignore_index, const std::string& reduction,
                    const NllShape& s, DenseTensor* out, DenseTensor* total_weight) {
  using DT = gpu::DeviceType<T>;
  using Sum = gpu::SumAccType<DT>;
  const NllEntry<DT, LabelT> entry{gpu::DeviceData<T>(x), label.data<LabelT>(),
                                   weight != nullptr ? gpu::DeviceData<T>(*weight) : nullptr, s,
                                   ignore_index};
  const int64_t count = s.n * s.inner;
  DT* o = gpu::DeviceAlloc<T>(ctx, out);
  DT* tw = total_weight != nullptr ? gpu::DeviceAlloc<T>(ctx, total_weight) : nullptr;
  const bool mean = reduction == "mean";
  const funcs::ReducePlan plan = funcs::MakeReducePlan(DDim({count}), {0});
  DenseTensor weight_sum_holder;
  Sum* weight_sum = nullptr;
  if (mean) {
    weight_sum_holder = DenseTensor(CppTypeToDataType<Sum>::value, DDim({1}));
    weight_sum = ctx.template Alloc<Sum>(&weight_sum_holder);  // stream-ordered
  }
  if (tw != nullptr || mean) {
    gpu::ReduceWithPlan<Sum>(ctx, plan, LoadWeight<DT, LabelT, Sum>{entry}, gpu::SumOp(), Sum(0),
                             StoreWeightTotal<DT, Sum>{tw, weight_sum});
  }
  if (reduction == "none") {
    if (count == 0) return;
    NllLossNone<<<gpu::BlocksFor(ctx, count), gpu::kThreads, 0, ctx.stream()>>>(entry, o, count);
    PD_CUDA_CHECK_LAUNCH();
    return;
  }
  gpu::ReduceWithPlan<Sum>(ctx, plan, LoadLoss<DT, LabelT, Sum>{entry}, gpu::SumOp(), Sum(0),
                           StoreLossTotal<DT, Sum>{o, weight_sum});
}

template <typename T, typename LabelT>
void NllLossBackwardLaunch(const GPUContext& ctx, const DenseTensor& label,
                           const DenseTensor* weight, const DenseTensor& total_weight,
                           const DenseTensor& dout, int64_t ignore_index,
                           const std::string& reduction, const NllShape& s, DenseTensor* dx) {
  const bool mean = reduction == "mean";
  auto* d = gpu::DeviceAlloc<T>(ctx, dx);
  const int64_t total = dx->numel();
  if (total == 0) return;
  NllLossBackward<<<gpu::BlocksFor(ctx, total), gpu::kThreads, 0, ctx.stream()>>>(
      label.data<LabelT>(), weight != nullptr ? gpu::DeviceData<T>(*weight) : nullptr,
      mean ? gpu::DeviceData<T>(total_weight) : nullptr, gpu::DeviceData<T>(dout), s,
      ignore_index, reduction == "none", mean, d, total);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace gpu_nll_loss

template <typename T, typename Context>
void NllLossKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& label,
                   const DenseTensor* weight, int64_t ignore_index, const std::string& reduction,
                   DenseTensor* out, DenseTensor* total_weight) {
  gpu_nll_loss::CheckReduction(reduction);
  const gpu_nll_loss::NllShape s = gpu_nll_loss::MakeNllShape(x.dims());
  gpu_nll_loss::CheckLabel(label, s.n * s.inner);
  gpu_nll_loss::CheckWeight(weight, s.c);
  // Held by value: an output sharing an input's storage must not free it while it is read.
  const DenseTensor x_in = x;
  const DenseTensor label_in = label;
  const DenseTensor weight_in = weight != nullptr ? *weight : DenseTensor();
  const DenseTensor* weight_ptr = weight != nullptr ? &weight_in : nullptr;
  if (label_in.dtype() == DataType::INT32) {
    gpu_nll_loss::NllLossForward<T, int32_t>(dev_ctx, x_in, label_in, weight_ptr, ignore_index,
                                             reduction, s, out, total_weight);
  } else {
    gpu_nll_loss::NllLossForward<T, int64_t>(dev_ctx, x_in, label_in, weight_ptr, ignore_index,
                                             reduction, s, out, total_weight);
  }
}

template <typename T, typename Context>
void NllLossGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& label,
                       const DenseTensor* weight, const DenseTensor& total_weight,
                       const DenseTensor& dout, int64_t ignore_index, const std::string& reduction,
                       DenseTensor* dx) {
  gpu_nll_loss::CheckReduction(reduction);
  const gpu_nll_loss::NllShape s = gpu_nll_loss::MakeNllShape(dx->dims());
  gpu_nll_loss::CheckLabel(label, s.n * s.inner);
  gpu_nll_loss::CheckWeight(weight, s.c);
  const bool none = reduction == "none";
  PD_CHECK(dout.numel() == (none ? s.n * s.inner : 1), InvalidArgument,
           "expected nll_loss_grad's Out@GRAD to have ", none ? s.n * s.inner : 1,
           " elements, but got ", dout.numel());
  const DenseTensor label_in = label;
  const DenseTensor weight_in = weight != nullptr ? *weight : DenseTensor();
  const DenseTensor* weight_ptr = weight != nullptr ? &weight_in : nullptr;
  const DenseTensor total_weight_in = total_weight;
  const DenseTensor dout_in = dout;
  if (label_in.dtype() == DataType::INT32) {
    gpu_nll_loss::NllLossBackwardLaunch<T, int32_t>(dev_ctx, label_in, weight_ptr,
                                                    total_weight_in, dout_in, ignore_index,
                                                    reduction, s, dx);
  } else {
    gpu_nll_loss::NllLossBackwardLaunch<T, int64_t>(dev_ctx, label_in, weight_ptr,
                                                    total_weight_in, dout_in, ignore_index,
                                                    reduction, s, dx);
  }
  (void)x;
}

}  // namespace phi

PD_REGISTER_KERNEL(nll_loss, GPU, phi::NllLossKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(nll_loss_grad, GPU, phi::NllLossGradKernel, float, double, phi::float16,
                   phi::bfloat16);
