// The bounds of clip and clip_grad on GPU: the attribute, or the one value of a Min / Max
// tensor. A tensor on the CPU is read on the host (as the CPU kernel reads it); one on the GPU
// is read by the kernel itself, since reading it here would wait for the device.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/clip_kernel.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {
namespace gpu {

// A bound in AccType<T>: `value` when `device_data` is null, else read on the device.
template <typename T>
struct ClipBoundArg {
  AccType<T> value{};
  const void* device_data = nullptr;
  DataType dtype = DataType::FLOAT32;
};

// The bound for T from `tensor` (may be null) or `attr`, converted as BoundAs<T> converts.
template <typename T>
ClipBoundArg<T> MakeClipBound(const DenseTensor* tensor, float attr, const char* name) {
  ClipBoundArg<T> bound;
  if (tensor != nullptr && tensor->place().is_gpu()) {
    PD_CHECK(tensor->numel() == 1, InvalidArgument, "expected clip's ", name,
             " to hold one element, but got dims ", tensor->dims());
    const DataType dtype = tensor->dtype();
    PD_CHECK(dtype == DataType::FLOAT32 || dtype == DataType::FLOAT64 ||
                 dtype == DataType::INT32 || dtype == DataType::INT64,
             InvalidArgument, "expected clip's ", name,
             " to be float32, float64, int32 or int64, but got ", dtype);
    bound.device_data = tensor->raw_data();
    bound.dtype = dtype;
    return bound;
  }
  const T value = BoundAs<T>(ClipBound(tensor, attr, name), name);
  bound.value = static_cast<AccType<T>>(value);  // 16-bit floats: rounded to T first
  return bound;
}

// On the device: the bound's value, a device tensor's converted like BoundAs<T> (integers
// clamped to T's range; a NaN, which the host would refuse, gives 0 for integers).
template <typename T>
__device__ AccType<T> ResolveClipBound(const ClipBoundArg<T>& bound) {
  using DT = DeviceType<T>;
  if (bound.device_data == nullptr) return bound.value;
  double v = 0;
  switch (bound.dtype) {
    case DataType::FLOAT32: v = *static_cast<const float*>(bound.device_data); break;
    case DataType::FLOAT64: v = *static_cast<const double*>(bound.device_data); break;
    case DataType::INT32: v = *static_cast<const int32_t*>(bound.device_data); break;
    default: v = static_cast<double>(*static_cast<const int64_t*>(bound.device_data)); break;
  }
  if constexpr (std::is_integral_v<T>) {
    if (v != v) return T(0);  // NOLINT: NaN test
    if (v <= static_cast<double>(std::numeric_limits<T>::lowest()))
      return std::numeric_limits<T>::lowest();
    if (v >= static_cast<double>(std::numeric_limits<T>::max()))
      return std::numeric_limits<T>::max();
    return static_cast<T>(v);
  } else {
    return ToAcc(ConvertTo<DT>(v));
  }
}

}  // namespace gpu
}  // namespace phi
