// InferMeta functions of the fused ops that IR fusion passes produce (fc,
// fused_elemwise_add_activation, fused_gemm_epilogue, fused_batch_norm_act) and their grads.
// Build-time extents may be -1; checks then pass and the run-time call decides.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// Out = act(flatten(Input, in_num_col_dims) @ W + Bias): Input.dims[:in_num_col_dims] + [N],
// W [K, N], Bias [N] or [1, N] (optional). padding_weights is not supported.
void FcInferMeta(const MetaTensor& input, const MetaTensor& w, const MetaTensor& bias,
                 int in_num_col_dims, const std::string& activation_type, bool padding_weights,
                 MetaTensor* out);

// Out: X and Y broadcast (legacy axis); IntermediateOut: Out's dims for act(X + Y), Y's for
// X + act(Y). Validates functor_list.
void FusedElemwiseAddActivationInferMeta(const MetaTensor& x, const MetaTensor& y,
                                         const std::vector<std::string>& functor_list, int axis,
                                         bool save_intermediate_out, MetaTensor* out,
                                         MetaTensor* intermediate_out);

// The GEMM shape of fused_gemm_epilogue: X [M, K] (leading dims flattened; 2-D when trans_x)
// and Y [K, N] (2-D); out dims X.dims[:-1] + [N], or [M, N] when trans_x.
struct GemmEpilogueDims {
  int64_t m = 0, k = 0, n = 0;
  DDim out;
};
GemmEpilogueDims ComputeGemmEpilogueDims(const DDim& x, const DDim& y, bool trans_x, bool trans_y);

// Out as above; Bias [N]; ReserveSpace (the pre-activation, kept for the grad) Out's dims.
void FusedGemmEpilogueInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& bias,
                                bool trans_x, bool trans_y, const std::string& activation,
                                MetaTensor* out, MetaTensor* reserve_space);

// X@GRAD takes X's meta, Y@GRAD Y's, Bias@GRAD is [N] with Out@GRAD's dtype.
void FusedGemmEpilogueGradInferMeta(const MetaTensor& x, const MetaTensor& y,
                                    const MetaTensor& out_grad, bool trans_x, bool trans_y,
                                    MetaTensor* x_grad, MetaTensor* y_grad, MetaTensor* bias_grad);

// Like batch_norm's: Scale, Bias, Mean, Variance [C] with C the channel extent of X under
// data_layout ("NHWC": the last dim, Paddle's layout for this op; "NCHW": dim 1); Y X's meta,
// the statistics [C]. act_type must be relu.
void FusedBatchNormActInferMeta(const MetaTensor& x, const MetaTensor& scale,
                                const MetaTensor& bias, const MetaTensor& mean,
                                const MetaTensor& variance, const std::string& act_type,
                                const std::string& data_layout, MetaTensor* y, MetaTensor* mean_out,
                                MetaTensor* variance_out, MetaTensor* saved_mean,
                                MetaTensor* saved_variance, MetaTensor* reserve_space);

// Each present gradient takes its input's meta.
void FusedBatchNormActGradInferMeta(const MetaTensor& x, const MetaTensor& scale,
                                    const MetaTensor& bias, MetaTensor* x_grad,
                                    MetaTensor* scale_grad, MetaTensor* bias_grad);

// fused_conv2d: Output as conv2d's, in output_format's layout ("" data_format's; else NCHW or
// NHWC, 4-D); Bias [C_out] (optional); ResidualData Output's dims, given exactly when
// fuse_residual_connection; fuse_activation "", "identity", "relu", "relu6" or "hard_swish".
void FusedConv2dInferMeta(const MetaTensor& input, const MetaTensor& filter, const MetaTensor& bias,
                          const MetaTensor& residual, const std::vector<int>& strides,
                          const std::vector<int>& paddings, const std::string& padding_algorithm,
                          const std::vector<int>& dilations, int groups,
                          const std::string& data_format, const std::string& fuse_activation,
                          bool fuse_residual_connection, const std::string& output_format,
                          MetaTensor* out);

// Whether fused_conv2d writes Output in the other layout than it reads Input (`data_format`
// NCHW / AnyLayout or NHWC; `output_format` "" for data_format's, else NCHW or NHWC): an
// InvalidArgument naming output_format for any other value, or for a mixed pair on other than
// 4-D tensors (`dims` Input's).
bool FusedConv2dSwapsLayout(const std::string& data_format, const std::string& output_format,
                            const DDim& dims);

