#include "paddle/phi/infermeta/fused.h"

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/meta_util.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/broadcast.h"
#include "paddle/phi/kernels/funcs/fused_activation.h"

namespace phi {
namespace {

using meta::SetMeta;

void CheckSameDtype(const MetaTensor& a, const MetaTensor& b, const char* op, const char* what) {
  PD_CHECK(a.dtype() == b.dtype() || a.dtype() == DataType::UNDEFINED ||
               b.dtype() == DataType::UNDEFINED,
           InvalidArgument, "expected ", what, " of ", op, " to have the same dtype, but got ",
           a.dtype(), " and ", b.dtype());
}

// The activations fused_conv2d (and fused_mbconv per stage) fuse: "", identity, relu, relu6,
// hard_swish.
void CheckConvActivation(const std::string& act, const char* op, const char* attr) {
  PD_CHECK(
      act.empty() || act == "identity" || act == "relu" || act == "relu6" || act == "hard_swish",
      InvalidArgument, "expected ", op, "'s ", attr,
      " to be one of \"\", identity, relu, relu6, hard_swish, but got '", act, "'");
}

// bias, when given, holds one value per channel: dims [channels].
void CheckChannelBias(const MetaTensor& bias, int64_t channels, const char* op, const char* name) {
  if (!bias) return;
  const DDim& b = bias.dims();
  PD_CHECK(b.size() == 1 && funcs::ExtentsCompatible(b[0], channels), InvalidArgument, "expected ",
           op, "'s ", name, " to have dims [", channels, "], but got ", b);
}

// residual, when given, has the output's dims and the input's dtype.
void CheckResidual(const MetaTensor& residual, const DDim& out_dims, DataType dtype,
                   const char* op) {
  if (!residual) return;
  const DDim& r = residual.dims();
  bool same = r.size() == out_dims.size();
  for (int i = 0; same && i < r.size(); ++i) same = funcs::ExtentsCompatible(r[i], out_dims[i]);
  PD_CHECK(same && residual.dtype() == dtype, InvalidArgument, "expected ", op,
           "'s ResidualData to have the output's dims ", out_dims, " and dtype ", dtype,
           ", but got ", r, " ", residual.dtype());
}

}  // namespace

void FcInferMeta(const MetaTensor& input, const MetaTensor& w, const MetaTensor& bias,
                 int in_num_col_dims, const std::string& activation_type, bool padding_weights,
                 MetaTensor* out) {
  PD_CHECK(!padding_weights, Unimplemented,
           "expected fc with padding_weights = false, but got padding_weights = true");
  // "gelu_tanh" and "gelu_erf" are ours (PaddlePaddle's fc takes "" and "relu"): fc_fuse_pass
  // folds a gelu into fc with them.
  PD_CHECK(activation_type.empty() || activation_type == "relu" || activation_type == "gelu_tanh" ||
               activation_type == "gelu_erf",
           InvalidArgument,
           "expected fc's activation_type to be \"\", \"relu\", \"gelu_tanh\" or \"gelu_erf\", but "
           "got \"",
           activation_type, "\"");
  const DDim& x = input.dims();
  const DDim& wd = w.dims();
  PD_CHECK(wd.size() == 2, InvalidArgument, "expected fc's W to be 2-D, but got ", wd);
  PD_CHECK(in_num_col_dims >= 1 && in_num_col_dims < x.size(), InvalidArgument,
           "expected fc's in_num_col_dims in [1, ", x.size(), ") for Input ", x, ", but got ",
           in_num_col_dims);
  const int64_t k = funcs::ProductOrUnknown(x, in_num_col_dims, x.size());
  PD_CHECK(funcs::ExtentsCompatible(k, wd[0]), InvalidArgument,
           "expected fc's flattened Input width ", k, " to equal W's height ", wd[0],
           ", but got Input ", x, " (in_num_col_dims=", in_num_col_dims, ") and W ", wd);
  CheckSameDtype(input, w, "fc", "Input and W");
  if (bias) {
    const DDim& b = bias.dims();
    const bool row = b.size() == 2 && funcs::ExtentsCompatible(b[0], 1);
    PD_CHECK((b.size() == 1 || row) && funcs::ExtentsCompatible(b[b.size() - 1], wd[1]),
             InvalidArgument, "expected fc's Bias to have dims [", wd[1], "] or [1, ", wd[1],
             "] (W's width), but got ", b);
  }
  std::vector<int64_t> dims;
  for (int i = 0; i < in_num_col_dims; ++i) dims.push_back(x[i]);
  dims.push_back(wd[1]);
  SetMeta(out, DDim(dims), input.dtype(), input.layout());
}

void FusedElemwiseAddActivationInferMeta(const MetaTensor& x, const MetaTensor& y,
                                         const std::vector<std::string>& functor_list, int axis,
                                         bool save_intermediate_out, MetaTensor* out,
                                         MetaTensor* intermediate_out) {
  (void)save_intermediate_out;
  const funcs::ElemwiseAddActFunctors f = funcs::ParseElemwiseAddActFunctors(functor_list);
  CheckSameDtype(x, y, "fused_elemwise_add_activation", "X and Y");
  const DDim out_dims = funcs::BroadcastOutDims(x.dims(), y.dims(), axis);
  SetMeta(out, out_dims, x.dtype(), x.layout());
  SetMeta(intermediate_out, f.act_outside ? out_dims : y.dims(), x.dtype(), x.layout());
}

GemmEpilogueDims ComputeGemmEpilogueDims(const DDim& x, const DDim& y, bool trans_x, bool trans_y) {
  PD_CHECK(y.size() == 2, InvalidArgument, "expected fused_gemm_epilogue's Y to be 2-D, but got ",
           y);
  PD_CHECK(trans_x ? x.size() == 2 : x.size() >= 2, InvalidArgument,
           "expected fused_gemm_epilogue's X to be ", trans_x ? "2-D with trans_x" : "at least 2-D",
           ", but got ", x);
  GemmEpilogueDims d;
  std::vector<int64_t> out;
  if (trans_x) {
    d.k = x[0];
    d.m = x[1];
    out.push_back(d.m);
  } else {
    d.m = funcs::ProductOrUnknown(x, 0, x.size() - 1);
    d.k = x[x.size() - 1];
    for (int i = 0; i + 1 < x.size(); ++i) out.push_back(x[i]);
  }
  const int64_t y_k = trans_y ? y[1] : y[0];
  d.n = trans_y ? y[0] : y[1];
  PD_CHECK(funcs::ExtentsCompatible(d.k, y_k), InvalidArgument,
           "expected fused_gemm_epilogue's X and Y to multiply (", d.k, " == ", y_k,
           "), but got X ", x, " and Y ", y, " with trans_x=", trans_x, ", trans_y=", trans_y);
  out.push_back(d.n);
  d.out = DDim(out);
  return d;
}

void FusedGemmEpilogueInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& bias,
                                bool trans_x, bool trans_y, const std::string& activation,
                                MetaTensor* out, MetaTensor* reserve_space) {
  const funcs::FusedActivation act = funcs::ParseFusedActivation(activation, "fused_gemm_epilogue");
  PD_CHECK(act == funcs::FusedActivation::kNone || act == funcs::FusedActivation::kRelu ||
               act == funcs::FusedActivation::kGeluTanh,
           InvalidArgument,
           "expected fused_gemm_epilogue's activation to be none, relu or gelu, "
           "but got '",
           activation, "'");
  CheckSameDtype(x, y, "fused_gemm_epilogue", "X and Y");
  const GemmEpilogueDims d = ComputeGemmEpilogueDims(x.dims(), y.dims(), trans_x, trans_y);
  const DDim& b = bias.dims();
  PD_CHECK(b.size() == 1 && funcs::ExtentsCompatible(b[0], d.n), InvalidArgument,
           "expected fused_gemm_epilogue's Bias to have dims [", d.n, "], but got ", b);
  SetMeta(out, d.out, x.dtype(), x.layout());
  SetMeta(reserve_space, d.out, x.dtype(), x.layout());
}

