// strided_slice: the elements start, start + stride, ... of Input along `axes` (negative
// strides walk backwards), bounds normalized as StridedSliceRegion describes, then the dims in
// decrease_axis dropped. The grad scatters Out@GRAD into zeros of Input's dims.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void StridedSliceKernel(const Context& dev_ctx, const DenseTensor& input,
                        const std::vector<int>& axes, const std::vector<int>& starts,
                        const std::vector<int>& ends, const std::vector<int>& strides,
                        const std::vector<int>& decrease_axis, DenseTensor* out);

template <typename T, typename Context>
void StridedSliceGradKernel(const Context& dev_ctx, const DenseTensor& input,
                            const DenseTensor& dout, const std::vector<int>& axes,
                            const std::vector<int>& starts, const std::vector<int>& ends,
                            const std::vector<int>& strides, const std::vector<int>& decrease_axis,
                            DenseTensor* dx);

}  // namespace phi
