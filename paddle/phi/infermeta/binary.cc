#include "paddle/phi/infermeta/binary.h"

#include "paddle/phi/kernels/funcs/broadcast.h"

namespace phi {

void ElementwiseInferMeta(const MetaTensor& x, const MetaTensor& y, int axis, MetaTensor* out) {
  DDim out_dims = funcs::BroadcastOutDims(x.dims(), y.dims(), axis);
  DataType dtype = x.dtype();
  DataLayout layout = x.layout();
  out->set_dims(out_dims);
  out->set_dtype(dtype);
  out->set_layout(layout);
}

}  // namespace phi
