// One copy kernel for what the GPU convolutions need around cuDNN: padding an image with zeros
// (explicit padding cuDNN's symmetric padding cannot express), cropping one, and converting
// between NCHW and NHWC (filters too, with [K, C, R, S] seen as an image). Only bits move, so
// the copy is written on unsigned integers of the element's size.
#pragma once

#include <cstdint>
#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_launch.h"

namespace phi {
namespace funcs {

// A packed 4-D array of logical dims [n, c, h, w], stored NCHW or NHWC.
struct ImageLayout {
  int64_t n = 0, c = 0, h = 0, w = 0;
  bool nhwc = false;
  __host__ __device__ int64_t numel() const { return n * c * h * w; }
};

namespace internal {

template <int kBytes>
using BitsOf = std::conditional_t<
    kBytes == 2, uint16_t,
    std::conditional_t<kBytes == 4, uint32_t, std::conditional_t<kBytes == 8, uint64_t, void>>>;

template <typename Bits>
__global__ void RelayoutImageKernel(const Bits* src, ImageLayout s, Bits* dst, ImageLayout d,
                                    int64_t shift_h, int64_t shift_w) {
  const int64_t total = d.numel();
  PD_GPU_LOOP(i, total) {
    int64_t n, c, h, w;
    if (d.nhwc) {
      c = i % d.c;
      w = i / d.c % d.w;
      h = i / (d.c * d.w) % d.h;
      n = i / (d.c * d.w * d.h);
    } else {
      w = i % d.w;
      h = i / d.w % d.h;
      c = i / (d.w * d.h) % d.c;
      n = i / (d.w * d.h * d.c);
    }
    const int64_t sh = h - shift_h, sw = w - shift_w;
    Bits v = 0;  // +0.0 in every floating type
    if (sh >= 0 && sh < s.h && sw >= 0 && sw < s.w) {
      v = s.nhwc ? src[((n * s.h + sh) * s.w + sw) * s.c + c]
                 : src[((n * s.c + c) * s.h + sh) * s.w + sw];
    }
    dst[i] = v;
  }
}

}  // namespace internal

// dst[n, c, h, w] = src[n, c, h - shift_h, w - shift_w], 0 where that lies outside src. src and
// dst have the same n and c; each has its own extents and layout. Enqueued on ctx's stream.
template <typename T>
void RelayoutImage(const GPUContext& ctx, const void* src, const ImageLayout& s, void* dst,
                   const ImageLayout& d, int64_t shift_h = 0, int64_t shift_w = 0) {
  using Bits = internal::BitsOf<static_cast<int>(sizeof(T))>;
  static_assert(!std::is_void_v<Bits>, "RelayoutImage copies 2-, 4- or 8-byte elements");
  const int64_t total = d.numel();
  if (total == 0) return;
  internal::RelayoutImageKernel<Bits>
      <<<gpu::BlocksFor(ctx, total), gpu::kThreads, 0, ctx.stream()>>>(
          static_cast<const Bits*>(src), s, static_cast<Bits*>(dst), d, shift_h, shift_w);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace funcs
}  // namespace phi
