// cross_entropy_with_softmax_grad's argument checks, shared by the CPU and GPU kernels (each
// computes Logits@GRAD row by row in its own way).
#pragma once

#include <cstdint>

#include "paddle/phi/kernels/cross_entropy_with_softmax_grad_kernel.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {

// Softmax's rows along axis, once Loss@GRAD is checked to hold one value per row and Label one
// value per Softmax element (soft labels) or one class per row (hard labels).
inline funcs::SoftmaxShape CheckCrossEntropyWithSoftmaxGradArgs(const DenseTensor& label,
                                                               const DenseTensor& softmax,
                                                               const DenseTensor& loss_grad,
                                                               bool soft_label, int axis) {
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(softmax.dims(), axis);
  const int64_t inner = s.inner;
  PD_CHECK(loss_grad.numel() == s.outer * inner, InvalidArgument,
           "expected softmax_with_cross_entropy_grad's Loss@GRAD to hold ", s.outer * inner,
           " values (Softmax ", softmax.dims(), ", axis ", axis, "), but got dims ",
           loss_grad.dims());
  const int64_t labels = soft_label ? softmax.numel() : s.outer * inner;
  PD_CHECK(label.numel() == labels, InvalidArgument,
           "expected softmax_with_cross_entropy_grad's Label to hold ", labels, " values (Softmax ",
           softmax.dims(), ", soft_label ", soft_label, "), but got dims ", label.dims());
  return s;
}

}  // namespace phi
