#include "paddle/phi/kernels/fused_conv_kernel.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/fused.h"
#include "paddle/phi/kernels/conv_kernel.h"
#include "paddle/phi/kernels/funcs/broadcast_compute.h"
#include "paddle/phi/kernels/funcs/conv_gemm.h"
#include "paddle/phi/kernels/funcs/conv_then_depthwise.h"
#include "paddle/phi/kernels/funcs/conv_util.h"
#include "paddle/phi/kernels/funcs/depthwise_conv.h"
#include "paddle/phi/kernels/funcs/elementwise_functor.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/packed_weights.h"
#include "paddle/phi/kernels/funcs/parallel.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"
#include "paddle/phi/kernels/impl/fused_conv_kernel_impl.h"
#include "paddle/phi/kernels/pool_kernel.h"
#include "paddle/phi/kernels/unary_math_kernel.h"

namespace phi {
namespace {

// The activations in the formulas of the standalone relu / relu6 / hard_swish kernels.
template <typename T, ConvAct kAct>
inline __attribute__((always_inline)) T Activate(T v, T high) {
  if constexpr (kAct == ConvAct::kRelu) return v < T(0) ? T(0) : v;
  if constexpr (kAct == ConvAct::kRelu6) return funcs::Clamp(v, T(0), high);
  if constexpr (kAct == ConvAct::kHardSwish) return funcs::HardSwish(v);
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

// The same epilogue over `rows` pixel-major rows of `channels` outputs (NHWC): bias[c] per
// column (may be null), the residual in the same layout (may be null), the activation, in
// EpilogueBody's order (the same bits).
template <typename T, ConvAct kAct>
inline __attribute__((always_inline)) void ColumnEpilogueBody(T* out, const T* res, const T* bias,
                                                              T high, int64_t rows,
                                                              int64_t channels) {
  for (int64_t r = 0; r < rows; ++r) {
    T* o = out + r * channels;
    const T* x = res != nullptr ? res + r * channels : nullptr;
    if (x != nullptr && bias != nullptr) {
      for (int64_t c = 0; c < channels; ++c) o[c] = Activate<T, kAct>(o[c] + bias[c] + x[c], high);
    } else if (x != nullptr) {
      for (int64_t c = 0; c < channels; ++c) o[c] = Activate<T, kAct>(o[c] + x[c], high);
    } else if (bias != nullptr) {
      for (int64_t c = 0; c < channels; ++c) o[c] = Activate<T, kAct>(o[c] + bias[c], high);
    } else {
      for (int64_t c = 0; c < channels; ++c) o[c] = Activate<T, kAct>(o[c], high);
    }
  }
}

template <typename T, ConvAct kAct>
void ColumnEpiloguePlain(T* out, const T* res, const T* bias, T high, int64_t rows,
                         int64_t channels) {
  ColumnEpilogueBody<T, kAct>(out, res, bias, high, rows, channels);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
template <typename T, ConvAct kAct>
__attribute__((target("avx2"))) void ColumnEpilogueAvx2(T* out, const T* res, const T* bias, T high,
                                                        int64_t rows, int64_t channels) {
  ColumnEpilogueBody<T, kAct>(out, res, bias, high, rows, channels);
}
#endif

template <typename T, ConvAct kAct>
void ColumnEpilogue(T* out, const T* res, const T* bias, T high, int64_t rows, int64_t channels) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) return ColumnEpilogueAvx2<T, kAct>(out, res, bias, high, rows, channels);
#endif
  ColumnEpiloguePlain<T, kAct>(out, res, bias, high, rows, channels);
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
  // NHWC: items of pixels, channels contiguous.
  funcs::ParallelRange(batch * plane, channels, [&](int64_t begin, int64_t end) {
    ColumnEpilogue<T, kAct>(data + begin * channels,
                            res != nullptr ? res + begin * channels : nullptr, b, high, end - begin,
                            channels);
  });
}

// Epilogue<T, kAct> for an activation known at run time.
template <typename T>
using EpilogueFn = void (*)(T* out, const T* res, const T* bias, T high, int64_t count);

template <typename T>
EpilogueFn<T> EpilogueFor(ConvAct act) {
  switch (act) {
    case ConvAct::kRelu:
      return &Epilogue<T, ConvAct::kRelu>;
    case ConvAct::kRelu6:
      return &Epilogue<T, ConvAct::kRelu6>;
    case ConvAct::kHardSwish:
      return &Epilogue<T, ConvAct::kHardSwish>;
    case ConvAct::kNone:
      break;
  }
  return &Epilogue<T, ConvAct::kNone>;
}

// ColumnEpilogue<T, kAct> for an activation known at run time.
template <typename T>
using ColumnEpilogueFn = void (*)(T* out, const T* res, const T* bias, T high, int64_t rows,
                                  int64_t channels);

template <typename T>
ColumnEpilogueFn<T> ColumnEpilogueFor(ConvAct act) {
  switch (act) {
    case ConvAct::kRelu:
      return &ColumnEpilogue<T, ConvAct::kRelu>;
    case ConvAct::kRelu6:
      return &ColumnEpilogue<T, ConvAct::kRelu6>;
    case ConvAct::kHardSwish:
      return &ColumnEpilogue<T, ConvAct::kHardSwish>;
    case ConvAct::kNone:
      break;
  }
  return &ColumnEpilogue<T, ConvAct::kNone>;
}

// Asks for `rows` rows of `cols` floats at `p` (row stride `ld`) to be brought into cache: the
// residual block an epilogue will read next.
inline void PrefetchBlock(const float* p, int64_t ld, int64_t rows, int64_t cols) {
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t j = 0; j < cols; j += 16) __builtin_prefetch(p + r * ld + j);
    __builtin_prefetch(p + r * ld + cols - 1);
  }
}

// The same epilogue run inside the packed GEMM (float, NCHW) on each finished block of the
// output while it is in cache, instead of in a pass of its own afterwards. `out` holds images
// of `channels` planes of `pixels` floats (`residual`, when given, the same); a block lies
// within one image, its rows consecutive channels.
class GemmConvEpilogue : public funcs::internal::GemmEpilogue {
 public:
  GemmConvEpilogue(EpilogueFn<float> fn, const float* out, const float* bias, const float* residual,
                   int64_t channels, int64_t pixels, float high)
      : fn_(fn),
        out_(out),
        bias_(bias),
        residual_(residual),
        channels_(channels),
        pixels_(pixels),
        high_(high) {}
  void Apply(float* c, int64_t ldc, int64_t rows, int64_t cols) const override {
    const int64_t at = c - out_;
    const int64_t channel = at / pixels_ % channels_;
    for (int64_t r = 0; r < rows; ++r) {
      fn_(c + r * ldc, residual_ != nullptr ? residual_ + at + r * ldc : nullptr,
          bias_ != nullptr ? bias_ + channel + r : nullptr, high_, cols);
    }
  }
  bool Prefetches() const override { return residual_ != nullptr; }
  void Prefetch(const float* c, int64_t ldc, int64_t rows, int64_t cols) const override {
    PrefetchBlock(residual_ + (c - out_), ldc, rows, cols);
  }

 private:
  EpilogueFn<float> fn_;
  const float* out_;
  const float* bias_;
  const float* residual_;
  int64_t channels_;
  int64_t pixels_;
  float high_;
};

// The depthwise kernel's epilogue: the bias and the activation (Activate's formulas: relu /
// relu6 as Clamps) in the kernel's stores where there is no residual, else `finish` on each
// plane.
template <typename T>
funcs::DepthwiseEpilogue<T> DepthwiseEpilogueFor(ConvAct act, const T* bias, bool residual, T high,
                                                 const std::function<void(T*, int64_t)>* finish) {
  funcs::DepthwiseEpilogue<T> epilogue;
  if (!residual) {
    epilogue.bias = bias;
    if (act == ConvAct::kRelu || act == ConvAct::kRelu6) epilogue.low = T(0);
    if (act == ConvAct::kRelu6) epilogue.high = high;
    epilogue.hard_swish = act == ConvAct::kHardSwish;
  } else {
    epilogue.finish = finish;
  }
  return epilogue;
}

// Whether ConvWithEpilogue multiplies the input by a channel scale as it packs the windows (a
// float NCHW 1x1 convolution in the packed GEMM: ConvTakesChannelScale); where it does not,
// fused_scaled_conv2d makes the product first.
bool ScaleInPack(const ConvGeometry& g, const DenseTensor& out) {
  return !g.channels_last && out.numel() > 0 && out.dims() == g.out_dims && g.in_channels > 0 &&
         !funcs::IsDepthwiseConv(g) && funcs::internal::PackedSgemmUsable() &&
         funcs::ConvTakesChannelScale(funcs::MakeConvPlane(g), g.batch, g.groups);
}

