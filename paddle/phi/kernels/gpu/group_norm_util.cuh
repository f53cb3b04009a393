// The GPU loops shared by group_norm and instance_norm (and their grads), the device twin of
// funcs/group_norm_impl.h: X seen as [N, C, S] (channels first) or [N, S, C] (channels last),
// normalized over each (sample, group of C / groups channels), in double as the CPU loops.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/funcs/group_norm_impl.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"

namespace phi {
namespace gpu_group_norm {

// funcs::GroupNormShape with its derived extents, usable on the device.
struct Shape {
  int64_t n = 0, c = 0, s = 0, groups = 1;
  int64_t cg = 0;  // channels per group
  int64_t m = 0;   // elements per (sample, group)
  bool channels_last = false;

  explicit Shape(const funcs::GroupNormShape& sh)
      : n(sh.n), c(sh.c), s(sh.s), groups(sh.groups), channels_last(sh.channels_last) {
    cg = groups > 0 ? c / groups : 0;
    m = cg * s;
  }
  // The offset of the k-th element of group g of sample b (k < m; channels first: channel-major,
  // channels last: position-major) and its channel.
  __device__ __forceinline__ int64_t GroupElement(int64_t b, int64_t g, int64_t k) const {
    if (!channels_last) return (b * c + g * cg) * s + k;
    return (b * s + k / cg) * c + g * cg + k % cg;
  }
  __device__ __forceinline__ int64_t GroupChannel(int64_t g, int64_t k) const {
    return g * cg + (channels_last ? k % cg : k / s);
  }
};

// The inverse standard deviation from a saved stat (the variance, or already the inverse std).
__device__ __forceinline__ double InvStd(double stat, bool stat_is_inv_std, double epsilon) {
  return stat_is_inv_std ? stat : 1.0 / sqrt(stat + epsilon);
}

// One (sample, group) row: mean, biased variance, then Y; row.index = b * groups + g.
template <typename T>
struct ForwardRow {
  Shape sh;
  const T* x;
  const T* gamma;  // nullptr when absent
  const T* beta;
  double epsilon;
  bool save_inv_std;
  T* y;
  T* mean_out;  // nullptr when not wanted
  T* stat_out;
  template <typename Group>
  __device__ void operator()(Group group, gpu::rows::Row row) const {
    const int64_t b = row.index / sh.groups, g = row.index % sh.groups;
    double sum = 0.0;
    for (int64_t k = group.first(); k < sh.m; k += group.step())
      sum += static_cast<double>(x[sh.GroupElement(b, g, k)]);
    sum = group.Reduce(sum, gpu::rows::SumOp());
    const double mu = sh.m > 0 ? sum / static_cast<double>(sh.m) : 0.0;
    double sq = 0.0;
    for (int64_t k = group.first(); k < sh.m; k += group.step()) {
      const double d = static_cast<double>(x[sh.GroupElement(b, g, k)]) - mu;
      sq += d * d;
    }
    sq = group.Reduce(sq, gpu::rows::SumOp());
    const double var = sh.m > 0 ? sq / static_cast<double>(sh.m) : 0.0;
    const double inv_std = 1.0 / sqrt(var + epsilon);
    for (int64_t k = group.first(); k < sh.m; k += group.step()) {
      const int64_t i = sh.GroupElement(b, g, k);
      const int64_t ch = sh.GroupChannel(g, k);
      const double a = gamma != nullptr ? static_cast<double>(gamma[ch]) : 1.0;
      const double bias = beta != nullptr ? static_cast<double>(beta[ch]) : 0.0;
      // ((x - mu) * inv_std) * a + bias, rounded step by step as on the CPU.
      const double v = __dmul_rn(__dmul_rn(static_cast<double>(x[i]) - mu, inv_std), a);
      y[i] = static_cast<T>(__dadd_rn(v, bias));
    }
    if (group.first() == 0) {
      if (mean_out != nullptr) mean_out[row.index] = static_cast<T>(mu);
      if (stat_out != nullptr) stat_out[row.index] = static_cast<T>(save_inv_std ? inv_std : var);
    }
  }
};

// mean_out / stat_out: [N * groups]; stat_out gets the biased variance, or the inverse
// standard deviation when save_inv_std. Either may be null. Device pointers.
template <typename T>
void Forward(const GPUContext& ctx, const funcs::GroupNormShape& fsh, const T* x, const T* gamma,
             const T* beta, double epsilon, bool save_inv_std, T* y, T* mean_out, T* stat_out) {
  if (fsh.groups <= 0) return;  // no channels (instance_norm of an empty X): nothing to do
  const Shape sh(fsh);
  funcs::SoftmaxShape rows;
  rows.outer = sh.n * sh.groups;
  rows.axis_extent = sh.m;
  rows.inner = 1;
  ForwardRow<T> fn{sh, x, gamma, beta, epsilon, save_inv_std, y, mean_out, stat_out};
  gpu::rows::ForEachRow(ctx, rows, fn);
}

// One (sample, channel) row of the backward pass: the sums over S of dy * x_hat and of dy.
// row.index = b * C + channel; row.base / row.stride walk the row in either layout.
template <typename T>
struct ChannelSumsRow {
  Shape sh;
  const T* x;
  const T* mean;
  const T* stat;
  bool stat_is_inv_std;
  double epsilon;
  const T* dy;
  double* sum_dy_xhat;  // [N * C]
  double* sum_dy;       // [N * C]
  template <typename Group>
  __device__ void operator()(Group group, gpu::rows::Row row) const {
    const int64_t b = row.index / sh.c, ch = row.index % sh.c;
    const int64_t k = b * sh.groups + ch / sh.cg;
    const double mu = static_cast<double>(mean[k]);
    const double inv_std = InvStd(static_cast<double>(stat[k]), stat_is_inv_std, epsilon);
    double s_dx = 0.0, s_d = 0.0;
    for (int64_t j = group.first(); j < row.n; j += group.step()) {
      const int64_t i = row.base + j * row.stride;
      const double g = static_cast<double>(dy[i]);
      const double xhat = (static_cast<double>(x[i]) - mu) * inv_std;
      s_dx += g * xhat;
      s_d += g;
    }
    s_dx = group.Reduce(s_dx, gpu::rows::SumOp());
    s_d = group.Reduce(s_d, gpu::rows::SumOp());
    if (group.first() == 0) {
      sum_dy_xhat[row.index] = s_dx;
      sum_dy[row.index] = s_d;
    }
  }
};

// Per (sample, group) k: coef[2k] = mean of dy * gamma, coef[2k + 1] = mean of dy * gamma * x_hat.
template <typename T>
__global__ void GroupCoefKernel(Shape sh, const T* gamma, const double* sum_dy_xhat,
                                const double* sum_dy, double* coef) {
  PD_GPU_LOOP(k, sh.n * sh.groups) {
    const int64_t b = k / sh.groups, g = k % sh.groups;
    double mg = 0.0, mgx = 0.0;
    for (int64_t ch = g * sh.cg; ch < (g + 1) * sh.cg; ++ch) {
      const double a = gamma != nullptr ? static_cast<double>(gamma[ch]) : 1.0;
      mg += a * sum_dy[b * sh.c + ch];
      mgx += a * sum_dy_xhat[b * sh.c + ch];
    }
    const double m = sh.m > 0 ? static_cast<double>(sh.m) : 1.0;
    coef[2 * k] = mg / m;
    coef[2 * k + 1] = mgx / m;
  }
}

// dx = inv_std * (dy * gamma - mean(dy * gamma) - x_hat * mean(dy * gamma * x_hat)).
template <typename T>
__global__ void InputGradKernel(Shape sh, const T* x, const T* gamma, const T* mean, const T* stat,
                                bool stat_is_inv_std, double epsilon, const T* dy,
                                const double* coef, T* dx, int64_t total) {
  PD_GPU_LOOP(i, total) {
    int64_t b, ch;
    if (sh.channels_last) {
      ch = i % sh.c;
      b = i / (sh.c * sh.s);
    } else {
      ch = (i / sh.s) % sh.c;
      b = i / (sh.s * sh.c);
    }
    const int64_t k = b * sh.groups + ch / sh.cg;
    const double mu = static_cast<double>(mean[k]);
    const double inv_std = InvStd(static_cast<double>(stat[k]), stat_is_inv_std, epsilon);
    const double a = gamma != nullptr ? static_cast<double>(gamma[ch]) : 1.0;
    const double xhat = (static_cast<double>(x[i]) - mu) * inv_std;
    dx[i] = static_cast<T>(inv_std *
                           (static_cast<double>(dy[i]) * a - coef[2 * k] - xhat * coef[2 * k + 1]));
  }
}

// The element (r, j) of a row-major [rows, cols] scratch (for the column sums over samples).
struct ScratchAt {
  const double* data;
  int64_t cols;
  __device__ double operator()(int64_t r, int64_t j) const { return data[r * cols + j]; }
};

// Gradients from the saved mean and stat (variance, or inverse std when stat_is_inv_std), as
// funcs::GroupNormBackward. dgamma / dbeta ([C]) are written whenever asked for; any output may
// be null. Device pointers.
template <typename T>
void Backward(const GPUContext& ctx, const funcs::GroupNormShape& fsh, const T* x, const T* gamma,
              const T* mean, const T* stat, bool stat_is_inv_std, double epsilon, const T* dy,
              T* dx, T* dgamma_out, T* dbeta_out) {
  if (fsh.groups <= 0) return;  // no channels: every output is empty
  const Shape sh(fsh);
  const int64_t nc = sh.n * sh.c;
  DenseTensor sums(DataType::FLOAT64, DDim({std::max<int64_t>(1, 2 * nc)}));
  double* sum_dy_xhat = ctx.template Alloc<double>(&sums);
  double* sum_dy = sum_dy_xhat + nc;
  funcs::SoftmaxShape rows;
  if (sh.channels_last) {
    rows.outer = sh.n;
    rows.axis_extent = sh.s;
    rows.inner = sh.c;
  } else {
    rows.outer = nc;
    rows.axis_extent = sh.s;
    rows.inner = 1;
  }
  ChannelSumsRow<T> sums_fn{sh, x, mean, stat, stat_is_inv_std, epsilon, dy, sum_dy_xhat, sum_dy};
  gpu::rows::ForEachRow(ctx, rows, sums_fn);

  const int64_t total = nc * sh.s;
  if (dx != nullptr && total > 0) {
    const int64_t ng = sh.n * sh.groups;
    DenseTensor coef_tensor(DataType::FLOAT64, DDim({std::max<int64_t>(1, 2 * ng)}));
    double* coef = ctx.template Alloc<double>(&coef_tensor);
    GroupCoefKernel<T><<<gpu::BlocksFor(ctx, ng), gpu::kThreads, 0, ctx.stream()>>>(
        sh, gamma, sum_dy_xhat, sum_dy, coef);
    PD_CUDA_CHECK_LAUNCH();
    InputGradKernel<T><<<gpu::BlocksFor(ctx, total), gpu::kThreads, 0, ctx.stream()>>>(
        sh, x, gamma, mean, stat, stat_is_inv_std, epsilon, dy, coef, dx, total);
    PD_CUDA_CHECK_LAUNCH();
  }
  if (dgamma_out != nullptr) {
    gpu::rows::ColumnSums<double, T>(ctx, sh.n, sh.c, ScratchAt{sum_dy_xhat, sh.c}, dgamma_out);
  }
  if (dbeta_out != nullptr) {
    gpu::rows::ColumnSums<double, T>(ctx, sh.n, sh.c, ScratchAt{sum_dy, sh.c}, dbeta_out);
  }
}

}  // namespace gpu_group_norm

namespace funcs {

template <typename T>
void GroupNormForward(const GPUContext& ctx, const GroupNormShape& sh, const T* x, const T* gamma,
                      const T* beta, double epsilon, bool save_inv_std, T* y, T* mean_out,
                      T* stat_out) {
  gpu_group_norm::Forward<T>(ctx, sh, x, gamma, beta, epsilon, save_inv_std, y, mean_out,
                             stat_out);
}

template <typename T>
void GroupNormBackward(const GPUContext& ctx, const GroupNormShape& sh, const T* x, const T* gamma,
                       const T* mean, const T* stat, bool stat_is_inv_std, double epsilon,
                       const T* dy, T* dx, T* dgamma_out, T* dbeta_out) {
  gpu_group_norm::Backward<T>(ctx, sh, x, gamma, mean, stat, stat_is_inv_std, epsilon, dy, dx,
                              dgamma_out, dbeta_out);
}

}  // namespace funcs
}  // namespace phi
