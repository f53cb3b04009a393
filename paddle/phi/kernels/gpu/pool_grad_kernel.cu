// pool2d_grad on GPU, written as gathers so that no two threads add into one element (no
// atomics, the same bits on every run): each X@GRAD element sums, in output order as the CPU
// kernel does, the share of every window holding it. For max pooling a first pass records each
// window's first maximal element (the CPU kernel's strict-> scan), which alone gets the gradient.
#include "paddle/phi/kernels/pool_grad_kernel.h"

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/gpu/pool2d_cuda.h"

namespace phi {
namespace {

// best[o] = row * in_w + col of output o's first maximal element, or -1 for a window with no
// element in the image.
template <typename DT>
__global__ void WindowArgmaxKernel(const DT* x, funcs::Pool2dArgs a, int64_t* best) {
  using Acc = gpu::AccType<DT>;
  const int64_t total = a.batch * a.channels * a.h.out * a.w.out;
  PD_GPU_LOOP(i, total) {
    int64_t n, c, oh, ow;
    a.Split(i, a.h.out, a.w.out, &n, &c, &oh, &ow);
    const funcs::PoolRange rh = funcs::PoolWindow(a.h, a.adaptive, oh);
    const funcs::PoolRange rw = funcs::PoolWindow(a.w, a.adaptive, ow);
    if (!(rh.end > rh.begin && rw.end > rw.begin)) {
      best[i] = -1;
      continue;
    }
    int64_t at = rh.begin * a.w.in + rw.begin;
    Acc best_value = static_cast<Acc>(x[a.Offset(n, c, rh.begin, rw.begin, a.h.in, a.w.in)]);
    for (int64_t h = rh.begin; h < rh.end; ++h) {
      for (int64_t w = rw.begin; w < rw.end; ++w) {
        const Acc v = static_cast<Acc>(x[a.Offset(n, c, h, w, a.h.in, a.w.in)]);
        if (v > best_value) {
          best_value = v;
          at = h * a.w.in + w;
        }
      }
    }
    best[i] = at;
  }
}

// dx[n, c, h, w] = sum over the windows o holding (h, w), in increasing o, of dout[o] (max: only
// where best[o] is this element) or dout[o] / size(o) (average, as the forward kernel divides).
template <typename DT, bool kMax>
__global__ void PoolGatherGradKernel(const DT* dout, const int64_t* best, funcs::Pool2dArgs a,
                                     bool exclusive, DT* dx) {
  using Acc = gpu::AccType<DT>;
  const int64_t total = a.batch * a.channels * a.h.in * a.w.in;
  PD_GPU_LOOP(i, total) {
    int64_t n, c, h, w;
    a.Split(i, a.h.in, a.w.in, &n, &c, &h, &w);
    int64_t oh_first, oh_last, ow_first, ow_last;
    funcs::Pool2dArgs::Candidates(a.h, a.adaptive, h, &oh_first, &oh_last);
    funcs::Pool2dArgs::Candidates(a.w, a.adaptive, w, &ow_first, &ow_last);
    Acc sum = Acc(0);
    for (int64_t oh = oh_first; oh <= oh_last; ++oh) {
      const funcs::PoolRange rh = funcs::PoolWindow(a.h, a.adaptive, oh);
      if (h < rh.begin || h >= rh.end) continue;
      for (int64_t ow = ow_first; ow <= ow_last; ++ow) {
        const funcs::PoolRange rw = funcs::PoolWindow(a.w, a.adaptive, ow);
        if (w < rw.begin || w >= rw.end) continue;
        const int64_t o = a.Offset(n, c, oh, ow, a.h.out, a.w.out);
        if (kMax) {
          if (best[o] == h * a.w.in + w) sum += static_cast<Acc>(dout[o]);
        } else {
          const int64_t count = (rh.end - rh.begin) * (rw.end - rw.begin);
          const int64_t size = (exclusive || a.adaptive) ? count : rh.padded * rw.padded;
          sum += static_cast<Acc>(dout[o]) / static_cast<Acc>(size);
        }
      }
    }
    dx[i] = static_cast<DT>(sum);
  }
}

}  // namespace

template <typename T, typename Context>
void Pool2dGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out,
                      const DenseTensor& out_grad, const std::string& pooling_type,
                      const std::vector<int>& ksize, bool global_pooling,
                      const std::vector<int>& strides, const std::vector<int>& paddings,
                      bool exclusive, bool adaptive, bool ceil_mode, const std::string& data_format,
                      const std::string& padding_algorithm, DenseTensor* x_grad) {
  using DT = gpu::DeviceType<T>;
  if (x_grad == nullptr) return;
  const PoolGeometry g = ComputePoolGeometry(x.dims(), ksize, global_pooling, strides, paddings,
                                             adaptive, ceil_mode, data_format, padding_algorithm);
  PD_CHECK(out.dims() == g.out_dims && out_grad.dims() == g.out_dims, InvalidArgument,
           "expected pool2d_grad's Out and Out@GRAD to have dims ", g.out_dims, ", but got ",
           out.dims(), " and ", out_grad.dims());
  const bool is_max = pooling_type == "max";
  DT* dx = gpu::DeviceAlloc<T>(dev_ctx, x_grad);
  const int64_t in_total = x_grad->numel();
  if (in_total == 0) return;
  if (out.numel() == 0) {
    PD_CUDA_CHECK(cudaMemsetAsync(dx, 0, in_total * sizeof(T), dev_ctx.stream()));
    return;
  }
  const funcs::Pool2dArgs args = funcs::MakePool2dArgs(g);
  const int blocks = gpu::BlocksFor(dev_ctx, in_total);
  if (!is_max) {
    PoolGatherGradKernel<DT, false><<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
        gpu::DeviceData<T>(out_grad), nullptr, args, exclusive, dx);
    PD_CUDA_CHECK_LAUNCH();
    return;
  }
  DenseTensor best(DataType::INT64, out.dims());
  int64_t* best_data = dev_ctx.template Alloc<int64_t>(&best);
  WindowArgmaxKernel<DT>
      <<<gpu::BlocksFor(dev_ctx, out.numel()), gpu::kThreads, 0, dev_ctx.stream()>>>(
          gpu::DeviceData<T>(x), args, best_data);
  PD_CUDA_CHECK_LAUNCH();
  PoolGatherGradKernel<DT, true><<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(out_grad), best_data, args, exclusive, dx);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(pool2d_grad, GPU, phi::Pool2dGradKernel, float, double, phi::float16,
                   phi::bfloat16);
