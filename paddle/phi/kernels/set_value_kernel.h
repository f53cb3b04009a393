// set_value: Out = Input with a strided region (axes/starts/ends/steps, as SetValueRegion
// normalizes them) overwritten by a value broadcast to it: ValueTensor when given, else the
// attribute list that dtype names (bool_values, int32_values, ...) with dims `shape`. Out is
// usually Input itself; then the region is written in place.
// The grad: Input@GRAD is Out@GRAD with the region zeroed, ValueTensor@GRAD the region of
// Out@GRAD summed back to the value's dims.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SetValueKernel(const Context& dev_ctx, const DenseTensor& input,
                    const DenseTensor* value_tensor, const std::vector<int64_t>& axes,
                    const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                    const std::vector<int64_t>& steps, const std::vector<int64_t>& decrease_axes,
                    const std::vector<int64_t>& none_axes, DataType dtype,
                    const std::vector<int>& bool_values, const std::vector<float>& fp32_values,
                    const std::vector<int>& int32_values, const std::vector<int64_t>& int64_values,
                    const std::vector<double>& fp64_values, const std::vector<float>& fp16_values,
                    const std::vector<int64_t>& shape, DenseTensor* out);

template <typename T, typename Context>
void SetValueGradKernel(const Context& dev_ctx, const DenseTensor& dout,
                        const DenseTensor* value_tensor, const std::vector<int64_t>& axes,
                        const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                        const std::vector<int64_t>& steps,
                        const std::vector<int64_t>& decrease_axes,
                        const std::vector<int64_t>& none_axes, DenseTensor* dinput,
                        DenseTensor* dvalue);

}  // namespace phi
