#include "paddle/phi/kernels/layer_norm_kernel.h"

#include <algorithm>
#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/parallel.h"
#include "paddle/phi/kernels/impl/layer_norm_kernel_impl.h"

namespace phi {
namespace {

// The sum of x[j] (center 0) or of (x[j] - center)^2 (center = the mean) in T over two
// vectors' worth of independent partial sums (16 for float, 8 for double): the precision of one
// running sum without its dependency chain. float rows were once summed in double, whose
// conversions ran at half the width (64 x 128, tiny BERT's rows: 6.0 -> 3.2 us a call in float).
template <typename T>
inline __attribute__((always_inline)) T SumRow(const T* x, int64_t n, T center, bool squares) {
  constexpr int kParts = 64 / sizeof(T);
  T part[kParts] = {};
  int64_t j = 0;
  for (; j + kParts <= n; j += kParts) {
    for (int l = 0; l < kParts; ++l) {
      const T v = x[j + l] - center;
      part[l] += squares ? v * v : v;
    }
  }
  if constexpr (kParts == 16) {
    for (int l = 0; l < 8; ++l) part[l] += part[l + 8];
  }
  T sum = ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
  for (; j < n; ++j) {
    const T v = x[j] - center;
    sum += squares ? v * v : v;
  }
  return sum;
}

// Rows [begin, end) of the [left, right] input normalised (see LayerNormKernel), in T. Always
// inlined into the two entry points below, so that each is vectorized for its own target.
template <typename T>
inline __attribute__((always_inline)) void NormalizeRowsBody(const T* in, const T* gamma,
                                                             const T* beta, float epsilon,
                                                             int64_t right, int64_t begin,
                                                             int64_t end, T* out, T* mean_data,
                                                             T* var_data) {
  for (int64_t r = begin; r < end; ++r) {
    const T* row = in + r * right;
    const T mu = right > 0 ? SumRow(row, right, T(0), false) / right : T(0);
    const T var = right > 0 ? SumRow(row, right, mu, true) / right : T(0);
    const T inv_std = T(1) / std::sqrt(var + static_cast<T>(epsilon));
    T* dst = out + r * right;
    // (x - mu) * inv_std, then * gamma, then + beta: one loop per case, so that none tests
    // gamma / beta per element.
    if (gamma != nullptr && beta != nullptr) {
      for (int64_t j = 0; j < right; ++j) dst[j] = (row[j] - mu) * inv_std * gamma[j] + beta[j];
    } else if (gamma != nullptr) {
      for (int64_t j = 0; j < right; ++j) dst[j] = (row[j] - mu) * inv_std * gamma[j];
    } else if (beta != nullptr) {
      for (int64_t j = 0; j < right; ++j) dst[j] = (row[j] - mu) * inv_std + beta[j];
    } else {
      for (int64_t j = 0; j < right; ++j) dst[j] = (row[j] - mu) * inv_std;
    }
    if (mean_data != nullptr) mean_data[r] = mu;
    if (var_data != nullptr) var_data[r] = var;
  }
}

template <typename T>
void NormalizeRows(const T* in, const T* gamma, const T* beta, float epsilon, int64_t right,
                   int64_t begin, int64_t end, T* out, T* mean_data, T* var_data) {
  NormalizeRowsBody(in, gamma, beta, epsilon, right, begin, end, out, mean_data, var_data);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// The same loops with AVX2's wider vectors (no FMA, so every result is the same to the bit).
template <typename T>
__attribute__((target("avx2"))) void NormalizeRowsAvx2(const T* in, const T* gamma, const T* beta,
                                                       float epsilon, int64_t right, int64_t begin,
                                                       int64_t end, T* out, T* mean_data,
                                                       T* var_data) {
  NormalizeRowsBody(in, gamma, beta, epsilon, right, begin, end, out, mean_data, var_data);
}
#endif

template <typename T>
auto PickNormalizeRows() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) return &NormalizeRowsAvx2<T>;
#endif
  return &NormalizeRows<T>;
}

}  // namespace

template <typename T, typename Context>
void LayerNormKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                     const DenseTensor* bias, float epsilon, int begin_norm_axis, DenseTensor* y,
                     DenseTensor* mean, DenseTensor* variance) {
  const DDim& d = x.dims();
  const LayerNormRows rows = LayerNormRowsOf(d, begin_norm_axis, "layer_norm");
  const int64_t left = rows.left, right = rows.right;
  const T* in = x.data<T>();
  const T* gamma = scale != nullptr ? scale->data<T>() : nullptr;
  const T* beta = bias != nullptr ? bias->data<T>() : nullptr;
  T* out = dev_ctx.template Alloc<T>(y);
  T* mean_data = mean != nullptr ? dev_ctx.template Alloc<T>(mean) : nullptr;
  T* var_data = variance != nullptr ? dev_ctx.template Alloc<T>(variance) : nullptr;
  // Rows split over the pool; each is normalised as a whole by one thread.
  const auto normalize = PickNormalizeRows<T>();
  funcs::ParallelRange(left, 4 * right, [&](int64_t begin, int64_t end) {
    normalize(in, gamma, beta, epsilon, right, begin, end, out, mean_data, var_data);
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(layer_norm, CPU, phi::LayerNormKernel, float, double);
