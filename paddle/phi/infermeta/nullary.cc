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

void RandintInferMeta(int low, int high, const std::vector<int64_t>& shape, DataType dtype,
                      MetaTensor* out) {
  PD_CHECK(low < high, InvalidArgument, "expected randint's low < high, but got low ", low,
           " and high ", high);
  PD_CHECK(dtype == DataType::INT32 || dtype == DataType::INT64, InvalidArgument,
           "expected randint's dtype to be int32 or int64, but got ", dtype);
  CreateInferMeta(shape, dtype, out);
}

void RandpermInferMeta(int n, DataType dtype, MetaTensor* out) {
  PD_CHECK(n >= 0, InvalidArgument, "expected randperm's n >= 0, but got ", n);
  PD_CHECK(dtype == DataType::INT32 || dtype == DataType::INT64 || dtype == DataType::FLOAT32 ||
               dtype == DataType::FLOAT64,
           InvalidArgument, "expected randperm's dtype to be int32, int64, float32 or float64, ",
           "but got ", dtype);
  CreateInferMeta(std::vector<int64_t>{n}, dtype, out);
}

}  // namespace phi
