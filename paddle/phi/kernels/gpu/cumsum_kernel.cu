// cumsum and cumsum_grad on GPU: X seen as [outer, extent, inner] (the whole tensor as one line
// with flatten); every line of `extent` elements is scanned in T. Many lines or short ones: one
// thread per line, summing in the CPU kernel's order (the same results, bit for bit). Few long
// lines: one block per line, a block-wide scan over chunks of it (cub::BlockScan) carrying the
// running sum, whose float results differ from the CPU's only by rounding. The grad is the
// cumsum of Out@GRAD in the other direction.
#include <algorithm>
#include <cstdint>
#include <cub/block/block_scan.cuh>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/cumsum_kernel.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {
namespace gpu_cumsum {

constexpr int kScanThreads = 256;

// One thread per line: the CPU kernel's loop.
template <typename T>
__global__ void LineScanKernel(const T* in, int64_t lines, int64_t extent, int64_t inner,
                               bool exclusive, bool reverse, T* out) {
  PD_GPU_LOOP(t, lines) {
    const int64_t o = t / inner, i = t % inner;
    const int64_t base = o * extent * inner + i;
    T sum = T(0);
    for (int64_t step = 0; step < extent; ++step) {
      const int64_t j = reverse ? extent - 1 - step : step;
      const int64_t k = base + j * inner;
      const T v = in[k];
      if (exclusive) {
        out[k] = sum;
        sum += v;
      } else {
        sum += v;
        out[k] = sum;
      }
    }
  }
}

// One block per line (grid-stride over lines), chunks of kScanThreads elements in scan order.
template <typename T>
__global__ void BlockScanKernel(const T* in, int64_t lines, int64_t extent, int64_t inner,
                                bool exclusive, bool reverse, T* out) {
  using Scan = cub::BlockScan<T, kScanThreads>;
  __shared__ typename Scan::TempStorage storage;
  for (int64_t line = blockIdx.x; line < lines; line += gridDim.x) {
    const int64_t o = line / inner, i = line % inner;
    const int64_t base = o * extent * inner + i;
    T carry = T(0);
    for (int64_t chunk = 0; chunk < extent; chunk += kScanThreads) {
      const int64_t step = chunk + threadIdx.x;
      const bool valid = step < extent;
      const int64_t j = reverse ? extent - 1 - step : step;
      const int64_t k = base + j * inner;
      const T v = valid ? in[k] : T(0);
      T part, total;
      if (exclusive) {
        Scan(storage).ExclusiveSum(v, part, total);
      } else {
        Scan(storage).InclusiveSum(v, part, total);
      }
      if (valid) out[k] = carry + part;
      carry += total;
      __syncthreads();  // the temp storage is reused by the next chunk
    }
  }
}

template <typename T, typename Context>
void Cumsum(const Context& dev_ctx, const DenseTensor& x, int axis, bool flatten, bool exclusive,
            bool reverse, DenseTensor* out) {
  const DenseTensor in_t = x;  // keeps X alive if Out shares its buffer
  funcs::SoftmaxShape s;
  if (flatten) {
    s.axis_extent = in_t.numel();
  } else {
    s = funcs::MakeSoftmaxShape(in_t.dims(), axis);
  }
  const T* in = in_t.numel() > 0 ? in_t.data<T>() : nullptr;
  T* r = dev_ctx.template Alloc<T>(out);
  if (in_t.numel() == 0) return;
  const int64_t lines = s.outer * s.inner;
  const int64_t sms = dev_ctx.props().multiProcessorCount;
  if (s.axis_extent <= 64 || lines >= sms * 512) {
    LineScanKernel<T><<<gpu::BlocksFor(dev_ctx, lines), gpu::kThreads, 0, dev_ctx.stream()>>>(
        in, lines, s.axis_extent, s.inner, exclusive, reverse, r);
  } else {
    const int blocks = static_cast<int>(std::min<int64_t>(lines, sms * 32));
    BlockScanKernel<T><<<blocks, kScanThreads, 0, dev_ctx.stream()>>>(
        in, lines, s.axis_extent, s.inner, exclusive, reverse, r);
  }
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace gpu_cumsum

template <typename T, typename Context>
void CumsumKernel(const Context& dev_ctx, const DenseTensor& x, int axis, bool flatten,
                  bool exclusive, bool reverse, DenseTensor* out) {
  gpu_cumsum::Cumsum<T>(dev_ctx, x, axis, flatten, exclusive, reverse, out);
}

template <typename T, typename Context>
void CumsumGradKernel(const Context& dev_ctx, const DenseTensor& dout, int axis, bool flatten,
                      bool exclusive, bool reverse, DenseTensor* dx) {
  // dx has X's shape; with flatten dout is 1-D and both run in the same element order.
  gpu_cumsum::Cumsum<T>(dev_ctx, dout, axis, flatten, exclusive, !reverse, dx);
}

}  // namespace phi

PD_REGISTER_KERNEL(cumsum, GPU, phi::CumsumKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(cumsum_grad, GPU, phi::CumsumGradKernel, float, double);
