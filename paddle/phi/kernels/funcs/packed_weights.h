// Weights packed for the float GEMM once and kept with their storage, for frozen tensors
// (Allocation::Freeze: an inference model's parameters, which no op of its program writes).
// Every product then reads the packed panels instead of packing the weights again, on every
// thread that takes part. The packing is the one the GEMM makes per call, so results are
// the same bits either way. Internal to the kernel library.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/funcs/im2col.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"

namespace phi {
namespace funcs {

// A convolution's filter [out_channels, in_channels / groups, ...] as the GEMM's A, one packed
// matrix per group; nullptr when the filter is not frozen or the packed GEMM does not run here.
std::shared_ptr<const std::vector<internal::GemmPackedA>> FrozenPackedFilter(
    const DenseTensor& filter, int64_t groups);

// A 3x3 filter [out_channels, in_channels, 3, 3] transformed for WinogradConvForward's tiles of
// `tile` outputs a side (WinogradFilter); nullptr when the filter is not frozen or the packed
// GEMM does not run here.
std::shared_ptr<const std::vector<internal::GemmPackedA>> FrozenWinogradFilter(
    const DenseTensor& filter, int tile);

// The float convolution of NCHW `input` with `filter` as the conv2d / fused_conv2d kernels run
// it where the packed GEMM does: PackedConvForward, with a frozen filter packed once and kept,
// or, where WinogradTile is not 0 for a frozen filter, WinogradConvForward with the filter
// transformed once and kept. (Filters that are not frozen are packed per call and never
// transformed: a training step would transform them every time.) `channel_scale` as
// PackedConvForward's.
void ConvForwardKeepingFilter(const float* input, const DenseTensor& filter, int64_t batch,
                              int64_t in_channels, int64_t out_channels, int64_t groups,
                              const ConvPlane& p, float* out,
                              const internal::GemmEpilogue* epilogue,
                              const float* channel_scale = nullptr);

// A weight w as op(B) [k, n] (w stored [k, n], or [n, k] when trans); nullptr when w is not
// frozen or the packed GEMM does not run here. funcs::GemmWeightsB is its user.
std::shared_ptr<const internal::GemmPackedB> FrozenPackedB(const DenseTensor& w, int64_t k,
                                                           int64_t n, bool trans);

// Floats that `make` derives from w's contents (a layout of its own for some kernel), kept with
// w's storage under `what`, which names the layout and everything it depends on besides the
// contents and w's shape; nullptr when w is not frozen or the packed GEMM does not run here.
std::shared_ptr<const std::vector<float>> FrozenFloats(
    const DenseTensor& w, const std::string& what, const std::function<std::vector<float>()>& make);

// Bytes of weights kept packed now, all tensors together (freed with their storage).
int64_t PackedWeightsBytes();

}  // namespace funcs
}  // namespace phi