// The epilogue of a pixel-major GEMM (C [pixels][channels], ldc == channels) with a residual in
// the same layout: ColumnEpilogue's bias, residual and activation (the same bits). The GEMM
// applies it as its column stage to each tile as it is stored (one pass over C; the tile asks
// for its residual before its sums), or, where it cannot, Apply on each finished block while it
// is in cache, the residual's block asked for while the block before it is computed.
template <ConvAct kAct>
class PixelMajorResidualEpilogue : public funcs::internal::GemmEpilogue {
 public:
  PixelMajorResidualEpilogue(const float* c, const float* residual, const float* bias, float high)
      : c_(c),
        residual_(residual),
        bias_(bias),
        high_(high),
        stage_(
            funcs::ColumnStageOf(DepthwiseEpilogueFor<float>(kAct, bias, false, high, nullptr))) {
    stage_.residual = residual;
    stage_.residual_origin = c;
  }
  const funcs::internal::GemmColumnStage* ColumnStage() const override { return &stage_; }
  void Apply(float* c, int64_t ldc, int64_t rows, int64_t cols) const override {
    const int64_t at = c - c_;
    const float* bias = bias_ != nullptr ? bias_ + at % ldc : nullptr;
    for (int64_t r = 0; r < rows; ++r) {
      ColumnEpilogue<float, kAct>(c + r * ldc, residual_ + at + r * ldc, bias, high_, 1, cols);
    }
  }
  bool Prefetches() const override { return true; }
  void Prefetch(const float* c, int64_t ldc, int64_t rows, int64_t cols) const override {
    PrefetchBlock(residual_ + (c - c_), ldc, rows, cols);
  }

 private:
  const float* c_;
  const float* residual_;
  const float* bias_;
  float high_;
  funcs::internal::GemmColumnStage stage_;
};

// The epilogue of a pixel-major GEMM into scratch rows (C [pixels][channels], ldc == channels,
// images of `plane` pixels one after another) whose output is NCHW: each finished block stored
// to the images' planes through 8 x 8 transposes, with fused_conv2d's bias and activation applied
// to its rows before (ColumnEpilogue) or, with an NCHW residual, its epilogue to each channel's
// run after (Epilogue): the same bits either way.
template <ConvAct kAct>
class PixelMajorToNchwEpilogue : public funcs::internal::GemmEpilogue {
 public:
  PixelMajorToNchwEpilogue(const float* c, float* out, int64_t plane, const float* bias,
                           const float* residual, float high)
      : c_(c), out_(out), plane_(plane), bias_(bias), residual_(residual), high_(high) {}
  void Apply(float* c, int64_t ldc, int64_t rows, int64_t cols) const override {
    const int64_t at = c - c_, col = at % ldc;
    const float* bias = bias_ != nullptr ? bias_ + col : nullptr;
    const bool rows_first = residual_ == nullptr && (bias != nullptr || kAct != ConvAct::kNone);
    for (int64_t done = 0, pixel = at / ldc; done < rows;) {
      const int64_t image = pixel / plane_, first = pixel % plane_;
      const int64_t count = std::min(rows - done, plane_ - first);
      const float* src = c + done * ldc;
      if (rows_first) {
        for (int64_t r = 0; r < count; ++r) {
          ColumnEpilogue<float, kAct>(c + (done + r) * ldc, nullptr, bias, high_, 1, cols);
        }
      }
      const int64_t to = (image * ldc + col) * plane_ + first;
      funcs::PixelMajorToNchw(src, cols, ldc, count, plane_, out_ + to);
      if (residual_ != nullptr) {
        for (int64_t m = 0; m < cols; ++m) {
          Epilogue<float, kAct>(out_ + to + m * plane_, residual_ + to + m * plane_,
                                bias != nullptr ? bias + m : nullptr, high_, count);
        }
      }
      done += count;
      pixel += count;
    }
  }

 private:
  const float* c_;
  float* out_;
  int64_t plane_;
  const float* bias_;
  const float* residual_;
  float high_;
};

// A float 1x1 convolution with Input or Output NHWC (funcs::PointwisePixelMajorApplies: one
// group, no padding) as a GEMM of the pixels by the filter (B, packed once where it is frozen):
// the NCHW convolution's sums and epilogue, to the bit, without the NCHW copies the NHWC path makes
// elsewhere. From NHWC, A is all images' pixels where they lie (every stride-th one gathered first
// where the stride is not 1); into NHWC Output the GEMM writes its rows, the bias and activation
// applied to each tile as it is stored (a residual, NHWC too, to each block as it finishes); into
// NCHW the blocks go through scratch rows to its planes (PixelMajorToNchwEpilogue). From NCHW
// (conv_layout_pass's NCHW -> NHWC layers), A is each image's planes read transposed (every
// stride-th pixel of them gathered first where the stride is not 1). False where
// it does not apply. `g` is in Input's layout, `out` in `out_nhwc`'s, `r` (may be null) in
// Output's.
template <ConvAct kAct>
bool PointwisePixels(const CPUContext& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                     const ConvGeometry& g, bool out_nhwc, const float* b, const float* r,
                     float high, DenseTensor* out) {
  namespace fi = funcs::internal;
  if (!funcs::PointwisePixelMajorApplies(g, out_nhwc)) return false;
  const int64_t plane = g.h.out * g.w.out, pixels = g.batch * plane;
  const int64_t channels = g.in_channels, m = g.out_channels;
  float* y = dev_ctx.template Alloc<float>(out);
  if (pixels == 0) return true;
  ThreadPool* pool = dev_ctx.thread_pool().get();
  const std::shared_ptr<const fi::GemmPackedB> packed =
      funcs::FrozenPackedB(filter, channels, m, true);
  const fi::GemmMatrixB weights(filter.data<float>(), channels, true, packed.get());
  const funcs::PixelMajorEpilogue stage(y, m,
                                        DepthwiseEpilogueFor<float>(kAct, b, false, high, nullptr));
  const PixelMajorResidualEpilogue<kAct> with_residual(y, r, b, high);
  const fi::GemmEpilogue* rows_epilogue =
      r != nullptr ? static_cast<const fi::GemmEpilogue*>(&with_residual)
                   : (b != nullptr || kAct != ConvAct::kNone ? &stage : nullptr);
  fi::GemmCLayout c;
  c.ldc = m;
  c.seg_cols = m;
  const bool strided = g.h.stride != 1 || g.w.stride != 1;
  if (!g.channels_last) {  // NCHW -> NHWC: each image's planes as A stored [k, m]
    const float* x = input.data<float>();
    DenseTensor gathered;
    if (strided) {  // every stride-th pixel of each plane first
      gathered.Resize(make_ddim({g.batch, channels, g.h.out, g.w.out}));
      float* to = dev_ctx.template Alloc<float>(&gathered);
      funcs::ParallelRange(g.batch * channels * g.h.out, g.w.out, [&](int64_t begin, int64_t end) {
        for (int64_t row = begin; row < end; ++row) {
          const float* from = x + (row / g.h.out * g.h.in + row % g.h.out * g.h.stride) * g.w.in;
          for (int64_t ow = 0; ow < g.w.out; ++ow) to[row * g.w.out + ow] = from[ow * g.w.stride];
        }
      });
      x = to;
    }
    for (int64_t n = 0; n < g.batch; ++n) {
      c.base = y + n * plane * m;
      fi::PackedSgemm(plane, m, channels, 1.0f, x + n * channels * plane, plane, true, weights,
                      0.0f, c, pool, rows_epilogue);
    }
    return true;
  }
  const float* a = input.data<float>();
  DenseTensor gathered;
  if (strided) {  // every stride-th pixel, as rows of A
    gathered.Resize(make_ddim({pixels, channels}));
    float* to = dev_ctx.template Alloc<float>(&gathered);
    const float* from = a;
    funcs::ParallelRange(g.batch * g.h.out, g.w.out * channels, [&](int64_t begin, int64_t end) {
      for (int64_t row = begin; row < end; ++row) {
        const int64_t n = row / g.h.out, ih = row % g.h.out * g.h.stride;
        for (int64_t ow = 0; ow < g.w.out; ++ow) {
          std::memcpy(to + (row * g.w.out + ow) * channels,
                      from + ((n * g.h.in + ih) * g.w.in + ow * g.w.stride) * channels,
                      sizeof(float) * channels);
        }
      }
    });
    a = to;
  }
  if (out_nhwc) {
    c.base = y;
    fi::PackedSgemm(pixels, m, channels, 1.0f, a, channels, false, weights, 0.0f, c, pool,
                    rows_epilogue);
    return true;
  }
  DenseTensor scratch(DataType::FLOAT32, make_ddim({pixels, m}));
  c.base = dev_ctx.template Alloc<float>(&scratch);
  const PixelMajorToNchwEpilogue<kAct> to_nchw(c.base, y, plane, b, r, high);
  fi::PackedSgemm(pixels, m, channels, 1.0f, a, channels, false, weights, 0.0f, c, pool, &to_nchw);
  return true;
}

