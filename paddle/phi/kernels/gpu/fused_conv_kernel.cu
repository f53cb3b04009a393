// fused_conv2d on GPU: the GPU conv2d kernel (cuDNN), then one elementwise pass adding the bias
// and the residual and applying the activation in the unfused ops' order, as the CPU kernel does,
// so that the fused program computes what the unfused one does. (cuDNN's fused
// bias-activation call adds the residual before the bias and has no hard_swish.)
#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/fused.h"
#include "paddle/phi/kernels/conv_kernel.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/fused_conv_kernel.h"
#include "paddle/phi/kernels/impl/fused_conv_kernel_impl.h"

namespace phi {
namespace {

// The formulas of the standalone relu / relu6 (funcs::Clamp) / hard_swish kernels.
template <typename Acc, ConvAct kAct>
__device__ __forceinline__ Acc Activate(Acc v, Acc high) {
  if constexpr (kAct == ConvAct::kRelu) return v < Acc(0) ? Acc(0) : v;
  if constexpr (kAct == ConvAct::kRelu6) {
    const Acc low_clipped = v < Acc(0) ? Acc(0) : v;
    return high < low_clipped ? high : low_clipped;
  }
  if constexpr (kAct == ConvAct::kHardSwish) {
    const Acc shifted = v + Acc(3);
    const Acc low_clipped = shifted < Acc(0) ? Acc(0) : shifted;
    return v * (Acc(6) < low_clipped ? Acc(6) : low_clipped) / Acc(6);
  }
  return v;
}

// out = act(out + bias[c] + residual), each term only where given (adding a zero bias would
// turn -0 into +0). Channel c of element i is i / inner % channels.
template <typename DT, ConvAct kAct>
__global__ void ConvEpilogueKernel(DT* out, const DT* bias, const DT* residual, int64_t total,
                                   int64_t channels, int64_t inner, gpu::AccType<DT> high) {
  using Acc = gpu::AccType<DT>;
  PD_GPU_LOOP(i, total) {
    Acc v = static_cast<Acc>(out[i]);
    if (bias != nullptr) v = v + static_cast<Acc>(bias[i / inner % channels]);
    if (residual != nullptr) v = v + static_cast<Acc>(residual[i]);
    out[i] = static_cast<DT>(Activate<Acc, kAct>(v, high));
  }
}

}  // namespace

template <typename T, typename Context>
void FusedConv2dKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                       const DenseTensor* bias, const DenseTensor* residual,
                       const std::vector<int>& strides, const std::vector<int>& paddings,
                       const std::string& padding_algorithm, const std::vector<int>& dilations,
                       int groups, const std::string& data_format,
                       const std::string& fuse_activation, float fuse_beta,
                       bool fuse_residual_connection, const std::string& output_format,
                       DenseTensor* out) {
  PD_CHECK(!FusedConv2dSwapsLayout(data_format, output_format, input.dims()), Unimplemented,
           "fused_conv2d on GPU writes Output in data_format's layout (", data_format,
           "), but output_format is ", output_format, " (conv_layout_pass runs for the CPU only)");
  using DT = gpu::DeviceType<T>;
  using Acc = gpu::AccType<DT>;
  const bool channels_last = data_format == "NHWC";
  const int64_t channels =
      CheckFusedConv2dArgs(bias, residual, fuse_residual_connection, channels_last, *out);
  const DDim& od = out->dims();
  const ConvAct act = ParseConvAct(fuse_activation);
  // The convolution writes Output before the residual is read: never into the residual's buffer
  // (held by value, so its data outlives Output getting storage of its own).
  DenseTensor residual_in;
  if (residual != nullptr) {
    residual_in = *residual;
    funcs::AllocUnaliased<T>(dev_ctx, out, {residual});
  }
  ConvKernel<T>(dev_ctx, input, filter, strides, paddings, padding_algorithm, dilations, groups,
                data_format, out);
  const int64_t total = out->numel();
  if (total == 0 || (act == ConvAct::kNone && bias == nullptr && residual == nullptr)) return;
  const int64_t inner = channels_last || channels == 0 ? 1 : total / (od[0] * channels);
  const DT* b = bias != nullptr ? gpu::DeviceData<T>(*bias) : nullptr;
  const DT* r = residual != nullptr ? gpu::DeviceData<T>(residual_in) : nullptr;
  DT* data = gpu::DeviceData<T>(out);
  const Acc high = static_cast<Acc>(static_cast<T>(fuse_beta));
  const int blocks = gpu::BlocksFor(dev_ctx, total);
  const auto launch = [&](auto kernel) {
    kernel<<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(data, b, r, total, channels, inner,
                                                           high);
    PD_CUDA_CHECK_LAUNCH();
  };
  switch (act) {
    case ConvAct::kRelu:
      return launch(ConvEpilogueKernel<DT, ConvAct::kRelu>);
    case ConvAct::kRelu6:
      return launch(ConvEpilogueKernel<DT, ConvAct::kRelu6>);
    case ConvAct::kHardSwish:
      return launch(ConvEpilogueKernel<DT, ConvAct::kHardSwish>);
    case ConvAct::kNone:
      return launch(ConvEpilogueKernel<DT, ConvAct::kNone>);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(fused_conv2d, GPU, phi::FusedConv2dKernel, float, double, phi::float16,
                   phi::bfloat16);

PD_KERNEL_USES(fused_conv2d, conv2d);
