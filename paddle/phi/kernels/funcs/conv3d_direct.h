// Direct (loop) conv3d in NCDHW: visits every (output, input, filter) triple of the
// convolution once, so that the forward pass and both gradients share one traversal.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/infermeta/conv3d.h"
#include "paddle/phi/kernels/funcs/transpose.h"

namespace phi {
namespace funcs {

// visit(out_index, in_index, filter_index) for every pair of output and in-bounds input
// element that filter_index links.
template <typename Visit>
void ForEachConv3dTap(const Conv3dGeometry& g, Visit&& visit) {
  const int64_t in_per_group = g.in_channels / g.groups;
  const int64_t out_per_group = g.out_channels / g.groups;
  // No tap links anything when a side is empty, and the extent products below need not fit in
  // int64 then (an empty [1, 0, 5, 2^63 - 1, 3] input).
  if (g.batch == 0 || in_per_group == 0 || out_per_group == 0) return;
  for (int a = 0; a < 3; ++a) {
    if (g.in[a] == 0 || g.out[a] == 0 || g.kernel[a] == 0) return;
  }
  const int64_t in_plane = g.in[0] * g.in[1] * g.in[2];
  const int64_t out_plane = g.out[0] * g.out[1] * g.out[2];
  const int64_t kvol = g.kernel[0] * g.kernel[1] * g.kernel[2];
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t m = 0; m < g.out_channels; ++m) {
      const int64_t group = m / out_per_group;
      const int64_t out_base = (n * g.out_channels + m) * out_plane;
      for (int64_t c = 0; c < in_per_group; ++c) {
        const int64_t in_base = (n * g.in_channels + group * in_per_group + c) * in_plane;
        const int64_t filter_base = (m * in_per_group + c) * kvol;
        for (int64_t kd = 0; kd < g.kernel[0]; ++kd) {
          for (int64_t kh = 0; kh < g.kernel[1]; ++kh) {
            for (int64_t kw = 0; kw < g.kernel[2]; ++kw) {
              const int64_t f = filter_base + (kd * g.kernel[1] + kh) * g.kernel[2] + kw;
              for (int64_t od = 0; od < g.out[0]; ++od) {
                const int64_t id = od * g.stride[0] - g.pad_before[0] + kd * g.dilation[0];
                if (id < 0 || id >= g.in[0]) continue;
                for (int64_t oh = 0; oh < g.out[1]; ++oh) {
                  const int64_t ih = oh * g.stride[1] - g.pad_before[1] + kh * g.dilation[1];
                  if (ih < 0 || ih >= g.in[1]) continue;
                  const int64_t out_row = out_base + (od * g.out[1] + oh) * g.out[2];
                  const int64_t in_row = in_base + (id * g.in[1] + ih) * g.in[2];
                  for (int64_t ow = 0; ow < g.out[2]; ++ow) {
                    const int64_t iw = ow * g.stride[2] - g.pad_before[2] + kw * g.dilation[2];
                    if (iw < 0 || iw >= g.in[2]) continue;
                    visit(out_row + ow, in_row + iw, f);
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

// [N, D, H, W, C] -> [N, C, D, H, W] and back.
template <typename T>
std::vector<T> Ndhwc2Ncdhw(const T* data, const DDim& ndhwc) {
  std::vector<T> out(ndhwc.numel());
  TransposeCopy(data, ndhwc, {0, 4, 1, 2, 3}, out.data());
  return out;
}
template <typename T>
void Ncdhw2Ndhwc(const T* data, const DDim& ncdhw, T* out) {
  TransposeCopy(data, ncdhw, {0, 2, 3, 4, 1}, out);
}

}  // namespace funcs
}  // namespace phi
