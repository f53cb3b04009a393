// batch_norm on GPU with plain kernels rather than cuDNN: cuDNN updates the running variance
// with the unbiased batch variance and floors epsilon at CUDNN_BN_MIN_EPSILON, while the CPU
// kernel (and this one) use the biased variance and any epsilon. Statistics are summed in double
// as on the CPU: mean first, then the squared deviations from it.
#include "paddle/phi/kernels/batch_norm_kernel.h"

#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/gpu/channel_sums.h"
#include "paddle/phi/kernels/funcs/group_norm_impl.h"

namespace phi {
namespace {

template <typename DT>
struct SumOfX {
  const DT* x;
  __device__ double2 operator()(int64_t, int64_t offset) const {
    return make_double2(funcs::ToDouble(x[offset]), 0.0);
  }
};

template <typename DT>
struct SumOfSquaredDeviation {
  const DT* x;
  const double* mean;
  __device__ double2 operator()(int64_t c, int64_t offset) const {
    const double d = funcs::ToDouble(x[offset]) - mean[c];
    return make_double2(d * d, 0.0);
  }
};

// moments[c] = sums[c].x / count: the mean on the first call, the variance on the second.
__global__ void MomentKernel(const double2* sums, int64_t channels, double count, double* moments) {
  PD_GPU_LOOP(c, channels) { moments[c] = sums[c].x / count; }
}

// Per channel: the statistics the outputs use (the batch's, zeros for an empty batch, or the
// running ones), the affine map y = x * scale_c + shift_c in the kernel's arithmetic type, and
// the running / saved statistics. Running values are read before any is written, since
// MeanOut / VarianceOut may be Mean / Variance.
template <typename PT, typename Acc>
__global__ void ChannelStatsKernel(int64_t channels, const double* batch_mean,
                                   const double* batch_var, const PT* running_mean,
                                   const PT* running_var, const PT* gamma, const PT* beta,
                                   bool global_stats, double momentum, double epsilon, Acc* affine,
                                   PT* mean_out, PT* var_out, PT* saved_mean, PT* saved_inv_std) {
  PD_GPU_LOOP(c, channels) {
    const double rm = funcs::ToDouble(running_mean[c]);
    const double rv = funcs::ToDouble(running_var[c]);
    double bm = 0.0, bv = 0.0;
    if (global_stats) {
      bm = rm;
      bv = rv;
    } else if (batch_mean != nullptr) {
      bm = batch_mean[c];
      bv = batch_var[c];
    }
    const double inv_std = 1.0 / sqrt(bv + epsilon);
    const double g = funcs::ToDouble(gamma[c]);
    affine[c] = static_cast<Acc>(g * inv_std);
    affine[channels + c] = static_cast<Acc>(funcs::ToDouble(beta[c]) - bm * g * inv_std);
    const double keep = global_stats ? 1.0 : momentum;
    if (mean_out != nullptr) mean_out[c] = funcs::FromDouble<PT>(rm * keep + bm * (1.0 - keep));
    if (var_out != nullptr) var_out[c] = funcs::FromDouble<PT>(rv * keep + bv * (1.0 - keep));
    if (saved_mean != nullptr) saved_mean[c] = funcs::FromDouble<PT>(bm);
    if (saved_inv_std != nullptr) saved_inv_std[c] = funcs::FromDouble<PT>(inv_std);
  }
}

template <typename DT, typename Acc>
__global__ void AffineKernel(const DT* x, const Acc* affine, ChannelShape s, int64_t total, DT* y) {
  PD_GPU_LOOP(e, total) {
    const int64_t c = e / s.inner % s.channels;
    y[e] = static_cast<DT>(static_cast<Acc>(x[e]) * affine[c] + affine[s.channels + c]);
  }
}

template <typename PT>
gpu::DeviceType<PT>* AllocIfWanted(const GPUContext& ctx, DenseTensor* t) {
  return t != nullptr ? gpu::DeviceAlloc<PT>(ctx, t) : nullptr;
}

// T: X's type; PT: the statistics' (T, or float32 for 16-bit X).
template <typename T, typename PT>
void BatchNormForward(const GPUContext& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                      const DenseTensor& bias, const DenseTensor& mean, const DenseTensor& variance,
                      float momentum, float epsilon, const std::string& data_layout,
                      bool global_stats, DenseTensor* y, DenseTensor* mean_out,
                      DenseTensor* variance_out, DenseTensor* saved_mean,
                      DenseTensor* saved_variance, DenseTensor* reserve_space) {
  using DT = gpu::DeviceType<T>;
  using DPT = gpu::DeviceType<PT>;
  using Acc = gpu::AccType<DT>;
  const ChannelShape s = ComputeBatchNormShape(x.dims(), data_layout);
  const int64_t channels = s.channels;
  const int64_t count = s.outer * s.inner;
  funcs::CheckChannelParam("batch_norm", "Scale", &scale, channels);
  funcs::CheckChannelParam("batch_norm", "Bias", &bias, channels);
  funcs::CheckChannelParam("batch_norm", "Mean", &mean, channels);
  funcs::CheckChannelParam("batch_norm", "Variance", &variance, channels);
  // Held by value: MeanOut / VarianceOut may be these very tensors.
  const DenseTensor running_mean = mean, running_var = variance;
  DT* out = gpu::DeviceAlloc<T>(dev_ctx, y);
  DPT* new_mean = AllocIfWanted<PT>(dev_ctx, mean_out);
  DPT* new_var = AllocIfWanted<PT>(dev_ctx, variance_out);
  DPT* save_mean = AllocIfWanted<PT>(dev_ctx, saved_mean);
  DPT* save_inv_std = AllocIfWanted<PT>(dev_ctx, saved_variance);
  if (reserve_space != nullptr) dev_ctx.template Alloc<T>(reserve_space);  // unused, as on CPU
  if (channels == 0) return;

  DenseTensor moments(DataType::FLOAT64, DDim({2 * channels}));
  double* batch_mean = dev_ctx.template Alloc<double>(&moments);
  double* batch_var = batch_mean + channels;
  const bool batch_stats = !global_stats && count > 0;
  const int channel_blocks = gpu::BlocksFor(dev_ctx, channels);
  if (batch_stats) {
    DenseTensor sums_tensor(DataType::FLOAT64, DDim({2 * channels}));
    auto* sums = reinterpret_cast<double2*>(dev_ctx.template Alloc<double>(&sums_tensor));
    const DT* in = gpu::DeviceData<T>(x);
    funcs::ChannelSums(dev_ctx, s, SumOfX<DT>{in}, sums);
    MomentKernel<<<channel_blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
        sums, channels, static_cast<double>(count), batch_mean);
    PD_CUDA_CHECK_LAUNCH();
    funcs::ChannelSums(dev_ctx, s, SumOfSquaredDeviation<DT>{in, batch_mean}, sums);
    MomentKernel<<<channel_blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
        sums, channels, static_cast<double>(count), batch_var);
    PD_CUDA_CHECK_LAUNCH();
  }
  DenseTensor affine_tensor(CppTypeToDataType<Acc>::value, DDim({2 * channels}));
  Acc* affine = dev_ctx.template Alloc<Acc>(&affine_tensor);
  ChannelStatsKernel<DPT, Acc><<<channel_blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
      channels, batch_stats ? batch_mean : nullptr, batch_stats ? batch_var : nullptr,
      gpu::DeviceData<PT>(running_mean), gpu::DeviceData<PT>(running_var),
      gpu::DeviceData<PT>(scale), gpu::DeviceData<PT>(bias), global_stats,
      static_cast<double>(momentum), static_cast<double>(epsilon), affine, new_mean, new_var,
      save_mean, save_inv_std);
  PD_CUDA_CHECK_LAUNCH();
  const int64_t total = x.numel();
  if (total == 0) return;
  AffineKernel<DT, Acc><<<gpu::BlocksFor(dev_ctx, total), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x), affine, s, total, out);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <typename T, typename Context>
void BatchNormKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                     const DenseTensor& bias, const DenseTensor& mean, const DenseTensor& variance,
                     float momentum, float epsilon, const std::string& data_layout, bool is_test,
                     bool use_global_stats, bool trainable_statistics, DenseTensor* y,
                     DenseTensor* mean_out, DenseTensor* variance_out, DenseTensor* saved_mean,
                     DenseTensor* saved_variance, DenseTensor* reserve_space) {
  const bool global_stats = (is_test && !trainable_statistics) || use_global_stats;
  if constexpr (std::is_same_v<T, phi::float16> || std::is_same_v<T, phi::bfloat16>) {
    // As in PaddlePaddle, 16-bit X keeps its statistics and affine parameters in float32.
    for (const DenseTensor* p : {&scale, &bias, &mean, &variance}) {
      PD_CHECK(p->dtype() == DataType::FLOAT32, InvalidArgument,
               "expected batch_norm's Scale, Bias, Mean and Variance to be float32 for ", x.dtype(),
               " X, but got ", p->dtype());
    }
    BatchNormForward<T, float>(dev_ctx, x, scale, bias, mean, variance, momentum, epsilon,
                               data_layout, global_stats, y, mean_out, variance_out, saved_mean,
                               saved_variance, reserve_space);
  } else {
    BatchNormForward<T, T>(dev_ctx, x, scale, bias, mean, variance, momentum, epsilon, data_layout,
                           global_stats, y, mean_out, variance_out, saved_mean, saved_variance,
                           reserve_space);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(batch_norm, GPU, phi::BatchNormKernel, float, double, phi::float16,
                   phi::bfloat16);
