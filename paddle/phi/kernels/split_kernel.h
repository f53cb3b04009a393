// split: cuts X along `axis` into the outputs, in order: num equal parts, or parts of the
// given sections (one -1 inferred). Output dims come from SplitInferMeta; the grad is concat.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SplitKernel(const Context& dev_ctx, const DenseTensor& x, int axis, int num,
                 const std::vector<int>& sections, std::vector<DenseTensor*> out);

}  // namespace phi
