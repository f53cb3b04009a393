// The GEMM epilogue of fc and fused_gemm_epilogue on GPU: rows[m, n] = act(rows + bias) in
// the accumulation type, optionally keeping the pre-activation values (ReserveSpace), with
// the scalar formulas shared with the CPU kernels (funcs/fused_activation_functor.h).
#pragma once

#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/kernels/funcs/fused_activation_functor.h"

namespace phi {
namespace gpu {
namespace epilogue {

template <typename DT, typename Acc>
__global__ void BiasActivationKernel(funcs::FusedActivation act, DT* rows, int64_t m, int64_t n,
                                     const DT* bias, DT* pre) {
  PD_GPU_LOOP(t, m * n) {
    Acc v = static_cast<Acc>(rows[t]);
    if (bias != nullptr) v += static_cast<Acc>(bias[t % n]);
    // Rounded to the storage type before the activation, as the CPU kernel stores its sum.
    const DT stored = static_cast<DT>(v);
    if (pre != nullptr) pre[t] = stored;
    rows[t] = static_cast<DT>(funcs::ApplyFusedActivation(act, static_cast<Acc>(stored)));
  }
}

// rows[m, n] = act(rows + bias) (bias [n] or nullptr); pre, when given, gets rows + bias.
template <typename T>
void ApplyBiasActivationRows(const GPUContext& ctx, funcs::FusedActivation act, T* rows, int64_t m,
                             int64_t n, const T* bias, T* pre = nullptr) {
  using DT = DeviceType<T>;
  if (m * n == 0) return;
  if (act == funcs::FusedActivation::kNone && bias == nullptr && pre == nullptr) return;
  BiasActivationKernel<DT, AccType<T>><<<BlocksFor(ctx, m * n), kThreads, 0, ctx.stream()>>>(
      act, reinterpret_cast<DT*>(rows), m, n, reinterpret_cast<const DT*>(bias),
      reinterpret_cast<DT*>(pre));
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace epilogue
}  // namespace gpu
}  // namespace phi
