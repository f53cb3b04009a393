// The conv2d plane of a transposed convolution: it maps the transposed conv's Output (its
// image) to its Input (its windows). Shared by the conv2d_transpose kernel and its grad; the
// conv3d_transpose volume likewise.
#pragma once

#include <algorithm>

#include "paddle/phi/infermeta/conv_transpose.h"
#include "paddle/phi/kernels/funcs/conv3d_direct.h"
#include "paddle/phi/kernels/funcs/conv_util.h"

namespace phi {
namespace funcs {

inline ConvPlane TransposedConvPlane(const ConvTransposeGeometry& g) {
  ConvPlane p;
  p.in_h = g.out[0];
  p.in_w = g.out[1];
  p.out_h = g.in[0];
  p.out_w = g.in[1];
  p.kernel_h = g.kernel[0];
  p.kernel_w = g.kernel[1];
  p.stride_h = g.stride[0];
  p.stride_w = g.stride[1];
  p.dilation_h = g.dilation[0];
  p.dilation_w = g.dilation[1];
  p.pad_top = g.pad_before[0];
  p.pad_left = g.pad_before[1];
  return p;
}

}  // namespace funcs
}  // namespace phi

// The 3-D counterpart (conv3d_transpose): the conv3d whose input is the transposed conv's
// Output and whose output is its Input, for one image of `channels` channels and one output
// channel, so that ForEachConv3dTap visits (column, image offset, row) triples of the
// vol2col matrix [channels * KD * KH * KW, D * H * W].
namespace phi {
namespace funcs {

inline Conv3dGeometry TransposedConvVolume(const ConvTransposeGeometry& g, int64_t channels) {
  Conv3dGeometry v;
  v.batch = 1;
  v.in_channels = channels;
  v.out_channels = 1;
  v.groups = 1;
  for (int i = 0; i < 3; ++i) {
    v.in[i] = g.out[i];
    v.out[i] = g.in[i];
    v.kernel[i] = g.kernel[i];
    v.stride[i] = g.stride[i];
    v.dilation[i] = g.dilation[i];
    v.pad_before[i] = g.pad_before[i];
  }
  return v;
}

// col[r * columns + j] = volume entry that window row r reads for column j (0 for padding).
template <typename T>
void Vol2Col(const T* volume, const Conv3dGeometry& v, T* col) {
  const int64_t columns = v.out[0] * v.out[1] * v.out[2];
  std::fill(col, col + v.in_channels * v.kernel[0] * v.kernel[1] * v.kernel[2] * columns, T(0));
  ForEachConv3dTap(v, [&](int64_t o, int64_t i, int64_t f) { col[f * columns + o] = volume[i]; });
}

// The adjoint of Vol2Col: adds every column entry back into the volume entry it reads.
template <typename T>
void Col2VolAdd(const T* col, const Conv3dGeometry& v, T* volume) {
  const int64_t columns = v.out[0] * v.out[1] * v.out[2];
  ForEachConv3dTap(v, [&](int64_t o, int64_t i, int64_t f) { volume[i] += col[f * columns + o]; });
}

}  // namespace funcs
}  // namespace phi
