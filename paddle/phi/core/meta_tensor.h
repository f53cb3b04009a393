// MetaTensor: the view of a tensor that InferMeta functions read and write (dims, dtype,
// layout), never its data. A null MetaTensor stands for an absent optional tensor.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// Whether InferMeta runs at build time (dims may hold -1) or at run time (all known).
struct MetaConfig {
  bool is_runtime = true;
};

class MetaTensor {
 public:
  MetaTensor() = default;
  MetaTensor(DenseTensor* tensor) : tensor_(tensor) {}  // NOLINT: implicit by design
  MetaTensor(const DenseTensor* tensor) : tensor_(const_cast<DenseTensor*>(tensor)) {}  // NOLINT

  explicit operator bool() const { return tensor_ != nullptr; }
  bool initialized() const { return tensor_ != nullptr; }

  const DDim& dims() const { return tensor_->dims(); }
  DataType dtype() const { return tensor_->dtype(); }
  DataLayout layout() const { return tensor_->layout(); }
  int64_t numel() const { return tensor_->dims().numel(); }

  void set_dims(const DDim& dims) const {
    if (tensor_) tensor_->Resize(dims);
  }
  void set_dtype(DataType dtype) const {
    if (tensor_) tensor_->set_dtype(dtype);
  }
  void set_layout(DataLayout layout) const {
    if (tensor_) tensor_->set_layout(layout);
  }
  // Copies dims, dtype and layout from `other`.
  void share_meta(const MetaTensor& other) const {
    set_dims(other.dims());
    set_dtype(other.dtype());
    set_layout(other.layout());
  }
  DenseTensor* tensor() const { return tensor_; }

 private:
  DenseTensor* tensor_ = nullptr;
};

}  // namespace phi