// fused_scaled_conv2d (scaled_conv_fuse_pass): fused_conv2d's, once checked that Input is 4-D
// NCHW and InputScale [N or 1, C, 1, 1] (N and C Input's).
void FusedScaledConv2dInferMeta(const MetaTensor& input, const MetaTensor& input_scale,
                                const MetaTensor& filter, const MetaTensor& bias,
                                const MetaTensor& residual, const std::vector<int>& strides,
                                const std::vector<int>& paddings,
                                const std::string& padding_algorithm,
                                const std::vector<int>& dilations, int groups,
                                const std::string& data_format, const std::string& fuse_activation,
                                bool fuse_residual_connection, MetaTensor* out);

// fused_mbconv (mbconv_fuse_pass): fused_conv2d's InferMeta for each of its three convolutions
// in turn, once checked that ExpandFilter is [E, C, KH, KW] (strides expand_strides, explicit
// paddings expand_paddings), DepthwiseFilter [E, 1, KH, KW]
// (groups E: one filter per channel) and ProjectFilter [O, E, 1, 1], E being Input's channels
// without ExpandFilter; a squeeze-excitation gate takes SqueezeFilter [S, E, 1, 1] and
// ExciteFilter [E, S, 1, 1] (both or neither, with their biases [S] / [E] if any). Output is
// [N, O, OH, OW], OH / OW the depthwise convolution's. data_format is Input's and
// ResidualData's layout, output_format Output's: NCHW, or NHWC (then the same dims in the order
// [N, H, W, C]; mbconv_layout_pass sets them between consecutive blocks).
void FusedMbconvInferMeta(
    const MetaTensor& input, const MetaTensor& expand_filter, const MetaTensor& expand_bias,
    const MetaTensor& depthwise_filter, const MetaTensor& depthwise_bias,
    const MetaTensor& project_filter, const MetaTensor& project_bias, const MetaTensor& residual,
    const MetaTensor& squeeze_filter, const MetaTensor& squeeze_bias,
    const MetaTensor& excite_filter, const MetaTensor& excite_bias, const std::vector<int>& strides,
    const std::vector<int>& paddings, const std::string& padding_algorithm,
    const std::vector<int>& dilations, const std::vector<int>& expand_strides,
    const std::vector<int>& expand_paddings, const std::string& expand_activation,
    const std::string& depthwise_activation, const std::string& project_activation,
    const std::string& squeeze_activation, const std::string& excite_activation,
    const std::string& data_format, const std::string& output_format, MetaTensor* out);

// Whether fused_mbconv's `attr` (data_format or output_format) names NHWC; NCHW gives false,
// anything else an InvalidArgument naming the attribute.
bool MbconvFormatIsNhwc(const std::string& format, const char* attr);

// [N, C, H, W] as [N, H, W, C] (to_nhwc) or back.
DDim PermuteNchwDims(const DDim& dims, bool to_nhwc);

// fused_conv_depthwise (conv_depthwise_fuse_pass): fused_conv2d's InferMeta for the convolution
// (one group, NCHW), then for the depthwise one over its output, once checked that
// DepthwiseFilter is [C, 1, KH, KW] with C Filter's output channels.
void FusedConvDepthwiseInferMeta(
    const MetaTensor& input, const MetaTensor& filter, const MetaTensor& bias,
    const MetaTensor& depthwise_filter, const MetaTensor& depthwise_bias,
    const std::vector<int>& strides, const std::vector<int>& paddings,
    const std::string& padding_algorithm, const std::vector<int>& dilations,
    const std::string& fuse_activation, const std::vector<int>& depthwise_strides,
    const std::vector<int>& depthwise_paddings, const std::string& depthwise_padding_algorithm,
    const std::vector<int>& depthwise_dilations, const std::string& depthwise_activation,
    MetaTensor* out);

// Out [B, Sq, H * Dv] of Q [B, Sq, H * D], K [B, Skv, H * D], V [B, Skv, H * Dv] (H =
// head_number); Mask (optional) broadcasts to the scores [B, H, Sq, Skv].
void FusedMultiheadAttentionInferMeta(const MetaTensor& q, const MetaTensor& k, const MetaTensor& v,
                                      const MetaTensor& mask, int head_number, float alpha,
                                      bool scale_q, MetaTensor* out);

}  // namespace phi
