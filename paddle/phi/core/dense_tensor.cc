#include "paddle/phi/core/dense_tensor.h"

namespace phi {

size_t DenseTensor::nbytes() const {
  int64_t n = meta_.dims.numel();
  if (n < 0) return 0;
  size_t bytes = 0;
  PD_CHECK(!__builtin_mul_overflow(static_cast<size_t>(n), SizeOf(meta_.dtype), &bytes),
           ResourceExhausted, "expected a tensor whose byte size fits in 64 bits, but dims ",
           meta_.dims, " of ", meta_.dtype, " overflow");
  return bytes;
}

Place DenseTensor::place() const { return holder_ ? holder_->place() : Place(); }

void* DenseTensor::AllocateStorage(Allocator* allocator) {
  PD_CHECK(!meta_.dims.has_unknown(), InvalidArgument,
           "expected known dims to allocate a tensor, but got ", meta_.dims);
  PD_CHECK(meta_.dtype != DataType::UNDEFINED, PreconditionNotMet,
           "expected a data type to be set before allocation, but got undefined");
  size_t bytes = nbytes();
  if (holder_ == nullptr || holder_->place() != allocator->place() ||
      holder_->size() < meta_.offset + bytes) {
    holder_ = allocator->Allocate(bytes);
    meta_.offset = 0;
  }
  return raw_data();
}

DenseTensor& DenseTensor::ShareDataWith(const DenseTensor& other) {
  meta_ = other.meta_;
  holder_ = other.holder_;
  return *this;
}

DenseTensor& DenseTensor::ShareBufferWith(const DenseTensor& other) {
  holder_ = other.holder_;
  meta_.offset = other.meta_.offset;
  return *this;
}

void DenseTensor::CheckAccess(DataType requested) const {
  PD_CHECK(requested == meta_.dtype, InvalidArgument, "expected tensor data of type ",
           requested, ", but the tensor holds ", meta_.dtype);
  PD_CHECK(holder_ != nullptr || nbytes() == 0, PreconditionNotMet,
           "expected an initialized tensor of dims ", meta_.dims,
           ", but its storage is not allocated");
}

}  // namespace phi
