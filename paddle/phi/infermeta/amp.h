// InferMeta functions of the AMP loss-scaling ops (paddle/ops/yaml/amp.yaml): each Out[i]
// takes X[i]'s meta; the flag, the loss scale and the step counters hold one element.
#pragma once

#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// X floating point; Scale one float32/float64 element. FoundInfinite: bool [1].
void CheckFiniteAndUnscaleInferMeta(const std::vector<const MetaTensor*>& x,
                                    const MetaTensor& scale, std::vector<MetaTensor*> out,
                                    MetaTensor* found_infinite);

// FoundInfinite one bool; PrevLossScaling one float32/float64 element; InGoodSteps and
// InBadSteps one int32 each; incr_ratio > 1 and 0 < decr_ratio < 1 (as PaddlePaddle checks).
void UpdateLossScalingInferMeta(const std::vector<const MetaTensor*>& x,
                                const MetaTensor& found_infinite,
                                const MetaTensor& prev_loss_scaling,
                                const MetaTensor& in_good_steps, const MetaTensor& in_bad_steps,
                                int incr_every_n_steps, int decr_every_n_nan_or_inf,
                                float incr_ratio, float decr_ratio, std::vector<MetaTensor*> out,
                                MetaTensor* loss_scaling, MetaTensor* out_good_steps,
                                MetaTensor* out_bad_steps);

}  // namespace phi
