// batch_norm_grad on GPU, the CPU kernel's formulas with its per-channel sums done by
// funcs::ChannelSums (in double): sum(dy) and sum(dy * (x - mean)), then one elementwise pass.
// Not cuDNN, to match the forward kernel (biased variance, any epsilon, ranks 2 to 5).
#include "paddle/phi/kernels/batch_norm_grad_kernel.h"

#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/gpu/channel_sums.h"
#include "paddle/phi/kernels/funcs/group_norm_impl.h"
#include "paddle/phi/kernels/impl/batch_norm_grad_kernel_impl.h"

namespace phi {
namespace {

template <typename DT>
struct GradSums {
  const DT* x;
  const DT* dy;
  const double* center;
  __device__ double2 operator()(int64_t c, int64_t offset) const {
    const double d = funcs::ToDouble(dy[offset]);
    return make_double2(d, d * (funcs::ToDouble(x[offset]) - center[c]));
  }
};

// The statistics X was normalized with: the running Mean and 1 / sqrt(Variance + epsilon)
// under global statistics, else SavedMean and SavedVariance (already the inverse std).
template <typename DPT>
__global__ void CenterKernel(int64_t channels, const DPT* mean, const DPT* second,
                             bool global_stats, double epsilon, double* center, double* inv_std) {
  PD_GPU_LOOP(c, channels) {
    center[c] = funcs::ToDouble(mean[c]);
    const double v = funcs::ToDouble(second[c]);
    inv_std[c] = global_stats ? 1.0 / sqrt(v + epsilon) : v;
  }
}

// Bias@GRAD = sum(dy), Scale@GRAD = sum(dy * x_hat); coef holds per channel gamma * inv_std,
// mean(dy) and mean(dy * x_hat) * inv_std for the X@GRAD pass.
template <typename DPT>
__global__ void GradStatsKernel(int64_t channels, const double2* sums, const double* inv_std,
                                const DPT* gamma, double inv_count, DPT* bias_grad, DPT* scale_grad,
                                double* coef) {
  PD_GPU_LOOP(c, channels) {
    const double sum_dy = sums[c].x;
    const double sum_dy_xhat = sums[c].y * inv_std[c];
    if (bias_grad != nullptr) bias_grad[c] = funcs::FromDouble<DPT>(sum_dy);
    if (scale_grad != nullptr) scale_grad[c] = funcs::FromDouble<DPT>(sum_dy_xhat);
    if (coef != nullptr) {
      coef[c] = funcs::ToDouble(gamma[c]) * inv_std[c];
      coef[channels + c] = sum_dy * inv_count;
      coef[2 * channels + c] = sum_dy_xhat * inv_count * inv_std[c];
    }
  }
}

// dx = g * dy under global statistics (the statistics are constants), else
// g * (dy - mean(dy) - (x - center) * k).
template <typename DT>
__global__ void InputGradKernel(const DT* x, const DT* dy, const double* center, const double* coef,
                                ChannelShape s, int64_t total, bool global_stats, DT* dx) {
  PD_GPU_LOOP(e, total) {
    const int64_t c = e / s.inner % s.channels;
    const double g = coef[c];
    const double d = funcs::ToDouble(dy[e]);
    double v;
    if (global_stats) {
      v = g * d;
    } else {
      v = g * (d - coef[s.channels + c] -
               (funcs::ToDouble(x[e]) - center[c]) * coef[2 * s.channels + c]);
    }
    dx[e] = funcs::FromDouble<DT>(v);
  }
}

template <typename T, typename PT>
void BatchNormBackward(const GPUContext& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                       const DenseTensor* mean, const DenseTensor* variance,
                       const DenseTensor& saved_mean, const DenseTensor& saved_variance,
                       const DenseTensor& y_grad, float epsilon, const ChannelShape& s,
                       bool global_stats, DenseTensor* x_grad, DenseTensor* scale_grad,
                       DenseTensor* bias_grad) {
  using DT = gpu::DeviceType<T>;
  using DPT = gpu::DeviceType<PT>;
  const int64_t channels = s.channels;
  const int64_t count = s.outer * s.inner;
  DPT* dbias = bias_grad != nullptr ? gpu::DeviceAlloc<PT>(dev_ctx, bias_grad) : nullptr;
  DPT* dscale = scale_grad != nullptr ? gpu::DeviceAlloc<PT>(dev_ctx, scale_grad) : nullptr;
  DT* dx = x_grad != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, x_grad) : nullptr;
  if (channels == 0) return;

