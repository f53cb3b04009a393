// Where conv2d-like data meets cuDNN: the layout cuDNN computes in, cuDNN's (symmetric) padding
// per axis and the explicit zeros the image needs where that cannot express the op's padding,
// and the staging copies into and out of cuDNN's buffers. Shared by conv2d (image = Input,
// windows = Output) and conv2d_transpose (image = Output, windows = Input).
#pragma once

#include <type_traits>

#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/infermeta/conv_transpose.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/gpu/conv_cudnn.h"
#include "paddle/phi/kernels/funcs/gpu/image_relayout.h"

namespace phi {
namespace funcs {

// One spatial axis of a convolution reading `image` positions and producing `windows` ones:
// window o reads image positions o * stride - pad_before + t * dilation, t < kernel.
struct CudnnConvAxis {
  int64_t image = 0, windows = 0, kernel = 1, stride = 1, dilation = 1, pad_before = 0;
};

struct CudnnConvSetup {
  CudnnConvShape shape;
  ImageLayout image, x;              // the image as stored, and as cuDNN's x
  int64_t shift_h = 0, shift_w = 0;  // x[h, w] = image[h - shift_h, w - shift_w]
  ImageLayout windows, y;            // the windows as stored, and as cuDNN's y
  ImageLayout filter, w;             // the filter as stored ([K, C / groups, R, S]), as cuDNN's w
};

namespace internal {

// cuDNN pads both ends alike. Where padding pad_before on both ends gives exactly the wanted
// windows, that is the op's padding (zeros past the last window's reach are never read).
// Otherwise cuDNN pads nothing and x is the image shifted by pad_before and cut or zero-extended
// to the extent the windows reach.
inline void ResolveCudnnAxis(const CudnnConvAxis& a, int64_t* extent, int64_t* pad,
                             int64_t* shift) {
  const int64_t span = a.dilation * (a.kernel - 1) + 1;
  const int64_t room = a.image + 2 * a.pad_before - span;
  if (room >= 0 && room / a.stride + 1 == a.windows) {
    *extent = a.image;
    *pad = a.pad_before;
    *shift = 0;
    return;
  }
  *extent = (a.windows - 1) * a.stride + span;
  *pad = 0;
  *shift = a.pad_before;
}

inline bool SameLayout(const ImageLayout& a, const ImageLayout& b) {
  return a.n == b.n && a.c == b.c && a.h == b.h && a.w == b.w && a.nhwc == b.nhwc;
}

template <typename T>
void* AllocScratch(const GPUContext& ctx, int64_t numel, DenseTensor* tmp) {
  *tmp = DenseTensor(CppTypeToDataType<T>::value, DDim({numel}));
  return ctx.template Alloc<T>(tmp);
}

}  // namespace internal

// Channels-last 16-bit data is computed channels-last (what cuDNN's tensor-core kernels want);
// float32 and double are converted to NCHW, where cuDNN's FMA kernels are several times faster
// than channels-last ones (measured on H200) and double has most of its algorithms.
template <typename T>
CudnnConvSetup MakeCudnnConvSetup(int64_t batch, int64_t image_channels, int64_t window_channels,
                                  int64_t groups, bool channels_last, const CudnnConvAxis& ah,
                                  const CudnnConvAxis& aw) {
  CudnnConvSetup st;
  const bool nhwc = channels_last && !std::is_same_v<T, double> && !std::is_same_v<T, float>;
  CudnnConvShape& s = st.shape;
  s.dtype = CudnnTypeOf<T>::kData;
  s.compute = CudnnTypeOf<T>::kCompute;
  s.nhwc = nhwc;
  s.n = batch;
  s.c = image_channels;
  s.k = window_channels;
  s.r = ah.kernel;
  s.s = aw.kernel;
  s.p = ah.windows;
  s.q = aw.windows;
  s.stride_h = ah.stride;
  s.stride_w = aw.stride;
  s.dilation_h = ah.dilation;
  s.dilation_w = aw.dilation;
  s.groups = groups;
  internal::ResolveCudnnAxis(ah, &s.h, &s.pad_h, &st.shift_h);
  internal::ResolveCudnnAxis(aw, &s.w, &s.pad_w, &st.shift_w);
  st.image = {batch, image_channels, ah.image, aw.image, channels_last};
  st.x = {batch, image_channels, s.h, s.w, nhwc};
  st.windows = {batch, window_channels, ah.windows, aw.windows, channels_last};
  st.y = {batch, window_channels, ah.windows, aw.windows, nhwc};
  st.filter = {window_channels, image_channels / groups, ah.kernel, aw.kernel, false};
  st.w = {window_channels, image_channels / groups, ah.kernel, aw.kernel, nhwc};
  return st;
}

// conv2d / depthwise_conv2d: the image is Input, the windows Output.
template <typename T>
CudnnConvSetup MakeConv2dCudnnSetup(const ConvGeometry& g) {
  const auto axis = [](const WindowAxis& a) {
    return CudnnConvAxis{a.in, a.out, a.kernel, a.stride, a.dilation, a.pad_before};
  };
  return MakeCudnnConvSetup<T>(g.batch, g.in_channels, g.out_channels, g.groups, g.channels_last,
                               axis(g.h), axis(g.w));
}

// conv2d_transpose: the convolution whose adjoint it is reads the transposed conv's Output
// (the image) and produces its Input (the windows); Filter [C, M / groups, KH, KW] is that
// convolution's filter as it is.
template <typename T>
CudnnConvSetup MakeConvTransposeCudnnSetup(const ConvTransposeGeometry& g) {
  const auto axis = [&g](int i) {
    return CudnnConvAxis{g.out[i],    g.in[i],       g.kernel[i],
                         g.stride[i], g.dilation[i], g.pad_before[i]};
  };
  return MakeCudnnConvSetup<T>(g.batch, g.out_channels, g.in_channels, g.groups, g.channels_last,
                               axis(0), axis(1));
}

// What cuDNN reads as `want` from data stored as `stored` (want[h, w] = stored[h - shift_h,
// w - shift_w]): the data itself where nothing differs, else a copy made in *tmp.
template <typename T>
const void* StageIn(const GPUContext& ctx, const void* data, const ImageLayout& stored,
                    const ImageLayout& want, int64_t shift_h, int64_t shift_w, DenseTensor* tmp) {
  if (internal::SameLayout(stored, want) && shift_h == 0 && shift_w == 0) return data;
  void* staged = internal::AllocScratch<T>(ctx, want.numel(), tmp);
  RelayoutImage<T>(ctx, data, stored, staged, want, shift_h, shift_w);
  return staged;
}

// Where cuDNN writes a result laid out as `produced` that belongs in `data` (laid out as
// `stored`, stored[h, w] = produced[h + shift_h, w + shift_w]): `data` itself where nothing
// differs, else scratch in *tmp for StageOut.
template <typename T>
void* OutBuffer(const GPUContext& ctx, void* data, const ImageLayout& stored,
                const ImageLayout& produced, int64_t shift_h, int64_t shift_w, DenseTensor* tmp) {
  if (internal::SameLayout(stored, produced) && shift_h == 0 && shift_w == 0) return data;
  return internal::AllocScratch<T>(ctx, produced.numel(), tmp);
}

// Copies a result from OutBuffer's scratch into `data`: stored[h, w] = produced[h + shift_h,
// w + shift_w] (0 outside it). Nothing to do where OutBuffer returned `data`.
template <typename T>
void StageOut(const GPUContext& ctx, const void* buffer, const ImageLayout& produced, void* data,
              const ImageLayout& stored, int64_t shift_h, int64_t shift_w) {
  if (buffer == data) return;
  RelayoutImage<T>(ctx, buffer, produced, data, stored, -shift_h, -shift_w);
}

}  // namespace funcs
}  // namespace phi
