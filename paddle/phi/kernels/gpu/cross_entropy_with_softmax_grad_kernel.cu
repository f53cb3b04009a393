// cross_entropy_with_softmax_grad on GPU: Logits@GRAD = (Softmax * sum(label) - label) *
// Loss@GRAD with use_softmax, -label / Softmax * Loss@GRAD without; ignored hard labels get 0.
#include <cmath>
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/cross_entropy_with_softmax_grad_kernel.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"
#include "paddle/phi/kernels/impl/cross_entropy_with_softmax_grad_kernel_impl.h"

namespace phi {
namespace {

// As in the forward, a hard label outside [0, n) (not ignore_index) gives NaN gradients
// instead of the CPU kernel's error.
template <typename T, typename LabelT, bool kSoft>
struct CrossEntropyGradRow {
  const T* prob;
  const LabelT* label;
  const T* dloss;
  T* dx;
  bool use_softmax;
  int64_t ignore_index;
  template <typename Group>
  __device__ void operator()(Group group, gpu::rows::Row row) const {
    const T g = dloss[row.index];
    if constexpr (kSoft) {
      T label_sum = T(0);
      if (use_softmax) {
        for (int64_t j = group.first(); j < row.n; j += group.step())
          label_sum += label[row.base + j * row.stride];
        label_sum = group.Reduce(label_sum, gpu::rows::SumOp());
      }
      for (int64_t j = group.first(); j < row.n; j += group.step()) {
        const int64_t k = row.base + j * row.stride;
        dx[k] = use_softmax ? (prob[k] * label_sum - label[k]) * g : -label[k] / prob[k] * g;
      }
    } else {
      const int64_t cls = static_cast<int64_t>(label[row.index]);
      const bool ignored = cls == ignore_index;
      const bool valid = cls >= 0 && cls < row.n;
      for (int64_t j = group.first(); j < row.n; j += group.step()) {
        const int64_t k = row.base + j * row.stride;
        if (ignored) {
          dx[k] = T(0);
        } else if (!valid) {
          dx[k] = static_cast<T>(NAN);
        } else if (use_softmax) {
          dx[k] = (prob[k] - (j == cls ? T(1) : T(0))) * g;
        } else {
          dx[k] = j == cls ? -g / prob[k] : T(0);
        }
      }
    }
  }
};

}  // namespace

template <typename T, typename Context>
void CrossEntropyWithSoftmaxGradKernel(const Context& dev_ctx, const DenseTensor& label,
                                       const DenseTensor& softmax, const DenseTensor& loss_grad,
                                       bool soft_label, bool use_softmax,
                                       bool numeric_stable_mode, int ignore_index, int axis,
                                       DenseTensor* logits_grad) {
  if (logits_grad == nullptr) return;
  const funcs::SoftmaxShape s =
      CheckCrossEntropyWithSoftmaxGradArgs(label, softmax, loss_grad, soft_label, axis);
  const T* prob = softmax.data<T>();
  const T* dloss = loss_grad.data<T>();
  T* dx = dev_ctx.template Alloc<T>(logits_grad);
  // In place (Logits@GRAD sharing Softmax's storage) is safe: each element is read before it
  // is written, by the thread that writes it.
  if (soft_label) {
    gpu::rows::ForEachRow(dev_ctx, s,
                          CrossEntropyGradRow<T, T, true>{prob, label.data<T>(), dloss, dx,
                                                          use_softmax, ignore_index});
  } else if (label.dtype() == DataType::INT32) {
    gpu::rows::ForEachRow(dev_ctx, s,
                          CrossEntropyGradRow<T, int32_t, false>{prob, label.data<int32_t>(),
                                                                 dloss, dx, use_softmax,
                                                                 ignore_index});
  } else {
    PD_CHECK(label.dtype() == DataType::INT64, InvalidArgument,
             "expected softmax_with_cross_entropy's hard Label to be int64 or int32, but got ",
             label.dtype());
    gpu::rows::ForEachRow(dev_ctx, s,
                          CrossEntropyGradRow<T, int64_t, false>{prob, label.data<int64_t>(),
                                                                 dloss, dx, use_softmax,
                                                                 ignore_index});
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(cross_entropy_with_softmax_grad, GPU, phi::CrossEntropyWithSoftmaxGradKernel,
                   float, double);