void FusedGemmEpilogueGradInferMeta(const MetaTensor& x, const MetaTensor& y,
                                    const MetaTensor& out_grad, bool trans_x, bool trans_y,
                                    MetaTensor* x_grad, MetaTensor* y_grad, MetaTensor* bias_grad) {
  const GemmEpilogueDims d = ComputeGemmEpilogueDims(x.dims(), y.dims(), trans_x, trans_y);
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
  if (y_grad != nullptr && *y_grad) y_grad->share_meta(y);
  SetMeta(bias_grad, DDim({d.n}), out_grad.dtype(), out_grad.layout());
}

void FusedBatchNormActInferMeta(const MetaTensor& x, const MetaTensor& scale,
                                const MetaTensor& bias, const MetaTensor& mean,
                                const MetaTensor& variance, const std::string& act_type,
                                const std::string& data_layout, MetaTensor* y, MetaTensor* mean_out,
                                MetaTensor* variance_out, MetaTensor* saved_mean,
                                MetaTensor* saved_variance, MetaTensor* reserve_space) {
  PD_CHECK(act_type == "relu", InvalidArgument,
           "expected fused_batch_norm_act's act_type to be \"relu\", but got \"", act_type, "\"");
  PD_CHECK(data_layout == "NHWC" || data_layout == "NCHW", InvalidArgument,
           "expected fused_batch_norm_act's data_layout to be NHWC or NCHW, but got \"",
           data_layout, "\"");
  const DDim& xd = x.dims();
  PD_CHECK(xd.size() >= 2 && xd.size() <= 5, InvalidArgument,
           "expected fused_batch_norm_act's X to have rank 2 to 5, but got ", xd);
  const int64_t channels = data_layout == "NCHW" ? xd[1] : xd[xd.size() - 1];
  const MetaTensor* params[4] = {&scale, &bias, &mean, &variance};
  const char* names[4] = {"Scale", "Bias", "Mean", "Variance"};
  for (int i = 0; i < 4; ++i) {
    const DDim& d = params[i]->dims();
    PD_CHECK(d.size() == 1 && funcs::ExtentsCompatible(d[0], channels), InvalidArgument,
             "expected fused_batch_norm_act's ", names[i], " to have dims [", channels,
             "] (the channels of X ", xd, ", data_layout ", data_layout, "), but got ", d);
  }
  SetMeta(y, xd, x.dtype(), x.layout());
  for (MetaTensor* stat : {mean_out, variance_out, saved_mean, saved_variance})
    SetMeta(stat, DDim({channels}), mean.dtype(), mean.layout());
  SetMeta(reserve_space, DDim({0}), x.dtype(), x.layout());
}

