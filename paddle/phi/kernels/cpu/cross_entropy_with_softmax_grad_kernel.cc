#include "paddle/phi/kernels/cross_entropy_with_softmax_grad_kernel.h"

#include <optional>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/class_label.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/impl/cross_entropy_with_softmax_grad_kernel_impl.h"

namespace phi {

template <typename T, typename Context>
void CrossEntropyWithSoftmaxGradKernel(const Context& dev_ctx, const DenseTensor& label,
                                       const DenseTensor& softmax, const DenseTensor& loss_grad,
                                       bool soft_label, bool use_softmax,
                                       bool numeric_stable_mode, int ignore_index, int axis,
                                       DenseTensor* logits_grad) {
  if (logits_grad == nullptr) return;
  const funcs::SoftmaxShape s =
      CheckCrossEntropyWithSoftmaxGradArgs(label, softmax, loss_grad, soft_label, axis);
  const int64_t n = s.axis_extent, inner = s.inner;
  const T* prob = softmax.data<T>();
  const T* dloss = loss_grad.data<T>();
  T* dx = dev_ctx.template Alloc<T>(logits_grad);
  const T* soft = soft_label ? label.data<T>() : nullptr;
  std::optional<funcs::ClassLabels> hard;
  if (!soft_label) hard.emplace(label, "softmax_with_cross_entropy's hard Label");
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const int64_t base = o * n * inner + i;
      const int64_t row = o * inner + i;
      const T g = dloss[row];
      if (soft_label) {
        if (use_softmax) {
          T label_sum = T(0);
          for (int64_t j = 0; j < n; ++j) label_sum += soft[base + j * inner];
          for (int64_t j = 0; j < n; ++j) {
            const int64_t k = base + j * inner;
            dx[k] = (prob[k] * label_sum - soft[k]) * g;
          }
        } else {
          for (int64_t j = 0; j < n; ++j) {
            const int64_t k = base + j * inner;
            dx[k] = -soft[k] / prob[k] * g;
          }
        }
        continue;
      }
      const int64_t cls = (*hard)[row];
      if (cls == ignore_index) {
        for (int64_t j = 0; j < n; ++j) dx[base + j * inner] = T(0);
        continue;
      }
      funcs::CheckClassLabel(cls, n, row, "softmax_with_cross_entropy_grad");
      for (int64_t j = 0; j < n; ++j) {
        const int64_t k = base + j * inner;
        if (use_softmax) {
          dx[k] = (prob[k] - (j == cls ? T(1) : T(0))) * g;
        } else {
          dx[k] = j == cls ? -g / prob[k] : T(0);
        }
      }
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(cross_entropy_with_softmax_grad, CPU,
                   phi::CrossEntropyWithSoftmaxGradKernel, float, double);
