// cast on GPU: impl/cast_kernel_impl.h's kernel, with one elementwise launch per (X type,
// out_dtype) pair converting as the CPU kernel does: 16-bit floats through float, to bool as
// value != 0, complex to real dropping the imaginary part, float to integer as x86 does
// (funcs/cast_functor.h).
#include "paddle/phi/kernels/cast_kernel.h"

#include <type_traits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/cast_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/impl/cast_kernel_impl.h"

namespace phi {
namespace {

// std::complex's layout (real, imaginary), as a plain struct usable on the device.
template <typename F>
struct DeviceComplex {
  F real;
  F imag;
};

template <typename T>
struct CastDeviceTypeOf {
  using type = gpu::DeviceType<T>;
};
template <>
struct CastDeviceTypeOf<complex64> {
  using type = DeviceComplex<float>;
};
template <>
struct CastDeviceTypeOf<complex128> {
  using type = DeviceComplex<double>;
};
template <typename T>
using CastDeviceType = typename CastDeviceTypeOf<T>::type;

template <typename T>
constexpr bool kIsComplex =
    std::is_same_v<T, DeviceComplex<float>> || std::is_same_v<T, DeviceComplex<double>>;

// The CPU kernel's ConvertValue, case for case, over device types.
template <typename To, typename From>
__device__ To CastValue(From value) {
  if constexpr (std::is_same_v<To, From>) {
    return value;
  } else if constexpr (gpu::kIsDeviceHalf<From>) {
    return CastValue<To>(gpu::ConvertTo<float>(value));
  } else if constexpr (std::is_same_v<To, bool>) {
    if constexpr (kIsComplex<From>) {
      return value.real != 0 || value.imag != 0;
    } else {
      return value != From(0);
    }
  } else if constexpr (kIsComplex<From> && !kIsComplex<To>) {
    return CastValue<To>(value.real);  // as NumPy: the imaginary part is dropped
  } else if constexpr (gpu::kIsDeviceHalf<To>) {
    return gpu::ConvertTo<To>(static_cast<float>(value));
  } else if constexpr (kIsComplex<To> && !kIsComplex<From>) {
    using F = decltype(To::real);
    return To{CastValue<F>(value), F(0)};
  } else if constexpr (kIsComplex<To> && kIsComplex<From>) {
    using F = decltype(To::real);
    return To{static_cast<F>(value.real), static_cast<F>(value.imag)};
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    return funcs::FloatToInteger<To>(value);
  } else {
    return static_cast<To>(value);
  }
}

template <typename To, typename From>
__global__ void CastValuesKernel(const From* in, To* out, int64_t n) {
  PD_GPU_LOOP(i, n) { out[i] = CastValue<To>(in[i]); }
}

}  // namespace

template <typename To, typename From>
void CastValues(const GPUContext& ctx, const From* src, To* dst, int64_t n) {
  static_assert(sizeof(CastDeviceType<To>) == sizeof(To), "device type must hold the same bits");
  const auto* in = reinterpret_cast<const CastDeviceType<From>*>(src);
  auto* out = reinterpret_cast<CastDeviceType<To>*>(dst);
  if (n == 0) return;
  CastValuesKernel<<<gpu::BlocksFor(ctx, n), gpu::kThreads, 0, ctx.stream()>>>(in, out, n);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(cast, GPU, phi::CastKernel, float, double, int32_t, int64_t, bool, phi::float16,
                   phi::bfloat16, int8_t, uint8_t, int16_t, phi::complex64, phi::complex128);
