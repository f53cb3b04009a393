// pool2d on GPU: one thread per output element, over the window funcs::PoolWindow defines (the
// CPU kernel's), in the CPU kernel's order and arithmetic: cuDNN's pooling differs in the
// corners (windows clipped at in + pad_before, windows entirely in the padding, NaNs, adaptive
// windows), so it is not used.
#include "paddle/phi/kernels/pool_kernel.h"

#include <limits>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/gpu/pool2d_cuda.h"

namespace phi {
namespace {

// Max: the largest element from -inf (a NaN never replaces the running maximum, as with
// std::max on the CPU), 0 for a window with no element in the image. Average: the sum over the
// in-image elements divided by their count (exclusive, adaptive) or by the padded extent.
template <typename DT, bool kMax>
__global__ void Pool2dForwardKernel(const DT* x, funcs::Pool2dArgs a, bool exclusive, DT* out) {
  using Acc = gpu::AccType<DT>;
  const int64_t total = a.batch * a.channels * a.h.out * a.w.out;
  PD_GPU_LOOP(i, total) {
    int64_t n, c, oh, ow;
    a.Split(i, a.h.out, a.w.out, &n, &c, &oh, &ow);
    const funcs::PoolRange rh = funcs::PoolWindow(a.h, a.adaptive, oh);
    const funcs::PoolRange rw = funcs::PoolWindow(a.w, a.adaptive, ow);
    Acc value = Acc(0);
    if (kMax) {
      if (rh.end > rh.begin && rw.end > rw.begin) {
        value = -std::numeric_limits<Acc>::infinity();
        for (int64_t h = rh.begin; h < rh.end; ++h) {
          for (int64_t w = rw.begin; w < rw.end; ++w) {
            const Acc v = static_cast<Acc>(x[a.Offset(n, c, h, w, a.h.in, a.w.in)]);
            value = value < v ? v : value;
          }
        }
      }
    } else {
      const int64_t count = (rh.end - rh.begin) * (rw.end - rw.begin);
      if (count > 0) {
        for (int64_t h = rh.begin; h < rh.end; ++h) {
          for (int64_t w = rw.begin; w < rw.end; ++w)
            value += static_cast<Acc>(x[a.Offset(n, c, h, w, a.h.in, a.w.in)]);
        }
        const int64_t size = (exclusive || a.adaptive) ? count : rh.padded * rw.padded;
        value /= static_cast<Acc>(size);
      }
    }
    out[i] = static_cast<DT>(value);
  }
}

// The same with one warp per output, for large windows over NCHW data (global or adaptive
// pooling of big planes, where one thread per output leaves most of the device idle): lanes
// stride over the window, then combine by shuffles. Maxima are the same as above; averages sum
// in another order (equal within rounding).
template <typename DT, bool kMax>
__global__ void Pool2dForwardWarpKernel(const DT* x, funcs::Pool2dArgs a, bool exclusive, DT* out) {
  using Acc = gpu::AccType<DT>;
  const int64_t total = a.batch * a.channels * a.h.out * a.w.out;
  const int lane = threadIdx.x % 32;
  const int64_t warps = static_cast<int64_t>(gridDim.x) * (blockDim.x / 32);
  for (int64_t i = (static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32; i < total;
       i += warps) {
    int64_t n, c, oh, ow;
    a.Split(i, a.h.out, a.w.out, &n, &c, &oh, &ow);
    const funcs::PoolRange rh = funcs::PoolWindow(a.h, a.adaptive, oh);
    const funcs::PoolRange rw = funcs::PoolWindow(a.w, a.adaptive, ow);
    const bool any = rh.end > rh.begin && rw.end > rw.begin;
    const int64_t cols = rw.end - rw.begin;
    const int64_t count = (rh.end - rh.begin) * cols;
    Acc value = kMax ? -std::numeric_limits<Acc>::infinity() : Acc(0);
    if (any) {
      for (int64_t k = lane; k < count; k += 32) {
        const Acc v = static_cast<Acc>(
            x[a.Offset(n, c, rh.begin + k / cols, rw.begin + k % cols, a.h.in, a.w.in)]);
        if (kMax) {
          value = value < v ? v : value;
        } else {
          value += v;
        }
      }
    }
    for (int offset = 16; offset > 0; offset /= 2) {
      const Acc other = __shfl_down_sync(0xffffffffu, value, offset);
      if (kMax) {
        value = value < other ? other : value;
      } else {
        value += other;
      }
    }
    if (lane != 0) continue;
    if (kMax) {
      out[i] = static_cast<DT>(any ? value : Acc(0));
    } else {
      const int64_t size = (exclusive || a.adaptive) ? count : rh.padded * rw.padded;
      out[i] = static_cast<DT>(count > 0 ? value / static_cast<Acc>(size) : Acc(0));
    }
  }
}

// Elements in the largest window (about, for adaptive windows).
int64_t LargestWindow(const PoolGeometry& g) {
  if (!g.adaptive) return g.h.kernel * g.w.kernel;
  const auto extent = [](const WindowAxis& a) { return (a.in + a.out - 1) / a.out + 1; };
  return extent(g.h) * extent(g.w);
}

}  // namespace

template <typename T, typename Context>
void Pool2dKernel(const Context& dev_ctx, const DenseTensor& x, const std::string& pooling_type,
                  const std::vector<int>& ksize, bool global_pooling,
                  const std::vector<int>& strides, const std::vector<int>& paddings, bool exclusive,
                  bool adaptive, bool ceil_mode, const std::string& data_format,
                  const std::string& padding_algorithm, DenseTensor* out) {
  using DT = gpu::DeviceType<T>;
  const PoolGeometry g = ComputePoolGeometry(x.dims(), ksize, global_pooling, strides, paddings,
                                             adaptive, ceil_mode, data_format, padding_algorithm);
  PD_CHECK(out->dims() == g.out_dims, InvalidArgument, "expected pool2d's Out to have dims ",
           g.out_dims, " (from InferMeta), but got ", out->dims());
  PD_CHECK(pooling_type == "max" || pooling_type == "avg", InvalidArgument,
           "expected pool2d's pooling_type to be \"max\" or \"avg\", but got \"", pooling_type,
           "\"");
  DT* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  const int64_t total = out->numel();
  if (total == 0) return;
  const funcs::Pool2dArgs args = funcs::MakePool2dArgs(g);
  if (!g.channels_last && LargestWindow(g) >= 64) {
    const int blocks = gpu::BlocksFor(dev_ctx, total * 32);
    if (pooling_type == "max") {
      Pool2dForwardWarpKernel<DT, true><<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
          gpu::DeviceData<T>(x), args, exclusive, result);
    } else {
      Pool2dForwardWarpKernel<DT, false><<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
          gpu::DeviceData<T>(x), args, exclusive, result);
    }
    PD_CUDA_CHECK_LAUNCH();
    return;
  }
  const int blocks = gpu::BlocksFor(dev_ctx, total);
  if (pooling_type == "max") {
    Pool2dForwardKernel<DT, true><<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
        gpu::DeviceData<T>(x), args, exclusive, result);
  } else {
    Pool2dForwardKernel<DT, false><<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
        gpu::DeviceData<T>(x), args, exclusive, result);
  }
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(pool2d, GPU, phi::Pool2dKernel, float, double, phi::float16, phi::bfloat16);
