// What the GPU pool2d kernels and their grads share: the geometry in a form kernels take by
// value, element offsets in NCHW / NHWC, and the windows as funcs::PoolWindow (the CPU kernels'
// function) defines them, so both backends pool over the same elements.
#pragma once

#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/pooling.h"

namespace phi {
namespace funcs {

struct Pool2dArgs {
  int64_t batch = 0, channels = 0;
  bool nhwc = false;
  bool adaptive = false;
  WindowAxis h, w;

  // Index i of a [batch, channels, rows, cols] array in this layout -> (n, c, row, col).
  __device__ void Split(int64_t i, int64_t rows, int64_t cols, int64_t* n, int64_t* c, int64_t* row,
                        int64_t* col) const {
    if (nhwc) {
      *c = i % channels;
      *col = i / channels % cols;
      *row = i / (channels * cols) % rows;
      *n = i / (channels * cols * rows);
    } else {
      *col = i % cols;
      *row = i / cols % rows;
      *c = i / (cols * rows) % channels;
      *n = i / (cols * rows * channels);
    }
  }
  // Offset of (n, c, row, col) in a [batch, channels, rows, cols] array in this layout.
  __device__ int64_t Offset(int64_t n, int64_t c, int64_t row, int64_t col, int64_t rows,
                            int64_t cols) const {
    return nhwc ? ((n * rows + row) * cols + col) * channels + c
                : ((n * channels + c) * rows + row) * cols + col;
  }
  // First and last window along axis `a` that may hold position p (callers still check with
  // PoolWindow, which is the definition).
  __device__ static void Candidates(const WindowAxis& a, bool adaptive, int64_t p, int64_t* first,
                                    int64_t* last) {
    if (adaptive) {
      *first = p * a.out / a.in;
      *last = ((p + 1) * a.out + a.in - 1) / a.in - 1;
    } else {
      const int64_t low = p + a.pad_before - a.kernel + 1;  // start(o) > p - kernel
      *first = low <= 0 ? 0 : (low + a.stride - 1) / a.stride;
      *last = (p + a.pad_before) / a.stride;  // start(o) <= p
    }
    if (*first < 0) *first = 0;
    if (*last > a.out - 1) *last = a.out - 1;
  }
};

inline Pool2dArgs MakePool2dArgs(const PoolGeometry& g) {
  Pool2dArgs a;
  a.batch = g.batch;
  a.channels = g.channels;
  a.nhwc = g.channels_last;
  a.adaptive = g.adaptive;
  a.h = g.h;
  a.w = g.w;
  return a;
}

}  // namespace funcs
}  // namespace phi