// The convolution with the epilogue applied as outputs are produced, where a kernel can: a
// depthwise NCHW convolution plane by plane, a float NCHW convolution inside the packed GEMM, a
// float NHWC 1x1 one (PointwisePixels). False where none applies (the caller then convolves and
// runs the epilogue afterwards). `channel_scale` (float, only where ScaleInPack):
// fused_scaled_conv2d's InputScale.
template <typename T, ConvAct kAct, typename Context>
bool ConvWithEpilogue(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                      const ConvGeometry& g, const DenseTensor* bias, const DenseTensor* res,
                      float fuse_beta, const float* channel_scale, DenseTensor* out) {
  if (channel_scale != nullptr && (!std::is_same_v<T, float> || !ScaleInPack(g, *out))) {
    throw std::logic_error("ConvWithEpilogue: a channel scale where ScaleInPack is false");
  }
  if (out->numel() == 0 || out->dims() != g.out_dims) return false;
  const T* b = bias != nullptr ? bias->data<T>() : nullptr;
  const T* r = res != nullptr ? res->data<T>() : nullptr;
  const T high = static_cast<T>(fuse_beta);
  if constexpr (std::is_same_v<T, float> && std::is_same_v<Context, CPUContext>) {
    if (channel_scale == nullptr && g.channels_last &&
        PointwisePixels<kAct>(dev_ctx, input, filter, g, true, b, r, high, out)) {
      return true;
    }
  }
  if (g.channels_last) return false;
  const bool plain = kAct == ConvAct::kNone && b == nullptr && r == nullptr;
  if (funcs::IsDepthwiseConv(g)) {
    T* result = dev_ctx.template Alloc<T>(out);
    const int64_t plane = g.h.out * g.w.out;
    const std::function<void(T*, int64_t)> finish = [&](T* out_plane, int64_t i) {
      Epilogue<T, kAct>(out_plane, r != nullptr ? r + i * plane : nullptr,
                        b != nullptr ? b + i % g.out_channels : nullptr, high, plane);
    };
    const funcs::DepthwiseEpilogue<T> epilogue =
        DepthwiseEpilogueFor(kAct, b, r != nullptr, high, &finish);
    funcs::DepthwiseConvForward(dev_ctx.thread_pool().get(), input.data<T>(), filter.data<T>(), g,
                                result, plain ? nullptr : &epilogue);
    return true;
  }
  if constexpr (std::is_same_v<T, float>) {
    if (!funcs::internal::PackedSgemmUsable() || g.in_channels == 0) return false;
    float* result = dev_ctx.template Alloc<float>(out);
    const GemmConvEpilogue epilogue(&Epilogue<float, kAct>, result, b, r, g.out_channels,
                                    g.h.out * g.w.out, high);
    // An inference model's filter (frozen) is packed or transformed once and kept.
    funcs::ConvForwardKeepingFilter(input.data<float>(), filter, g.batch, g.in_channels,
                                    g.out_channels, g.groups, funcs::MakeConvPlane(g), result,
                                    plain ? nullptr : &epilogue, channel_scale);
    return true;
  }
  return false;
}

// fused_conv2d, of Input times `channel_scale` where that is given (see ConvWithEpilogue).
template <typename T, typename Context>
void FusedConv2d(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                 const DenseTensor* bias, const DenseTensor* residual,
                 const std::vector<int>& strides, const std::vector<int>& paddings,
                 const std::string& padding_algorithm, const std::vector<int>& dilations,
                 int groups, const std::string& data_format, const std::string& fuse_activation,
                 float fuse_beta, bool fuse_residual_connection, const float* channel_scale,
                 DenseTensor* out) {
  const bool channels_last = data_format == "NHWC";
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
    if (ConvWithEpilogue<T, kAct>(dev_ctx, input, filter, g, bias, res, fuse_beta, channel_scale,
                                  out)) {
      return;
    }
    ConvKernel<T>(dev_ctx, input, filter, strides, paddings, padding_algorithm, dilations, groups,
                  data_format, out);
    if (kAct == ConvAct::kNone && bias == nullptr && res == nullptr) return;
    ApplyEpilogue<T, kAct>(bias, res, channels_last, static_cast<T>(fuse_beta), out);
  };
  WithConvAct(act, run);
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
  if (!FusedConv2dSwapsLayout(data_format, output_format, input.dims())) {
    FusedConv2d<T>(dev_ctx, input, filter, bias, residual, strides, paddings, padding_algorithm,
                   dilations, groups, data_format, fuse_activation, fuse_beta,
                   fuse_residual_connection, nullptr, out);
    return;
  }
  // Output (and ResidualData) in the other layout than Input.
  const bool out_nhwc = output_format == "NHWC";
  CheckFusedConv2dArgs(bias, residual, fuse_residual_connection, out_nhwc, *out);
  if constexpr (std::is_same_v<T, float> && std::is_same_v<Context, CPUContext>) {
    const ConvGeometry g = ComputeConvGeometry(input.dims(), filter.dims(), strides, paddings,
                                               padding_algorithm, dilations, groups, data_format);
    if (out->dims() == PermuteNchwDims(g.out_dims, out_nhwc) &&
        funcs::PointwisePixelMajorApplies(g, out_nhwc)) {
      DenseTensor residual_in;  // (see FusedConv2d)
      if (residual != nullptr) {
        residual_in = *residual;
        funcs::AllocUnaliased<T>(dev_ctx, out, {residual});
      }
      const float* b = bias != nullptr ? bias->data<float>() : nullptr;
      const float* r = residual != nullptr ? residual_in.data<float>() : nullptr;
      const auto run = [&](auto kind) {
        PointwisePixels<decltype(kind)::value>(dev_ctx, input, filter, g, out_nhwc, b, r, fuse_beta,
                                               out);
      };
      WithConvAct(ParseConvAct(fuse_activation), run);
      return;
    }
  }
  // Elsewhere Input is transposed to Output's layout first.
  DenseTensor transposed;
  transposed.Resize(PermuteNchwDims(input.dims(), out_nhwc));
  funcs::TransposeCopy<T>(input.data<T>(), input.dims(),
                          out_nhwc ? std::vector<int>{0, 2, 3, 1} : std::vector<int>{0, 3, 1, 2},
                          dev_ctx.template Alloc<T>(&transposed));
  FusedConv2d<T>(dev_ctx, transposed, filter, bias, residual, strides, paddings, padding_algorithm,
                 dilations, groups, out_nhwc ? "NHWC" : "NCHW", fuse_activation, fuse_beta,
                 fuse_residual_connection, nullptr, out);
}

template <typename T, typename Context>
void FusedScaledConv2dKernel(const Context& dev_ctx, const DenseTensor& input,
                             const DenseTensor& input_scale, const DenseTensor& filter,
                             const DenseTensor* bias, const DenseTensor* residual,
                             const std::vector<int>& strides, const std::vector<int>& paddings,
                             const std::string& padding_algorithm,
                             const std::vector<int>& dilations, int groups,
                             const std::string& data_format, const std::string& fuse_activation,
                             float fuse_beta, bool fuse_residual_connection, DenseTensor* out) {
  const DDim& in = input.dims();
  const DDim& sd = input_scale.dims();
  PD_CHECK(data_format != "NHWC" && in.size() == 4, InvalidArgument,
           "expected fused_scaled_conv2d's Input to be 4-D NCHW, but got dims ", in,
           " and data_format ", data_format);
  PD_CHECK(sd.size() == 4 && (sd[0] == in[0] || sd[0] == 1) && sd[1] == in[1] && sd[2] == 1 &&
               sd[3] == 1,
           InvalidArgument, "expected fused_scaled_conv2d's InputScale to be [", in[0], " or 1, ",
           in[1], ", 1, 1] (Input is ", in, "), but got ", sd);
  if constexpr (std::is_same_v<T, float>) {
    const ConvGeometry g = ComputeConvGeometry(in, filter.dims(), strides, paddings,
                                               padding_algorithm, dilations, groups, data_format);
    if (ScaleInPack(g, *out)) {
      // The packing reads a scale per image and channel: one gate for all images is repeated.
      const float* scale = input_scale.data<float>();
      std::vector<float> repeated;
      if (sd[0] != in[0]) {
        repeated.resize(in[0] * in[1]);
        for (int64_t n = 0; n < in[0]; ++n) std::copy_n(scale, in[1], repeated.data() + n * in[1]);
      }
      // The scale is read while the convolution writes Output: never Output's buffer.
      const DenseTensor scale_in = input_scale;
      funcs::AllocUnaliased<float>(dev_ctx, out, {&input_scale});
      FusedConv2d<float>(dev_ctx, input, filter, bias, residual, strides, paddings,
                         padding_algorithm, dilations, groups, data_format, fuse_activation,
                         fuse_beta, fuse_residual_connection,
                         repeated.empty() ? scale_in.data<float>() : repeated.data(), out);
      return;
    }
  }
  // Elsewhere the product first, as elementwise_mul makes it.
  DenseTensor scaled;
  scaled.Resize(in);
  funcs::BroadcastBinaryCompute<T, T>(dev_ctx, input, input_scale, -1, &scaled,
                                      funcs::MultiplyFunctor<T>());
  FusedConv2d<T>(dev_ctx, scaled, filter, bias, residual, strides, paddings, padding_algorithm,
                 dilations, groups, data_format, fuse_activation, fuse_beta,
                 fuse_residual_connection, nullptr, out);
}

