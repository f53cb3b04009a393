// InferMeta of conv3d_transpose: the geometry of conv_transpose.h with three spatial axes
// (data_format NCDHW or NDHWC, Filter [C, M / groups, KD, KH, KW]).
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

void Conv3dTransposeInferMeta(const MetaTensor& input, const MetaTensor& filter,
                              const std::vector<int>& strides, const std::vector<int>& paddings,
                              const std::vector<int>& output_padding,
                              const std::vector<int>& output_size,
                              const std::string& padding_algorithm, int groups,
                              const std::vector<int>& dilations, const std::string& data_format,
                              MetaTensor* out);

}  // namespace phi