void FusedBatchNormActGradInferMeta(const MetaTensor& x, const MetaTensor& scale,
                                    const MetaTensor& bias, MetaTensor* x_grad,
                                    MetaTensor* scale_grad, MetaTensor* bias_grad) {
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
  if (scale_grad != nullptr && *scale_grad) scale_grad->share_meta(scale);
  if (bias_grad != nullptr && *bias_grad) bias_grad->share_meta(bias);
}

void FusedConv2dInferMeta(const MetaTensor& input, const MetaTensor& filter, const MetaTensor& bias,
                          const MetaTensor& residual, const std::vector<int>& strides,
                          const std::vector<int>& paddings, const std::string& padding_algorithm,
                          const std::vector<int>& dilations, int groups,
                          const std::string& data_format, const std::string& fuse_activation,
                          bool fuse_residual_connection, const std::string& output_format,
                          MetaTensor* out) {
  CheckConvActivation(fuse_activation, "fused_conv2d", "fuse_activation");
  const bool swaps = FusedConv2dSwapsLayout(data_format, output_format, input.dims());
  ConvInferMeta(input, filter, strides, paddings, padding_algorithm, dilations, groups, data_format,
                out);
  const bool channels_last = (data_format == "NHWC") != swaps;
  if (swaps) out->set_dims(PermuteNchwDims(out->dims(), channels_last));
  const DDim& od = out->dims();
  const int64_t channels = od[channels_last ? od.size() - 1 : 1];
  CheckChannelBias(bias, channels, "fused_conv2d", "Bias");
  PD_CHECK(static_cast<bool>(residual) == fuse_residual_connection, InvalidArgument,
           "expected fused_conv2d's ResidualData to be given exactly when "
           "fuse_residual_connection is true, but fuse_residual_connection is ",
           fuse_residual_connection ? "true" : "false", " and ResidualData is ",
           residual ? "given" : "absent");
  CheckResidual(residual, od, input.dtype(), "fused_conv2d");
}

