// im2col / col2im for 2-D convolution on CPU: unfold an image's sliding windows into the
// columns of a matrix so that a convolution becomes one GEMM, and fold column gradients back.
#pragma once

#include <cstdint>

namespace phi {
namespace funcs {

// The window geometry of one image plane; paddings are the top and left ones (the bottom and
// right ones only matter for the output extents, which are given).
struct ConvPlane {
  int64_t in_h = 0, in_w = 0;
  int64_t out_h = 0, out_w = 0;
  int64_t kernel_h = 1, kernel_w = 1;
  int64_t stride_h = 1, stride_w = 1;
  int64_t dilation_h = 1, dilation_w = 1;
  int64_t pad_top = 0, pad_left = 0;
};

// image is [channels, in_h, in_w]. Writes col row r = (c * kernel_h + kh) * kernel_w + kw,
// column oh * out_w + ow at col[r * row_stride + oh * out_w + ow] (zero where the window
// reads padding). row_stride >= out_h * out_w lets several images share one matrix.
template <typename T>
void Im2Col(const T* image, int64_t channels, const ConvPlane& p, int64_t row_stride, T* col);

// The adjoint of Im2Col: adds every column entry back into the image position it was read
// from (entries that read padding are dropped).
template <typename T>
void Col2ImAdd(const T* col, int64_t channels, const ConvPlane& p, int64_t row_stride, T* image);

}  // namespace funcs
}  // namespace phi
