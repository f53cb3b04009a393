// cast: Out holds X's values converted to out_dtype. T is X's type; 16-bit floats convert
// through float, and a conversion to bool yields value != 0.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void CastKernel(const Context& dev_ctx, const DenseTensor& x, DataType out_dtype, DenseTensor* out);

}  // namespace phi
