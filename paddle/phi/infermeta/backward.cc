#include "paddle/phi/infermeta/backward.h"

#include "paddle/common/errors.h"

namespace phi {

void GeneralBinaryGradInferMeta(const MetaTensor& x, const MetaTensor& y, MetaTensor* dx,
                                MetaTensor* dy) {
  if (dx != nullptr && *dx) dx->share_meta(x);
  if (dy != nullptr && *dy) dy->share_meta(y);
}

void UnchangedGradInferMeta(const MetaTensor& x, MetaTensor* dx) {
  if (dx != nullptr && *dx) dx->share_meta(x);
}

void CheckOutGradLikeForward(const char* forward_op, const DDim& want, DataType dtype,
                             const MetaTensor& out_grad) {
  const DDim& got = out_grad.dims();
  bool same = got.size() == want.size();
  for (int i = 0; same && i < got.size(); ++i)
    same = got[i] < 0 || want[i] < 0 || got[i] == want[i];
  const bool dtype_ok = out_grad.dtype() == dtype || out_grad.dtype() == DataType::UNDEFINED;
  PD_CHECK(same && dtype_ok, InvalidArgument, "expected ", forward_op, "_grad's Out@GRAD to have ",
           forward_op, "'s output dims ", want, " and dtype ", dtype, ", but got ", got, " ",
           out_grad.dtype());
}

}  // namespace phi
