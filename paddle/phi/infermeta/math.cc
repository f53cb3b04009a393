#include "paddle/phi/infermeta/math.h"

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/broadcast.h"

namespace phi {

void CompareInferMeta(const MetaTensor& x, const MetaTensor& y, int axis, MetaTensor* out) {
  PD_CHECK(x.dtype() == y.dtype(), InvalidArgument,
           "expected the compared X and Y to share a dtype, but got X ", x.dtype(), " and Y ",
           y.dtype());
  out->set_dims(funcs::BroadcastOutDims(x.dims(), y.dims(), axis));
  out->set_dtype(DataType::BOOL);
  out->set_layout(x.layout());
}

void LogicalNotInferMeta(const MetaTensor& x, MetaTensor* out) {
  out->set_dims(x.dims());
  out->set_dtype(DataType::BOOL);
  out->set_layout(x.layout());
}

void FullLikeInferMeta(const MetaTensor& x, double value, DataType dtype, MetaTensor* out) {
  out->set_dims(x.dims());
  out->set_dtype(dtype == DataType::UNDEFINED ? x.dtype() : dtype);
  out->set_layout(x.layout());
}

}  // namespace phi
