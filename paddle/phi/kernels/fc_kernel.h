// fc: the fully connected layer that fc_fuse_pass makes of mul / matmul_v2 + elementwise_add
// (+ relu): Out = act(flatten(Input, in_num_col_dims) @ W + Bias). Inference only.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void FcKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& w,
              const DenseTensor* bias, int in_num_col_dims, const std::string& activation_type,
              bool padding_weights, DenseTensor* out);

}  // namespace phi
