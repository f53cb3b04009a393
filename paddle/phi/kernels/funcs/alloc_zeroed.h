// Gradient outputs that kernels accumulate into: allocated and zeroed when wanted.
#pragma once

#include <algorithm>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {
class GPUContext;
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
// The same on the GPU (a memset on the context's stream): defined in
// funcs/gpu/device_primitives.cuh, which .cu files using it include.
template <typename T>
T* AllocZeroed(const GPUContext& dev_ctx, DenseTensor* t);

}  // namespace funcs
}  // namespace phi
