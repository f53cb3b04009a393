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

  // Both setters refuse (ResourceExhausted) a meta whose byte size overflows 64 bits, so an
  // impossible shape fails in InferMeta, before any kernel runs.
  void set_dims(const DDim& dims) const {
    if (tensor_) {
      tensor_->Resize(dims);
      CheckBytes();
    }
  }
  void set_dtype(DataType dtype) const {
    if (tensor_) {
      tensor_->set_dtype(dtype);
      CheckBytes();
    }
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
  void CheckBytes() const {
    if (tensor_->dtype() != DataType::UNDEFINED) (void)tensor_->nbytes();
  }
  DenseTensor* tensor_ = nullptr;
};

}  // namespace phi
