// one_hot (legacy one_hot_v2): Out[..., j] = 1 where j equals X's class id, else 0; Out has
// X's dims plus [depth] and the requested dtype. Out-of-range ids raise InvalidArgument, or
// give an all-zero row with allow_out_of_range. The op's depth_tensor gives depth (tensor_attrs).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void OneHotKernel(const Context& dev_ctx, const DenseTensor& x, int depth, DataType dtype,
                  bool allow_out_of_range, DenseTensor* out);

}  // namespace phi
