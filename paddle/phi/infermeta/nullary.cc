#include "paddle/phi/infermeta/nullary.h"

namespace phi {

void CreateInferMeta(const std::vector<int64_t>& shape, DataType dtype, MetaTensor* out) {
  for (size_t i = 0; i < shape.size(); ++i) {
    PD_CHECK(shape[i] >= 0, InvalidArgument,
             "expected every extent of the shape to be non-negative, but got shape ", DDim(shape),
             " (extent ", i, " is ", shape[i], ")");
  }
  PD_CHECK(dtype != DataType::UNDEFINED && dtype < DataType::NUM_DATA_TYPES, InvalidArgument,
           "expected a defined data type for the created tensor, but got ", dtype);
  out->set_dims(DDim(shape));
  out->set_dtype(dtype);
  out->set_layout(DataLayout::NCHW);
}

}  // namespace phi
