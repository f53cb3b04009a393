// unique: X's unique values (axis empty: X flattened) or unique slices along axis[0], sorted
// ascending (slices compared lexicographically in row-major order; NaN sorts last and equals
// NaN). Indices: the first position of each unique value (slice) in X; Index (the inverse):
// the unique value's position for each element (slice); Counts: how often each occurs, the
// last three in `dtype`. is_sorted false (the legacy op) keeps the order of first appearance
// of X flattened and gives Index X's dims. Every present output is written.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void UniqueKernel(const Context& dev_ctx, const DenseTensor& x, DataType dtype, bool return_index,
                  bool return_inverse, bool return_counts, const std::vector<int>& axis,
                  bool is_sorted, DenseTensor* out, DenseTensor* indices, DenseTensor* index,
                  DenseTensor* counts);

}  // namespace phi
