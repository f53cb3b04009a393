// assign written once for both backends: Out is a copy of X on X's device (funcs::CopyElements:
// a loop on the CPU, a device-to-device memcpy on the GPU).
#pragma once

#include "paddle/phi/kernels/assign_kernel.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"

namespace phi {

template <typename T, typename Context>
void AssignKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  if (out == &x) return;
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected assign's Out to have ", x.numel(),
           " elements like X ", x.dims(), ", but Out has dims ", out->dims());
  const DenseTensor input = x;  // keeps X's storage alive if Out shared and replaces it
  const T* src = input.data<T>();
  T* dst = dev_ctx.template Alloc<T>(out);
  if (dst != src) funcs::CopyElements(dev_ctx, dst, src, input.numel());
}

}  // namespace phi