void FusedScaledConv2dInferMeta(const MetaTensor& input, const MetaTensor& input_scale,
                                const MetaTensor& filter, const MetaTensor& bias,
                                const MetaTensor& residual, const std::vector<int>& strides,
                                const std::vector<int>& paddings,
                                const std::string& padding_algorithm,
                                const std::vector<int>& dilations, int groups,
                                const std::string& data_format, const std::string& fuse_activation,
                                bool fuse_residual_connection, MetaTensor* out) {
  const DDim& in = input.dims();
  PD_CHECK(in.size() == 4 && data_format != "NHWC", InvalidArgument,
           "expected fused_scaled_conv2d's Input to be 4-D NCHW, but got dims ", in,
           " and data_format ", data_format);
  const DDim& sd = input_scale.dims();
  PD_CHECK(sd.size() == 4 && (funcs::ExtentsCompatible(sd[0], in[0]) || sd[0] == 1) &&
               funcs::ExtentsCompatible(sd[1], in[1]) && sd[2] == 1 && sd[3] == 1,
           InvalidArgument, "expected fused_scaled_conv2d's InputScale to be [", in[0], " or 1, ",
           in[1], ", 1, 1] (Input is ", in, "), but got ", sd);
  PD_CHECK(input_scale.dtype() == input.dtype(), InvalidArgument,
           "expected fused_scaled_conv2d's InputScale to have Input's dtype ", input.dtype(),
           ", but got ", input_scale.dtype());
  FusedConv2dInferMeta(input, filter, bias, residual, strides, paddings, padding_algorithm,
                       dilations, groups, data_format, fuse_activation, fuse_residual_connection,
                       "", out);
}

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
    const std::string& data_format, const std::string& output_format, MetaTensor* out) {
  const bool in_nhwc = MbconvFormatIsNhwc(data_format, "data_format");
  const bool out_nhwc = MbconvFormatIsNhwc(output_format, "output_format");
  PD_CHECK(input.dims().size() == 4, InvalidArgument, "expected fused_mbconv's Input to be 4-D ",
           data_format, ", but got dims ", input.dims());
  // The checks and shapes below in NCHW terms.
  const DDim in = in_nhwc ? PermuteNchwDims(input.dims(), false) : input.dims();
  DenseTensor input_meta;
  MetaTensor input_nchw(&input_meta);
  input_nchw.set_dims(in);
  input_nchw.set_dtype(input.dtype());
  const DDim& dw = depthwise_filter.dims();
  PD_CHECK(dw.size() == 4 && dw[1] == 1 && dw[0] > 0, InvalidArgument,
           "expected fused_mbconv's DepthwiseFilter to be [channels, 1, KH, KW], but got ", dw);
  const int64_t hidden_channels = dw[0];
  const auto check_pointwise = [](const MetaTensor& filter, int64_t in_channels, const char* name) {
    const DDim& f = filter.dims();
    PD_CHECK(f.size() == 4 && f[2] == 1 && f[3] == 1 && funcs::ExtentsCompatible(f[1], in_channels),
             InvalidArgument, "expected fused_mbconv's ", name, " to be [out_channels, ",
             in_channels, ", 1, 1], but got ", f);
  };
  CheckConvActivation(expand_activation, "fused_mbconv", "expand_activation");
  CheckConvActivation(depthwise_activation, "fused_mbconv", "depthwise_activation");
  CheckConvActivation(project_activation, "fused_mbconv", "project_activation");
  CheckChannelBias(expand_bias, hidden_channels, "fused_mbconv", "ExpandBias");
  CheckChannelBias(depthwise_bias, hidden_channels, "fused_mbconv", "DepthwiseBias");
  const std::vector<int> unit = {1, 1}, no_pad = {0, 0};
  DenseTensor hidden_meta, dw_meta;
  MetaTensor hidden(&hidden_meta), dw_out(&dw_meta);
  if (expand_filter) {
    const DDim& e = expand_filter.dims();
    PD_CHECK(e.size() == 4 && funcs::ExtentsCompatible(e[1], in[1]), InvalidArgument,
             "expected fused_mbconv's ExpandFilter to be [out_channels, ", in[1],
             ", KH, KW], but got ", e);
    PD_CHECK(e[0] == hidden_channels, InvalidArgument,
             "expected fused_mbconv's ExpandFilter to have ", hidden_channels,
             " output channels (DepthwiseFilter's), but got ", e);
    FusedConv2dInferMeta(input_nchw, expand_filter, expand_bias, MetaTensor(), expand_strides,
                         expand_paddings, "EXPLICIT", unit, 1, "NCHW", expand_activation, false, "",
                         &hidden);
  } else {
    PD_CHECK(!expand_bias && (expand_activation.empty() || expand_activation == "identity"),
             InvalidArgument,
             "expected fused_mbconv's ExpandBias and expand_activation to be absent without "
             "ExpandFilter, but got ExpandBias ",
             expand_bias ? "given" : "absent", " and expand_activation '", expand_activation, "'");
    PD_CHECK(expand_strides == unit && expand_paddings == no_pad, InvalidArgument,
             "expected fused_mbconv's expand_strides and expand_paddings to be [1, 1] and [0, 0] "
             "without ExpandFilter, but got ",
             funcs::FormatList(expand_strides), " and ", funcs::FormatList(expand_paddings));
    PD_CHECK(funcs::ExtentsCompatible(in[1], hidden_channels), InvalidArgument,
             "expected fused_mbconv's Input to have ", hidden_channels,
             " channels (DepthwiseFilter's) without ExpandFilter, but got dims ", in);
    hidden.set_dims(make_ddim({in[0], hidden_channels, in[2], in[3]}));
    hidden.set_dtype(input.dtype());
  }
  FusedConv2dInferMeta(hidden, depthwise_filter, depthwise_bias, MetaTensor(), strides, paddings,
                       padding_algorithm, dilations, static_cast<int>(hidden_channels), "NCHW",
                       depthwise_activation, false, "", &dw_out);
  CheckConvActivation(squeeze_activation, "fused_mbconv", "squeeze_activation");
  CheckConvActivation(excite_activation, "fused_mbconv", "excite_activation");
  PD_CHECK(static_cast<bool>(squeeze_filter) == static_cast<bool>(excite_filter), InvalidArgument,
           "expected fused_mbconv's SqueezeFilter and ExciteFilter to be both given or both "
           "absent, but got SqueezeFilter ",
           squeeze_filter ? "given" : "absent", " and ExciteFilter ",
           excite_filter ? "given" : "absent");
  PD_CHECK(squeeze_filter || (!squeeze_bias && !excite_bias), InvalidArgument,
           "expected fused_mbconv's SqueezeBias and ExciteBias to be absent without "
           "SqueezeFilter, but got SqueezeBias ",
           squeeze_bias ? "given" : "absent", " and ExciteBias ", excite_bias ? "given" : "absent");
  if (squeeze_filter) {
    check_pointwise(squeeze_filter, hidden_channels, "SqueezeFilter");
    const int64_t squeezed = squeeze_filter.dims()[0];
    CheckChannelBias(squeeze_bias, squeezed, "fused_mbconv", "SqueezeBias");
    check_pointwise(excite_filter, squeezed, "ExciteFilter");
    PD_CHECK(funcs::ExtentsCompatible(excite_filter.dims()[0], hidden_channels), InvalidArgument,
             "expected fused_mbconv's ExciteFilter to have ", hidden_channels,
             " output channels (DepthwiseFilter's), but got ", excite_filter.dims());
    CheckChannelBias(excite_bias, hidden_channels, "fused_mbconv", "ExciteBias");
  }
  check_pointwise(project_filter, hidden_channels, "ProjectFilter");
  CheckChannelBias(project_bias, project_filter.dims()[0], "fused_mbconv", "ProjectBias");
  DenseTensor out_meta;
  MetaTensor out_nchw(&out_meta);
  FusedConv2dInferMeta(dw_out, project_filter, project_bias, MetaTensor(), unit, no_pad, "EXPLICIT",
                       unit, 1, "NCHW", project_activation, false, "", &out_nchw);
  CheckResidual(residual, in_nhwc ? PermuteNchwDims(out_nchw.dims(), true) : out_nchw.dims(),
                input.dtype(), "fused_mbconv");
  out->set_dims(out_nhwc ? PermuteNchwDims(out_nchw.dims(), true) : out_nchw.dims());
  out->set_dtype(out_nchw.dtype());
}

