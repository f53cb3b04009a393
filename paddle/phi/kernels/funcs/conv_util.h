// Helpers the conv2d kernels share: the plane geometry for im2col, how many images one
// im2col matrix holds, and NCHW <-> NHWC copies for channels-last data.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/im2col.h"
#include "paddle/phi/kernels/funcs/transpose.h"

namespace phi {
namespace funcs {

inline ConvPlane MakeConvPlane(const ConvGeometry& g) {
  ConvPlane p;
  p.in_h = g.h.in;
  p.in_w = g.w.in;
  p.out_h = g.h.out;
  p.out_w = g.w.out;
  p.kernel_h = g.h.kernel;
  p.kernel_w = g.w.kernel;
  p.stride_h = g.h.stride;
  p.stride_w = g.w.stride;
  p.dilation_h = g.h.dilation;
  p.dilation_w = g.w.dilation;
  p.pad_top = g.h.pad_before;
  p.pad_left = g.w.pad_before;
  return p;
}

// A 1x1, stride-1, unpadded window: the image is its own im2col matrix.
inline bool IsPointwise(const ConvPlane& p) {
  return p.kernel_h == 1 && p.kernel_w == 1 && p.stride_h == 1 && p.stride_w == 1 &&
         p.pad_top == 0 && p.pad_left == 0 && p.out_h == p.in_h && p.out_w == p.in_w;
}

// Images per im2col matrix: small images are batched so that each GEMM is wide, while the
// matrix stays within 128K elements (half a megabyte of floats), small enough to stay in
// cache between im2col and the GEMM: measured faster than larger chunks.
inline int64_t ImagesPerChunk(int64_t rows, int64_t columns_per_image, int64_t batch) {
  constexpr int64_t kBudget = int64_t{1} << 17;
  const int64_t per_image = std::max<int64_t>(rows * columns_per_image, 1);
  return std::max<int64_t>(1, std::min(batch, kBudget / per_image));
}

// [N, H, W, C] -> [N, C, H, W] and back.
template <typename T>
std::vector<T> ChannelsLastToFirst(const T* data, const DDim& nhwc) {
  std::vector<T> out(nhwc.numel());
  TransposeCopy(data, nhwc, {0, 3, 1, 2}, out.data());
  return out;
}
template <typename T>
void ChannelsFirstToLast(const T* data, const DDim& nchw, T* out) {
  TransposeCopy(data, nchw, {0, 2, 3, 1}, out);
}

}  // namespace funcs
}  // namespace phi
