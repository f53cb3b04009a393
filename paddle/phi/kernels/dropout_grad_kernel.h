// dropout_grad: X@GRAD = Out@GRAD * Mask (divided by 1 - p for "upscale_in_train"); with
// is_test, Out@GRAD scaled as the inference forward scales X.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void DropoutGradKernel(const Context& dev_ctx, const DenseTensor& mask, const DenseTensor& out_grad,
                       float p, bool is_test, const std::string& mode, DenseTensor* x_grad);

}  // namespace phi
