#include "paddle/phi/infermeta/nn.h"

#include <algorithm>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {
namespace {

using funcs::ExtentsCompatible;
using funcs::FormatList;

bool IsChannelsLast(const std::string& data_format, const char* op, const char* attr) {
  PD_CHECK(data_format == "NCHW" || data_format == "NHWC" || data_format == "AnyLayout",
           InvalidArgument, "expected ", op, "'s ", attr,
           " to be \"NCHW\", \"NHWC\" or \"AnyLayout\", but got \"", data_format, "\"");
  return data_format == "NHWC";
}

// Two positive values (strides, dilations, ksize) as one per spatial axis.
void CheckPair(const std::vector<int>& values, const char* op, const char* attr) {
  PD_CHECK(values.size() == 2 && values[0] > 0 && values[1] > 0, InvalidArgument, "expected ", op,
           "'s ", attr, " to hold 2 positive values, but got ", FormatList(values));
}

// [top, bottom, left, right] from 2 values (symmetric) or 4.
std::vector<int64_t> ExpandPaddings(const std::vector<int>& paddings, const char* op) {
  PD_CHECK(paddings.size() == 2 || paddings.size() == 4, InvalidArgument, "expected ", op,
           "'s paddings to hold 2 or 4 values, but got ", FormatList(paddings));
  for (int p : paddings) {
    PD_CHECK(p >= 0, InvalidArgument, "expected ", op, "'s paddings to be non-negative, but got ",
             FormatList(paddings));
  }
  if (paddings.size() == 2) return {paddings[0], paddings[0], paddings[1], paddings[1]};
  return {paddings[0], paddings[1], paddings[2], paddings[3]};
}

void CheckPaddingAlgorithm(const std::string& algorithm, const char* op) {
  PD_CHECK(algorithm == "EXPLICIT" || algorithm == "SAME" || algorithm == "VALID", InvalidArgument,
           "expected ", op,
           "'s padding_algorithm to be \"EXPLICIT\", \"SAME\" or \"VALID\", but got \"", algorithm,
           "\"");
}

// Applies padding_algorithm to one axis: SAME pads so that out = ceil(in / stride) (the
// larger half after), VALID pads nothing.
void ResolvePadding(WindowAxis* a, const std::string& algorithm) {
  if (algorithm == "VALID") {
    a->pad_before = a->pad_after = 0;
  } else if (algorithm == "SAME") {
    a->dilation = 1;
    if (a->in < 0) {
      a->pad_before = a->pad_after = 0;
      return;
    }
    const int64_t out = (a->in + a->stride - 1) / a->stride;
    const int64_t pad_sum = std::max<int64_t>((out - 1) * a->stride + a->kernel - a->in, 0);
    a->pad_before = pad_sum / 2;
    a->pad_after = pad_sum - a->pad_before;
  }
}

// Output extent of a window sliding over the padded axis; -1 when the input is unknown.
int64_t WindowOutput(const WindowAxis& a, bool ceil_mode) {
  if (a.in < 0) return -1;
  const int64_t span = a.dilation * (a.kernel - 1) + 1;
  const int64_t room = a.in + a.pad_before + a.pad_after - span;
  if (room < 0) return 0;
  return (room + (ceil_mode ? a.stride - 1 : 0)) / a.stride + 1;
}

bool IsIntegerType(DataType t) {
  return t == DataType::INT32 || t == DataType::INT64 || t == DataType::INT16 ||
         t == DataType::INT8 || t == DataType::UINT8;
}

DDim WithExtent(const DDim& dims, int axis, int64_t extent) {
  DDim out = dims;
  out[axis] = extent;
  return out;
}

}  // namespace