  DenseTensor stats(DataType::FLOAT64, DDim({7 * channels}));
  double* center = dev_ctx.template Alloc<double>(&stats);
  double* inv_std = center + channels;
  auto* sums = reinterpret_cast<double2*>(inv_std + channels);  // 2 * channels doubles
  double* coef = inv_std + 3 * channels;                        // 3 * channels doubles
  const int channel_blocks = gpu::BlocksFor(dev_ctx, channels);
  const DenseTensor& center_src = global_stats ? *mean : saved_mean;
  const DenseTensor& second_src = global_stats ? *variance : saved_variance;
  CenterKernel<DPT><<<channel_blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
      channels, gpu::DeviceData<PT>(center_src), gpu::DeviceData<PT>(second_src), global_stats,
      static_cast<double>(epsilon), center, inv_std);
  PD_CUDA_CHECK_LAUNCH();
  if (count > 0) {
    funcs::ChannelSums(
        dev_ctx, s, GradSums<DT>{gpu::DeviceData<T>(x), gpu::DeviceData<T>(y_grad), center}, sums);
  } else {
    PD_CUDA_CHECK(cudaMemsetAsync(sums, 0, 2 * channels * sizeof(double), dev_ctx.stream()));
  }
  const double inv_count = count > 0 ? 1.0 / static_cast<double>(count) : 0.0;
  GradStatsKernel<DPT><<<channel_blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
      channels, sums, inv_std, gpu::DeviceData<PT>(scale), inv_count, dbias, dscale,
      dx != nullptr ? coef : nullptr);
  PD_CUDA_CHECK_LAUNCH();
  const int64_t total = x.numel();
  if (dx == nullptr || total == 0) return;
  InputGradKernel<DT><<<gpu::BlocksFor(dev_ctx, total), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x), gpu::DeviceData<T>(y_grad), center, coef, s, total, global_stats, dx);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <typename T, typename Context>
void BatchNormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                         const DenseTensor& bias, const DenseTensor* mean,
                         const DenseTensor* variance, const DenseTensor& saved_mean,
                         const DenseTensor& saved_variance, const DenseTensor& y_grad,
                         float momentum, float epsilon, const std::string& data_layout,
                         bool is_test, bool use_global_stats, bool trainable_statistics,
                         DenseTensor* x_grad, DenseTensor* scale_grad, DenseTensor* bias_grad) {
  const ChannelShape s = ComputeBatchNormShape(x.dims(), data_layout);
  const int64_t channels = s.channels;
  const bool global_stats = (is_test && !trainable_statistics) || use_global_stats;
  CheckBatchNormGradArgs(x, scale, bias, mean, variance, saved_mean, saved_variance, y_grad,
                         channels, global_stats);
  if constexpr (std::is_same_v<T, phi::float16> || std::is_same_v<T, phi::bfloat16>) {
    // As in PaddlePaddle, 16-bit X keeps its statistics and affine parameters in float32.
    PD_CHECK(scale.dtype() == DataType::FLOAT32, InvalidArgument,
             "expected batch_norm_grad's Scale to be float32 for ", x.dtype(), " X, but got ",
             scale.dtype());
    BatchNormBackward<T, float>(dev_ctx, x, scale, mean, variance, saved_mean, saved_variance,
                                y_grad, epsilon, s, global_stats, x_grad, scale_grad, bias_grad);
  } else {
    BatchNormBackward<T, T>(dev_ctx, x, scale, mean, variance, saved_mean, saved_variance, y_grad,
                            epsilon, s, global_stats, x_grad, scale_grad, bias_grad);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(batch_norm_grad, GPU, phi::BatchNormGradKernel, float, double, phi::float16,
                   phi::bfloat16);
