// fc written once for both backends: Out = act(flatten(Input, in_num_col_dims) @ W + Bias) as
// one GEMM and one epilogue pass over the rows (funcs::GemmWeightsB, ApplyBiasActivationRows).
#pragma once

#include <string>

#include "paddle/phi/core/meta_tensor.h"
#include "paddle/phi/infermeta/fused.h"
#include "paddle/phi/kernels/fc_kernel.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/fused_activation.h"

namespace phi {

// The same arithmetic as mul, elementwise_add and the activation one after the other.
template <typename T, typename Context>
void FcKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& w,
              const DenseTensor* bias, int in_num_col_dims, const std::string& activation_type,
              bool padding_weights, DenseTensor* out) {
  MetaTensor out_meta(out);
  FcInferMeta(&input, &w, bias, in_num_col_dims, activation_type, padding_weights, &out_meta);
  const funcs::FusedActivation act = funcs::ParseFusedActivation(activation_type, "fc");
  const DDim x_2d = flatten_to_2d(input.dims(), in_num_col_dims);
  const int64_t m = x_2d[0], k = x_2d[1], n = w.dims()[1];
  T* result = dev_ctx.template Alloc<T>(out);
  funcs::GemmWeightsB(dev_ctx, false, false, m, n, k, input.data<T>(), w, result);
  funcs::ApplyBiasActivationRows(dev_ctx, act, result, m, n,
                                 bias != nullptr ? bias->data<T>() : nullptr);
}

}  // namespace phi
