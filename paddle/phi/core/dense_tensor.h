// DenseTensor: meta (dims, dtype, layout) over shared storage (an Allocation). Copies of a
// DenseTensor share storage; ShareDataWith makes another view of the same bytes.
#pragma once

#include <memory>

#include "paddle/common/errors.h"
#include "paddle/phi/common/data_type.h"
#include "paddle/phi/common/ddim.h"
#include "paddle/phi/common/place.h"
#include "paddle/phi/core/allocator.h"

namespace phi {

struct DenseTensorMeta {
  DDim dims;
  DataType dtype = DataType::UNDEFINED;
  DataLayout layout = DataLayout::NCHW;
  size_t offset = 0;  // bytes from the start of the allocation
};

class DenseTensor {
 public:
  DenseTensor() = default;
  DenseTensor(DataType dtype, const DDim& dims) { meta_.dtype = dtype; meta_.dims = dims; }

  const DDim& dims() const { return meta_.dims; }
  DataType dtype() const { return meta_.dtype; }
  DataLayout layout() const { return meta_.layout; }
  const DenseTensorMeta& meta() const { return meta_; }
  int64_t numel() const { return meta_.dims.numel(); }
  // Bytes the meta asks for.
  size_t nbytes() const;
  bool initialized() const { return holder_ != nullptr && holder_->ptr() != nullptr; }
  Place place() const;

  // Meta changes never touch storage; the next allocation checks capacity.
  DenseTensor& Resize(const DDim& dims) {
    meta_.dims = dims;
    return *this;
  }
  void set_dtype(DataType dtype) { meta_.dtype = dtype; }
  void set_layout(DataLayout layout) { meta_.layout = layout; }
  void set_meta(const DenseTensorMeta& meta) { meta_ = meta; }

  // Typed access; checks dtype and that storage is present.
  template <typename T>
  const T* data() const {
    CheckAccess(CppTypeToDataType<T>::value);
    return reinterpret_cast<const T*>(raw_data());
  }
  // The mutable accessors thaw frozen storage (Allocation::Freeze): the caller may write.
  template <typename T>
  T* data() {
    CheckAccess(CppTypeToDataType<T>::value);
    return reinterpret_cast<T*>(raw_data());
  }
  const void* raw_data() const {
    return holder_ ? static_cast<const char*>(holder_->ptr()) + meta_.offset : nullptr;
  }
  void* raw_data() {
    if (holder_ == nullptr) return nullptr;
    holder_->Thaw();
    return static_cast<char*>(holder_->ptr()) + meta_.offset;
  }

  // Ensures storage for the current meta (reusing the holder when it is large enough and
  // on the same place) and returns the data pointer.
  void* AllocateStorage(Allocator* allocator);
  template <typename T>
  T* mutable_data(Allocator* allocator) {
    meta_.dtype = CppTypeToDataType<T>::value;
    return static_cast<T*>(AllocateStorage(allocator));
  }

  // Views: share the other tensor's storage (and meta, for ShareDataWith).
  DenseTensor& ShareDataWith(const DenseTensor& other);
  DenseTensor& ShareBufferWith(const DenseTensor& other);
  // Releases storage, keeping meta.
  void clear() { holder_.reset(); meta_.offset = 0; }
  const std::shared_ptr<Allocation>& Holder() const { return holder_; }
  void ResetHolder(std::shared_ptr<Allocation> holder) { holder_ = std::move(holder); }
  size_t capacity() const { return holder_ ? holder_->size() - meta_.offset : 0; }

 private:
  void CheckAccess(DataType requested) const;
  DenseTensorMeta meta_;
  std::shared_ptr<Allocation> holder_;
};

}  // namespace phi