namespace {

// fused_mbconv's squeeze-excitation gate (absent: squeeze null): its two 1x1 convolutions on the
// pooled depthwise output, then hard_sigmoid.
struct MbconvGate {
  const DenseTensor* squeeze = nullptr;
  const DenseTensor* squeeze_bias = nullptr;
  std::string squeeze_activation;
  float squeeze_beta = 0.0f;
  const DenseTensor* excite = nullptr;
  const DenseTensor* excite_bias = nullptr;
  std::string excite_activation;
  float excite_beta = 0.0f;
  float slope = 0.0f, offset = 0.0f;
};

// The gate [N, C, 1, 1] from the average of each depthwise output plane, `pooled` [N, C, 1, 1],
// through the kernels of the ops the block stands for (fused_conv2d twice, hard_sigmoid).
template <typename T, typename Context>
void MbconvGateOf(const Context& dev_ctx, const DenseTensor& pooled, const MbconvGate& gate,
                  DenseTensor* out) {
  const std::vector<int> unit = {1, 1}, no_pad = {0, 0};
  const DDim& p = pooled.dims();
  DenseTensor squeezed, excited;
  squeezed.Resize(make_ddim({p[0], gate.squeeze->dims()[0], 1, 1}));
  FusedConv2dKernel<T>(dev_ctx, pooled, *gate.squeeze, gate.squeeze_bias, nullptr, unit, no_pad,
                       "EXPLICIT", unit, 1, "NCHW", gate.squeeze_activation, gate.squeeze_beta,
                       false, "", &squeezed);
  excited.Resize(make_ddim({p[0], gate.excite->dims()[0], 1, 1}));
  FusedConv2dKernel<T>(dev_ctx, squeezed, *gate.excite, gate.excite_bias, nullptr, unit, no_pad,
                       "EXPLICIT", unit, 1, "NCHW", gate.excite_activation, gate.excite_beta, false,
                       "", &excited);
  out->Resize(excited.dims());
  HardSigmoidKernel<T>(dev_ctx, excited, gate.slope, gate.offset, out);
}

// fused_mbconv's ops as their kernels run them, one after another, with the hidden activations
// stored whole: for the dtypes and machines the band paths do not cover.
template <typename T, typename Context>
void MbconvUnfused(const Context& dev_ctx, const DenseTensor& input,
                   const DenseTensor* expand_filter, const DenseTensor* expand_bias,
                   const DenseTensor& dw_filter, const DenseTensor* dw_bias,
                   const DenseTensor& project_filter, const DenseTensor* project_bias,
                   const DenseTensor* residual, const MbconvGate* gate,
                   const std::vector<int>& strides, const std::vector<int>& paddings,
                   const std::string& padding_algorithm, const std::vector<int>& dilations,
                   const std::vector<int>& expand_strides, const std::vector<int>& expand_paddings,
                   const std::string& expand_activation, float expand_beta,
                   const std::string& dw_activation, float dw_beta,
                   const std::string& project_activation, float project_beta, DenseTensor* out) {
  const std::vector<int> unit = {1, 1}, no_pad = {0, 0};
  DenseTensor hidden, dw;
  const DenseTensor* h = &input;
  if (expand_filter != nullptr) {
    hidden.Resize(ComputeConvGeometry(input.dims(), expand_filter->dims(), expand_strides,
                                      expand_paddings, "EXPLICIT", unit, 1, "NCHW")
                      .out_dims);
    FusedConv2dKernel<T>(dev_ctx, input, *expand_filter, expand_bias, nullptr, expand_strides,
                         expand_paddings, "EXPLICIT", unit, 1, "NCHW", expand_activation,
                         expand_beta, false, "", &hidden);
    h = &hidden;
  }
  const int groups = static_cast<int>(dw_filter.dims()[0]);
  dw.Resize(ComputeConvGeometry(h->dims(), dw_filter.dims(), strides, paddings, padding_algorithm,
                                dilations, groups, "NCHW")
                .out_dims);
  FusedConv2dKernel<T>(dev_ctx, *h, dw_filter, dw_bias, nullptr, strides, paddings,
                       padding_algorithm, dilations, groups, "NCHW", dw_activation, dw_beta, false,
                       "", &dw);
  if (gate == nullptr) {
    FusedConv2dKernel<T>(dev_ctx, dw, project_filter, project_bias, residual, unit, no_pad,
                         "EXPLICIT", unit, 1, "NCHW", project_activation, project_beta,
                         residual != nullptr, "", out);
    return;
  }
  DenseTensor pooled, scale;
  pooled.Resize(make_ddim({dw.dims()[0], dw.dims()[1], 1, 1}));
  Pool2dKernel<T>(dev_ctx, dw, "avg", unit, true, unit, no_pad, true, false, false, "NCHW",
                  "EXPLICIT", &pooled);
  MbconvGateOf<T>(dev_ctx, pooled, *gate, &scale);
  FusedScaledConv2dKernel<T>(dev_ctx, dw, scale, project_filter, project_bias, residual, unit,
                             no_pad, "EXPLICIT", unit, 1, "NCHW", project_activation, project_beta,
                             residual != nullptr, out);
}

// One of fused_mbconv's stages: its weights, bias (may be null) and activation.
struct MbconvStage {
  const DenseTensor* filter = nullptr;
  const DenseTensor* bias = nullptr;
  ConvAct act = ConvAct::kNone;
  float high = 0.0f;
  bool Plain() const { return bias == nullptr && act == ConvAct::kNone; }
};

// A pointwise stage's filter [out, in, 1, 1] as the GEMM's packed A: kept with a frozen filter,
// else packed for this call.
const funcs::internal::GemmPackedA& PackedPointwise(
    const DenseTensor& filter,
    std::shared_ptr<const std::vector<funcs::internal::GemmPackedA>>* keep) {
  *keep = funcs::FrozenPackedFilter(filter, 1);
  if (*keep == nullptr) {
    auto packed = std::make_shared<std::vector<funcs::internal::GemmPackedA>>();
    packed->reserve(1);
    packed->emplace_back(filter.dims()[0], filter.dims()[1], filter.data<float>(), filter.dims()[1],
                         false);
    *keep = std::move(packed);
  }
  return (**keep)[0];
}

// Floats of hidden activations a band of output rows keeps (its expanded input rows and its
// depthwise output rows), so that the three stages pass them in cache: half of a 1 MiB L2.
constexpr int64_t kMbconvBandFloats = int64_t{128} << 10;
// Floats of hidden activations (expanded and depthwise) a group of whole images may keep.
constexpr int64_t kMbconvGroupFloats = int64_t{512} << 10;

// How a band path splits a block's work: output rows per band (as many as keep a band's hidden
// floats, its `rows_in(band)` input rows of W and its output rows of OW, within
// kMbconvBandFloats; at least one), row ranges per image (parts: with more threads than images),
// items (images x parts, or groups of images: GroupWholeImages) and slots (scratch areas, one
// per thread at work).
struct MbconvSchedule {
  int64_t band = 1, parts = 1, group = 1, items = 0, slots = 1, threads = 1;
  template <typename RowsIn>
  MbconvSchedule(ThreadPool* pool, int64_t batch, int64_t hidden, int64_t W, int64_t OH, int64_t OW,
                 const RowsIn& rows_in) {
    while (band < OH && hidden * (rows_in(band + 1) * W + (band + 1) * OW) <= kMbconvBandFloats) {
      ++band;
    }
    threads = pool != nullptr ? pool->num_threads() : 1;
    parts = threads > batch ? std::min(OH, (threads + batch - 1) / batch) : 1;
    items = batch * parts;
    slots = std::min(items, threads);
  }
  // Where a band is a whole image (small planes: MobileNetV2's 7 x 7 blocks) and each thread has
  // several images, an item becomes `group` whole images (`image_floats` hidden floats each, at
  // most kMbconvGroupFloats a group): one expansion and one projection GEMM for all their pixels,
  // so each streams its weights (960 x 160 twice: 1.2 MB, from L3 or memory) once per group
  // instead of once per image. MobileNetV2 at 1 thread: its 7 x 7 blocks 1.44 -> 1.39 and 1.07
  // -> 1.01 ms, the model 0.992-0.997 of the time.
  void GroupWholeImages(int64_t batch, int64_t OH, int64_t image_floats) {
    if (parts != 1 || band < OH) return;
    group = std::max<int64_t>(1, batch / threads);
    while (group > 1 && group * image_floats > kMbconvGroupFloats) --group;
    items = (batch + group - 1) / group;
    slots = std::min(items, threads);
  }
};

// run(item, scratch) for items [0, items): item i on slot i % slots, whose `slot_floats` floats
// of `scratch` it uses; the slots split over `pool` (one thread without one, or with one slot).
template <typename Run>
void ForEachItemOnSlots(ThreadPool* pool, int64_t items, int64_t slots, float* scratch,
                        int64_t slot_floats, const Run& run) {
  const auto body = [&](int64_t begin, int64_t end) {
    for (int64_t slot = begin; slot < end; ++slot) {
      for (int64_t item = slot; item < items; item += slots)
        run(item, scratch + slot * slot_floats);
    }
  };
  if (slots > 1 && pool != nullptr) {
    pool->ParallelFor(slots, 1, body);
  } else {
    body(0, 1);
  }
}

// The float path for the blocks MbconvPixelMajor does not take (no expansion, hidden channels
// not a multiple of 8, narrow planes): each image's output rows in bands. A band
// expands the input rows its depthwise windows read into one of two buffers (the rows it
// shares with the previous band copied over, not recomputed), convolves them depthwise into a
// third, and projects that into its rows of Output, each stage finishing its values (bias,
// activation, residual) as fused_conv2d does. The sums are fused_conv2d's: the GEMMs never
// split their inner dimension, the depthwise taps run in the same order. Images (and, with
// more threads than images, row ranges of an image) are split over the pool. False where the
// path does not apply. An expansion (`expand_plane`, unused without one) with a window larger
// than 1x1 (a network's stem, MobileNetV2's 3x3 / 2 over the image) computes its rows with
// funcs::ConvRows, so that neither the stem's output nor the depthwise one is ever stored whole.
bool MbconvBands(const CPUContext& dev_ctx, const DenseTensor& input, const MbconvStage& expand,
                 const funcs::ConvPlane& expand_plane, const MbconvStage& dw, const ConvGeometry& g,
                 const MbconvStage& project, const DenseTensor* residual, DenseTensor* out) {
  namespace fi = funcs::internal;
  const int64_t s = g.h.stride, pad = g.h.pad_before;
  const int64_t span = (g.h.kernel - 1) * g.h.dilation + 1;
  const int64_t channels = input.dims()[1];
  const bool stem = expand.filter != nullptr && !funcs::IsPointwise(expand_plane);
  if (!fi::PackedSgemmUsable() || g.channels_last || g.out_channels != g.in_channels ||
      g.h.in <= 0 || g.h.out <= 0 || g.w.out <= 0 || pad >= span || g.h.pad_after >= span ||
      g.in_channels * g.h.in * g.w.in < funcs::kMbconvMinHiddenFloats ||
      (stem && !funcs::ConvRows::Applies(expand_plane, channels, g.in_channels))) {
    return false;
  }
  const int64_t batch = g.batch, hidden = g.in_channels, H = g.h.in, W = g.w.in;
  const int64_t OH = g.h.out, OW = g.w.out;
  const int64_t in_image = channels * input.dims()[2] * input.dims()[3];
  const int64_t out_channels = project.filter->dims()[0];
  float* y = funcs::AllocUnaliased<float>(dev_ctx, out, {residual});
  if (batch == 0 || out_channels == 0) return true;

  const float* expand_bias = expand.bias != nullptr ? expand.bias->data<float>() : nullptr;
  std::shared_ptr<const std::vector<fi::GemmPackedA>> keep_expand, keep_project;
  const fi::GemmPackedA* expand_a =
      expand.filter != nullptr && !stem ? &PackedPointwise(*expand.filter, &keep_expand) : nullptr;
  std::unique_ptr<funcs::ConvRows> stem_rows;
  if (stem) {
    stem_rows = std::make_unique<funcs::ConvRows>(
        expand_plane, channels, hidden, expand.filter->data<float>(),
        DepthwiseEpilogueFor<float>(expand.act, expand_bias, false, expand.high, nullptr));
  }
  const fi::GemmPackedA& project_a = PackedPointwise(*project.filter, &keep_project);

  const auto rows_in = [&](int64_t rows_out) { return (rows_out - 1) * s + span; };
  ThreadPool* pool = dev_ctx.thread_pool().get();
  const MbconvSchedule plan(pool, batch, hidden, W, OH, OW, rows_in);
  const int64_t band = plan.band, parts = plan.parts, items = plan.items, slots = plan.slots;
  const int64_t in_floats = hidden * rows_in(band) * W;
  const int64_t slot_floats = 2 * in_floats + hidden * band * OW;
  DenseTensor scratch(DataType::FLOAT32, make_ddim({slots, slot_floats}));
  float* scratch_data = dev_ctx.template Alloc<float>(&scratch);

  const float* x = input.data<float>();
  const float* we = expand.filter != nullptr ? expand.filter->data<float>() : nullptr;
  const float* wd = dw.filter->data<float>();
  const float* wp = project.filter->data<float>();
  const float* dw_bias = dw.bias != nullptr ? dw.bias->data<float>() : nullptr;
  const float* res = residual != nullptr ? residual->data<float>() : nullptr;
  const GemmConvEpilogue project_epilogue(
      EpilogueFor<float>(project.act), y,
      project.bias != nullptr ? project.bias->data<float>() : nullptr, res, out_channels, OH * OW,
      project.high);
  const bool project_plain = project.Plain() && res == nullptr;
  const EpilogueFn<float> dw_fn = EpilogueFor<float>(dw.act);

  const auto run_item = [&](int64_t item, float* slot) {
    const int64_t image = item / parts, part = item % parts;
    const int64_t first = OH * part / parts, last = OH * (part + 1) / parts;
    const float* xi = x + image * in_image;
    float* buffers[2] = {slot, slot + in_floats};
    float* dw_out = slot + 2 * in_floats;
    int cur = 0;
    int64_t held_lo = 0, held_hi = 0;  // the input rows in buffers[cur]
    std::vector<int64_t> row_offsets(hidden);
    for (int64_t o0 = first; o0 < last; o0 += band) {
      const int64_t o1 = std::min(last, o0 + band);
      const int64_t want_lo = o0 * s - pad, want_hi = (o1 - 1) * s - pad + span;
      const int64_t r0 = std::max<int64_t>(want_lo, 0), r1 = std::min(want_hi, H);
      const int64_t rows = r1 - r0;
      float* buf = buffers[cur ^ 1];
      int64_t fresh = r0;
      if (r0 >= held_lo && r0 < held_hi) {  // rows the previous band holds
        fresh = std::min(held_hi, r1);
        const float* prev = buffers[cur];
        for (int64_t c = 0; c < hidden; ++c) {
          std::memcpy(buf + c * rows * W, prev + (c * (held_hi - held_lo) + r0 - held_lo) * W,
                      sizeof(float) * (fresh - r0) * W);
        }
      }
      if (fresh < r1 && expand_a != nullptr) {
        const GemmConvEpilogue epilogue(EpilogueFor<float>(expand.act), buf, expand_bias, nullptr,
                                        hidden, rows * W, expand.high);
        fi::GemmCLayout c;
        c.base = buf + (fresh - r0) * W;
        c.ldc = rows * W;
        c.seg_cols = (r1 - fresh) * W;
        fi::PackedSgemm(hidden, c.seg_cols, channels, 1.0f, we, channels, false,
                        fi::GemmMatrixB(xi + fresh * W, H * W, false), 0.0f, c, nullptr,
                        expand.Plain() ? nullptr : &epilogue, expand_a);
      } else if (fresh < r1 && stem_rows != nullptr) {
        stem_rows->RowsNchw(xi, fresh, r1, buf + (fresh - r0) * W, rows * W);
      } else if (fresh < r1) {
        for (int64_t c = 0; c < hidden; ++c) {
          std::memcpy(buf + (c * rows + fresh - r0) * W, xi + (c * H + fresh) * W,
                      sizeof(float) * (r1 - fresh) * W);
        }
      }
      ConvGeometry gb = g;
      gb.batch = 1;
      gb.h.in = rows;
      gb.h.out = o1 - o0;
      gb.h.pad_before = r0 - want_lo;
      gb.h.pad_after = want_hi - r1;
      gb.out_dims = make_ddim({1, hidden, o1 - o0, OW});
      const int64_t plane = (o1 - o0) * OW;
      for (int64_t c = 0; c < hidden; ++c) row_offsets[c] = c * plane;
      const std::function<void(float*, int64_t)> finish = [&](float* p, int64_t i) {
        dw_fn(p, nullptr, dw_bias != nullptr ? dw_bias + i % hidden : nullptr, dw.high, plane);
      };
      const funcs::DepthwiseEpilogue<float> dw_epilogue =
          DepthwiseEpilogueFor(dw.act, dw_bias, false, dw.high, &finish);
      funcs::DepthwiseConvForward<float>(nullptr, buf, wd, gb, dw_out,
                                         dw.Plain() ? nullptr : &dw_epilogue);
      fi::GemmCLayout c;
      c.base = y + image * out_channels * OH * OW + o0 * OW;
      c.ldc = OH * OW;
      c.seg_cols = plane;
      fi::PackedSgemm(out_channels, plane, hidden, 1.0f, wp, hidden, false,
                      fi::GemmRowsB(dw_out, row_offsets.data()), 0.0f, c, nullptr,
                      project_plain ? nullptr : &project_epilogue, &project_a);
      cur ^= 1;
      held_lo = r0;
      held_hi = r1;
    }
  };
  ForEachItemOnSlots(pool, items, slots, scratch_data, slot_floats, run_item);
  return true;
}

// The float path for blocks with a 1x1 expansion or a stem whose hidden channels are a multiple
// of 8 (funcs::MbconvPixelMajorApplies), on planes at least 5 pixels wide: the hidden
// activations pixel-major ([pixels][channels]), a band of output rows at a time as in
// MbconvBands (a band's rows are one contiguous block, so the rows two bands share are copied
// in one piece). The expansion is a GEMM of the pixels (A: the input's rows where it is NHWC,
// else its planes read transposed) by the filter (B, packed once where it is frozen) into
// [pixels][hidden], or a stem's rows computed with the channels as vector lanes
// (funcs::ConvRows, already pixel-major); the depthwise convolution takes those rows with the
// channels as vector lanes (no padded copy of each plane, every lane busy however narrow the
// plane: the 14 x 14 and 7 x 7 planes of late blocks); the projection is again pixels by filter,
// written straight into an NHWC Output's rows, or to NCHW through 8 x 8 transposes, its bias,
// residual and activation applied in the residual's layout (pixel-major without one).
// With the pixels as the GEMMs' rows, their tiles are full where a 7 x 7 plane's 49 columns
// left a 16-wide panel nearly empty (160 x 49 x 960 in cache: 75 GFLOP/s with the pixels as
// columns, 86 as rows). Same sums as fused_conv2d's: the GEMMs' inner dimensions are unchanged
// and never split, the depthwise taps run in the same order. Images (and, with more threads than
// images, row ranges of an image) are split over the pool. False where the path does not apply.
bool MbconvPixelMajor(const CPUContext& dev_ctx, const DenseTensor& input, bool in_nhwc,
                      const MbconvStage& expand, const funcs::ConvPlane& expand_plane,
                      const MbconvStage& dw, const ConvGeometry& g, const MbconvStage& project,
                      const DenseTensor* residual, const MbconvGate* gate, bool out_nhwc,
                      DenseTensor* out) {
  namespace fi = funcs::internal;
  const funcs::ConvPlane dp = funcs::MakeConvPlane(g);
  const int64_t hidden = g.in_channels;
  const int64_t channels = input.dims()[in_nhwc ? 3 : 1];
  const bool stem = expand.filter != nullptr && !funcs::IsPointwise(expand_plane);
  if (g.channels_last || g.out_channels != g.in_channels ||
      !funcs::MbconvPixelMajorApplies(expand.filter != nullptr ? &expand_plane : nullptr, channels,
                                      dp, hidden, gate != nullptr) ||
      (residual != nullptr && !in_nhwc && out_nhwc) || (stem && in_nhwc)) {
    // (A residual in NCHW beside an NHWC output, a stem over an NHWC image: the caller goes
    // through NCHW copies.)
    return false;
  }
  const int64_t batch = g.batch, H = g.h.in, W = g.w.in, OH = g.h.out, OW = g.w.out;
  const int64_t s = g.h.stride, pad = g.h.pad_before, K = g.h.kernel;
  const int64_t out_channels = project.filter->dims()[0];
  float* y = funcs::AllocUnaliased<float>(dev_ctx, out, {residual});
  if (batch == 0 || out_channels == 0) return true;

  // The expansion: a GEMM (1x1), or a stem's rows computed with the channels as vector lanes,
  // already pixel-major (ConvRows: cp() == hidden, a multiple of 8).
  const std::shared_ptr<const fi::GemmPackedB> expand_b =
      stem ? nullptr : funcs::FrozenPackedB(*expand.filter, channels, hidden, true);
  const std::shared_ptr<const fi::GemmPackedB> project_b =
      funcs::FrozenPackedB(*project.filter, hidden, out_channels, true);
  const funcs::PixelMajorDepthwise depthwise(
      dp, hidden, *dw.filter,
      DepthwiseEpilogueFor<float>(dw.act, dw.bias != nullptr ? dw.bias->data<float>() : nullptr,
                                  false, dw.high, nullptr));
  const funcs::DepthwiseEpilogue<float> expand_epi = DepthwiseEpilogueFor<float>(
      expand.act, expand.bias != nullptr ? expand.bias->data<float>() : nullptr, false, expand.high,
      nullptr);
  std::unique_ptr<funcs::ConvRows> stem_rows;
  if (stem) {
    stem_rows = std::make_unique<funcs::ConvRows>(expand_plane, channels, hidden,
                                                  expand.filter->data<float>(), expand_epi);
  }

  const auto rows_in = [&](int64_t rows_out) { return std::min(H, (rows_out - 1) * s + K); };
  ThreadPool* pool = dev_ctx.thread_pool().get();
  MbconvSchedule plan(pool, batch, hidden, W, OH, OW, rows_in);
  // (Grouped images are read as one block of pixels: an NHWC input.)
  if (in_nhwc && gate == nullptr && !stem)
    plan.GroupWholeImages(batch, OH, hidden * (H * W + OH * OW));
  const int64_t band = plan.band, parts = plan.parts, group = plan.group;
  const int64_t items = plan.items, slots = plan.slots;
  const int64_t in_floats = hidden * rows_in(band) * W * group;
  // A slot: two buffers of expanded rows, a band's depthwise output (with a gate it goes to
  // `gated` instead), a band's projection.
  const int64_t dw_floats = gate != nullptr ? 0 : hidden * band * OW * group;
  const int64_t slot_floats = 2 * in_floats + dw_floats + out_channels * band * OW * group;
  DenseTensor scratch(DataType::FLOAT32, make_ddim({slots, slot_floats}));
  float* scratch_data = dev_ctx.template Alloc<float>(&scratch);
  // With a gate, every image's depthwise output is kept whole: the gate needs all of it before
  // the projection can start.
  DenseTensor gated;
  float* gated_data = nullptr;
  if (gate != nullptr) {
    gated = DenseTensor(DataType::FLOAT32, make_ddim({batch, OH * OW, hidden}));
    gated_data = dev_ctx.template Alloc<float>(&gated);
  }

  const float* x = input.data<float>();
  const float* we = expand.filter->data<float>();
  const float* res = residual != nullptr ? residual->data<float>() : nullptr;
  const EpilogueFn<float> project_fn = EpilogueFor<float>(project.act);
  const ColumnEpilogueFn<float> project_rows_fn = ColumnEpilogueFor<float>(project.act);
  const float* project_bias = project.bias != nullptr ? project.bias->data<float>() : nullptr;
  const bool project_plain = project.Plain() && res == nullptr;
  const int64_t row_floats = W * hidden;

  // The projection of `pixels` depthwise outputs (pixel-major, from output row o0 of `image`):
  // straight into Output's rows where it is NHWC, else into proj_out and from there to NCHW; the
  // bias, residual and activation where the residual's layout lies (pixel-major without one).
  const auto project_rows = [&](const float* src, int64_t image, int64_t o0, int64_t pixels,
                                float* proj_out) {
    const int64_t at_pm = (image * OH * OW + o0 * OW) * out_channels;  // pixel-major
    float* rows = out_nhwc ? y + at_pm : proj_out;
    fi::GemmCLayout pc;
    pc.base = rows;
    pc.ldc = out_channels;
    pc.seg_cols = out_channels;
    fi::PackedSgemm(pixels, out_channels, hidden, 1.0f, src, hidden, false,
                    fi::GemmMatrixB(project.filter->data<float>(), hidden, true, project_b.get()),
                    0.0f, pc, nullptr);
    const bool finish_rows = !project_plain && (out_nhwc || in_nhwc);
    if (finish_rows) {
      project_rows_fn(rows, in_nhwc && res != nullptr ? res + at_pm : nullptr, project_bias,
                      project.high, pixels, out_channels);
    }
    if (out_nhwc) return;
    // To NCHW an image at a time (pixels past the image's last are the next image's first).
    for (int64_t done = 0, first = o0 * OW, n = image; done < pixels; ++n, first = 0) {
      const int64_t count = std::min(pixels - done, OH * OW - first);
      const int64_t at_n = n * out_channels * OH * OW + first;
      funcs::PixelMajorToNchw(proj_out + done * out_channels, out_channels, out_channels, count,
                              OH * OW, y + at_n);
      done += count;
      if (project_plain || finish_rows) continue;
      for (int64_t m = 0; m < out_channels; ++m) {
        project_fn(y + at_n + m * OH * OW, res != nullptr ? res + at_n + m * OH * OW : nullptr,
                   project_bias != nullptr ? project_bias + m : nullptr, project.high, count);
      }
    }
  };

  // The expansion of `pixels` input pixels from `src` into `dst` ([pixels][hidden]). A: the
  // input's pixels, read by rows where it is NHWC, transposed from NCHW.
  const auto expand_pixels = [&](const float* src, int64_t pixels, float* dst) {
    const funcs::PixelMajorEpilogue expand_epilogue(dst, hidden, expand_epi);
    fi::GemmCLayout c;
    c.base = dst;
    c.ldc = hidden;
    c.seg_cols = hidden;
    fi::PackedSgemm(pixels, hidden, channels, 1.0f, src, in_nhwc ? channels : H * W, !in_nhwc,
                    fi::GemmMatrixB(we, channels, true, expand_b.get()), 0.0f, c, nullptr,
                    expand.Plain() ? nullptr : &expand_epilogue);
  };
  // Depthwise output rows [o0, o1) into `dst` from expanded input rows [r0, r1) at `held` (rows
  // outside them: padding).
  const auto depthwise_rows = [&](const float* held, int64_t r0, int64_t r1, int64_t o0, int64_t o1,
                                  float* dst) {
    const float* rows[5];
    for (int64_t o = o0; o < o1; ++o) {
      for (int64_t kh = 0; kh < K; ++kh) {
        const int64_t r = o * s - pad + kh;
        rows[kh] = r < r0 || r >= r1 ? nullptr : held + (r - r0) * row_floats;
      }
      depthwise.Row(rows, dst + (o - o0) * OW * hidden);
    }
  };

  // `group` whole images, from group * item: one expansion GEMM for their pixels (contiguous in
  // the NHWC input), the depthwise rows image by image, one projection.
  const auto run_group = [&](int64_t item, float* slot) {
    const int64_t image = item * group, count = std::min(group, batch - image);
    float* hid = slot;
    float* dw_out = slot + 2 * in_floats;
    float* proj_out = dw_out + dw_floats;
    expand_pixels(x + image * H * W * channels, count * H * W, hid);
    for (int64_t n = 0; n < count; ++n) {
      depthwise_rows(hid + n * H * row_floats, 0, H, 0, OH, dw_out + n * OH * OW * hidden);
    }
    project_rows(dw_out, image, 0, count * OH * OW, proj_out);
  };

  const auto run_item = [&](int64_t item, float* slot) {
    if (group > 1) {
      run_group(item, slot);
      return;
    }
    const int64_t image = item / parts, part = item % parts;
    const int64_t first = OH * part / parts, last = OH * (part + 1) / parts;
    const float* xi = x + image * (input.numel() / batch);
    float* buffers[2] = {slot, slot + in_floats};
    float* dw_band = slot + 2 * in_floats;
    float* proj_out = dw_band + dw_floats;
    int cur = 0;
    int64_t held_lo = 0, held_hi = 0;  // the input rows in buffers[cur]
    for (int64_t o0 = first; o0 < last; o0 += band) {
      const int64_t o1 = std::min(last, o0 + band);
      const int64_t r0 = std::max<int64_t>(o0 * s - pad, 0);
      const int64_t r1 = std::min((o1 - 1) * s - pad + K, H);
      float* hid = buffers[cur ^ 1];
      int64_t fresh = r0;
      if (r0 >= held_lo && r0 < held_hi) {  // rows the previous band holds: one block
        fresh = std::min(held_hi, r1);
        std::memcpy(hid, buffers[cur] + (r0 - held_lo) * row_floats,
                    sizeof(float) * (fresh - r0) * row_floats);
      }
      if (fresh < r1 && stem) {  // the stem's rows fresh..r1: [pixels][hidden] each
        for (int64_t r = fresh; r < r1; ++r) {
          stem_rows->RowVectors(xi, r, hid + (r - r0) * row_floats);
        }
      } else if (fresh < r1) {  // the expansion: [pixels of rows fresh..r1][hidden]
        expand_pixels(in_nhwc ? xi + fresh * W * channels : xi + fresh * W, (r1 - fresh) * W,
                      hid + (fresh - r0) * row_floats);
      }
      float* dw_out = gate != nullptr ? gated_data + (image * OH + o0) * OW * hidden : dw_band;
      depthwise_rows(hid, r0, r1, o0, o1, dw_out);
      if (gate == nullptr) project_rows(dw_out, image, o0, (o1 - o0) * OW, proj_out);
      cur ^= 1;
      held_lo = r0;
      held_hi = r1;
    }
  };
  ForEachItemOnSlots(pool, items, slots, scratch_data, slot_floats, run_item);
  if (gate == nullptr) return true;

  // The gate from each image's plane averages (pool2d's sums, in its order), then each image's
  // rows scaled by it (the products elementwise_mul makes) and projected.
  DenseTensor pooled(DataType::FLOAT32, make_ddim({batch, hidden, 1, 1})), scale;
  float* pooled_data = dev_ctx.template Alloc<float>(&pooled);
  for (int64_t n = 0; n < batch; ++n) {
    funcs::PixelMajorAverage(gated_data + n * OH * OW * hidden, OH * OW, hidden,
                             pooled_data + n * hidden);
  }
  MbconvGateOf<float>(dev_ctx, pooled, *gate, &scale);
  const float* scale_data = scale.data<float>();
  const auto project_item = [&](int64_t item, float* slot) {
    const int64_t image = item / parts, part = item % parts;
    const int64_t first = OH * part / parts, last = OH * (part + 1) / parts;
    float* proj_out = slot + 2 * in_floats + dw_floats;
    for (int64_t o0 = first; o0 < last; o0 += band) {
      const int64_t pixels = (std::min(last, o0 + band) - o0) * OW;
      float* src = gated_data + (image * OH + o0) * OW * hidden;
      funcs::PixelMajorScale(src, pixels, hidden, scale_data + image * hidden);
      project_rows(src, image, o0, pixels, proj_out);
    }
  };
  ForEachItemOnSlots(pool, items, slots, scratch_data, slot_floats, project_item);
  return true;
}

}  // namespace

