// What the gradients of add, subtract, multiply and divide share on both backends: the check of
// Out@GRAD (and Out) against the broadcast of X and Y, and the allocation of each wanted
// gradient with storage of its own.
#pragma once

#include <initializer_list>

#include "paddle/phi/kernels/elementwise_grad_kernel.h"
#include "paddle/phi/kernels/funcs/broadcast.h"

namespace phi {

// The aligned shapes of x and y, after checking dout (and `out`, when given) against their
// broadcast.
inline funcs::BroadcastShapes CheckedGradShapes(const DenseTensor& x, const DenseTensor& y,
                                                const DenseTensor& dout, const DenseTensor* out,
                                                int axis) {
  funcs::BroadcastShapes shapes = funcs::AlignBroadcastShapes(x.dims(), y.dims(), axis);
  const DDim out_dims(shapes.out);
  PD_CHECK(dout.numel() == out_dims.numel(), InvalidArgument, "expected Out@GRAD to have dims ",
           out_dims, " (X ", x.dims(), " broadcast with Y ", y.dims(), ", axis ", axis,
           "), but got ", dout.dims());
  if (out != nullptr) {
    PD_CHECK(out->numel() == out_dims.numel(), InvalidArgument, "expected Out to have dims ",
             out_dims, " (X ", x.dims(), " broadcast with Y ", y.dims(), ", axis ", axis,
             "), but got ", out->dims());
  }
  return shapes;
}

// Allocates a wanted gradient with its own storage (never over one of `inputs`, which are
// read while it is written) and returns its data; nullptr when the gradient is not wanted.
// `in_place_ok` names an input the gradient may keep sharing (a pure copy of it, as add's
// X@GRAD of an equal-shape Out@GRAD: the inplace pass makes them one variable).
template <typename T, typename Context>
T* AllocGrad(const Context& dev_ctx, DenseTensor* grad, const DenseTensor& like, const char* name,
             std::initializer_list<const DenseTensor*> inputs,
             const DenseTensor* in_place_ok = nullptr) {
  if (grad == nullptr) return nullptr;
  PD_CHECK(grad->numel() == like.numel(), InvalidArgument, "expected ", name, " to have dims ",
           like.dims(), ", but got ", grad->dims());
  if (in_place_ok != nullptr && grad->Holder() != nullptr &&
      grad->Holder() == in_place_ok->Holder() && grad->numel() == in_place_ok->numel())
    return dev_ctx.template Alloc<T>(grad);
  for (const DenseTensor* input : inputs) {
    if (grad->Holder() != nullptr && grad->Holder() == input->Holder()) {
      DDim dims = grad->dims();
      grad->clear();
      grad->Resize(dims);
    }
  }
  return dev_ctx.template Alloc<T>(grad);
}

}  // namespace phi
