// GPU loops of the elementwise kernels: value conversions between device types, unary and
// unary-gradient launches, and broadcast binary launches (Paddle's broadcast rule through
// funcs/broadcast.h's plan; a direct path when the shapes are equal). .cu files only.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/funcs/broadcast.h"

namespace phi {
namespace gpu {

template <typename T>
constexpr bool kIsDeviceHalf = std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>;

// `v` converted to To on the device. 16-bit floats convert through float both ways (as the CPU
// converts phi::float16 / bfloat16), rounding to nearest even.
template <typename To, typename From>
__device__ __forceinline__ To ConvertTo(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (std::is_same_v<From, __half>) {
    return ConvertTo<To>(__half2float(v));
  } else if constexpr (std::is_same_v<From, __nv_bfloat16>) {
    return ConvertTo<To>(__bfloat162float(v));
  } else if constexpr (std::is_same_v<To, __half>) {
    return __float2half_rn(static_cast<float>(v));
  } else if constexpr (std::is_same_v<To, __nv_bfloat16>) {
    return __float2bfloat16_rn(static_cast<float>(v));
  } else {
    return static_cast<To>(v);
  }
}

// A device value in the type its arithmetic runs in (float for 16-bit floats), and back.
template <typename T>
__device__ __forceinline__ AccType<T> ToAcc(T v) {
  return ConvertTo<AccType<T>>(v);
}

// The element offsets in x and y of output element `o` of a broadcast walk (funcs/broadcast.h:
// the output's dims row-major, with per dim strides of x and y, 0 where broadcast).
__device__ __forceinline__ void BroadcastOffsets(const funcs::BroadcastPlan& plan, int64_t o,
                                                 int64_t* x_offset, int64_t* y_offset) {
  int64_t xo = 0, yo = 0;
  for (int d = plan.rank - 1; d > 0; --d) {
    const int64_t extent = plan.dims[d];
    const int64_t index = o % extent;
    o /= extent;
    xo += index * plan.x_strides[d];
    yo += index * plan.y_strides[d];
  }
  if (plan.rank > 0) {  // the outermost index is what is left
    xo += o * plan.x_strides[0];
    yo += o * plan.y_strides[0];
  }
  *x_offset = xo;
  *y_offset = yo;
}

namespace detail {

template <typename T, typename Op>
__global__ void UnaryKernel(const T* in, T* out, int64_t n, Op op) {
  PD_GPU_LOOP(i, n) { out[i] = ConvertTo<T>(op(ToAcc(in[i]))); }
}

template <typename T, typename Op>
__global__ void UnaryGradKernel(const T* v, const T* dout, T* dx, int64_t n, Op op) {
  PD_GPU_LOOP(i, n) { dx[i] = ConvertTo<T>(op(ToAcc(v[i]), ToAcc(dout[i]))); }
}

template <typename T, typename OutT, typename Op>
__global__ void SameShapeBinaryKernel(const T* x, const T* y, OutT* out, int64_t n, Op op) {
  PD_GPU_LOOP(i, n) { out[i] = ConvertTo<OutT>(op(ToAcc(x[i]), ToAcc(y[i]))); }
}

template <typename T, typename OutT, typename Op>
__global__ void BroadcastBinaryKernel(const T* x, const T* y, OutT* out,
                                      funcs::BroadcastPlan plan, Op op) {
  PD_GPU_LOOP(o, plan.numel) {
    int64_t xo, yo;
    BroadcastOffsets(plan, o, &xo, &yo);
    out[o] = ConvertTo<OutT>(op(ToAcc(x[xo]), ToAcc(y[yo])));
  }
}

template <typename T>
__global__ void FillKernel(T* data, int64_t n, T value) {
  PD_GPU_LOOP(i, n) { data[i] = value; }
}

}  // namespace detail

// Out = op(X) elementwise, op taking and giving AccType<T> (a funcs functor over it). Out may
// share X's storage: each element is read before its thread writes it.
template <typename T, typename Op>
void LaunchUnary(const GPUContext& ctx, const DenseTensor& x, DenseTensor* out,
                 const char* op_name, Op op) {
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected ", op_name,
           "'s Out to have X's dims ", x.dims(), ", but got ", out->dims());
  const DenseTensor x_in = x;  // keeps X's storage alive if Out aliases it
  const DeviceType<T>* in = DeviceData<T>(x_in);
  DeviceType<T>* result = DeviceAlloc<T>(ctx, out);
  const int64_t n = x_in.numel();
  if (n == 0) return;
  detail::UnaryKernel<<<BlocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(in, result, n, op);
  PD_CUDA_CHECK_LAUNCH();
}

// dx = op(v, dout) elementwise with v = X or Out; dx may be nullptr (not wanted) and may share
// the storage of v or dout.
template <typename T, typename Op>
void LaunchUnaryGrad(const GPUContext& ctx, const DenseTensor& v, const DenseTensor& dout,
                     DenseTensor* dx, const char* what, Op op) {
  if (dx == nullptr) return;
  PD_CHECK(dout.numel() == v.numel() && dx->numel() == v.numel(), InvalidArgument, "expected ",
           what, "'s Out@GRAD and X@GRAD to have dims ", v.dims(), ", but got ", dout.dims(),
           " and ", dx->dims());
  const DenseTensor v_in = v;  // keep storage alive if dx aliases one of them
  const DenseTensor d_in = dout;
  const DeviceType<T>* a = DeviceData<T>(v_in);
  const DeviceType<T>* d = DeviceData<T>(d_in);
  DeviceType<T>* result = DeviceAlloc<T>(ctx, dx);
  const int64_t n = v_in.numel();
  if (n == 0) return;
  detail::UnaryGradKernel<<<BlocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(a, d, result, n, op);
  PD_CUDA_CHECK_LAUNCH();
}

// out[o] = op(x[xi], y[yi]) over the broadcast of x and y (axis: Paddle's legacy rule), op
// taking AccType<T> values and giving a value converted to OutT. Out must have the broadcast
// dims (InferMeta sets them). Out may share the storage of an input of its own shape and type
// (each thread reads its element before writing it); over any other input it gets its own.
template <typename T, typename OutT, typename Op>
void LaunchBroadcastBinary(const GPUContext& ctx, const DenseTensor& x, const DenseTensor& y,
                           int axis, DenseTensor* out, Op op) {
  const DenseTensor x_in = x;
  const DenseTensor y_in = y;
  const bool same_dims = x_in.dims() == y_in.dims();
  funcs::BroadcastShapes shapes;
  DDim out_dims = x_in.dims();
  if (!same_dims) {
    shapes = funcs::AlignBroadcastShapes(x_in.dims(), y_in.dims(), axis);
    out_dims = DDim(shapes.out);
  }
  PD_CHECK(out->numel() == out_dims.numel(), InvalidArgument, "expected Out to have dims ",
           out_dims, " (X ", x_in.dims(), " broadcast with Y ", y_in.dims(), ", axis ", axis,
           "), but got ", out->dims());
  for (const DenseTensor* input : {&x_in, &y_in}) {
    const bool in_place_ok =
        input->dims() == out_dims && input->dtype() == CppTypeToDataType<OutT>::value;
    if (!in_place_ok && out->Holder() != nullptr && out->Holder() == input->Holder()) {
      const DDim dims = out->dims();
      out->clear();
      out->Resize(dims);
    }
  }
  const DeviceType<T>* a = DeviceData<T>(x_in);
  const DeviceType<T>* b = DeviceData<T>(y_in);
  DeviceType<OutT>* result = DeviceAlloc<OutT>(ctx, out);
  const int64_t n = out_dims.numel();
  if (n == 0) return;
  if (same_dims) {
    detail::SameShapeBinaryKernel<<<BlocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(a, b, result,
                                                                                  n, op);
  } else {
    const funcs::BroadcastPlan plan = funcs::MakeBroadcastPlan(shapes);
    detail::BroadcastBinaryKernel<<<BlocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(
        a, b, result, plan, op);
  }
  PD_CUDA_CHECK_LAUNCH();
}

// data[0, n) = value (already a device value).
template <typename DT>
void LaunchFill(const GPUContext& ctx, DT* data, int64_t n, DT value) {
  if (n == 0) return;
  detail::FillKernel<<<BlocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(data, n, value);
  PD_CUDA_CHECK_LAUNCH();
}

// A host value of phi type T (float16 / bfloat16 included) as its device type, bit for bit.
template <typename T>
DeviceType<T> ToDeviceValue(T value) {
  static_assert(sizeof(DeviceType<T>) == sizeof(T), "device type must hold the same bits");
  DeviceType<T> device_value;
  std::memcpy(&device_value, &value, sizeof(T));
  return device_value;
}

}  // namespace gpu
}  // namespace phi