template <typename T, typename Context>
void FusedMbconvKernel(const Context& dev_ctx, const DenseTensor& input,
                       const DenseTensor* expand_filter, const DenseTensor* expand_bias,
                       const DenseTensor& depthwise_filter, const DenseTensor* depthwise_bias,
                       const DenseTensor& project_filter, const DenseTensor* project_bias,
                       const DenseTensor* residual, const DenseTensor* squeeze_filter,
                       const DenseTensor* squeeze_bias, const DenseTensor* excite_filter,
                       const DenseTensor* excite_bias, const std::vector<int>& strides,
                       const std::vector<int>& paddings, const std::string& padding_algorithm,
                       const std::vector<int>& dilations, const std::vector<int>& expand_strides,
                       const std::vector<int>& expand_paddings,
                       const std::string& expand_activation, float expand_beta,
                       const std::string& depthwise_activation, float depthwise_beta,
                       const std::string& project_activation, float project_beta,
                       const std::string& squeeze_activation, float squeeze_beta,
                       const std::string& excite_activation, float excite_beta, float gate_slope,
                       float gate_offset, const std::string& data_format,
                       const std::string& output_format, DenseTensor* out) {
  PD_CHECK((squeeze_filter == nullptr) == (excite_filter == nullptr), InvalidArgument,
           "expected fused_mbconv's SqueezeFilter and ExciteFilter to be both given or both "
           "absent, but got SqueezeFilter ",
           squeeze_filter != nullptr ? "given" : "absent", " and ExciteFilter ",
           excite_filter != nullptr ? "given" : "absent");
  MbconvGate gate;
  gate.squeeze = squeeze_filter;
  gate.squeeze_bias = squeeze_bias;
  gate.squeeze_activation = squeeze_activation;
  gate.squeeze_beta = squeeze_beta;
  gate.excite = excite_filter;
  gate.excite_bias = excite_bias;
  gate.excite_activation = excite_activation;
  gate.excite_beta = excite_beta;
  gate.slope = gate_slope;
  gate.offset = gate_offset;
  const MbconvGate* gate_ptr = squeeze_filter != nullptr ? &gate : nullptr;
  const bool in_nhwc = MbconvFormatIsNhwc(data_format, "data_format");
  const bool out_nhwc = MbconvFormatIsNhwc(output_format, "output_format");
  // Shapes in NCHW terms.
  const DDim in = in_nhwc ? PermuteNchwDims(input.dims(), false) : input.dims();
  const DDim out_dims = out_nhwc ? PermuteNchwDims(out->dims(), false) : out->dims();
  const DDim residual_dims = in_nhwc ? PermuteNchwDims(out_dims, true) : out_dims;
  PD_CHECK(residual == nullptr || residual->dims() == residual_dims, InvalidArgument,
           "expected fused_mbconv's ResidualData to have the output's dims in data_format ",
           data_format, ", ", residual_dims, ", but got ",
           residual != nullptr ? residual->dims() : DDim());
  if constexpr (std::is_same_v<T, float>) {
    const std::vector<int> unit = {1, 1};
    const ConvGeometry ge = expand_filter != nullptr
                                ? ComputeConvGeometry(in, expand_filter->dims(), expand_strides,
                                                      expand_paddings, "EXPLICIT", unit, 1, "NCHW")
                                : ConvGeometry();
    const DDim hidden_dims = expand_filter != nullptr ? ge.out_dims : in;
    const ConvGeometry g = ComputeConvGeometry(
        hidden_dims, depthwise_filter.dims(), strides, paddings, padding_algorithm, dilations,
        static_cast<int>(depthwise_filter.dims()[0]), "NCHW");
    const MbconvStage expand{expand_filter, expand_bias, ParseConvAct(expand_activation),
                             expand_beta};
    const MbconvStage dw{&depthwise_filter, depthwise_bias, ParseConvAct(depthwise_activation),
                         depthwise_beta};
    const MbconvStage project{&project_filter, project_bias, ParseConvAct(project_activation),
                              project_beta};
    const funcs::ConvPlane expand_plane = funcs::MakeConvPlane(ge);
    if (out_dims == make_ddim({g.batch, project_filter.dims()[0], g.h.out, g.w.out}) &&
        (MbconvPixelMajor(dev_ctx, input, in_nhwc, expand, expand_plane, dw, g, project, residual,
                          gate_ptr, out_nhwc, out) ||
         (gate_ptr == nullptr && !in_nhwc && !out_nhwc &&
          MbconvBands(dev_ctx, input, expand, expand_plane, dw, g, project, residual, out)))) {
      return;
    }
  }
  if (in_nhwc || out_nhwc) {
    // Elsewhere NHWC goes through NCHW copies: the input and residual transposed, the block run
    // in NCHW, its output transposed.
    const auto transposed = [&](const DenseTensor& from, bool to_nhwc, DenseTensor* to) {
      to->Resize(PermuteNchwDims(from.dims(), to_nhwc));
      funcs::TransposeCopy<T>(from.data<T>(), from.dims(),
                              to_nhwc ? std::vector<int>{0, 2, 3, 1} : std::vector<int>{0, 3, 1, 2},
                              dev_ctx.template Alloc<T>(to));
    };
    DenseTensor input_nchw, residual_nchw, out_nchw;
    if (in_nhwc) {
      transposed(input, false, &input_nchw);
      if (residual != nullptr) transposed(*residual, false, &residual_nchw);
    }
    out_nchw.Resize(out_dims);
    FusedMbconvKernel<T>(
        dev_ctx, in_nhwc ? input_nchw : input, expand_filter, expand_bias, depthwise_filter,
        depthwise_bias, project_filter, project_bias,
        in_nhwc && residual != nullptr ? &residual_nchw : residual, squeeze_filter, squeeze_bias,
        excite_filter, excite_bias, strides, paddings, padding_algorithm, dilations, expand_strides,
        expand_paddings, expand_activation, expand_beta, depthwise_activation, depthwise_beta,
        project_activation, project_beta, squeeze_activation, squeeze_beta, excite_activation,
        excite_beta, gate_slope, gate_offset, "NCHW", "NCHW", out_nhwc ? &out_nchw : out);
    if (out_nhwc) transposed(out_nchw, true, out);
    return;
  }
  MbconvUnfused<T>(dev_ctx, input, expand_filter, expand_bias, depthwise_filter, depthwise_bias,
                   project_filter, project_bias, residual, gate_ptr, strides, paddings,
                   padding_algorithm, dilations, expand_strides, expand_paddings, expand_activation,
                   expand_beta, depthwise_activation, depthwise_beta, project_activation,
                   project_beta, out);
}

