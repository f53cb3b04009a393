// Weights packed for the float GEMM once and kept with their storage, for frozen tensors
// (Allocation::Freeze: an inference model's parameters, which no op of its program writes).
// Every product then reads the packed panels instead of packing the weights again, on every
// thread that takes part. The packing is the one the GEMM makes per call, so results are
// the same bits either way. Internal to the kernel library.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"

namespace phi {
namespace funcs {

// A convolution's filter [out_channels, in_channels / groups, ...] as the GEMM's A, one packed
// matrix per group; nullptr when the filter is not frozen or the packed GEMM does not run here.
std::shared_ptr<const std::vector<internal::GemmPackedA>> FrozenPackedFilter(
    const DenseTensor& filter, int64_t groups);

// A weight w as op(B) [k, n] (w stored [k, n], or [n, k] when trans); nullptr when w is not
// frozen or the packed GEMM does not run here. funcs::GemmWeightsB is its user.
std::shared_ptr<const internal::GemmPackedB> FrozenPackedB(const DenseTensor& w, int64_t k,
                                                           int64_t n, bool trans);

// Bytes of weights kept packed now, all tensors together (freed with their storage).
int64_t PackedWeightsBytes();

}  // namespace funcs
}  // namespace phi
