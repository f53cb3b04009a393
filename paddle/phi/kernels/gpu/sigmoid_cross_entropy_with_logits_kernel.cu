// sigmoid_cross_entropy_with_logits and its grad on GPU: the CPU kernels' elementwise formulas
// (optional pos_weight, 0 at ignore_index). With normalize, the number of non-ignored labels is
// counted on the device first and the elementwise kernel reads it from there.
#include <cmath>
#include <cstdint>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/sigmoid_cross_entropy_with_logits_kernel.h"

namespace phi {
namespace gpu_sigmoid_ce {

// std::max's rule (the first operand unless the second is larger), so NaNs pass as on the CPU.
template <typename A>
__device__ __forceinline__ A StdMax(A a, A b) {
  return a < b ? b : a;
}

template <typename DT>
__device__ __forceinline__ bool Ignored(DT label, int ignore_index) {
  using A = gpu::AccType<DT>;
  return gpu::ToAcc(label) == static_cast<A>(ignore_index);
}

// 1 per label that is not ignore_index.
template <typename DT>
struct LoadKept {
  const DT* label;
  int ignore_index;
  __device__ __forceinline__ int64_t operator()(int64_t i) const {
    return Ignored(label[i], ignore_index) ? 0 : 1;
  }
};

struct StoreCount {
  int64_t* count;
  __device__ __forceinline__ void operator()(int64_t, int64_t total) const { *count = total; }
};

// 1 / max(count, 1e-5) when count is given (normalize), else 1: the CPU's NormScale.
template <typename A>
__device__ __forceinline__ A NormScale(const int64_t* count) {
  if (count == nullptr) return A(1);
  return A(1) / StdMax(static_cast<A>(*count), static_cast<A>(1e-5));
}

// The pos_weight factor of element i (1 without pos_weight).
template <typename DT>
__device__ __forceinline__ gpu::AccType<DT> PosWeight(const DT* pos_weight, int64_t i,
                                                      gpu::AccType<DT> l) {
  using A = gpu::AccType<DT>;
  return pos_weight != nullptr ? (gpu::ToAcc(pos_weight[i]) - A(1)) * l + A(1) : A(1);
}

template <typename DT>
__global__ void SigmoidCEForward(const DT* x, const DT* label, const DT* pos_weight,
                                 const int64_t* count, int ignore_index, DT* out, int64_t n) {
  using A = gpu::AccType<DT>;
  const A scale = NormScale<A>(count);
  PD_GPU_LOOP(i, n) {
    if (Ignored(label[i], ignore_index)) {
      out[i] = gpu::ConvertTo<DT>(A(0));
      continue;
    }
    const A v = gpu::ToAcc(x[i]);
    const A l = gpu::ToAcc(label[i]);
    const A w = PosWeight(pos_weight, i, l);
    // log(1 + exp(-v)) = log(1 + exp(-|v|)) + max(-v, 0)
    const A softplus = std::log1p(std::exp(-std::abs(v))) + StdMax(-v, A(0));
    out[i] = gpu::ConvertTo<DT>(((A(1) - l) * v + w * softplus) * scale);
  }
}

template <typename DT>
__global__ void SigmoidCEBackward(const DT* x, const DT* label, const DT* pos_weight,
                                  const DT* dout, const int64_t* count, int ignore_index, DT* dx,
                                  int64_t n) {
  using A = gpu::AccType<DT>;
  const A scale = NormScale<A>(count);
  PD_GPU_LOOP(i, n) {
    if (Ignored(label[i], ignore_index)) {
      dx[i] = gpu::ConvertTo<DT>(A(0));
      continue;
    }
    const A l = gpu::ToAcc(label[i]);
    const A w = PosWeight(pos_weight, i, l);
    const A sig = A(1) / (A(1) + std::exp(-gpu::ToAcc(x[i])));
    dx[i] = gpu::ConvertTo<DT>(gpu::ToAcc(dout[i]) * ((A(1) - l) - w * (A(1) - sig)) * scale);
  }
}

// The device count of Label's non-ignored entries, kept alive by `holder`; nullptr without
// normalize.
template <typename DT>
const int64_t* CountKept(const GPUContext& ctx, const DT* label, int64_t n, bool normalize,
                         int ignore_index, DenseTensor* holder) {
  if (!normalize) return nullptr;
  *holder = DenseTensor(DataType::INT64, DDim({1}));
  int64_t* count = ctx.template Alloc<int64_t>(holder);
  const funcs::ReducePlan plan = funcs::MakeReducePlan(DDim({n}), {0});
  gpu::ReduceWithPlan<int64_t>(ctx, plan, LoadKept<DT>{label, ignore_index}, gpu::SumOp(),
                               int64_t{0}, StoreCount{count});
  return count;
}

}  // namespace gpu_sigmoid_ce

template <typename T, typename Context>
void SigmoidCrossEntropyWithLogitsKernel(const Context& dev_ctx, const DenseTensor& x,
                                         const DenseTensor& label, const DenseTensor* pos_weight,
                                         bool normalize, int ignore_index, DenseTensor* out) {
  const int64_t n = x.numel();
  PD_CHECK(label.numel() == n, InvalidArgument,
           "expected sigmoid_cross_entropy_with_logits's Label to have ", n, " elements, but got ",
           label.numel());
  PD_CHECK(pos_weight == nullptr || pos_weight->numel() == n, InvalidArgument,
           "expected sigmoid_cross_entropy_with_logits's pos_weight to have ", n,
           " elements, but got ", pos_weight ? pos_weight->numel() : 0);
  const DenseTensor x_in = x;  // keeps the inputs' storage alive if Out aliases one
  const DenseTensor label_in = label;
  const DenseTensor pos_weight_in = pos_weight != nullptr ? *pos_weight : DenseTensor();
  const auto* labels = gpu::DeviceData<T>(label_in);
  auto* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  if (n == 0) return;
  DenseTensor count_holder;
  const int64_t* count = gpu_sigmoid_ce::CountKept(dev_ctx, labels, n, normalize, ignore_index,
                                                   &count_holder);
  gpu_sigmoid_ce::SigmoidCEForward<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0,
                                     dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x_in), labels,
      pos_weight != nullptr ? gpu::DeviceData<T>(pos_weight_in) : nullptr, count, ignore_index,
      result, n);
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void SigmoidCrossEntropyWithLogitsGradKernel(const Context& dev_ctx, const DenseTensor& x,
                                             const DenseTensor& label,
                                             const DenseTensor* pos_weight, const DenseTensor& dout,
                                             bool normalize, int ignore_index, DenseTensor* dx) {
  const int64_t n = x.numel();
  PD_CHECK(label.numel() == n && dout.numel() == n, InvalidArgument,
           "expected sigmoid_cross_entropy_with_logits_grad's Label and Out@GRAD to have ", n,
           " elements, but got ", label.numel(), " and ", dout.numel());
  PD_CHECK(pos_weight == nullptr || pos_weight->numel() == n, InvalidArgument,
           "expected sigmoid_cross_entropy_with_logits_grad's pos_weight to have ", n,
           " elements, but got ", pos_weight ? pos_weight->numel() : 0);
  const DenseTensor x_in = x;
  const DenseTensor label_in = label;
  const DenseTensor dout_in = dout;
  const DenseTensor pos_weight_in = pos_weight != nullptr ? *pos_weight : DenseTensor();
  const auto* labels = gpu::DeviceData<T>(label_in);
  auto* result = gpu::DeviceAlloc<T>(dev_ctx, dx);
  if (n == 0) return;
  DenseTensor count_holder;
  const int64_t* count = gpu_sigmoid_ce::CountKept(dev_ctx, labels, n, normalize, ignore_index,
                                                   &count_holder);
  gpu_sigmoid_ce::SigmoidCEBackward<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0,
                                      dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x_in), labels,
      pos_weight != nullptr ? gpu::DeviceData<T>(pos_weight_in) : nullptr,
      gpu::DeviceData<T>(dout_in), count, ignore_index, result, n);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(sigmoid_cross_entropy_with_logits, GPU, phi::SigmoidCrossEntropyWithLogitsKernel,
                   float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(sigmoid_cross_entropy_with_logits_grad, GPU,
                   phi::SigmoidCrossEntropyWithLogitsGradKernel, float, double, phi::float16,
                   phi::bfloat16);
