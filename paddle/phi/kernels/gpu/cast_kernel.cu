// cast on GPU: one elementwise launch per (X type, out_dtype) pair, converting as the CPU
// kernel does: 16-bit floats through float, to bool as value != 0, complex to real dropping
// the imaginary part, float to integer as x86 does (funcs/cast_functor.h).
#include "paddle/phi/kernels/cast_kernel.h"

#include <type_traits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/cast_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

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

template <typename From>
struct CastToVisitor {
  const DenseTensor& input;
  DenseTensor* out;
  const GPUContext& dev_ctx;

  template <typename To>
  void operator()() const {
    static_assert(sizeof(CastDeviceType<To>) == sizeof(To), "device type must hold the same bits");
    const auto* src = reinterpret_cast<const CastDeviceType<From>*>(input.data<From>());
    auto* dst = reinterpret_cast<CastDeviceType<To>*>(dev_ctx.template Alloc<To>(out));
    const int64_t n = input.numel();
    if (n == 0) return;
    CastValuesKernel<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(src, dst,
                                                                                        n);
    PD_CUDA_CHECK_LAUNCH();
  }
};

}  // namespace

template <typename T, typename Context>
void CastKernel(const Context& dev_ctx, const DenseTensor& x, DataType out_dtype,
                DenseTensor* out) {
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected cast's Out to have ", x.numel(),
           " elements like X ", x.dims(), ", but Out has dims ", out->dims());
  if (out == &x && out_dtype == x.dtype()) return;
  const DenseTensor input = x;  // keeps X's storage alive while Out gets its own
  if (out->Holder() != nullptr && out->Holder() == input.Holder()) {
    DDim dims = out->dims();
    out->clear();  // Out viewed X's bytes: give it fresh storage instead of overwriting X
    out->Resize(dims);
  }
  const CastToVisitor<T> cast_to{input, out, dev_ctx};
  // VisitDataType covers the real types only; complex targets are dispatched here.
  if (out_dtype == DataType::COMPLEX64) return cast_to.template operator()<complex64>();
  if (out_dtype == DataType::COMPLEX128) return cast_to.template operator()<complex128>();
  VisitDataType(out_dtype, cast_to);
}

}  // namespace phi

PD_REGISTER_KERNEL(cast, GPU, phi::CastKernel, float, double, int32_t, int64_t, bool, phi::float16,
                   phi::bfloat16, int8_t, uint8_t, int16_t, phi::complex64, phi::complex128);
