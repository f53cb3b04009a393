// InferMeta of the fusion compiler's op (fused_elementwise, made by build_cinn_pass).
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/common/ddim.h"
#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// The NumPy broadcast of all `dims` (aligned to the right; -1, unknown at build time, matches
// anything). Throws InvalidArgument naming the input that does not fit.
DDim FusedElementwiseOutDims(const std::vector<DDim>& dims);

// Validates the instruction list (funcs::ParseFusedProgram) and the inputs (float32 or float64,
// one dtype, broadcastable); every Out gets the broadcast dims and X's dtype.
void FusedElementwiseInferMeta(const std::vector<const MetaTensor*>& x,
                               const std::vector<std::string>& instructions,
                               std::vector<MetaTensor*> out);

}  // namespace phi
