#include "paddle/phi/kernels/cross_entropy_with_softmax_kernel.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/class_label.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {

template <typename T, typename Context>
void CrossEntropyWithSoftmaxKernel(const Context& dev_ctx, const DenseTensor& logits,
                                   const DenseTensor& label, bool soft_label, bool use_softmax,
                                   bool numeric_stable_mode, int ignore_index, int axis,
                                   DenseTensor* softmax, DenseTensor* loss) {
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(logits.dims(), axis);
  const int64_t n = s.axis_extent, inner = s.inner;
  const T* in = logits.data<T>();
  T* prob = dev_ctx.template Alloc<T>(softmax);
  T* out = dev_ctx.template Alloc<T>(loss);
  const T* soft = soft_label ? label.data<T>() : nullptr;
  std::optional<funcs::ClassLabels> hard;
  if (!soft_label) hard.emplace(label, "softmax_with_cross_entropy's hard Label");
  // No rows: nothing to compute (the row buffer would be sized by the class axis alone).
  if (s.outer == 0 || inner == 0) return;
  std::vector<double> log_prob(n);
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const int64_t base = o * n * inner + i;
      // log Softmax along the axis: x - max - log(sum(exp(x - max))), or log of the given
      // probabilities without softmax.
      if (use_softmax) {
        double max_value = -INFINITY;
        for (int64_t j = 0; j < n; ++j) max_value = std::max<double>(max_value, in[base + j * inner]);
        double sum = 0.0;
        for (int64_t j = 0; j < n; ++j) sum += std::exp(in[base + j * inner] - max_value);
        const double log_sum = std::log(sum);
        for (int64_t j = 0; j < n; ++j) {
          log_prob[j] = in[base + j * inner] - max_value - log_sum;
          prob[base + j * inner] = static_cast<T>(std::exp(log_prob[j]));
        }
      } else {
        for (int64_t j = 0; j < n; ++j) {
          prob[base + j * inner] = in[base + j * inner];
          log_prob[j] = std::log(static_cast<double>(in[base + j * inner]));
        }
      }
      const int64_t row = o * inner + i;
      if (soft_label) {
        double total = 0.0;
        for (int64_t j = 0; j < n; ++j) {
          const double y = soft[base + j * inner];
          if (y != 0.0) total -= y * log_prob[j];
        }
        out[row] = static_cast<T>(total);
        continue;
      }
      const int64_t cls = (*hard)[row];
      if (cls == ignore_index) {
        out[row] = T(0);
        continue;
      }
      funcs::CheckClassLabel(cls, n, row, "softmax_with_cross_entropy");
      out[row] = static_cast<T>(-log_prob[cls]);
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(cross_entropy_with_softmax, CPU, phi::CrossEntropyWithSoftmaxKernel, float,
                   double);
