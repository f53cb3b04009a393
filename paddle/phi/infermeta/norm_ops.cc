#include "paddle/phi/infermeta/norm_ops.h"

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {

using funcs::ExtentsCompatible;

void GroupNormInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                        float epsilon, int groups, const std::string& data_layout, MetaTensor* y,
                        MetaTensor* mean, MetaTensor* variance) {
  const DDim& d = x.dims();
  PD_CHECK(data_layout == "NCHW" || data_layout == "NHWC", InvalidArgument,
           "expected group_norm's data_layout to be \"NCHW\" or \"NHWC\", but got \"", data_layout,
           "\"");
  PD_CHECK(d.size() >= 2, InvalidArgument,
           "expected group_norm's X to have rank >= 2, but got dims ", d);
  PD_CHECK(epsilon >= 0.0f, InvalidArgument, "expected group_norm's epsilon >= 0, but got ",
           epsilon);
  const int64_t channels = data_layout == "NHWC" ? d[d.size() - 1] : d[1];
  PD_CHECK(groups >= 1, InvalidArgument, "expected group_norm's groups >= 1, but got ", groups);
  PD_CHECK(channels < 0 || (groups <= channels && channels % groups == 0), InvalidArgument,
           "expected group_norm's channels (", channels, " in X ", d,
           ") to be divisible by groups, but got groups ", groups);
  const MetaTensor* params[2] = {&scale, &bias};
  const char* names[2] = {"Scale", "Bias"};
  for (int i = 0; i < 2; ++i) {
    if (!*params[i]) continue;
    const DDim& p = params[i]->dims();
    PD_CHECK(p.size() == 1 && ExtentsCompatible(p[0], channels), InvalidArgument,
             "expected group_norm's ", names[i], " to have dims [", channels, "] (X ", d,
             ", data_layout ", data_layout, "), but got ", p);
  }
  y->share_meta(x);
  for (MetaTensor* stat : {mean, variance}) {
    if (stat == nullptr || !*stat) continue;
    stat->set_dims(DDim({d[0], static_cast<int64_t>(groups)}));
    stat->set_dtype(x.dtype());
  }
}

void InstanceNormInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                           float epsilon, MetaTensor* y, MetaTensor* saved_mean,
                           MetaTensor* saved_variance) {
  const DDim& d = x.dims();
  PD_CHECK(d.size() >= 2 && d.size() <= 5, InvalidArgument,
           "expected instance_norm's X to have rank 2 to 5, but got dims ", d);
  PD_CHECK(epsilon >= 0.0f, InvalidArgument, "expected instance_norm's epsilon >= 0, but got ",
           epsilon);
  const int64_t channels = d[1];
  const MetaTensor* params[2] = {&scale, &bias};
  const char* names[2] = {"Scale", "Bias"};
  for (int i = 0; i < 2; ++i) {
    if (!*params[i]) continue;
    const DDim& p = params[i]->dims();
    PD_CHECK(p.size() == 1 && ExtentsCompatible(p[0], channels), InvalidArgument,
             "expected instance_norm's ", names[i], " to have dims [", channels, "] (X ", d,
             "), but got ", p);
  }
  y->share_meta(x);
  const int64_t nc = d[0] < 0 || channels < 0 ? -1 : d[0] * channels;
  for (MetaTensor* stat : {saved_mean, saved_variance}) {
    if (stat == nullptr || !*stat) continue;
    stat->set_dims(DDim({nc}));
    stat->set_dtype(x.dtype());
  }
}

void PReluInferMeta(const MetaTensor& x, const MetaTensor& alpha, const std::string& mode,
                    const std::string& data_format, MetaTensor* out) {
  const DDim& d = x.dims();
  PD_CHECK(mode == "all" || mode == "channel" || mode == "element", InvalidArgument,
           "expected prelu's mode to be \"all\", \"channel\" or \"element\", but got \"", mode,
           "\"");
  PD_CHECK(data_format == "NCHW" || data_format == "NHWC", InvalidArgument,
           "expected prelu's data_format to be \"NCHW\" or \"NHWC\", but got \"", data_format,
           "\"");
  const int64_t n = alpha.dims().has_unknown() ? -1 : alpha.dims().numel();
  if (mode == "all") {
    PD_CHECK(ExtentsCompatible(n, 1), InvalidArgument,
             "expected prelu's Alpha to hold 1 value in mode \"all\", but got dims ", alpha.dims());
  } else if (mode == "channel") {
    PD_CHECK(d.size() >= 2, InvalidArgument,
             "expected prelu's X to have rank >= 2 in mode \"channel\", but got dims ", d);
    const int64_t channels = data_format == "NHWC" ? d[d.size() - 1] : d[1];
    PD_CHECK(ExtentsCompatible(n, channels), InvalidArgument, "expected prelu's Alpha to hold ",
             channels, " values (the channels of X ", d, ", data_format ", data_format,
             "), but got dims ", alpha.dims());
  } else {
    PD_CHECK(d.size() >= 1, InvalidArgument,
             "expected prelu's X to have rank >= 1 in mode \"element\", but got dims ", d);
    const int64_t per_sample = funcs::ProductOrUnknown(d, 1, d.size());
    PD_CHECK(ExtentsCompatible(n, per_sample), InvalidArgument, "expected prelu's Alpha to hold ",
             per_sample, " values (one per element of a sample of X ", d, "), but got dims ",
             alpha.dims());
  }
  out->share_meta(x);
}

void CeluInferMeta(const MetaTensor& x, float alpha, MetaTensor* out) {
  PD_CHECK(alpha != 0.0f, InvalidArgument, "expected celu's alpha to be nonzero, but got ", alpha);
  out->share_meta(x);
}

void LayerNormGradInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                            const MetaTensor& mean, const MetaTensor& variance,
                            const MetaTensor& y_grad, int begin_norm_axis, MetaTensor* x_grad,
                            MetaTensor* scale_grad, MetaTensor* bias_grad) {
  DenseTensor y;  // the forward's checks of X, Scale, Bias and begin_norm_axis
  MetaTensor y_meta(&y);
  LayerNormInferMeta(x, scale, bias, begin_norm_axis, &y_meta, nullptr, nullptr);
  const DDim& d = x.dims();
  const DDim& dy = y_grad.dims();
  bool same = dy.size() == d.size();
  for (int i = 0; same && i < d.size(); ++i) same = funcs::ExtentsCompatible(dy[i], d[i]);
  PD_CHECK(same, InvalidArgument, "expected layer_norm_grad's Y@GRAD to have X's dims ", d,
           ", but got ", dy);
  const int64_t left = funcs::ProductOrUnknown(d, 0, begin_norm_axis);
  const int64_t right = funcs::ProductOrUnknown(d, begin_norm_axis, d.size());
  const MetaTensor* stats[2] = {&mean, &variance};
  const char* names[2] = {"Mean", "Variance"};
  for (int i = 0; i < 2; ++i) {
    const int64_t n = funcs::ProductOrUnknown(stats[i]->dims(), 0, stats[i]->dims().size());
    PD_CHECK(funcs::ExtentsCompatible(n, left), InvalidArgument, "expected layer_norm_grad's ",
             names[i], " to hold ", left, " values (X ", d, " normalized from axis ",
             begin_norm_axis, "), but got dims ", stats[i]->dims());
  }
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
  for (MetaTensor* g : {scale_grad, bias_grad}) {
    if (g == nullptr || !*g) continue;
    g->set_dims(DDim({right}));
    g->set_dtype(x.dtype());
  }
}

}  // namespace phi
