// Winograd F(m x m, 3 x 3), m = 2 or 4, for the float 3x3 stride-1 convolutions of inference
// models: each m x m block of outputs (a tile) comes from its (m + 2) x (m + 2) input patch d as
// Y = A^T [(G g G^T) . (B^T d B)] A, so the products over input channels are (m + 2)^2 GEMMs (one
// per entry of the transforms) of [out_channels, in_channels] by [in_channels, tiles]: per
// output and channel pair F(2x2) takes 4 multiply-adds and F(4x4) 2.25 where the direct
// convolution takes 9. F(2x2)'s transforms have coefficients 0, +-1 and +-1/2 (exact in float);
// F(4x4)'s (interpolation at 0, +-1, +-2) up to 8 and 1/24, so its results differ from the
// direct sums by more rounding (a few 1e-6 of the output's scale against below 1e-6). Used where
// the packed GEMM runs (sgemm_packed.h), with the filter transformed once and kept
// (packed_weights.h: FrozenWinogradFilter). Internal to the kernel library.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/kernels/funcs/im2col.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"

namespace phi {
namespace funcs {

// The tile (m: 2 or 4) with which WinogradConvForward serves a convolution of `batch` images of
// this plane and these channels, or 0 where it does not: 3x3 windows, strides and dilations 1,
// one group, at least 16 channels in and out and outputs of at least 4 x 4; F(4x4) where it
// measured faster (benchmarks/README.md).
int WinogradTile(const ConvPlane& p, int64_t in_channels, int64_t out_channels, int64_t groups,
                 int64_t batch);

// Whether WinogradConvForward serves the convolution at all (with either tile).
bool WinogradApplies(const ConvPlane& p, int64_t in_channels, int64_t out_channels,
                     int64_t groups);

// The tile of a transformed filter (WinogradFilter): 2 for 16 matrices, 4 for 36.
int WinogradTileOf(const std::vector<internal::GemmPackedA>& u);

// The transformed filter U = G g G^T of filter [out_channels, in_channels, 3, 3] for tiles of
// `tile` (2 or 4) outputs a side, as (tile + 2)^2 matrices [out_channels, in_channels] packed as
// the GEMM's A: entry xi = (tile + 2) * i + j of every transform.
std::vector<internal::GemmPackedA> WinogradFilter(const float* filter, int64_t out_channels,
                                                  int64_t in_channels, int tile);

// out [batch, out_channels, out_h, out_w] = the convolution of input [batch, in_channels,
// in_h, in_w] (NCHW) with the filter that `u` transforms (WinogradFilter, either tile), where
// WinogradApplies. `epilogue` (may be null) then finishes each image's outputs (rows are its
// channels, ldc the plane's size), as the packed GEMM's epilogues do.
void WinogradConvForward(const float* input, int64_t batch, int64_t in_channels,
                         int64_t out_channels, const ConvPlane& p,
                         const std::vector<internal::GemmPackedA>& u, float* out,
                         const internal::GemmEpilogue* epilogue);

}  // namespace funcs
}  // namespace phi
