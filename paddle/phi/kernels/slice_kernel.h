// slice: the sub-tensor [starts, ends) of Input along `axes`, with Python's rules (negative
// bounds count from the end, out-of-range bounds clamp), then dims in decrease_axis dropped.
// infer_flags is accepted for compatibility and ignored (bounds always come from attributes).
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SliceKernel(const Context& dev_ctx, const DenseTensor& input, const std::vector<int64_t>& axes,
                 const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                 const std::vector<int64_t>& infer_flags,
                 const std::vector<int64_t>& decrease_axis, DenseTensor* out);

}  // namespace phi
