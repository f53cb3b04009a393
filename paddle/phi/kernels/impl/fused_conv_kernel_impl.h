// What fused_conv2d's CPU and GPU kernels share: the activation it fuses, parsed from
// fuse_activation, and the checks of Bias and ResidualData against Output.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "paddle/phi/kernels/fused_conv_kernel.h"

namespace phi {

enum class ConvAct { kNone, kRelu, kRelu6, kHardSwish };

inline ConvAct ParseConvAct(const std::string& name) {
  if (name == "relu") return ConvAct::kRelu;
  if (name == "relu6") return ConvAct::kRelu6;
  if (name == "hard_swish") return ConvAct::kHardSwish;
  PD_CHECK(name.empty() || name == "identity", InvalidArgument,
           "expected fused_conv2d's fuse_activation to be one of \"\", identity, relu, relu6, "
           "hard_swish, but got '",
           name, "'");
  return ConvAct::kNone;
}

// fn(std::integral_constant<ConvAct, act>()): a kernel templated on the activation, for the one
// fuse_activation names.
template <typename Fn>
void WithConvAct(ConvAct act, const Fn& fn) {
  switch (act) {
    case ConvAct::kRelu:
      return fn(std::integral_constant<ConvAct, ConvAct::kRelu>());
    case ConvAct::kRelu6:
      return fn(std::integral_constant<ConvAct, ConvAct::kRelu6>());
    case ConvAct::kHardSwish:
      return fn(std::integral_constant<ConvAct, ConvAct::kHardSwish>());
    case ConvAct::kNone:
      return fn(std::integral_constant<ConvAct, ConvAct::kNone>());
  }
}

// Output's channel count (its last dim with channels_last, else dim 1), once checked that
// ResidualData is given exactly when fuse_residual_connection, with Output's dims, and that
// Bias holds one value per channel.
inline int64_t CheckFusedConv2dArgs(const DenseTensor* bias, const DenseTensor* residual,
                                    bool fuse_residual_connection, bool channels_last,
                                    const DenseTensor& out) {
  PD_CHECK((residual != nullptr) == fuse_residual_connection, InvalidArgument,
           "expected fused_conv2d's ResidualData to be given exactly when "
           "fuse_residual_connection is true");
  PD_CHECK(residual == nullptr || residual->dims() == out.dims(), InvalidArgument,
           "expected fused_conv2d's ResidualData to have the output's dims ", out.dims(),
           ", but got ", residual != nullptr ? residual->dims() : DDim());
  const int64_t channels = out.dims()[channels_last ? out.dims().size() - 1 : 1];
  PD_CHECK(bias == nullptr || bias->numel() == channels, InvalidArgument,
           "expected fused_conv2d's Bias to hold ", channels,
           " values (the output channels), but got ", bias != nullptr ? bias->dims() : DDim());
  return channels;
}

}  // namespace phi
