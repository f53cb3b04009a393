#include "paddle/phi/infermeta/unary.h"

namespace phi {

void UnchangedInferMeta(const MetaTensor& x, MetaTensor* out) { out->share_meta(x); }

void CastInferMeta(const MetaTensor& x, DataType out_dtype, MetaTensor* out) {
  PD_CHECK(out_dtype != DataType::UNDEFINED && out_dtype < DataType::NUM_DATA_TYPES,
           InvalidArgument, "expected a defined target data type for cast, but got ", out_dtype);
  out->set_dims(x.dims());
  out->set_dtype(out_dtype);
  out->set_layout(x.layout());
}

}  // namespace phi
