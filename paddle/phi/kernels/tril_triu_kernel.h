// tril_triu: keeps the lower (lower=true: column - row <= diagonal) or upper (column - row >=
// diagonal) triangle of the last two axes of X and zeroes the rest. Its own gradient.
#pragma once

#include <cstdint>

#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/hostdevice.h"

namespace phi {
namespace funcs {

// Whether element (i, j) of the last two axes stays (both backends' rule).
PD_HOSTDEVICE inline bool TrilTriuKeeps(int64_t i, int64_t j, int diagonal, bool lower) {
  return lower ? (j - i <= diagonal) : (j - i >= diagonal);
}

}  // namespace funcs

template <typename T, typename Context>
void TrilTriuKernel(const Context& dev_ctx, const DenseTensor& x, int diagonal, bool lower,
                    DenseTensor* out);

}  // namespace phi
