// box_coder: encodes target boxes [N, 4] against prior boxes [M, 4] as center-size offsets
// [N, M, 4], or decodes offsets [N, M, 4] back into corner boxes (priors along axis 0 or 1).
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void BoxCoderKernel(const Context& dev_ctx, const DenseTensor& prior_box,
                    const DenseTensor* prior_box_var, const DenseTensor& target_box,
                    const std::string& code_type, bool box_normalized, int axis,
                    const std::vector<float>& variance, DenseTensor* output_box);

}  // namespace phi
