// bincount on GPU. X's smallest and largest values (cub::DeviceReduce) are read on the host,
// which waits for the stream: the largest sizes Out, and a negative smallest value raises the
// CPU kernel's error (X is then copied to the host to name the first negative value and its
// position). Each element then atomically adds 1 (or its weight) to its bin.
#include <algorithm>
#include <cstdint>
#include <cub/device/device_reduce.cuh>
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/bincount_kernel.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {
namespace gpu_bincount {

// out[x[i]] += (weights ? weights[i] : 1).
template <typename T, typename W>
__global__ void CountKernel(const T* x, const W* weights, int64_t n, W* out) {
  PD_GPU_LOOP(i, n) {
    gpu::AtomicAdd(out + static_cast<int64_t>(x[i]), weights != nullptr ? weights[i] : W(1));
  }
}

// X's smallest and largest values (n > 0), read on the host.
template <typename T>
void MinMax(const GPUContext& ctx, const T* x, int64_t n, T* low, T* high) {
  DenseTensor result(CppTypeToDataType<T>::value, DDim({2}));
  T* r = ctx.template Alloc<T>(&result);
  size_t min_bytes = 0, max_bytes = 0;
  PD_CUDA_CHECK(cub::DeviceReduce::Min(nullptr, min_bytes, x, r, n, ctx.stream()));
  PD_CUDA_CHECK(cub::DeviceReduce::Max(nullptr, max_bytes, x, r + 1, n, ctx.stream()));
  size_t temp_bytes = min_bytes > max_bytes ? min_bytes : max_bytes;
  DenseTensor temp(DataType::UINT8, DDim({static_cast<int64_t>(temp_bytes) + 1}));
  void* temp_data = ctx.template Alloc<uint8_t>(&temp);
  PD_CUDA_CHECK(cub::DeviceReduce::Min(temp_data, temp_bytes, x, r, n, ctx.stream()));
  temp_bytes = min_bytes > max_bytes ? min_bytes : max_bytes;
  PD_CUDA_CHECK(cub::DeviceReduce::Max(temp_data, temp_bytes, x, r + 1, n, ctx.stream()));
  T host[2];
  PD_CUDA_CHECK(cudaMemcpyAsync(host, r, sizeof(T) * 2, cudaMemcpyDeviceToHost, ctx.stream()));
  ctx.Wait();
  *low = host[0];
  *high = host[1];
}

template <typename T, typename W>
void Count(const GPUContext& ctx, const DenseTensor& x, const DenseTensor* weights, int64_t bins,
           DenseTensor* out) {
  W* dst = funcs::AllocUnaliased<W>(ctx, out, {&x, weights});
  if (bins > 0) PD_CUDA_CHECK(cudaMemsetAsync(dst, 0, sizeof(W) * bins, ctx.stream()));
  const int64_t n = x.numel();
  if (n == 0) return;
  const W* w = weights != nullptr ? weights->data<W>() : nullptr;
  CountKernel<T, W>
      <<<gpu::BlocksFor(ctx, n), gpu::kThreads, 0, ctx.stream()>>>(x.data<T>(), w, n, dst);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace gpu_bincount

template <typename T, typename Context>
void BincountKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* weights,
                    int minlength, DenseTensor* out) {
  const DenseTensor x_in = x;  // Out may share a variable with X
  PD_CHECK(minlength >= 0, InvalidArgument, "expected bincount's minlength >= 0, but got ",
           minlength);
  const int64_t n = x_in.numel();
  int64_t bins = minlength;
  if (n > 0) {
    T low = 0, high = 0;
    gpu_bincount::MinMax<T>(dev_ctx, x_in.data<T>(), n, &low, &high);
    if (low < 0) {  // name the first negative value, as the CPU kernel does
      std::vector<T> host(n);
      PD_CUDA_CHECK(cudaMemcpyAsync(host.data(), x_in.data<T>(), sizeof(T) * n,
                                    cudaMemcpyDeviceToHost, dev_ctx.stream()));
      dev_ctx.Wait();
      for (int64_t i = 0; i < n; ++i) {
        PD_CHECK(host[i] >= 0, InvalidArgument,
                 "expected bincount's X to hold non-negative values, but got ", host[i],
                 " at position ", i);
      }
    }
    // INT64_MAX + 1 bins cannot be allocated anyway: the allocation refuses INT64_MAX.
    const int64_t v = static_cast<int64_t>(high);
    bins = std::max(bins, v == INT64_MAX ? v : v + 1);
  }
  DenseTensor w_in;
  if (weights != nullptr) {
    w_in = *weights;
    PD_CHECK(w_in.numel() == n, InvalidArgument, "expected bincount's Weights to have X's dims ",
             x_in.dims(), ", but got Weights ", w_in.dims());
  }
  const DenseTensor* w = weights != nullptr ? &w_in : nullptr;
  out->Resize(DDim({bins}));
  const DataType out_dtype = weights == nullptr ? DataType::INT64 : w_in.dtype();
  switch (out_dtype) {
    case DataType::INT64:
      gpu_bincount::Count<T, int64_t>(dev_ctx, x_in, w, bins, out);
      break;
    case DataType::INT32:
      gpu_bincount::Count<T, int32_t>(dev_ctx, x_in, w, bins, out);
      break;
    case DataType::FLOAT32:
      gpu_bincount::Count<T, float>(dev_ctx, x_in, w, bins, out);
      break;
    case DataType::FLOAT64:
      gpu_bincount::Count<T, double>(dev_ctx, x_in, w, bins, out);
      break;
    default:
      PD_THROW(InvalidArgument,
               "expected bincount's Weights to be float32, float64, int32 or int64, but got ",
               out_dtype);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(bincount, GPU, phi::BincountKernel, int32_t, int64_t);
