// What layer_norm and layer_norm_grad share on GPU: the accumulation type and the dtype of
// Scale / Bias, which may stay float32 for a 16-bit X (mixed precision keeps the parameters
// in float32, as PaddlePaddle's AMP does).
#pragma once

#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi {
namespace gpu {

// double for float / double inputs (the CPU kernel's precision), float for 16-bit ones.
template <typename T>
using LayerNormAcc = std::conditional_t<std::is_same_v<AccType<T>, float> &&
                                            !std::is_same_v<T, float>,
                                        float, double>;

// Whether Scale and Bias (each may be absent) are float32 while X is 16-bit; otherwise they
// must have X's dtype. `op` names the op in the error.
template <typename T>
bool LayerNormParamsAreFloat(const DenseTensor* scale, const DenseTensor* bias, const char* op) {
  const DataType x_type = CppTypeToDataType<T>::value;
  const bool sixteen_bit = x_type == DataType::FLOAT16 || x_type == DataType::BFLOAT16;
  const DenseTensor* first = scale != nullptr ? scale : bias;
  const bool as_float = sixteen_bit && first != nullptr && first->dtype() == DataType::FLOAT32;
  const DataType want = as_float ? DataType::FLOAT32 : x_type;
  for (const DenseTensor* p : {scale, bias}) {
    PD_CHECK(p == nullptr || p->dtype() == want, InvalidArgument, "expected ", op,
             "'s Scale and Bias to be ", want, " for X of ", x_type, ", but got ", p->dtype());
  }
  return as_float;
}

}  // namespace gpu
}  // namespace phi
