// The AMP loss-scaling ops behind paddle.amp.GradScaler and paddle.static.amp:
// check_finite_and_unscale (unscale gradients, detect inf/nan) and update_loss_scaling (zero
// the gradients of a bad step, adjust the loss scale). Formulas: funcs/amp_functor.h.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// Out[i] = X[i] * (1 / Scale), computed in float for 16-bit X (Scale is float32 then, float64
// for float64 X); FoundInfinite[0] = whether any element of any X is inf or nan (Out is then
// not meaningful). Out[i] may be X[i] (in place).
template <typename T, typename Context>
void CheckFiniteAndUnscaleKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                                 const DenseTensor& scale, std::vector<DenseTensor*> out,
                                 DenseTensor* found_infinite);

// When FoundInfinite, Out[i] = 0, else Out[i] = X[i]. Unless stop_update (the op's StopUpdate
// tensor gives it: tensor_attrs), LossScaling, OutGoodSteps and OutBadSteps take one step of
// dynamic loss scaling (funcs::UpdateLossScalingStep) from PrevLossScaling, InGoodSteps,
// InBadSteps; with stop_update they pass through unchanged. Each output may be its input (in
// place).
template <typename T, typename Context>
void UpdateLossScalingKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                             const DenseTensor& found_infinite,
                             const DenseTensor& prev_loss_scaling, const DenseTensor& in_good_steps,
                             const DenseTensor& in_bad_steps, int incr_every_n_steps,
                             int decr_every_n_nan_or_inf, float incr_ratio, float decr_ratio,
                             bool stop_update, std::vector<DenseTensor*> out,
                             DenseTensor* loss_scaling, DenseTensor* out_good_steps,
                             DenseTensor* out_bad_steps);

}  // namespace phi
