#include "paddle/phi/infermeta/nlp.h"

#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {

using funcs::ExtentsCompatible;

void TrilTriuInferMeta(const MetaTensor& x, int diagonal, bool lower, MetaTensor* out) {
  (void)diagonal;
  (void)lower;
  PD_CHECK(x.dims().size() >= 2, InvalidArgument,
           "expected tril_triu's X to have rank >= 2, but got X ", x.dims());
  out->set_dims(x.dims());
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void CumsumInferMeta(const MetaTensor& x, int axis, bool flatten, bool exclusive, bool reverse,
                     MetaTensor* out) {
  (void)exclusive;
  (void)reverse;
  const DDim& d = x.dims();
  if (flatten) {
    out->set_dims(DDim(std::vector<int64_t>{funcs::ProductOrUnknown(d, 0, d.size())}));
  } else {
    funcs::NormalizeAxis(axis, d.size(), "cumsum's axis");
    out->set_dims(d);
  }
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void CumsumGradInferMeta(const MetaTensor& x, const MetaTensor& out_grad, int axis, bool flatten,
                         bool exclusive, bool reverse, MetaTensor* x_grad) {
  DenseTensor out;  // the forward's checks and output dims
  MetaTensor out_meta(&out);
  CumsumInferMeta(x, axis, flatten, exclusive, reverse, &out_meta);
  CheckOutGradLikeForward("cumsum", out.dims(), x.dtype(), out_grad);
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
}

void CumprodInferMeta(const MetaTensor& x, int dim, MetaTensor* out) {
  funcs::NormalizeAxis(dim, x.dims().size(), "cumprod's dim");
  out->set_dims(x.dims());
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void CumprodGradInferMeta(const MetaTensor& x, const MetaTensor& out_grad, int dim,
                          MetaTensor* x_grad) {
  funcs::NormalizeAxis(dim, x.dims().size(), "cumprod's dim");
  CheckOutGradLikeForward("cumprod", x.dims(), x.dtype(), out_grad);
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
}

void IndexSelectInferMeta(const MetaTensor& x, const MetaTensor& index, int dim, MetaTensor* out) {
  const DDim& d = x.dims();
  const DDim& id = index.dims();
  PD_CHECK(d.size() >= 1, InvalidArgument,
           "expected index_select's X to have rank >= 1, but got X ", d);
  const int a = funcs::NormalizeAxis(dim, d.size(), "index_select's dim");
  PD_CHECK(id.size() == 1 || (id.size() == 2 && id[1] == 1), InvalidArgument,
           "expected index_select's Index to be 1-D (or [N, 1]), but got Index ", id);
  PD_CHECK(index.dtype() == DataType::UNDEFINED || index.dtype() == DataType::INT32 ||
               index.dtype() == DataType::INT64,
           InvalidArgument, "expected index_select's Index to be int32 or int64, but got ",
           index.dtype());
  std::vector<int64_t> dims = d.ToVector();
  dims[a] = id[0];
  out->set_dims(DDim(dims));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void BmmInferMeta(const MetaTensor& x, const MetaTensor& y, MetaTensor* out) {
  const DDim& a = x.dims();
  const DDim& b = y.dims();
  PD_CHECK(a.size() == 3, InvalidArgument, "expected bmm's X to have rank 3, but got X ", a);
  PD_CHECK(b.size() == 3, InvalidArgument, "expected bmm's Y to have rank 3, but got Y ", b);
  PD_CHECK(ExtentsCompatible(a[0], b[0]), InvalidArgument,
           "expected bmm's X and Y to have the same batch size, but got X ", a, " and Y ", b);
  PD_CHECK(ExtentsCompatible(a[2], b[1]), InvalidArgument,
           "expected bmm's X.dims[2] to equal Y.dims[1], but got X ", a, " and Y ", b);
  out->set_dims(DDim(std::vector<int64_t>{a[0] >= 0 ? a[0] : b[0], a[1], b[2]}));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void BmmGradInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& out_grad,
                      MetaTensor* x_grad, MetaTensor* y_grad) {
  DenseTensor out;  // the forward's checks and output dims
  MetaTensor out_meta(&out);
  BmmInferMeta(x, y, &out_meta);
  CheckOutGradLikeForward("bmm", out.dims(), x.dtype(), out_grad);
  GeneralBinaryGradInferMeta(x, y, x_grad, y_grad);
}

void ArgMinInferMeta(const MetaTensor& x, int64_t axis, bool keepdims, bool flatten, DataType dtype,
                     MetaTensor* out) {
  ArgExtremeInferMeta("arg_min", x, axis, keepdims, flatten, dtype, out);
}

void ArgsortInferMeta(const MetaTensor& x, int axis, bool descending, MetaTensor* out,
                      MetaTensor* indices) {
  (void)descending;
  funcs::NormalizeAxis(axis, x.dims().size(), "argsort's axis");
  out->set_dims(x.dims());
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
  indices->set_dims(x.dims());
  indices->set_dtype(DataType::INT64);
}

}  // namespace phi
