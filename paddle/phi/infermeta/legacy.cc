#include "paddle/phi/infermeta/legacy.h"

#include <cmath>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/infermeta/linalg.h"

namespace phi {

void LegacyMatmulInferMeta(const MetaTensor& x, const MetaTensor& y, bool transpose_x,
                           bool transpose_y, float alpha, MetaTensor* out) {
  PD_CHECK(std::isfinite(alpha), InvalidArgument,
           "expected matmul's alpha to be a finite number, but got ", alpha);
  MatmulInferMeta(x, y, transpose_x, transpose_y, out);
  // The v1 op never produced 0-D tensors: the product of two vectors is [1].
  if (out->dims().size() == 0) out->set_dims(DDim(std::vector<int64_t>{1}));
}

void LookupTableInferMeta(const MetaTensor& w, const MetaTensor& ids, int64_t padding_idx,
                          MetaTensor* out) {
  const DDim& wd = w.dims();
  const DDim& id = ids.dims();
  PD_CHECK(wd.size() == 2, InvalidArgument,
           "expected lookup_table's W to be 2-D [vocabulary, width], but got W ", wd);
  PD_CHECK(id.size() >= 1 && (id[id.size() - 1] == 1 || id[id.size() - 1] < 0), InvalidArgument,
           "expected lookup_table's Ids to end in a dim of 1, but got Ids ", id);
  PD_CHECK(ids.dtype() == DataType::INT64 || ids.dtype() == DataType::INT32 ||
               ids.dtype() == DataType::UNDEFINED,
           InvalidArgument, "expected lookup_table's Ids to be int64 or int32, but got ",
           ids.dtype());
  PD_CHECK(padding_idx >= -1 && (wd[0] < 0 || padding_idx < wd[0]), InvalidArgument,
           "expected lookup_table's padding_idx in [-1, ", wd[0], ") (-1: none), but got ",
           padding_idx);
  std::vector<int64_t> dims(id.data(), id.data() + id.size() - 1);
  dims.push_back(wd[1]);
  out->set_dims(DDim(dims));
  out->set_dtype(w.dtype());
  out->set_layout(w.layout());
}

void LookupTableGradInferMeta(const MetaTensor& w, const MetaTensor& ids,
                              const MetaTensor& out_grad, int64_t padding_idx, MetaTensor* w_grad) {
  DenseTensor out;  // the forward's checks and output dims
  MetaTensor out_meta(&out);
  LookupTableInferMeta(w, ids, padding_idx, &out_meta);
  CheckOutGradLikeForward("lookup_table", out.dims(), w.dtype(), out_grad);
  if (w_grad != nullptr && *w_grad) w_grad->share_meta(w);
}

void ClipByNormInferMeta(const MetaTensor& x, float max_norm, MetaTensor* out) {
  PD_CHECK(max_norm > 0, InvalidArgument,
           "expected clip_by_norm's max_norm to be positive, but got ", max_norm);
  out->share_meta(x);
}

bool LrnIsChannelLast(const std::string& data_format) {
  PD_CHECK(data_format == "NCHW" || data_format == "NHWC" || data_format == "AnyLayout",
           InvalidArgument,
           "expected lrn's data_format to be \"NCHW\", \"NHWC\" or \"AnyLayout\", but got \"",
           data_format, "\"");
  return data_format == "NHWC";
}

void LrnInferMeta(const MetaTensor& x, int n, float k, float alpha, float beta,
                  const std::string& data_format, MetaTensor* out, MetaTensor* mid_out) {
  PD_CHECK(x.dims().size() == 4, InvalidArgument, "expected lrn's X to be 4-D (",
           data_format == "NHWC" ? "NHWC" : "NCHW", "), but got X ", x.dims());
  PD_CHECK(n > 0 && n % 2 == 1, InvalidArgument,
           "expected lrn's n (the channel window) to be a positive odd number, but got ", n);
  PD_CHECK(k > 0, InvalidArgument, "expected lrn's k to be positive, but got ", k);
  PD_CHECK(alpha > 0, InvalidArgument, "expected lrn's alpha to be positive, but got ", alpha);
  PD_CHECK(beta > 0, InvalidArgument, "expected lrn's beta to be positive, but got ", beta);
  LrnIsChannelLast(data_format);
  out->share_meta(x);
  if (mid_out != nullptr) mid_out->share_meta(x);
}

}  // namespace phi
