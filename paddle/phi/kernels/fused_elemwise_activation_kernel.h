// fused_elemwise_add_activation and its grad: an elementwise_add (Paddle broadcasting with the
// legacy axis) and an activation (relu, sigmoid, tanh) in one pass over the data, as
// fuse_elewise_add_act_pass produces. functor_list picks act(X + Y) or X + act(Y).
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// IntermediateOut (optional) receives X + Y, or act(Y) for X + act(Y).
template <typename T, typename Context>
void FusedElemwiseAddActivationKernel(const Context& dev_ctx, const DenseTensor& x,
                                      const DenseTensor& y,
                                      const std::vector<std::string>& functor_list, int axis,
                                      bool save_intermediate_out, DenseTensor* out,
                                      DenseTensor* intermediate_out);

// The activation's derivative comes from Out (act(X + Y)) or from IntermediateOut (act(Y),
// recomputed from Y when absent); X@GRAD and Y@GRAD sum over their broadcast dims.
template <typename T, typename Context>
void FusedElemwiseAddActivationGradKernel(const Context& dev_ctx, const DenseTensor& x,
                                          const DenseTensor& y, const DenseTensor& out,
                                          const DenseTensor* intermediate_out,
                                          const DenseTensor& out_grad,
                                          const std::vector<std::string>& functor_list, int axis,
                                          DenseTensor* x_grad, DenseTensor* y_grad);

}  // namespace phi
