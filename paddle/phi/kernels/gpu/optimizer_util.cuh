// Helpers of the GPU optimizer, norm and AMP kernels: one-element tensors (learning rates,
// beta powers, loss scales, flags) that may live on the host or the device, handed to CUDA
// kernels without reading device memory on the host; and a deterministic sum of squares.
#pragma once

#include <cstdint>
#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/optimizer_functor.h"

namespace phi {
namespace gpu_opt {

using funcs::ScalarArg;
using funcs::ScalarOut;

inline void CheckOneFloat(const DenseTensor& t, const char* op, const char* name) {
  PD_CHECK(t.numel() == 1, InvalidArgument, "expected ", op, "'s ", name,
           " to hold one element, but got dims ", t.dims());
  PD_CHECK(t.dtype() == DataType::FLOAT32 || t.dtype() == DataType::FLOAT64, InvalidArgument,
           "expected ", op, "'s ", name, " to be float32 or float64, but got ", t.dtype());
}

// A float32/float64 one-element tensor as a kernel argument: its device pointer when it lives
// on the GPU, else its value read on the host.
inline ScalarArg ScalarArgOf(const DenseTensor& t, const char* op, const char* name) {
  CheckOneFloat(t, op, name);
  ScalarArg arg;
  if (t.place().is_gpu()) {
    if (t.dtype() == DataType::FLOAT32) arg.f32 = t.data<float>();
    else arg.f64 = t.data<double>();
  } else {
    arg.value = t.dtype() == DataType::FLOAT32 ? t.data<float>()[0] : t.data<double>()[0];
  }
  return arg;
}

// A bool flag (SkipUpdate, FoundInfinite) read inside a kernel: device pointer or host value.
struct FlagArg {
  const bool* ptr = nullptr;
  bool value = false;
  PD_HOSTDEVICE bool get() const { return ptr != nullptr ? *ptr : value; }
  bool on_device() const { return ptr != nullptr; }
};
inline FlagArg FlagArgOf(const DenseTensor* t, const char* op, const char* name) {
  FlagArg arg;
  if (t == nullptr) return arg;
  PD_CHECK(t->numel() == 1 && t->dtype() == DataType::BOOL, InvalidArgument, "expected ", op,
           "'s ", name, " to be one bool, but got ", t->dtype(), " ", t->dims());
  if (t->place().is_gpu()) arg.ptr = t->data<bool>();
  else arg.value = t->data<bool>()[0];
  return arg;
}

// Allocates the one-element output `out` in `like`'s dtype and on `like`'s place (a state
// such as Beta1Pow stays where it is). Returns where to store it; *on_host tells which side.
inline ScalarOut AllocScalarLike(const GPUContext& dev_ctx, DenseTensor* out,
                                 const DenseTensor& like, bool* on_host) {
  ScalarOut result;
  *on_host = !like.place().is_gpu();
  if (out == nullptr) return result;
  out->Resize(like.dims());
  const DeviceContext& ctx =
      *on_host ? static_cast<const DeviceContext&>(CPUContext::Default()) : dev_ctx;
  if (like.dtype() == DataType::FLOAT64) result.f64 = ctx.Alloc<double>(out);
  else result.f32 = ctx.Alloc<float>(out);
  return result;
}

// Optimizer states (moments, velocity) hold T, or float32 beside 16-bit parameters trained
// with master weights. Calls fn(S*) with S, the state's type (T or AccType<T>).
template <typename T, typename Fn>
void VisitStateType(const DenseTensor& state, const char* op, const char* name, Fn&& fn) {
  using MT = gpu::AccType<T>;
  if (state.dtype() == CppTypeToDataType<T>::value) {
    fn(static_cast<T*>(nullptr));
    return;
  }
  if constexpr (!std::is_same_v<T, MT>) {
    if (state.dtype() == CppTypeToDataType<MT>::value) {
      fn(static_cast<MT*>(nullptr));
      return;
    }
  }
  PD_THROW(InvalidArgument, "expected ", op, "'s ", name, " to be ", CppTypeToDataType<T>::value,
           " or ", CppTypeToDataType<MT>::value, ", but got ", state.dtype());
}

// The master weights of a multi-precision update: AccType<T> values of Param's size.
template <typename T>
const gpu::AccType<T>* MasterData(const DenseTensor* master, const DenseTensor& param,
                                  const char* op) {
  using MT = gpu::AccType<T>;
  PD_CHECK(master != nullptr && master->numel() == param.numel(), InvalidArgument, "expected ",
           op, " with multi_precision to have a MasterParam of Param's dims ", param.dims(),
           ", but got ", master ? master->dims().to_str() : "none");
  PD_CHECK(master->dtype() == CppTypeToDataType<MT>::value, InvalidArgument, "expected ", op,
           "'s MasterParam to be ", CppTypeToDataType<MT>::value, ", but got ", master->dtype());
  return master->data<MT>();
}

// Conversions between a tensor's device type and the arithmetic type (__half <-> float, ...).
template <typename To, typename From>
__device__ __forceinline__ To Convert(From v) {
  return static_cast<To>(v);
}

// Sum of v over the block, valid in thread 0 (blockDim.x a multiple of 32, at most 1024).
// Safe to call more than once per kernel.
__device__ __forceinline__ double BlockSumDouble(double v) {
  __shared__ double warp_sums[32];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  __syncthreads();  // an earlier call's readers are done with warp_sums
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < static_cast<int>(blockDim.x / 32) ? warp_sums[lane] : 0.0;
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  }
  return v;
}

// Per-block partial sums of x^2 (in double), one per block, in partials[blockIdx.x].
template <typename DT>
__global__ void SumSquaresPartialKernel(const DT* x, int64_t n, double* partials) {
  // 16-bit floats widen through float (their only conversion); float and double directly.
  using Wide = std::conditional_t<std::is_same_v<DT, double>, double, float>;
  double sum = 0;
  PD_GPU_LOOP(i, n) {
    const double v = static_cast<double>(Convert<Wide>(x[i]));
    sum += v * v;
  }
  sum = BlockSumDouble(sum);
  if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

// One block adds `count` partial sums (in a fixed order: the result does not vary run to run).
// A template only so that every file including this header shares one definition.
template <int kUnused = 0>
__global__ void SumPartialsKernel(const double* partials, int count, double* result) {
  double sum = 0;
  for (int i = threadIdx.x; i < count; i += blockDim.x) sum += partials[i];
  sum = BlockSumDouble(sum);
  if (threadIdx.x == 0) *result = sum;
}

// *result (device memory) = sum of x^2 over n elements, accumulated in double.
template <typename T>
void SumSquares(const GPUContext& dev_ctx, const gpu::DeviceType<T>* x, int64_t n,
                double* result) {
  const int blocks = gpu::BlocksFor(dev_ctx, n);
  DenseTensor partials(DataType::FLOAT64, DDim({blocks}));
  double* partial_data = dev_ctx.template Alloc<double>(&partials);
  SumSquaresPartialKernel<gpu::DeviceType<T>>
      <<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(x, n, partial_data);
  PD_CUDA_CHECK_LAUNCH();
  SumPartialsKernel<<<1, gpu::kThreads, 0, dev_ctx.stream()>>>(partial_data, blocks, result);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace gpu_opt
}  // namespace phi
