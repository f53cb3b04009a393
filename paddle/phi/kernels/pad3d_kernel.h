// pad3d: a 5-D tensor padded on its D, H and W axes (constant, reflect, replicate or circular),
// NCDHW or NDHWC. The op's Paddings tensor gives paddings (tensor_attrs); InferMeta checks them.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void Pad3dKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& paddings,
                 const std::string& mode, float value, const std::string& data_format,
                 DenseTensor* out);

// dx gathers dout from every output element that read it (zero for constant padding).
template <typename T, typename Context>
void Pad3dGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     const std::vector<int>& paddings, const std::string& mode,
                     const std::string& data_format, DenseTensor* dx);

}  // namespace phi
