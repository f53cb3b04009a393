// accuracy: the fraction of rows whose top-k Indices contain the row's Label; also the
// count of such rows (Correct) and of all rows (Total).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void AccuracyKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& indices,
                    const DenseTensor& label, DenseTensor* accuracy, DenseTensor* correct,
                    DenseTensor* total);

}  // namespace phi
