// Broadcast comparisons giving bool: equal, not_equal, less_than, less_equal, greater_than,
// greater_equal, with Paddle's broadcast rule and legacy axis (funcs/broadcast.h). Exact
// comparison for floats (NaN is unequal to everything).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

#define PD_DECLARE_COMPARE_KERNEL(Name)                                                     \
  template <typename T, typename Context>                                                   \
  void Name##Kernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,     \
                    int axis, DenseTensor* out);
PD_DECLARE_COMPARE_KERNEL(Equal)
PD_DECLARE_COMPARE_KERNEL(NotEqual)
PD_DECLARE_COMPARE_KERNEL(LessThan)
PD_DECLARE_COMPARE_KERNEL(LessEqual)
PD_DECLARE_COMPARE_KERNEL(GreaterThan)
PD_DECLARE_COMPARE_KERNEL(GreaterEqual)
#undef PD_DECLARE_COMPARE_KERNEL

}  // namespace phi