bool FusedConv2dSwapsLayout(const std::string& data_format, const std::string& output_format,
                            const DDim& dims) {
  if (output_format.empty()) return false;
  PD_CHECK(output_format == "NCHW" || output_format == "NHWC", InvalidArgument,
           "expected fused_conv2d's output_format to be \"\", NCHW or NHWC, but got '",
           output_format, "'");
  const bool swaps = (output_format == "NHWC") != (data_format == "NHWC");
  PD_CHECK(!swaps || dims.size() == 4, InvalidArgument,
           "expected fused_conv2d's Input to be 4-D where output_format (", output_format,
           ") differs from data_format (", data_format, "), but got dims ", dims);
  return swaps;
}

bool MbconvFormatIsNhwc(const std::string& format, const char* attr) {
  PD_CHECK(format == "NCHW" || format == "NHWC", InvalidArgument, "expected fused_mbconv's ", attr,
           " to be NCHW or NHWC, but got '", format, "'");
  return format == "NHWC";
}

DDim PermuteNchwDims(const DDim& dims, bool to_nhwc) {
  if (dims.size() != 4) return dims;
  return to_nhwc ? make_ddim({dims[0], dims[2], dims[3], dims[1]})
                 : make_ddim({dims[0], dims[3], dims[1], dims[2]});
}

