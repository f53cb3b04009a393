// InferMeta functions of the channel-group normalization ops (group_norm, instance_norm) and of
// the parametric activations prelu and celu.
#pragma once

#include <string>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// group_norm: X [N, C, ...] (or [N, ..., C] for data_layout "NHWC"), C divisible by groups;
// Scale / Bias [C]; Y like X; Mean / Variance (biased) [N, groups].
void GroupNormInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                        float epsilon, int groups, const std::string& data_layout, MetaTensor* y,
                        MetaTensor* mean, MetaTensor* variance);

// instance_norm: X [N, C, ...] (rank 2 to 5), normalized over each (sample, channel); Scale /
// Bias [C]; Y like X; SavedMean and SavedVariance (inverse std) [N * C].
void InstanceNormInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                           float epsilon, MetaTensor* y, MetaTensor* saved_mean,
                           MetaTensor* saved_variance);

// prelu: mode "all" (Alpha holds 1 value), "channel" (C values; C is X's axis 1, or its last
// axis for data_format "NHWC") or "element" (X's per-sample count of values); Out like X.
void PReluInferMeta(const MetaTensor& x, const MetaTensor& alpha, const std::string& mode,
                    const std::string& data_format, MetaTensor* out);

// celu: alpha must not be 0; Out like X.
void CeluInferMeta(const MetaTensor& x, float alpha, MetaTensor* out);

// layer_norm_grad: layer_norm's checks on X, Scale and Bias, plus Y@GRAD of X's dims and
// Mean / Variance of prod(X.dims[:begin_norm_axis]) elements; X@GRAD takes X's meta and
// Scale@GRAD / Bias@GRAD are [prod(X.dims[begin_norm_axis:])] (the kernel writes them whole).
void LayerNormGradInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                            const MetaTensor& mean, const MetaTensor& variance,
                            const MetaTensor& y_grad, int begin_norm_axis, MetaTensor* x_grad,
                            MetaTensor* scale_grad, MetaTensor* bias_grad);

}  // namespace phi
