// The CPU loops shared by group_norm and instance_norm: X seen as [N, C, S] (channels first)
// or [N, S, C] (channels last), normalized over each (sample, group of C / groups channels).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/device_context.h"

namespace phi {
class GPUContext;
namespace funcs {

struct GroupNormShape {
  int64_t n = 0, c = 0, s = 0, groups = 1;
  bool channels_last = false;
  int64_t Index(int64_t in, int64_t ic, int64_t is) const {
    return channels_last ? (in * s + is) * c + ic : (in * c + ic) * s + is;
  }
};

// The run-time half of the InferMeta checks of the optional per-channel Scale / Bias, so a
// kernel never reads past them.
inline void CheckChannelParam(const char* op, const char* name, const DenseTensor* p,
                              int64_t channels) {
  if (p == nullptr) return;
  PD_CHECK(p->numel() == channels, InvalidArgument, "expected ", op, "'s ", name, " to hold ",
           channels, " values, but got dims ", p->dims());
}

// mean_out / stat_out: [N * groups]; stat_out gets the biased variance, or the inverse
// standard deviation when save_inv_std. Either may be null.
template <typename T>
void GroupNormForward(const GroupNormShape& sh, const T* x, const T* gamma, const T* beta,
                      double epsilon, bool save_inv_std, T* y, T* mean_out, T* stat_out) {
  if (sh.groups <= 0) return;  // no channels (instance_norm of an empty X): nothing to do
  const int64_t cg = sh.c / sh.groups;
  const int64_t m = cg * sh.s;
  for (int64_t n = 0; n < sh.n; ++n) {
    for (int64_t g = 0; g < sh.groups; ++g) {
      double sum = 0.0;
      for (int64_t c = g * cg; c < (g + 1) * cg; ++c)
        for (int64_t s = 0; s < sh.s; ++s) sum += x[sh.Index(n, c, s)];
      const double mu = m > 0 ? sum / m : 0.0;
      double sq = 0.0;
      for (int64_t c = g * cg; c < (g + 1) * cg; ++c)
        for (int64_t s = 0; s < sh.s; ++s) {
          const double d = x[sh.Index(n, c, s)] - mu;
          sq += d * d;
        }
      const double var = m > 0 ? sq / m : 0.0;
      const double inv_std = 1.0 / std::sqrt(var + epsilon);
      for (int64_t c = g * cg; c < (g + 1) * cg; ++c) {
        const double a = gamma != nullptr ? static_cast<double>(gamma[c]) : 1.0;
        const double b = beta != nullptr ? static_cast<double>(beta[c]) : 0.0;
        for (int64_t s = 0; s < sh.s; ++s) {
          const int64_t i = sh.Index(n, c, s);
          y[i] = static_cast<T>((x[i] - mu) * inv_std * a + b);
        }
      }
      if (mean_out != nullptr) mean_out[n * sh.groups + g] = static_cast<T>(mu);
      if (stat_out != nullptr)
        stat_out[n * sh.groups + g] = static_cast<T>(save_inv_std ? inv_std : var);
    }
  }
}

// Gradients from the saved mean and stat (variance, or inverse std when stat_is_inv_std).
// dx = inv_std * (g - mean(g) - x_hat * mean(g * x_hat)) over each group, g = dy * gamma.
template <typename T>
void GroupNormBackward(const GroupNormShape& sh, const T* x, const T* gamma, const T* mean,
                       const T* stat, bool stat_is_inv_std, double epsilon, const T* dy, T* dx,
                       T* dgamma_out, T* dbeta_out) {
  if (sh.groups <= 0) return;  // no channels: every output is empty
  const int64_t cg = sh.c / sh.groups;
  const int64_t m = cg * sh.s;
  std::vector<double> dgamma(sh.c, 0.0), dbeta(sh.c, 0.0);
  for (int64_t n = 0; n < sh.n; ++n) {
    for (int64_t g = 0; g < sh.groups; ++g) {
      const int64_t k = n * sh.groups + g;
      const double mu = mean[k];
      const double inv_std = stat_is_inv_std
                                 ? static_cast<double>(stat[k])
                                 : 1.0 / std::sqrt(static_cast<double>(stat[k]) + epsilon);
      double mean_g = 0.0, mean_g_xhat = 0.0;
      for (int64_t c = g * cg; c < (g + 1) * cg; ++c) {
        const double a = gamma != nullptr ? static_cast<double>(gamma[c]) : 1.0;
        for (int64_t s = 0; s < sh.s; ++s) {
          const int64_t i = sh.Index(n, c, s);
          const double xhat = (x[i] - mu) * inv_std;
          dgamma[c] += dy[i] * xhat;
          dbeta[c] += dy[i];
          mean_g += dy[i] * a;
          mean_g_xhat += dy[i] * a * xhat;
        }
      }
      if (dx == nullptr || m == 0) continue;
      mean_g /= m;
      mean_g_xhat /= m;
      for (int64_t c = g * cg; c < (g + 1) * cg; ++c) {
        const double a = gamma != nullptr ? static_cast<double>(gamma[c]) : 1.0;
        for (int64_t s = 0; s < sh.s; ++s) {
          const int64_t i = sh.Index(n, c, s);
          const double xhat = (x[i] - mu) * inv_std;
          dx[i] = static_cast<T>(inv_std * (dy[i] * a - mean_g - xhat * mean_g_xhat));
        }
      }
    }
  }
  if (dgamma_out != nullptr)
    for (int64_t c = 0; c < sh.c; ++c) dgamma_out[c] = static_cast<T>(dgamma[c]);
  if (dbeta_out != nullptr)
    for (int64_t c = 0; c < sh.c; ++c) dbeta_out[c] = static_cast<T>(dbeta[c]);
}

// The loops above by context, for the kernels written once (impl/group_norm_kernel_impl.h):
// the CPU's here, the GPU's defined in gpu/group_norm_util.cuh.
template <typename T>
void GroupNormForward(const CPUContext& /*ctx*/, const GroupNormShape& sh, const T* x,
                      const T* gamma, const T* beta, double epsilon, bool save_inv_std, T* y,
                      T* mean_out, T* stat_out) {
  GroupNormForward<T>(sh, x, gamma, beta, epsilon, save_inv_std, y, mean_out, stat_out);
}
template <typename T>
void GroupNormForward(const GPUContext& ctx, const GroupNormShape& sh, const T* x, const T* gamma,
                      const T* beta, double epsilon, bool save_inv_std, T* y, T* mean_out,
                      T* stat_out);

template <typename T>
void GroupNormBackward(const CPUContext& /*ctx*/, const GroupNormShape& sh, const T* x,
                       const T* gamma, const T* mean, const T* stat, bool stat_is_inv_std,
                       double epsilon, const T* dy, T* dx, T* dgamma_out, T* dbeta_out) {
  GroupNormBackward<T>(sh, x, gamma, mean, stat, stat_is_inv_std, epsilon, dy, dx, dgamma_out,
                       dbeta_out);
}
template <typename T>
void GroupNormBackward(const GPUContext& ctx, const GroupNormShape& sh, const T* x, const T* gamma,
                       const T* mean, const T* stat, bool stat_is_inv_std, double epsilon,
                       const T* dy, T* dx, T* dgamma_out, T* dbeta_out);

}  // namespace funcs
}  // namespace phi
