#include "paddle/phi/kernels/fused_conv_kernel.h"

#include <functional>
#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/conv_kernel.h"
#include "paddle/phi/kernels/funcs/conv_gemm.h"
#include "paddle/phi/kernels/funcs/conv_util.h"
#include "paddle/phi/kernels/funcs/depthwise_conv.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/packed_weights.h"
#include "paddle/phi/kernels/funcs/parallel.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"
#include "paddle/phi/kernels/impl/fused_conv_kernel_impl.h"

namespace phi {
namespace {

// The activations in the formulas of the standalone relu / relu6 / hard_swish kernels.
template <typename T, ConvAct kAct>
inline __attribute__((always_inline)) T Activate(T v, T high) {
  if constexpr (kAct == ConvAct::kRelu) return v < T(0) ? T(0) : v;
  if constexpr (kAct == ConvAct::kRelu6) return funcs::Clamp(v, T(0), high);
  // hard_swish with PaddlePaddle's defaults (threshold 6, scale 6, offset 3), as its kernel.
  if constexpr (kAct == ConvAct::kHardSwish) return v * funcs::Clamp(v + T(3), T(0), T(6)) / T(6);
  return v;
}

// The epilogue over `count` outputs of one channel: the bias add, the residual add and the
// activation in the unfused ops' order, so that the fused program computes bit for bit what the
// unfused one does. One loop per combination rather than tests per element, so that each
// vectorizes; an absent bias is not added (adding 0 would turn a -0 into +0). Always inlined
// into the two entry points below, so that each is vectorized for its own target.
template <typename T, ConvAct kAct>
inline __attribute__((always_inline)) void EpilogueBody(T* out, const T* res, const T* bias, T high,
                                                        int64_t count) {
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
void EpiloguePlain(T* out, const T* res, const T* bias, T high, int64_t count) {
  EpilogueBody<T, kAct>(out, res, bias, high, count);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// The same loops with AVX2's wider vectors (no FMA: the same results to the bit).
template <typename T, ConvAct kAct>
__attribute__((target("avx2"))) void EpilogueAvx2(T* out, const T* res, const T* bias, T high,
                                                  int64_t count) {
  EpilogueBody<T, kAct>(out, res, bias, high, count);
}
#endif

template <typename T, ConvAct kAct>
void Epilogue(T* out, const T* res, const T* bias, T high, int64_t count) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) return EpilogueAvx2<T, kAct>(out, res, bias, high, count);
#endif
  EpiloguePlain<T, kAct>(out, res, bias, high, count);
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

// The same epilogue run inside the packed GEMM (float, NCHW) on each finished block of the
// output while it is in cache, instead of in a pass of its own afterwards. A block lies within
// one image; its rows are consecutive channels.
template <ConvAct kAct>
class GemmConvEpilogue : public funcs::internal::GemmEpilogue {
 public:
  GemmConvEpilogue(const float* out, const float* bias, const float* residual, int64_t channels,
                   float high, const DenseTensor* out_tensor)
      : out_(out),
        bias_(bias),
        residual_(residual),
        channels_(channels),
        pixels_(out_tensor->numel() / (out_tensor->dims()[0] * channels)),
        high_(high) {}
  void Apply(float* c, int64_t ldc, int64_t rows, int64_t cols) const override {
    const int64_t at = c - out_;
    const int64_t channel = at / pixels_ % channels_;
    for (int64_t r = 0; r < rows; ++r) {
      Epilogue<float, kAct>(c + r * ldc, residual_ != nullptr ? residual_ + at + r * ldc : nullptr,
                            bias_ != nullptr ? bias_ + channel + r : nullptr, high_, cols);
    }
  }

 private:
  const float* out_;
  const float* bias_;
  const float* residual_;
  int64_t channels_;
  int64_t pixels_;
  float high_;
};

// The convolution with the epilogue applied as outputs are produced, where a kernel can: a
// depthwise NCHW convolution plane by plane, a float NCHW convolution inside the packed GEMM.
// False where neither applies (the caller then convolves and runs the epilogue afterwards).
template <typename T, ConvAct kAct, typename Context>
bool ConvWithEpilogue(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                      const ConvGeometry& g, const DenseTensor* bias, const DenseTensor* res,
                      float fuse_beta, DenseTensor* out) {
  if (g.channels_last || out->numel() == 0 || out->dims() != g.out_dims) return false;
  const T* b = bias != nullptr ? bias->data<T>() : nullptr;
  const T* r = res != nullptr ? res->data<T>() : nullptr;
  const T high = static_cast<T>(fuse_beta);
  const bool plain = kAct == ConvAct::kNone && b == nullptr && r == nullptr;
  if (funcs::IsDepthwiseConv(g)) {
    T* result = dev_ctx.template Alloc<T>(out);
    const int64_t plane = g.h.out * g.w.out;
    const std::function<void(T*, int64_t)> finish = [&](T* out_plane, int64_t i) {
      Epilogue<T, kAct>(out_plane, r != nullptr ? r + i * plane : nullptr,
                        b != nullptr ? b + i % g.out_channels : nullptr, high, plane);
    };
    funcs::DepthwiseEpilogue<T> epilogue;
    if (r == nullptr &&
        (kAct == ConvAct::kNone || kAct == ConvAct::kRelu || kAct == ConvAct::kRelu6)) {
      // The bias and relu / relu6 (Activate's formulas, as Clamps) go into the kernel's stores.
      epilogue.bias = b;
      if (kAct != ConvAct::kNone) epilogue.low = T(0);
      if (kAct == ConvAct::kRelu6) epilogue.high = high;
    } else {
      epilogue.finish = &finish;
    }
    funcs::DepthwiseConvForward(dev_ctx.thread_pool().get(), input.data<T>(), filter.data<T>(), g,
                                result, plain ? nullptr : &epilogue);
    return true;
  }
  if constexpr (std::is_same_v<T, float>) {
    if (!funcs::internal::PackedSgemmUsable() || g.in_channels == 0) return false;
    float* result = dev_ctx.template Alloc<float>(out);
    const GemmConvEpilogue<kAct> epilogue(result, b, r, g.out_channels, high, out);
    // An inference model's filter (frozen) is packed or transformed once and kept.
    funcs::ConvForwardKeepingFilter(input.data<float>(), filter, g.batch, g.in_channels,
                                    g.out_channels, g.groups, funcs::MakeConvPlane(g), result,
                                    plain ? nullptr : &epilogue);
    return true;
  }
  return false;
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
  const bool channels_last = data_format == "NHWC";
  const int64_t channels =
      CheckFusedConv2dArgs(bias, residual, fuse_residual_connection, channels_last, *out);
  const ConvAct act = ParseConvAct(fuse_activation);
  // The convolution writes Output before the residual is read: never into the residual's buffer
  // (held by value, so its data outlives Output getting storage of its own).
  DenseTensor residual_in;
  if (residual != nullptr) {
    residual_in = *residual;
    funcs::AllocUnaliased<T>(dev_ctx, out, {residual});
  }
  const DenseTensor* res = residual != nullptr ? &residual_in : nullptr;
  const ConvGeometry g = ComputeConvGeometry(input.dims(), filter.dims(), strides, paddings,
                                             padding_algorithm, dilations, groups, data_format);
  const auto run = [&](auto kind) {
    constexpr ConvAct kAct = decltype(kind)::value;
    if (ConvWithEpilogue<T, kAct>(dev_ctx, input, filter, g, bias, res, fuse_beta, out)) return;
    ConvKernel<T>(dev_ctx, input, filter, strides, paddings, padding_algorithm, dilations, groups,
                  data_format, out);
    if (kAct == ConvAct::kNone && bias == nullptr && res == nullptr) return;
    ApplyEpilogue<T, kAct>(bias, res, channels_last, static_cast<T>(fuse_beta), out);
  };
  switch (act) {
    case ConvAct::kRelu:
      return run(std::integral_constant<ConvAct, ConvAct::kRelu>());
    case ConvAct::kRelu6:
      return run(std::integral_constant<ConvAct, ConvAct::kRelu6>());
    case ConvAct::kHardSwish:
      return run(std::integral_constant<ConvAct, ConvAct::kHardSwish>());
    case ConvAct::kNone:
      return run(std::integral_constant<ConvAct, ConvAct::kNone>());
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(fused_conv2d, CPU, phi::FusedConv2dKernel, float, double);

PD_KERNEL_USES(fused_conv2d, conv2d);
