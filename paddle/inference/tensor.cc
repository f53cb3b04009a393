// paddle_infer::Tensor: input and output handles over a predictor's TensorSlots. Checks
// happen here, at the call that is wrong (type, shape, order), with messages naming the
// input or output and the model.
#include <cstring>

#include "paddle/common/errors.h"
#include "paddle/inference/predictor_impl.h"
#include "paddle/phi/core/allocator.h"

namespace paddle_infer {

using paddle::inference::TensorSlot;

namespace {

std::string Where(const TensorSlot& s) {
  return std::string(s.is_input ? "input '" : "output '") + s.name + "' of " + s.model_source;
}

template <typename Int>
std::string ShapeString(const std::vector<Int>& shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

template <typename T>
void CheckElementType(const TensorSlot& s, phi::DataType have, const char* call) {
  phi::DataType want = phi::CppTypeToDataType<T>::value;
  PD_CHECK(want == have, InvalidArgument, "expected ", call, " with element type ", have,
           " for ", Where(s), ", but got element type ", want);
}

// Element type of what the slot holds now, else what the program declares.
phi::DataType CurrentType(const TensorSlot& s) {
  if (s.filled && s.tensor.dtype() != phi::DataType::UNDEFINED) return s.tensor.dtype();
  return s.declared_dtype;
}

void CheckReadable(const TensorSlot& s, const char* call) {
  if (s.is_input) {
    PD_CHECK(s.filled, PreconditionNotMet, "expected data in ", Where(s), " before ", call,
             ", but none was set (call Reshape() and CopyFromCpu() first)");
  } else {
    PD_CHECK(s.filled, PreconditionNotMet, "expected ", Where(s),
             " to hold the result of a successful Run() before ", call,
             ", but it holds none (Run() was not called, or it failed: see GetLastError())");
  }
}

void CheckCpuPlace(const TensorSlot& s, PlaceType place, const char* call) {
  PD_CHECK(place == PlaceType::kCPU, Unimplemented, "expected PlaceType::kCPU in ", call,
           " for ", Where(s), ", but got place ", static_cast<int>(place),
           ": this build runs on CPU only");
}

}  // namespace

Tensor::Tensor(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Tensor::~Tensor() = default;

namespace {

// The checks of Reshape (and ShareExternalData) on a new shape for input `s`.
void CheckInputShape(const TensorSlot& s, const std::vector<int>& shape, const char* call) {
  PD_CHECK(s.is_input, PreconditionNotMet, "expected an input handle for ", call, ", but ",
           Where(s), " is an output (its shape comes from Run())");
  for (int d : shape)
    PD_CHECK(d >= 0, InvalidArgument, "expected non-negative dimensions for ", Where(s),
             ", but got shape ", ShapeString(shape));
  if (s.has_declared_shape) {
    const auto& want = s.declared_shape;
    PD_CHECK(shape.size() == want.size(), InvalidArgument, "expected rank ", want.size(),
             " (shape ", ShapeString(want), ") for ", Where(s), ", but got rank ", shape.size(),
             " (shape ", ShapeString(shape), ")");
    for (size_t i = 0; i < shape.size(); ++i)
      PD_CHECK(want[i] < 0 || want[i] == shape[i], InvalidArgument, "expected shape ",
               ShapeString(want), " for ", Where(s), ", but got ", ShapeString(shape),
               " (dimension ", i, " differs)");
  }
  PD_CHECK(shape.size() <= static_cast<size_t>(phi::DDim::kMaxRank), InvalidArgument,
           "expected at most ", phi::DDim::kMaxRank, " dimensions for ", Where(s), ", but got ",
           ShapeString(shape));
}

// Storage of the slot's own before a write into input `s`: the caller's memory
// (ShareExternalData) is let go, never written.
void OwnStorage(TensorSlot& s) {
  if (!s.external) return;
  const phi::DDim dims = s.tensor.dims();
  s.tensor.clear();
  s.tensor.Resize(dims);
  s.external = false;
}

}  // namespace

void Tensor::Reshape(const std::vector<int>& shape) {
  TensorSlot& s = *impl_->slot;
  CheckInputShape(s, shape, "Reshape()");
  phi::DDim new_dims(std::vector<int64_t>(shape.begin(), shape.end()));
  if (!s.shaped || s.tensor.dims() != new_dims) {
    s.filled = false;  // data must be written again
    OwnStorage(s);
  }
  s.tensor.Resize(new_dims);
  s.shaped = true;
}

template <typename T>
void Tensor::ShareExternalData(const T* data, const std::vector<int>& shape, PlaceType place,
                               DataLayout /*layout*/) {
  TensorSlot& s = *impl_->slot;
  CheckCpuPlace(s, place, "ShareExternalData()");
  int64_t numel = 1;
  for (int d : shape) numel *= d < 0 ? 0 : d;
  // Not owned: the caller keeps the buffer alive (see the declaration).
  auto storage = std::make_shared<phi::Allocation>(const_cast<T*>(data), numel * sizeof(T),
                                                   phi::CPUPlace(), nullptr);
  paddle::inference::ShareExternalStorage(
      this, std::move(storage), phi::CppTypeToDataType<T>::value, shape, "ShareExternalData()");
}

template <typename T>
void Tensor::CopyFromCpu(const T* data) {
  TensorSlot& s = *impl_->slot;
  PD_CHECK(s.is_input, PreconditionNotMet, "expected an input handle for CopyFromCpu(), but ",
           Where(s), " is an output");
  CheckElementType<T>(s, s.declared_dtype, "CopyFromCpu()");
  PD_CHECK(s.shaped, PreconditionNotMet, "expected Reshape() before CopyFromCpu() on ", Where(s),
           ", but the input has no shape yet");
  int64_t numel = s.tensor.numel();
  PD_CHECK(data != nullptr || numel == 0, InvalidArgument, "expected source data for ",
           Where(s), " of ", numel, " elements, but got a null pointer");
  OwnStorage(s);
  T* dst = s.tensor.mutable_data<T>(phi::GetCPUAllocator());
  if (numel > 0) std::memcpy(dst, data, static_cast<size_t>(numel) * sizeof(T));
  s.filled = true;
}

template <typename T>
void Tensor::CopyToCpu(T* data) const {
  const TensorSlot& s = *impl_->slot;
  CheckReadable(s, "CopyToCpu()");
  CheckElementType<T>(s, s.tensor.dtype(), "CopyToCpu()");
  int64_t numel = s.tensor.numel();
  PD_CHECK(data != nullptr || numel == 0, InvalidArgument, "expected a destination for ",
           numel, " elements of ", Where(s), ", but got a null pointer");
  if (numel > 0)
    std::memcpy(data, s.tensor.template data<T>(), static_cast<size_t>(numel) * sizeof(T));
}

template <typename T>
T* Tensor::mutable_data(PlaceType place) {
  TensorSlot& s = *impl_->slot;
  PD_CHECK(s.is_input, PreconditionNotMet, "expected an input handle for mutable_data(), but ",
           Where(s), " is an output (read it with data() or CopyToCpu())");
  CheckCpuPlace(s, place, "mutable_data()");
  CheckElementType<T>(s, s.declared_dtype, "mutable_data()");
  PD_CHECK(s.shaped, PreconditionNotMet, "expected Reshape() before mutable_data() on ",
           Where(s), ", but the input has no shape yet");
  OwnStorage(s);
  T* dst = s.tensor.mutable_data<T>(phi::GetCPUAllocator());
  s.filled = true;  // the caller writes the data in place
  return dst;
}

template <typename T>
T* Tensor::data(PlaceType* place, int* size) const {
  const TensorSlot& s = *impl_->slot;
  CheckReadable(s, "data()");
  CheckElementType<T>(s, s.tensor.dtype(), "data()");
  if (place != nullptr) *place = PlaceType::kCPU;
  if (size != nullptr) *size = static_cast<int>(s.tensor.numel());
  return const_cast<T*>(s.tensor.template data<T>());
}

std::vector<int> Tensor::shape() const {
  const TensorSlot& s = *impl_->slot;
  if (s.is_input ? !s.shaped : !s.filled) return {};
  std::vector<int> out;
  for (int i = 0; i < s.tensor.dims().size(); ++i) out.push_back(static_cast<int>(s.tensor.dims()[i]));
  return out;
}

DataType Tensor::type() const { return paddle::inference::ToInferDataType(CurrentType(*impl_->slot)); }

const std::string& Tensor::name() const { return impl_->slot->name; }

PlaceType Tensor::place() const { return PlaceType::kCPU; }

#define PD_INFER_INSTANTIATE(T)                                                            \
  template void Tensor::CopyFromCpu<T>(const T* data);                                     \
  template void Tensor::ShareExternalData<T>(const T*, const std::vector<int>&, PlaceType, \
                                             DataLayout);                                  \
  template void Tensor::CopyToCpu<T>(T * data) const;                                      \
  template T* Tensor::mutable_data<T>(PlaceType place);                                    \
  template T* Tensor::data<T>(PlaceType * place, int* size) const;
PD_INFER_INSTANTIATE(float)
PD_INFER_INSTANTIATE(double)
PD_INFER_INSTANTIATE(int64_t)
PD_INFER_INSTANTIATE(int32_t)
PD_INFER_INSTANTIATE(uint8_t)
PD_INFER_INSTANTIATE(int8_t)
PD_INFER_INSTANTIATE(bool)
#undef PD_INFER_INSTANTIATE

}  // namespace paddle_infer

namespace paddle {
namespace inference {

void ShareExternalStorage(paddle_infer::Tensor* handle, std::shared_ptr<phi::Allocation> storage,
                          phi::DataType dtype, const std::vector<int>& shape, const char* call) {
  using namespace ::paddle_infer;  // NOLINT: this file's helpers
  TensorSlot& s = TensorSlotAccess::Slot(handle);
  CheckInputShape(s, shape, call);
  PD_CHECK(dtype == s.declared_dtype, InvalidArgument, "expected ", call, " with element type ",
           s.declared_dtype, " for ", Where(s), ", but got element type ", dtype);
  phi::DDim dims(std::vector<int64_t>(shape.begin(), shape.end()));
  phi::DenseTensor bound(dtype, dims);
  const size_t bytes = static_cast<size_t>(bound.numel()) * phi::SizeOf(dtype);
  PD_CHECK(storage->size() >= bytes, InvalidArgument, "expected ", bytes, " bytes of data for ",
           Where(s), " of shape ", ShapeString(shape), ", but got ", storage->size());
  PD_CHECK(storage->ptr() != nullptr || bytes == 0, InvalidArgument, "expected source data for ",
           Where(s), " of shape ", ShapeString(shape), ", but got a null pointer");
  bound.ResetHolder(std::move(storage));
  s.tensor = std::move(bound);
  s.external = true;
  s.shaped = true;
  s.filled = true;
}

}  // namespace inference
}  // namespace paddle
