// cross_entropy_with_softmax_grad: Logits@GRAD from Softmax, Label and Loss@GRAD:
// (Softmax * sum(label) - label) * Loss@GRAD with use_softmax, -label / Softmax * Loss@GRAD
// without; ignored hard labels get zero gradient.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void CrossEntropyWithSoftmaxGradKernel(const Context& dev_ctx, const DenseTensor& label,
                                       const DenseTensor& softmax, const DenseTensor& loss_grad,
                                       bool soft_label, bool use_softmax,
                                       bool numeric_stable_mode, int ignore_index, int axis,
                                       DenseTensor* logits_grad);

}  // namespace phi