ConvGeometry ComputeConvGeometry(const DDim& input, const DDim& filter,
                                 const std::vector<int>& strides, const std::vector<int>& paddings,
                                 const std::string& padding_algorithm,
                                 const std::vector<int>& dilations, int groups,
                                 const std::string& data_format) {
  ConvGeometry g;
  g.channels_last = IsChannelsLast(data_format, "conv2d", "data_format");
  PD_CHECK(input.size() == 4 && filter.size() == 4, InvalidArgument,
           "expected conv2d's Input and Filter to have rank 4, but got Input ", input,
           " and Filter ", filter);
  CheckPair(strides, "conv2d", "strides");
  CheckPair(dilations, "conv2d", "dilations");
  CheckPaddingAlgorithm(padding_algorithm, "conv2d");
  const std::vector<int64_t> pads = ExpandPaddings(paddings, "conv2d");
  PD_CHECK(groups >= 1, InvalidArgument, "expected conv2d's groups >= 1, but got ", groups);
  g.groups = groups;
  g.batch = input[0];
  g.in_channels = g.channels_last ? input[3] : input[1];
  g.out_channels = filter[0];
  PD_CHECK(ExtentsCompatible(g.in_channels, filter[1] < 0 ? -1 : filter[1] * groups),
           InvalidArgument, "expected conv2d's Input channels (", g.in_channels,
           ") to equal Filter dims[1] * groups (", filter[1], " * ", groups, "), but got Input ",
           input, " and Filter ", filter, " (data_format ", data_format, ")");
  PD_CHECK(g.out_channels < 0 || g.out_channels % groups == 0, InvalidArgument,
           "expected conv2d's Filter dims[0] (output channels) to be divisible by groups ", groups,
           ", but got Filter ", filter);
  PD_CHECK((filter[2] < 0 || filter[2] > 0) && (filter[3] < 0 || filter[3] > 0), InvalidArgument,
           "expected conv2d's Filter to have a non-empty window, but got ", filter);
  WindowAxis* axes[2] = {&g.h, &g.w};
  for (int i = 0; i < 2; ++i) {
    WindowAxis& a = *axes[i];
    a.in = g.channels_last ? input[1 + i] : input[2 + i];
    a.kernel = filter[2 + i];
    a.stride = strides[i];
    a.dilation = dilations[i];
    a.pad_before = pads[2 * i];
    a.pad_after = pads[2 * i + 1];
    ResolvePadding(&a, padding_algorithm);
    a.out = a.kernel < 0 ? -1 : WindowOutput(a, false);
    PD_CHECK(a.out != 0, InvalidArgument,
             "expected conv2d's output size to be positive, but got 0 for Input ", input,
             " and Filter ", filter, " with strides ", FormatList(strides), ", paddings ",
             FormatList(paddings), " and dilations ", FormatList(dilations));
  }
  g.out_dims = g.channels_last ? DDim({g.batch, g.h.out, g.w.out, g.out_channels})
                               : DDim({g.batch, g.out_channels, g.h.out, g.w.out});
  return g;
}

PoolGeometry ComputePoolGeometry(const DDim& x, const std::vector<int>& ksize, bool global_pooling,
                                 const std::vector<int>& strides, const std::vector<int>& paddings,
                                 bool adaptive, bool ceil_mode, const std::string& data_format,
                                 const std::string& padding_algorithm) {
  PoolGeometry g;
  g.channels_last = IsChannelsLast(data_format, "pool2d", "data_format");
  g.adaptive = adaptive && !global_pooling;
  PD_CHECK(x.size() == 4, InvalidArgument, "expected pool2d's X to have rank 4, but got X ", x);
  PD_CHECK(ksize.size() == 2 && ksize[0] > 0 && ksize[1] > 0, InvalidArgument,
           "expected pool2d's ksize to hold 2 positive values, but got ", FormatList(ksize),
           " for X ", x);
  CheckPair(strides, "pool2d", "strides");
  CheckPaddingAlgorithm(padding_algorithm, "pool2d");
  const std::vector<int64_t> pads = ExpandPaddings(paddings, "pool2d");
  g.batch = x[0];
  g.channels = g.channels_last ? x[3] : x[1];
  WindowAxis* axes[2] = {&g.h, &g.w};
  for (int i = 0; i < 2; ++i) {
    WindowAxis& a = *axes[i];
    a.in = g.channels_last ? x[1 + i] : x[2 + i];
    a.stride = strides[i];
    a.kernel = global_pooling ? a.in : ksize[i];
    a.pad_before = pads[2 * i];
    a.pad_after = pads[2 * i + 1];
    if (global_pooling || g.adaptive) {
      a.pad_before = a.pad_after = 0;
      // Every output window would pool over nothing (the explicit-window path refuses a
      // zero output size alike); an empty batch or channel axis makes no window.
      PD_CHECK(a.in != 0 || g.batch == 0 || g.channels == 0, InvalidArgument,
               "expected pool2d's X to have a non-empty ", i == 0 ? "height" : "width", " for ",
               global_pooling ? "global" : "adaptive", " pooling, but got X ", x);
    } else {
      ResolvePadding(&a, padding_algorithm);
    }
    if (global_pooling) {
      a.out = 1;  // whatever the input's extent, known or not
      a.stride = 1;
    } else if (g.adaptive) {
      a.out = ksize[i];
    } else {
      a.out = WindowOutput(a, ceil_mode);
      PD_CHECK(a.out != 0, InvalidArgument,
               "expected pool2d's output size to be positive, but got 0 for X ", x, " with ksize ",
               FormatList(ksize), ", strides ", FormatList(strides), " and paddings ",
               FormatList(paddings));
    }
  }
  g.out_dims = g.channels_last ? DDim({g.batch, g.h.out, g.w.out, g.channels})
                               : DDim({g.batch, g.channels, g.h.out, g.w.out});
  return g;
}

