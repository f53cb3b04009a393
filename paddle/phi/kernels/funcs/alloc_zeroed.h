// Gradient outputs that kernels accumulate into: allocated and zeroed when wanted.
#pragma once

#include <algorithm>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {
namespace funcs {

// Allocates `t` and fills it with zeros, returning its data; nullptr when `t` is null (the
// gradient is not wanted).
template <typename T, typename Context>
T* AllocZeroed(const Context& dev_ctx, DenseTensor* t) {
  if (t == nullptr) return nullptr;
  T* data = dev_ctx.template Alloc<T>(t);
  std::fill(data, data + t->numel(), T(0));
  return data;
}

}  // namespace funcs
}  // namespace phi
