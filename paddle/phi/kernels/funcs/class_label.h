// Reading integer class labels (int32 or int64 tensors) and checking their range, shared by
// the classification kernels.
#pragma once

#include <cstdint>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi {
namespace funcs {

// The i-th label of an int32 or int64 tensor.
class ClassLabels {
 public:
  ClassLabels(const DenseTensor& labels, const char* what) {
    if (labels.dtype() == DataType::INT32) {
      i32_ = labels.data<int32_t>();
    } else {
      PD_CHECK(labels.dtype() == DataType::INT64, InvalidArgument, "expected ", what,
               " to be int64 or int32, but got ", labels.dtype());
      i64_ = labels.data<int64_t>();
    }
  }
  int64_t operator[](int64_t i) const { return i64_ != nullptr ? i64_[i] : i32_[i]; }

 private:
  const int32_t* i32_ = nullptr;
  const int64_t* i64_ = nullptr;
};

inline void CheckClassLabel(int64_t label, int64_t classes, int64_t position, const char* op) {
  PD_CHECK(label >= 0 && label < classes, InvalidArgument, "expected ", op,
           "'s labels in [0, ", classes, "), but got ", label, " at position ", position);
}

}  // namespace funcs
}  // namespace phi
