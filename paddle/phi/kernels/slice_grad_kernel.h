// slice_grad: Out@GRAD scattered into zeros of Input's dims at the sliced region. Input
// supplies only dims (its data is never read); dx may be nullptr when not wanted.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SliceGradKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& dout,
                     const std::vector<int64_t>& axes, const std::vector<int64_t>& starts,
                     const std::vector<int64_t>& ends, const std::vector<int64_t>& infer_flags,
                     const std::vector<int64_t>& decrease_axis, DenseTensor* dx);

}  // namespace phi
