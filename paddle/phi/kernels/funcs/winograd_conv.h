// Winograd F(2x2, 3x3) for the float 3x3 stride-1 convolutions of inference models: each 2x2
// block of outputs (a tile) comes from its 4x4 input patch d as Y = A^T [(G g G^T) . (B^T d B)] A,
// so the products over input channels are 16 GEMMs (one per entry of the 4x4 transforms) of
// [out_channels, in_channels] by [in_channels, tiles]: 16 multiply-adds per tile and channel
// pair where the direct convolution takes 36, 2.25x fewer. The transforms' coefficients are
// 0, +-1 and +-1/2 (exact in float), so the results differ from the direct sums by rounding
// only: the same order of error. Used where the packed GEMM runs (sgemm_packed.h), with the
// filter transformed once and kept (packed_weights.h: FrozenWinogradFilter). Internal to the
// kernel library.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/kernels/funcs/im2col.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"

namespace phi {
namespace funcs {

// Whether WinogradConvForward serves a convolution of this plane and these channels: 3x3
// windows, strides and dilations 1, one group, at least 16 channels in and out and outputs of
// at least 4 x 4 (measured in benchmarks/README.md).
bool WinogradApplies(const ConvPlane& p, int64_t in_channels, int64_t out_channels,
                     int64_t groups);

// The transformed filter U = G g G^T of filter [out_channels, in_channels, 3, 3], as 16
// matrices [out_channels, in_channels] packed as the GEMM's A: entry xi = 4 * i + j of every
// transform.
std::vector<internal::GemmPackedA> WinogradFilter(const float* filter, int64_t out_channels,
                                                  int64_t in_channels);

// out [batch, out_channels, out_h, out_w] = the convolution of input [batch, in_channels,
// in_h, in_w] (NCHW) with the filter that `u` transforms (WinogradFilter), where
// WinogradApplies. `epilogue` (may be null) then finishes each image's outputs (rows are its
// channels, ldc the plane's size), as the packed GEMM's epilogues do.
void WinogradConvForward(const float* input, int64_t batch, int64_t in_channels,
                         int64_t out_channels, const ConvPlane& p,
                         const std::vector<internal::GemmPackedA>& u, float* out,
                         const internal::GemmEpilogue* epilogue);

}  // namespace funcs
}  // namespace phi