void FusedConvDepthwiseInferMeta(
    const MetaTensor& input, const MetaTensor& filter, const MetaTensor& bias,
    const MetaTensor& depthwise_filter, const MetaTensor& depthwise_bias,
    const std::vector<int>& strides, const std::vector<int>& paddings,
    const std::string& padding_algorithm, const std::vector<int>& dilations,
    const std::string& fuse_activation, const std::vector<int>& depthwise_strides,
    const std::vector<int>& depthwise_paddings, const std::string& depthwise_padding_algorithm,
    const std::vector<int>& depthwise_dilations, const std::string& depthwise_activation,
    MetaTensor* out) {
  const DDim& in = input.dims();
  PD_CHECK(in.size() == 4, InvalidArgument,
           "expected fused_conv_depthwise's Input to be 4-D NCHW, but got dims ", in);
  const DDim& f = filter.dims();
  PD_CHECK(f.size() == 4 && f[0] > 0, InvalidArgument,
           "expected fused_conv_depthwise's Filter to be [channels, in_channels, KH, KW], but got ",
           f);
  const DDim& dw = depthwise_filter.dims();
  PD_CHECK(dw.size() == 4 && dw[0] == f[0] && dw[1] == 1, InvalidArgument,
           "expected fused_conv_depthwise's DepthwiseFilter to be [", f[0],
           ", 1, KH, KW] (one filter per channel of Filter's output), but got ", dw);
  CheckConvActivation(fuse_activation, "fused_conv_depthwise", "fuse_activation");
  CheckConvActivation(depthwise_activation, "fused_conv_depthwise", "depthwise_activation");
  CheckChannelBias(bias, f[0], "fused_conv_depthwise", "Bias");
  CheckChannelBias(depthwise_bias, f[0], "fused_conv_depthwise", "DepthwiseBias");
  DenseTensor hidden_meta;
  MetaTensor hidden(&hidden_meta);
  FusedConv2dInferMeta(input, filter, bias, MetaTensor(), strides, paddings, padding_algorithm,
                       dilations, 1, "NCHW", fuse_activation, false, "", &hidden);
  FusedConv2dInferMeta(hidden, depthwise_filter, depthwise_bias, MetaTensor(), depthwise_strides,
                       depthwise_paddings, depthwise_padding_algorithm, depthwise_dilations,
                       static_cast<int>(f[0]), "NCHW", depthwise_activation, false, "", out);
}

