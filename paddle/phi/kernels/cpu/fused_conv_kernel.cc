#include "paddle/phi/kernels/fused_conv_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/conv_kernel.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/parallel.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"

namespace phi {
namespace {

enum class ConvAct { kNone, kRelu, kRelu6, kHardSwish };

// The activations in the formulas of the standalone relu / relu6 / hard_swish kernels.
template <typename T, ConvAct kAct>
inline T Activate(T v, T high) {
  if constexpr (kAct == ConvAct::kRelu) return v < T(0) ? T(0) : v;
  if constexpr (kAct == ConvAct::kRelu6) return funcs::Clamp(v, T(0), high);
  // hard_swish with PaddlePaddle's defaults (threshold 6, scale 6, offset 3), as its kernel.
  if constexpr (kAct == ConvAct::kHardSwish) return v * funcs::Clamp(v + T(3), T(0), T(6)) / T(6);
  return v;
}

// The epilogue over `count` outputs of one channel: the bias add, the residual add and the
// activation in the unfused ops' order, so that the fused program computes bit for bit what the
// unfused one does. One loop per combination rather than tests per element, so that each
// vectorizes; an absent bias is not added (adding 0 would turn a -0 into +0).
template <typename T, ConvAct kAct>
void Epilogue(T* out, const T* res, const T* bias, T high, int64_t count) {
  const T b = bias != nullptr ? *bias : T(0);
  if (res != nullptr && bias != nullptr) {
    for (int64_t i = 0; i < count; ++i) out[i] = Activate<T, kAct>(out[i] + b + res[i], high);
  } else if (res != nullptr) {
    for (int64_t i = 0; i < count; ++i) out[i] = Activate<T, kAct>(out[i] + res[i], high);
  } else if (bias != nullptr) {
    for (int64_t i = 0; i < count; ++i) out[i] = Activate<T, kAct>(out[i] + b, high);
  } else {
    for (int64_t i = 0; i < count; ++i) out[i] = Activate<T, kAct>(out[i], high);
  }
}

template <typename T, ConvAct kAct>
void ApplyEpilogue(const DenseTensor* bias, const DenseTensor* residual, bool channels_last, T high,
                   DenseTensor* out) {
  const DDim& od = out->dims();
  const int64_t channels = od[channels_last ? od.size() - 1 : 1];
  const int64_t batch = od[0];
  const int64_t plane = channels == 0 || batch == 0 ? 0 : out->numel() / (batch * channels);
  T* data = out->data<T>();
  const T* b = bias != nullptr ? bias->data<T>() : nullptr;
  const T* res = residual != nullptr ? residual->data<T>() : nullptr;
  if (!channels_last) {
    // One item per (image, channel) plane.
    funcs::ParallelRange(batch * channels, plane, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) {
        Epilogue<T, kAct>(data + i * plane, res != nullptr ? res + i * plane : nullptr,
                          b != nullptr ? b + i % channels : nullptr, high, plane);
      }
    });
    return;
  }
  // NHWC: one item per pixel, channels contiguous.
  funcs::ParallelRange(batch * plane, channels, [&](int64_t begin, int64_t end) {
    for (int64_t p = begin; p < end; ++p) {
      for (int64_t c = 0; c < channels; ++c) {
        const int64_t i = p * channels + c;
        Epilogue<T, kAct>(data + i, res != nullptr ? res + i : nullptr,
                          b != nullptr ? b + c : nullptr, high, 1);
      }
    }
  });
}

}  // namespace

template <typename T, typename Context>
void FusedConv2dKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                       const DenseTensor* bias, const DenseTensor* residual,
                       const std::vector<int>& strides, const std::vector<int>& paddings,
                       const std::string& padding_algorithm, const std::vector<int>& dilations,
                       int groups, const std::string& data_format,
                       const std::string& fuse_activation, float fuse_beta,
                       bool fuse_residual_connection, DenseTensor* out) {
  PD_CHECK((residual != nullptr) == fuse_residual_connection, InvalidArgument,
           "expected fused_conv2d's ResidualData to be given exactly when "
           "fuse_residual_connection is true");
  PD_CHECK(residual == nullptr || residual->dims() == out->dims(), InvalidArgument,
           "expected fused_conv2d's ResidualData to have the output's dims ", out->dims(),
           ", but got ", residual != nullptr ? residual->dims() : DDim());
  const bool channels_last = data_format == "NHWC";
  const int64_t channels = out->dims()[channels_last ? out->dims().size() - 1 : 1];
  PD_CHECK(bias == nullptr || bias->numel() == channels, InvalidArgument,
           "expected fused_conv2d's Bias to hold ", channels,
           " values (the output channels), but got ", bias != nullptr ? bias->dims() : DDim());
  // The convolution writes Output before the residual is read: never into the residual's buffer
  // (held by value, so its data outlives Output getting storage of its own).
  DenseTensor residual_in;
  if (residual != nullptr) {
    residual_in = *residual;
    funcs::AllocUnaliased<T>(dev_ctx, out, {residual});
  }
  ConvKernel<T>(dev_ctx, input, filter, strides, paddings, padding_algorithm, dilations, groups,
                data_format, out);
  const DenseTensor* res = residual != nullptr ? &residual_in : nullptr;
  const T high = static_cast<T>(fuse_beta);
  if (fuse_activation == "relu") {
    ApplyEpilogue<T, ConvAct::kRelu>(bias, res, channels_last, high, out);
  } else if (fuse_activation == "relu6") {
    ApplyEpilogue<T, ConvAct::kRelu6>(bias, res, channels_last, high, out);
  } else if (fuse_activation == "hard_swish") {
    ApplyEpilogue<T, ConvAct::kHardSwish>(bias, res, channels_last, high, out);
  } else {
    PD_CHECK(fuse_activation.empty() || fuse_activation == "identity", InvalidArgument,
             "expected fused_conv2d's fuse_activation to be one of \"\", identity, relu, relu6, "
             "hard_swish, "
             "but got '",
             fuse_activation, "'");
    if (bias == nullptr && res == nullptr) return;
    ApplyEpilogue<T, ConvAct::kNone>(bias, res, channels_last, high, out);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(fused_conv2d, CPU, phi::FusedConv2dKernel, float, double);

PD_KERNEL_USES(fused_conv2d, conv2d);
