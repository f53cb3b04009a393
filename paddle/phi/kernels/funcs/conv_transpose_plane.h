// The conv2d plane of a transposed convolution: it maps the transposed conv's Output (its
// image) to its Input (its windows); the conv3d_transpose volume likewise; and the GEMM
// skeleton that conv2d_transpose, conv3d_transpose and their grads share.
#pragma once

#include <algorithm>
#include <vector>

#include "paddle/phi/infermeta/conv_transpose.h"
#include "paddle/phi/kernels/funcs/blas.h"
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

// The GEMM skeleton of both transposed convolutions (channels-first data): per image and
// group, col [rows, columns] = filter_g^T @ input_g, which fold(col, out_g) scatters into the
// output (col2im / col2vol); the grads take unfold(dout_g, col) (im2col / vol2col), then
// input_grad_g = filter_g @ col and filter_grad_g += input_g @ col^T.
namespace phi {
namespace funcs {

struct ConvTransposeGemmShape {
  int64_t batch, groups, in_per_group, out_per_group;
  int64_t rows;        // out_per_group * kernel volume
  int64_t columns;     // input spatial volume
  int64_t out_volume;  // output spatial volume
};

inline ConvTransposeGemmShape MakeConvTransposeGemmShape(const ConvTransposeGeometry& g) {
  ConvTransposeGemmShape s;
  s.batch = g.batch;
  s.groups = g.groups;
  s.in_per_group = g.in_channels / g.groups;
  s.out_per_group = g.out_channels / g.groups;
  s.rows = s.out_per_group;
  s.columns = 1;
  s.out_volume = 1;
  for (int i = 0; i < g.spatial; ++i) {
    s.rows *= g.kernel[i];
    s.columns *= g.in[i];
    s.out_volume *= g.out[i];
  }
  return s;
}

// out must be zero on entry.
template <typename T, typename Fold>
void ConvTransposeGemmForward(const T* input, const T* filter, const ConvTransposeGemmShape& s,
                              Fold fold, T* out) {
  std::vector<T> col(s.rows * s.columns);
  for (int64_t n = 0; n < s.batch; ++n) {
    for (int64_t gi = 0; gi < s.groups; ++gi) {
      const T* x = input + (n * s.groups + gi) * s.in_per_group * s.columns;
      Gemm<T>(true, false, s.rows, s.columns, s.in_per_group, T(1),
              filter + gi * s.in_per_group * s.rows, x, T(0), col.data());
      fold(col.data(), out + (n * s.groups + gi) * s.out_per_group * s.out_volume);
    }
  }
}

// input_grad and filter_grad may be null; filter_grad must be zero on entry.
template <typename T, typename Unfold>
void ConvTransposeGemmBackward(const T* input, const T* filter, const T* dout,
                               const ConvTransposeGemmShape& s, Unfold unfold, T* input_grad,
                               T* filter_grad) {
  std::vector<T> col(s.rows * s.columns);
  for (int64_t n = 0; n < s.batch; ++n) {
    for (int64_t gi = 0; gi < s.groups; ++gi) {
      unfold(dout + (n * s.groups + gi) * s.out_per_group * s.out_volume, col.data());
      const int64_t x_offset = (n * s.groups + gi) * s.in_per_group * s.columns;
      const T* weights = filter + gi * s.in_per_group * s.rows;
      if (input_grad != nullptr) {
        Gemm<T>(false, false, s.in_per_group, s.columns, s.rows, T(1), weights, col.data(), T(0),
                input_grad + x_offset);
      }
      if (filter_grad != nullptr) {
        Gemm<T>(false, true, s.in_per_group, s.rows, s.columns, T(1), input + x_offset, col.data(),
                T(1), filter_grad + gi * s.in_per_group * s.rows);
      }
    }
  }
}

}  // namespace funcs
}  // namespace phi
