// fused_elementwise: a group of elementwise/broadcast primitives run as one op (made by
// build_cinn_pass). The CPU kernel is compiled ahead of time and interprets the group's
// instruction list (funcs/fused_elementwise_program.h) over tiles of the output: for each tile,
// one tight (vectorised) loop per instruction over L1-sized tile buffers, so the group reads
// its inputs and writes its outputs once. The list is prepared once per signature (list, input
// dims, dtype) in a bounded cache.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void FusedElementwiseKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                            const std::vector<std::string>& instructions,
                            std::vector<DenseTensor*> out);

// How many prepared instruction lists the kernel's cache holds, and how many it has built
// since the process started (tests check that a repeated run builds none).
int64_t FusedElementwiseCacheSize();
int64_t FusedElementwiseCacheBuilds();

}  // namespace phi
