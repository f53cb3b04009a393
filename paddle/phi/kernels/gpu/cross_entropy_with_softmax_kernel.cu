// cross_entropy_with_softmax (softmax_with_cross_entropy) on GPU: per row of [outer, n, inner],
// log Softmax in double (as the CPU kernel), Softmax = its exp, and Loss = -sum(label * log
// Softmax) for soft labels or -log Softmax[label] for hard ones (0 at ignore_index).
#include <cmath>
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/cross_entropy_with_softmax_kernel.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"

namespace phi {
namespace {

// Label is a soft distribution (LabelT = T) or one class id per row (int32 / int64). A hard
// label outside [0, n) that is not ignore_index cannot raise an error from the device: its
// loss is NaN, so that it shows rather than passing as a plausible number.
template <typename T, typename LabelT, bool kSoft>
struct CrossEntropyRow {
  const T* in;
  const LabelT* label;
  T* prob;
  T* loss;
  bool use_softmax;
  int64_t ignore_index;
  template <typename Group>
  __device__ void operator()(Group group, gpu::rows::Row row) const {
    double max_value = 0.0, log_sum = 0.0;
    if (use_softmax) {
      max_value = -INFINITY;
      for (int64_t j = group.first(); j < row.n; j += group.step())
        max_value = fmax(max_value, static_cast<double>(in[row.base + j * row.stride]));
      max_value = group.Reduce(max_value, gpu::rows::MaxOp());
      double sum = 0.0;
      for (int64_t j = group.first(); j < row.n; j += group.step())
        sum += std::exp(static_cast<double>(in[row.base + j * row.stride]) - max_value);
      log_sum = std::log(group.Reduce(sum, gpu::rows::SumOp()));
    }
    // log Softmax of element j: x - max - log(sum(exp(x - max))), or log x without softmax.
    auto log_prob = [&](int64_t at) {
      const double v = static_cast<double>(in[at]);
      return use_softmax ? v - max_value - log_sum : std::log(v);
    };
    for (int64_t j = group.first(); j < row.n; j += group.step()) {
      const int64_t at = row.base + j * row.stride;
      prob[at] = use_softmax ? static_cast<T>(std::exp(log_prob(at))) : in[at];
    }
    if constexpr (kSoft) {
      double total = 0.0;
      for (int64_t j = group.first(); j < row.n; j += group.step()) {
        const int64_t at = row.base + j * row.stride;
        const double y = static_cast<double>(label[at]);
        if (y != 0.0) total -= y * log_prob(at);
      }
      total = group.Reduce(total, gpu::rows::SumOp());
      if (group.first() == 0) loss[row.index] = static_cast<T>(total);
    } else {
      if (group.first() != 0) return;
      const int64_t cls = static_cast<int64_t>(label[row.index]);
      if (cls == ignore_index) {
        loss[row.index] = T(0);
      } else if (cls < 0 || cls >= row.n) {
        loss[row.index] = static_cast<T>(NAN);
      } else {
        loss[row.index] = static_cast<T>(-log_prob(row.base + cls * row.stride));
      }
    }
  }
};

}  // namespace

template <typename T, typename Context>
void CrossEntropyWithSoftmaxKernel(const Context& dev_ctx, const DenseTensor& logits,
                                   const DenseTensor& label, bool soft_label, bool use_softmax,
                                   bool numeric_stable_mode, int ignore_index, int axis,
                                   DenseTensor* softmax, DenseTensor* loss) {
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(logits.dims(), axis);
  const T* in = logits.data<T>();
  T* prob = dev_ctx.template Alloc<T>(softmax);
  T* out = dev_ctx.template Alloc<T>(loss);
  if (soft_label) {
    gpu::rows::ForEachRow(dev_ctx, s,
                          CrossEntropyRow<T, T, true>{in, label.data<T>(), prob, out, use_softmax,
                                                      ignore_index});
  } else if (label.dtype() == DataType::INT32) {
    gpu::rows::ForEachRow(dev_ctx, s,
                          CrossEntropyRow<T, int32_t, false>{in, label.data<int32_t>(), prob, out,
                                                             use_softmax, ignore_index});
  } else {
    PD_CHECK(label.dtype() == DataType::INT64, InvalidArgument,
             "expected softmax_with_cross_entropy's hard Label to be int64 or int32, but got ",
             label.dtype());
    gpu::rows::ForEachRow(dev_ctx, s,
                          CrossEntropyRow<T, int64_t, false>{in, label.data<int64_t>(), prob, out,
                                                             use_softmax, ignore_index});
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(cross_entropy_with_softmax, GPU, phi::CrossEntropyWithSoftmaxKernel, float,
                   double);