void FusedMultiheadAttentionInferMeta(const MetaTensor& q, const MetaTensor& k, const MetaTensor& v,
                                      const MetaTensor& mask, int head_number, float alpha,
                                      bool scale_q, MetaTensor* out) {
  const char* op = "fused_multihead_attention";
  PD_CHECK(head_number >= 1, InvalidArgument, "expected ", op,
           "'s head_number to be at least 1, but got ", head_number);
  const DDim& qd = q.dims();
  const DDim& kd = k.dims();
  const DDim& vd = v.dims();
  PD_CHECK(qd.size() == 3 && kd.size() == 3 && vd.size() == 3, InvalidArgument, "expected ", op,
           "'s Q, K and V to be 3-D [batch, sequence, heads x head size], but got Q ", qd, ", K ",
           kd, ", V ", vd);
  PD_CHECK(funcs::ExtentsCompatible(qd[0], kd[0]) && funcs::ExtentsCompatible(qd[0], vd[0]) &&
               funcs::ExtentsCompatible(kd[1], vd[1]) && funcs::ExtentsCompatible(qd[2], kd[2]),
           InvalidArgument, "expected ", op,
           "'s Q, K and V to share the batch, K and V the sequence, Q and K the width, but got Q ",
           qd, ", K ", kd, ", V ", vd);
  for (int64_t width : {qd[2], vd[2]}) {
    PD_CHECK(width < 0 || width % head_number == 0, InvalidArgument, "expected ", op,
             "'s Q, K and V widths to divide into head_number = ", head_number,
             " heads, but got Q ", qd, " and V ", vd);
  }
  CheckSameDtype(q, k, op, "Q and K");
  CheckSameDtype(q, v, op, "Q and V");
  if (mask) {
    // Broadcast (from the right) to the scores [batch, heads, Q's sequence, K's sequence].
    const DDim& md = mask.dims();
    const int64_t scores[4] = {qd[0], head_number, qd[1], kd[1]};
    bool ok = md.size() <= 4;
    for (int i = 0; ok && i < md.size(); ++i) {
      const int64_t m = md[md.size() - 1 - i], s = scores[3 - i];
      ok = m == 1 || funcs::ExtentsCompatible(m, s);
    }
    PD_CHECK(ok, InvalidArgument, "expected ", op,
             "'s Mask to broadcast to the scores [batch, heads, Q's sequence, K's sequence] = [",
             qd[0], ", ", head_number, ", ", qd[1], ", ", kd[1], "], but got ", md);
    CheckSameDtype(q, mask, op, "Q and Mask");
  }
  SetMeta(out, DDim({qd[0], qd[1], vd[2]}), q.dtype(), q.layout());
}

}  // namespace phi
