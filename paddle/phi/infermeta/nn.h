// InferMeta functions of the neural-network ops (convolution, pooling, normalization, dropout,
// losses, top-k, argmax, one-hot, embedding), plus the window geometry that the conv and pool
// kernels share with them, so that build-time and run-time shape checks agree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// One spatial axis of a sliding window: extents may be -1 (unknown until run time), in which
// case `out` is -1 too.
struct WindowAxis {
  int64_t in = 0;
  int64_t out = 0;
  int64_t kernel = 1;
  int64_t stride = 1;
  int64_t dilation = 1;
  int64_t pad_before = 0;
  int64_t pad_after = 0;
};

// conv2d / depthwise_conv2d geometry. Input is [N, C, H, W] (or [N, H, W, C] when
// channels_last), Filter [M, C / groups, KH, KW], Output [N, M, OH, OW] (or [N, OH, OW, M]).
struct ConvGeometry {
  int64_t batch = 0;
  int64_t in_channels = 0;
  int64_t out_channels = 0;
  int64_t groups = 1;
  bool channels_last = false;
  WindowAxis h, w;
  DDim out_dims;
};

// Validates the attributes and shapes (InvalidArgument naming both shapes) and resolves
// paddings: 2 values [ph, pw] or 4 [top, bottom, left, right]; padding_algorithm "SAME" pads
// to ceil(in / stride) outputs with dilation 1, "VALID" pads nothing.
ConvGeometry ComputeConvGeometry(const DDim& input, const DDim& filter,
                                 const std::vector<int>& strides, const std::vector<int>& paddings,
                                 const std::string& padding_algorithm,
                                 const std::vector<int>& dilations, int groups,
                                 const std::string& data_format);

// pool2d geometry. With global_pooling the window is the whole plane; with adaptive, ksize is
// the output size and windows are [floor(i * in / out), ceil((i + 1) * in / out)).
struct PoolGeometry {
  int64_t batch = 0;
  int64_t channels = 0;
  bool channels_last = false;
  bool adaptive = false;
  WindowAxis h, w;
  DDim out_dims;
};

PoolGeometry ComputePoolGeometry(const DDim& x, const std::vector<int>& ksize, bool global_pooling,
                                 const std::vector<int>& strides, const std::vector<int>& paddings,
                                 bool adaptive, bool ceil_mode, const std::string& data_format,
                                 const std::string& padding_algorithm);

// A normalized tensor seen as [outer, channels, inner]: batch_norm's per-channel statistics
// run over outer and inner.
struct ChannelShape {
  int64_t outer = 1;
  int64_t channels = 1;
  int64_t inner = 1;
};
ChannelShape ComputeBatchNormShape(const DDim& x, const std::string& data_layout);

void ConvInferMeta(const MetaTensor& input, const MetaTensor& filter,
                   const std::vector<int>& strides, const std::vector<int>& paddings,
                   const std::string& padding_algorithm, const std::vector<int>& dilations,
                   int groups, const std::string& data_format, MetaTensor* out);

void PoolInferMeta(const MetaTensor& x, const std::string& pooling_type,
                   const std::vector<int>& ksize, bool global_pooling,
                   const std::vector<int>& strides, const std::vector<int>& paddings, bool adaptive,
                   bool ceil_mode, const std::string& data_format,
                   const std::string& padding_algorithm, MetaTensor* out);

// Scale, Bias, Mean and Variance are [C]; Y takes X's meta, the statistics outputs [C].
void BatchNormInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                        const MetaTensor& mean, const MetaTensor& variance,
                        const std::string& data_layout, MetaTensor* y, MetaTensor* mean_out,
                        MetaTensor* variance_out, MetaTensor* saved_mean,
                        MetaTensor* saved_variance, MetaTensor* reserve_space);

// Each present gradient takes its input's meta; absent inputs (Scale, Bias) give none.
void NormGradInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                       MetaTensor* x_grad, MetaTensor* scale_grad, MetaTensor* bias_grad);

// Scale and Bias (optional) have prod(X.dims[begin_norm_axis:]) elements; Mean and Variance
// have prod(X.dims[:begin_norm_axis]).
void LayerNormInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                        int begin_norm_axis, MetaTensor* y, MetaTensor* mean, MetaTensor* variance);

// Out takes X's meta; Mask has X's dims and dtype uint8.
void DropoutInferMeta(const MetaTensor& x, float dropout_prob,
                      const std::string& dropout_implementation, MetaTensor* out, MetaTensor* mask);

// Hard labels (integer) have Logits' dims with 1 on the class axis; soft labels Logits' dims.
// Softmax takes Logits' meta, Loss Logits' dims with 1 on the class axis.
void CrossEntropyWithSoftmaxInferMeta(const MetaTensor& logits, const MetaTensor& label,
                                      bool soft_label, int axis, MetaTensor* softmax,
                                      MetaTensor* loss);

// Indices [N, k] and Label [N, 1]: Accuracy float32, Correct and Total int32, all 0-D.
void AccuracyInferMeta(const MetaTensor& out, const MetaTensor& indices, const MetaTensor& label,
                       MetaTensor* accuracy, MetaTensor* correct, MetaTensor* total);

// Out and Indices (int64) have X's dims with k on `axis` (a K tensor gives k: tensor_attrs;
// at build time TopKBuildInferMeta).
void TopKInferMeta(const MetaTensor& x, int k, int axis, MetaTensor* out, MetaTensor* indices);
// Legacy top_k: the last axis.
void TopKLastAxisInferMeta(const MetaTensor& x, int k, MetaTensor* out, MetaTensor* indices);

// X's dims without `axis` (kept as 1 with keepdims); flatten reduces over all elements
// (0-D out, or all ones with keepdims). dtype is int32 or int64.
// arg_max / arg_min (`op` names the op in errors).
void ArgExtremeInferMeta(const char* op, const MetaTensor& x, int64_t axis, bool keepdims,
                         bool flatten, DataType dtype, MetaTensor* out);
void ArgMaxInferMeta(const MetaTensor& x, int64_t axis, bool keepdims, bool flatten, DataType dtype,
                     MetaTensor* out);

// Out is X.dims + [depth] with the given dtype (depth_tensor gives depth: tensor_attrs; at
// build time OneHotBuildInferMeta).
void OneHotInferMeta(const MetaTensor& x, int depth, DataType dtype, MetaTensor* out);

// W [V, D], integer Ids of any shape: Out is Ids.dims + [D] with W's dtype.
void EmbeddingInferMeta(const MetaTensor& weight, const MetaTensor& ids, MetaTensor* out);
// Checks W, Ids and Out@GRAD as the forward sees them; W@GRAD takes W's meta.
void EmbeddingGradInferMeta(const MetaTensor& weight, const MetaTensor& ids,
                            const MetaTensor& out_grad, MetaTensor* weight_grad);

}  // namespace phi
