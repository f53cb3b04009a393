// put_along_axis: Result is Input with Value[p] written (Reduce "assign"), added ("add") or
// multiplied in ("mul" / "multiply") at Input[p with its Axis coordinate replaced by
// Index[p]], for every position p of Index; Value has Index's dims. Where several positions
// name one element, assign keeps the last one (row-major order), add and mul combine all.
// The gradient is exact for every Reduce, duplicates and zeros included.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void PutAlongAxisKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& index,
                        const DenseTensor& value, int axis, const std::string& reduce,
                        DenseTensor* result);

// input_grad or value_grad may be null (not wanted).
template <typename T, typename Context>
void PutAlongAxisGradKernel(const Context& dev_ctx, const DenseTensor& input,
                            const DenseTensor& index, const DenseTensor& value,
                            const DenseTensor& result_grad, int axis, const std::string& reduce,
                            DenseTensor* input_grad, DenseTensor* value_grad);

}  // namespace phi