template <typename T, typename Context>
void FusedConvDepthwiseKernel(
    const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
    const DenseTensor* bias, const DenseTensor& depthwise_filter, const DenseTensor* depthwise_bias,
    const std::vector<int>& strides, const std::vector<int>& paddings,
    const std::string& padding_algorithm, const std::vector<int>& dilations,
    const std::string& fuse_activation, float fuse_beta, const std::vector<int>& depthwise_strides,
    const std::vector<int>& depthwise_paddings, const std::string& depthwise_padding_algorithm,
    const std::vector<int>& depthwise_dilations, const std::string& depthwise_activation,
    float depthwise_beta, DenseTensor* out) {
  const ConvGeometry g = ComputeConvGeometry(input.dims(), filter.dims(), strides, paddings,
                                             padding_algorithm, dilations, 1, "NCHW");
  const int channels = static_cast<int>(g.out_channels);
  const ConvGeometry gd = ComputeConvGeometry(
      g.out_dims, depthwise_filter.dims(), depthwise_strides, depthwise_paddings,
      depthwise_padding_algorithm, depthwise_dilations, channels, "NCHW");
  if constexpr (std::is_same_v<T, float>) {
    funcs::ConvThenDepthwisePlanes planes;
    planes.in_channels = g.in_channels;
    planes.channels = g.out_channels;
    planes.conv = funcs::MakeConvPlane(g);
    planes.dw = funcs::MakeConvPlane(gd);
    if (out->dims() == gd.out_dims && g.batch > 0 && funcs::ConvThenDepthwiseApplies(planes)) {
      const funcs::DepthwiseEpilogue<float> conv_epi = DepthwiseEpilogueFor<float>(
          ParseConvAct(fuse_activation), bias != nullptr ? bias->data<float>() : nullptr, false,
          fuse_beta, nullptr);
      const funcs::DepthwiseEpilogue<float> dw_epi = DepthwiseEpilogueFor<float>(
          ParseConvAct(depthwise_activation),
          depthwise_bias != nullptr ? depthwise_bias->data<float>() : nullptr, false,
          depthwise_beta, nullptr);
      float* y = dev_ctx.template Alloc<float>(out);
      funcs::ConvThenDepthwiseForward(dev_ctx.thread_pool().get(), planes, g.batch,
                                      input.data<float>(), filter.data<float>(), conv_epi,
                                      depthwise_filter.data<float>(), dw_epi, y);
      return;
    }
  }
  // Elsewhere the two convolutions as fused_conv2d runs them, the first one's output stored whole.
  DenseTensor hidden;
  hidden.Resize(g.out_dims);
  FusedConv2dKernel<T>(dev_ctx, input, filter, bias, nullptr, strides, paddings, padding_algorithm,
                       dilations, 1, "NCHW", fuse_activation, fuse_beta, false, "", &hidden);
  FusedConv2dKernel<T>(dev_ctx, hidden, depthwise_filter, depthwise_bias, nullptr,
                       depthwise_strides, depthwise_paddings, depthwise_padding_algorithm,
                       depthwise_dilations, channels, "NCHW", depthwise_activation, depthwise_beta,
                       false, "", out);
}

}  // namespace phi

PD_REGISTER_KERNEL(fused_conv2d, CPU, phi::FusedConv2dKernel, float, double);
PD_REGISTER_KERNEL(fused_conv_depthwise, CPU, phi::FusedConvDepthwiseKernel, float, double);
PD_REGISTER_KERNEL(fused_mbconv, CPU, phi::FusedMbconvKernel, float, double);
PD_REGISTER_KERNEL(fused_scaled_conv2d, CPU, phi::FusedScaledConv2dKernel, float, double);

PD_KERNEL_USES(fused_conv2d, conv2d);
PD_KERNEL_USES(fused_mbconv, fused_conv2d);
PD_KERNEL_USES(fused_mbconv, pool2d);
PD_KERNEL_USES(fused_mbconv, hard_sigmoid);
PD_KERNEL_USES(fused_mbconv, fused_scaled_conv2d);
PD_KERNEL_USES(fused_conv_depthwise, fused_conv2d);
PD_KERNEL_USES(fused_scaled_conv2d, fused_conv2d);