ChannelShape ComputeBatchNormShape(const DDim& x, const std::string& data_layout) {
  const bool channels_last = IsChannelsLast(data_layout, "batch_norm", "data_layout");
  PD_CHECK(x.size() >= 2 && x.size() <= 5, InvalidArgument,
           "expected batch_norm's X to have rank 2 to 5, but got X ", x);
  const int c = channels_last ? x.size() - 1 : 1;
  ChannelShape s;
  s.outer = funcs::ProductOrUnknown(x, 0, c);
  s.channels = x[c];
  s.inner = funcs::ProductOrUnknown(x, c + 1, x.size());
  return s;
}

void ConvInferMeta(const MetaTensor& input, const MetaTensor& filter,
                   const std::vector<int>& strides, const std::vector<int>& paddings,
                   const std::string& padding_algorithm, const std::vector<int>& dilations,
                   int groups, const std::string& data_format, MetaTensor* out) {
  PD_CHECK(input.dtype() == filter.dtype() || input.dtype() == DataType::UNDEFINED ||
               filter.dtype() == DataType::UNDEFINED,
           InvalidArgument, "expected conv2d's Input and Filter to have the same dtype, but got ",
           input.dtype(), " and ", filter.dtype());
  ConvGeometry g = ComputeConvGeometry(input.dims(), filter.dims(), strides, paddings,
                                       padding_algorithm, dilations, groups, data_format);
  out->set_dims(g.out_dims);
  out->set_dtype(input.dtype());
  out->set_layout(input.layout());
}

void PoolInferMeta(const MetaTensor& x, const std::string& pooling_type,
                   const std::vector<int>& ksize, bool global_pooling,
                   const std::vector<int>& strides, const std::vector<int>& paddings, bool adaptive,
                   bool ceil_mode, const std::string& data_format,
                   const std::string& padding_algorithm, MetaTensor* out) {
  PD_CHECK(pooling_type == "max" || pooling_type == "avg", InvalidArgument,
           "expected pool2d's pooling_type to be \"max\" or \"avg\", but got \"", pooling_type,
           "\"");
  PoolGeometry g = ComputePoolGeometry(x.dims(), ksize, global_pooling, strides, paddings, adaptive,
                                       ceil_mode, data_format, padding_algorithm);
  out->set_dims(g.out_dims);
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void BatchNormInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                        const MetaTensor& mean, const MetaTensor& variance,
                        const std::string& data_layout, MetaTensor* y, MetaTensor* mean_out,
                        MetaTensor* variance_out, MetaTensor* saved_mean,
                        MetaTensor* saved_variance, MetaTensor* reserve_space) {
  const ChannelShape s = ComputeBatchNormShape(x.dims(), data_layout);
  const MetaTensor* params[4] = {&scale, &bias, &mean, &variance};
  const char* names[4] = {"Scale", "Bias", "Mean", "Variance"};
  for (int i = 0; i < 4; ++i) {
    const DDim& d = params[i]->dims();
    PD_CHECK(d.size() == 1 && ExtentsCompatible(d[0], s.channels), InvalidArgument,
             "expected batch_norm's ", names[i], " to have dims [", s.channels,
             "] (the channels of X ", x.dims(), ", data_layout ", data_layout, "), but got ", d);
  }
  y->share_meta(x);
  const DDim channels({s.channels});
  for (MetaTensor* stat : {mean_out, variance_out, saved_mean, saved_variance}) {
    if (stat == nullptr || !*stat) continue;
    stat->set_dims(channels);
    stat->set_dtype(mean.dtype());
  }
  if (reserve_space != nullptr && *reserve_space) {
    reserve_space->set_dims(DDim({0}));
    reserve_space->set_dtype(x.dtype());
  }
}

void NormGradInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                       MetaTensor* x_grad, MetaTensor* scale_grad, MetaTensor* bias_grad) {
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
  if (scale_grad != nullptr && *scale_grad && scale) scale_grad->share_meta(scale);
  if (bias_grad != nullptr && *bias_grad && bias) bias_grad->share_meta(bias);
}

void LayerNormInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                        int begin_norm_axis, MetaTensor* y, MetaTensor* mean,
                        MetaTensor* variance) {
  const DDim& d = x.dims();
  PD_CHECK(begin_norm_axis >= 0 && begin_norm_axis < std::max(d.size(), 1), InvalidArgument,
           "expected layer_norm's begin_norm_axis in [0, ", d.size(), ") for X ", d, ", but got ",
           begin_norm_axis);
  const int64_t left = funcs::ProductOrUnknown(d, 0, begin_norm_axis);
  const int64_t right = funcs::ProductOrUnknown(d, begin_norm_axis, d.size());
  const MetaTensor* params[2] = {&scale, &bias};
  const char* names[2] = {"Scale", "Bias"};
  for (int i = 0; i < 2; ++i) {
    if (!*params[i]) continue;
    const DDim& p = params[i]->dims();
    PD_CHECK(p.size() == 1 && ExtentsCompatible(p[0], right), InvalidArgument,
             "expected layer_norm's ", names[i], " to have dims [", right, "] (X ", d,
             " normalized from axis ", begin_norm_axis, "), but got ", p);
  }
  y->share_meta(x);
  for (MetaTensor* stat : {mean, variance}) {
    if (stat == nullptr || !*stat) continue;
    stat->set_dims(DDim({left}));
    stat->set_dtype(x.dtype());
  }
}

void DropoutInferMeta(const MetaTensor& x, float dropout_prob,
                      const std::string& dropout_implementation, MetaTensor* out,
                      MetaTensor* mask) {
  PD_CHECK(dropout_prob >= 0.0f && dropout_prob <= 1.0f, InvalidArgument,
           "expected dropout's dropout_prob in [0, 1], but got ", dropout_prob);
  PD_CHECK(dropout_implementation == "downgrade_in_infer" ||
               dropout_implementation == "upscale_in_train",
           InvalidArgument,
           "expected dropout's dropout_implementation to be \"downgrade_in_infer\" or "
           "\"upscale_in_train\", but got \"",
           dropout_implementation, "\"");
  out->share_meta(x);
  if (mask != nullptr && *mask) {
    mask->set_dims(x.dims());
    mask->set_dtype(DataType::UINT8);
  }
}

void CrossEntropyWithSoftmaxInferMeta(const MetaTensor& logits, const MetaTensor& label,
                                      bool soft_label, int axis, MetaTensor* softmax,
                                      MetaTensor* loss) {
  const DDim& ld = logits.dims();
  const DDim& yd = label.dims();
  PD_CHECK(ld.size() >= 1, InvalidArgument,
           "expected softmax_with_cross_entropy's Logits to have rank >= 1, but got ", ld);
  const int a = funcs::NormalizeAxis(axis, ld.size(), "softmax_with_cross_entropy's axis");
  PD_CHECK(yd.size() == ld.size(), InvalidArgument,
           "expected softmax_with_cross_entropy's Label to have the rank of Logits, but got "
           "Logits ",
           ld, " and Label ", yd);
  for (int i = 0; i < ld.size(); ++i) {
    const int64_t want = (i == a && !soft_label) ? 1 : ld[i];
    PD_CHECK(ExtentsCompatible(yd[i], want), InvalidArgument, "expected ",
             soft_label ? "soft" : "hard", " Label of softmax_with_cross_entropy to have dims ",
             soft_label ? ld : WithExtent(ld, a, 1), " for Logits ", ld, " and axis ", axis,
             ", but got Label ", yd);
  }
  if (!soft_label && label.dtype() != DataType::UNDEFINED) {
    PD_CHECK(label.dtype() == DataType::INT64 || label.dtype() == DataType::INT32, InvalidArgument,
             "expected softmax_with_cross_entropy's hard Label to be int64 or int32, but got ",
             label.dtype());
  }
  softmax->share_meta(logits);
  loss->set_dims(WithExtent(ld, a, 1));
  loss->set_dtype(logits.dtype());
  loss->set_layout(logits.layout());
}

void AccuracyInferMeta(const MetaTensor& out, const MetaTensor& indices, const MetaTensor& label,
                       MetaTensor* accuracy, MetaTensor* correct, MetaTensor* total) {
  const DDim& id = indices.dims();
  const DDim& ld = label.dims();
  PD_CHECK(id.size() == 2, InvalidArgument,
           "expected accuracy's Indices to have rank 2 ([N, k]), but got ", id);
  PD_CHECK(ld.size() == 2 && ExtentsCompatible(ld[1], 1) && ExtentsCompatible(ld[0], id[0]),
           InvalidArgument, "expected accuracy's Label to have dims [", id[0], ", 1] for Indices ",
           id, ", but got ", ld);
  PD_CHECK(out.dims().size() == 2 && ExtentsCompatible(out.dims()[0], id[0]), InvalidArgument,
           "expected accuracy's Out to have Indices' dims ", id, ", but got ", out.dims());
  accuracy->set_dims(DDim());  // 0-D, as in PaddlePaddle 2.5+
  accuracy->set_dtype(DataType::FLOAT32);
  for (MetaTensor* count : {correct, total}) {
    count->set_dims(DDim());
    count->set_dtype(DataType::INT32);
  }
}

