#include "paddle/phi/kernels/pool_grad_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/conv_util.h"
#include "paddle/phi/kernels/funcs/parallel.h"
#include "paddle/phi/kernels/funcs/pooling.h"

namespace phi {
namespace {

// funcs::IsPlainMax2x2 windows: each output's gradient goes to the first maximal element of
// its window (the same strict-> scan as the general loop); windows do not overlap, so planes
// split over the pool. x_grad must be zero on entry (rows and columns past the last window).
template <typename T>
void Max2x2Backward(const T* x, const T* dout, const PoolGeometry& g, T* dx) {
  const int64_t planes = g.batch * g.channels;
  const int64_t in_plane = g.h.in * g.w.in, out_plane = g.h.out * g.w.out, w_in = g.w.in;
  funcs::ParallelRange(planes, in_plane, [&](int64_t first, int64_t last) {
    for (int64_t plane = first; plane < last; ++plane) {
      const T* src = x + plane * in_plane;
      const T* dy = dout + plane * out_plane;
      T* grad = dx + plane * in_plane;
      for (int64_t oh = 0; oh < g.h.out; ++oh) {
        for (int64_t ow = 0; ow < g.w.out; ++ow) {
          const int64_t corner = 2 * oh * w_in + 2 * ow;
          const int64_t taps[4] = {corner, corner + 1, corner + w_in, corner + w_in + 1};
          int64_t best = corner;
          T best_value = src[corner];
          for (int64_t t = 1; t < 4; ++t) {
            const bool better = src[taps[t]] > best_value;
            best = better ? taps[t] : best;
            best_value = better ? src[taps[t]] : best_value;
          }
          grad[best] += dy[oh * g.w.out + ow];
        }
      }
    }
  });
}

// x_grad must be zero on entry.
template <typename T>
void PoolBackwardNchw(const T* x, const T* dout, const PoolGeometry& g, bool is_max, bool exclusive,
                      T* dx) {
  if (funcs::IsPlainMax2x2(g, is_max)) {
    Max2x2Backward(x, dout, g, dx);
    return;
  }
  const int64_t planes = g.batch * g.channels;
  const int64_t in_plane = g.h.in * g.w.in;
  const std::vector<funcs::PoolRange> rows = funcs::PoolWindows(g.h, g.adaptive);
  const std::vector<funcs::PoolRange> cols = funcs::PoolWindows(g.w, g.adaptive);
  int64_t o = 0;  // flat output index
  for (int64_t plane = 0; plane < planes; ++plane) {
    const T* src = x + plane * in_plane;
    T* grad = dx + plane * in_plane;
    for (const funcs::PoolRange& rh : rows) {
      for (const funcs::PoolRange& rw : cols) {
        const int64_t count = (rh.end - rh.begin) * (rw.end - rw.begin);
        if (count <= 0) {
          ++o;
          continue;
        }
        if (is_max) {
          // The first maximal element (strict > keeps the earliest), which is the first one
          // equal to Out; written without an early exit so that it compiles branch-free.
          int64_t best = rh.begin * g.w.in + rw.begin;
          T best_value = src[best];
          for (int64_t h = rh.begin; h < rh.end; ++h) {
            for (int64_t w = rw.begin; w < rw.end; ++w) {
              const int64_t i = h * g.w.in + w;
              const bool better = src[i] > best_value;
              best = better ? i : best;
              best_value = better ? src[i] : best_value;
            }
          }
          grad[best] += dout[o];
        } else {
          const int64_t size = (exclusive || g.adaptive) ? count : rh.padded * rw.padded;
          const T share = dout[o] / static_cast<T>(size);
          for (int64_t h = rh.begin; h < rh.end; ++h)
            for (int64_t w = rw.begin; w < rw.end; ++w) grad[h * g.w.in + w] += share;
        }
        ++o;
      }
    }
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
  if (x_grad == nullptr) return;
  const PoolGeometry g = ComputePoolGeometry(x.dims(), ksize, global_pooling, strides, paddings,
                                             adaptive, ceil_mode, data_format, padding_algorithm);
  PD_CHECK(out.dims() == g.out_dims && out_grad.dims() == g.out_dims, InvalidArgument,
           "expected pool2d_grad's Out and Out@GRAD to have dims ", g.out_dims, ", but got ",
           out.dims(), " and ", out_grad.dims());
  const bool is_max = pooling_type == "max";
  T* dx = dev_ctx.template Alloc<T>(x_grad);
  std::fill(dx, dx + x_grad->numel(), T(0));
  if (out.numel() == 0) return;
  if (!g.channels_last) {
    PoolBackwardNchw(x.data<T>(), out_grad.data<T>(), g, is_max, exclusive, dx);
    return;
  }
  std::vector<T> xt = funcs::ChannelsLastToFirst(x.data<T>(), x.dims());
  std::vector<T> dyt = funcs::ChannelsLastToFirst(out_grad.data<T>(), out_grad.dims());
  std::vector<T> dxt(xt.size(), T(0));
  PoolBackwardNchw(xt.data(), dyt.data(), g, is_max, exclusive, dxt.data());
  funcs::ChannelsFirstToLast(dxt.data(), DDim({g.batch, g.channels, g.h.in, g.w.in}), dx);
}

}  // namespace phi

PD_REGISTER_KERNEL(pool2d_grad, CPU, phi::Pool2dGradKernel, float, double);
