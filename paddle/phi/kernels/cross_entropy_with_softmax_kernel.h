// cross_entropy_with_softmax (legacy softmax_with_cross_entropy): Softmax = softmax(Logits)
// along axis (Logits themselves when !use_softmax) and Loss = -sum(label * log Softmax), with
// hard labels (integer class ids, ignore_index gives loss 0) or soft ones (a distribution).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void CrossEntropyWithSoftmaxKernel(const Context& dev_ctx, const DenseTensor& logits,
                                   const DenseTensor& label, bool soft_label, bool use_softmax,
                                   bool numeric_stable_mode, int ignore_index, int axis,
                                   DenseTensor* softmax, DenseTensor* loss);

}  // namespace phi