void TopKInferMeta(const MetaTensor& x, int k, int axis, MetaTensor* out, MetaTensor* indices) {
  const DDim& d = x.dims();
  const int a = funcs::NormalizeAxis(axis, d.size(), "top_k's axis");
  const int64_t extent = d.size() == 0 ? 1 : d[a];
  PD_CHECK(k >= 1 && (extent < 0 || k <= extent), InvalidArgument, "expected top_k's k in [1, ",
           extent, "] for X ", d, " along axis ", axis, ", but got ", k);
  const DDim out_dims = d.size() == 0 ? d : WithExtent(d, a, k);
  out->set_dims(out_dims);
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
  indices->set_dims(out_dims);
  indices->set_dtype(DataType::INT64);
}

void TopKLastAxisInferMeta(const MetaTensor& x, int k, MetaTensor* out, MetaTensor* indices) {
  TopKInferMeta(x, k, -1, out, indices);
}

void ArgExtremeInferMeta(const char* op, const MetaTensor& x, int64_t axis, bool keepdims,
                         bool flatten, DataType dtype, MetaTensor* out) {
  const DDim& d = x.dims();
  PD_CHECK(dtype == DataType::UNDEFINED || dtype == DataType::INT32 || dtype == DataType::INT64,
           InvalidArgument, "expected ", op, "'s dtype to be int32 (2) or int64 (3), but got ",
           dtype);
  std::vector<int64_t> out_dims;
  if (flatten) {
    if (keepdims) out_dims.assign(d.size(), 1);
  } else {
    const int a = funcs::NormalizeAxis(axis, d.size(), (std::string(op) + "'s axis").c_str());
    for (int i = 0; i < d.size(); ++i) {
      if (i != a) {
        out_dims.push_back(d[i]);
      } else if (keepdims) {
        out_dims.push_back(1);
      }
    }
  }
  out->set_dims(DDim(out_dims));
  out->set_dtype(dtype == DataType::UNDEFINED ? DataType::INT64 : dtype);
}

void ArgMaxInferMeta(const MetaTensor& x, int64_t axis, bool keepdims, bool flatten, DataType dtype,
                     MetaTensor* out) {
  ArgExtremeInferMeta("arg_max", x, axis, keepdims, flatten, dtype, out);
}

void OneHotInferMeta(const MetaTensor& x, int depth, DataType dtype, MetaTensor* out) {
  PD_CHECK(depth >= 1, InvalidArgument, "expected one_hot_v2's depth >= 1, but got ", depth);
  PD_CHECK(x.dtype() == DataType::UNDEFINED || x.dtype() == DataType::INT32 ||
               x.dtype() == DataType::INT64,
           InvalidArgument, "expected one_hot_v2's X to be int32 or int64, but got ", x.dtype());
  std::vector<int64_t> dims = x.dims().ToVector();
  dims.push_back(depth);
  out->set_dims(DDim(dims));
  out->set_dtype(dtype == DataType::UNDEFINED ? DataType::FLOAT32 : dtype);
}

void EmbeddingInferMeta(const MetaTensor& weight, const MetaTensor& ids, MetaTensor* out) {
  const DDim& w = weight.dims();
  PD_CHECK(w.size() == 2, InvalidArgument,
           "expected lookup_table_v2's W to have rank 2 ([vocabulary, width]), but got ", w);
  PD_CHECK(ids.dtype() == DataType::UNDEFINED || IsIntegerType(ids.dtype()), InvalidArgument,
           "expected lookup_table_v2's Ids to be an integer tensor, but got ", ids.dtype());
  std::vector<int64_t> dims = ids.dims().ToVector();
  dims.push_back(w[1]);
  out->set_dims(DDim(dims));
  out->set_dtype(weight.dtype());
  out->set_layout(weight.layout());
}

void EmbeddingGradInferMeta(const MetaTensor& weight, const MetaTensor& ids,
                            const MetaTensor& out_grad, MetaTensor* weight_grad) {
  DenseTensor out;  // the forward's checks and output dims
  MetaTensor out_meta(&out);
  EmbeddingInferMeta(weight, ids, &out_meta);
  CheckOutGradLikeForward("lookup_table_v2", out.dims(), weight.dtype(), out_grad);
  if (weight_grad != nullptr && *weight_grad) weight_grad->share_meta(weight);
}

}  // namespace phi
