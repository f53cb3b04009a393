// InferMeta functions of the collective ops (paddle/ops/yaml/collective.yaml). The group's
// size is known only when the kernel runs, so the kernels check it against nranks.
#pragma once

#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// Out stacks nranks copies of X's shape along axis 0 (a 0-d X gives [nranks]).
void AllGatherInferMeta(const MetaTensor& x, int nranks, MetaTensor* out);
// X's axis 0 (divisible by nranks) shrinks nranks times.
void ReduceScatterInferMeta(const MetaTensor& x, int nranks, MetaTensor* out);
// Each Out[i] is X[i].
void SyncCommStreamInferMeta(const std::vector<const MetaTensor*>& x, std::vector<MetaTensor*> out);
void SendV2InferMeta(const MetaTensor& x, int peer);
// out_shape (no negative extents) and dtype give Out, unless dynamic_shape (the sender's dims
// arrive first: Out's dims are set by the kernel).
void RecvV2InferMeta(int peer, const std::vector<int>& out_shape, DataType dtype,
                     bool dynamic_shape, MetaTensor* out);

}  // namespace phi
