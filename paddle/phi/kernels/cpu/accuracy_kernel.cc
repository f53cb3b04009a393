#include "paddle/phi/kernels/accuracy_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/class_label.h"

namespace phi {

template <typename T, typename Context>
void AccuracyKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& indices,
                    const DenseTensor& label, DenseTensor* accuracy, DenseTensor* correct,
                    DenseTensor* total) {
  PD_CHECK(indices.dims().size() == 2 && label.numel() == indices.dims()[0], InvalidArgument,
           "expected accuracy's Indices [N, k] and Label [N, 1], but got Indices ",
           indices.dims(), " and Label ", label.dims());
  const int64_t rows = indices.dims()[0];
  const int64_t k = indices.dims()[1];
  const funcs::ClassLabels top(indices, "accuracy's Indices");
  const funcs::ClassLabels labels(label, "accuracy's Label");
  int64_t hits = 0;
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t j = 0; j < k; ++j) {
      if (top[r * k + j] == labels[r]) {
        ++hits;
        break;
      }
    }
  }
  float* acc = dev_ctx.template Alloc<float>(accuracy);
  int32_t* num_correct = dev_ctx.template Alloc<int32_t>(correct);
  int32_t* num_total = dev_ctx.template Alloc<int32_t>(total);
  acc[0] = rows > 0 ? static_cast<float>(hits) / static_cast<float>(rows) : 0.0f;
  num_correct[0] = static_cast<int32_t>(hits);
  num_total[0] = static_cast<int32_t>(rows);
}

}  // namespace phi

PD_REGISTER_KERNEL(accuracy, CPU, phi::AccuracyKernel, float, double, int32_t, int64_t);
