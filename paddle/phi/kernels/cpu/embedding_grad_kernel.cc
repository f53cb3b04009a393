#include "paddle/phi/kernels/embedding_grad_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/class_label.h"

namespace phi {

template <typename T, typename Context>
void EmbeddingGradKernel(const Context& dev_ctx, const DenseTensor& ids,
                         const DenseTensor& weight, const DenseTensor& out_grad,
                         int64_t padding_idx, DenseTensor* weight_grad) {
  if (weight_grad == nullptr) return;
  const int64_t vocabulary = weight.dims()[0];
  const int64_t width = weight.dims()[1];
  const int64_t count = ids.numel();
  PD_CHECK(out_grad.numel() == count * width, InvalidArgument,
           "expected lookup_table_v2_grad's Out@GRAD to have ", count, " x ", width,
           " elements (Ids ", ids.dims(), ", W ", weight.dims(), "), but got ", out_grad.dims());
  const funcs::ClassLabels id_of(ids, "lookup_table_v2's Ids");
  const T* dout = out_grad.data<T>();
  T* dw = dev_ctx.template Alloc<T>(weight_grad);
  std::fill(dw, dw + vocabulary * width, T(0));
  for (int64_t i = 0; i < count; ++i) {
    const int64_t id = id_of[i];
    if (padding_idx != -1 && id == padding_idx) continue;
    PD_CHECK(id >= 0 && id < vocabulary, InvalidArgument,
             "expected lookup_table_v2's ids in [0, ", vocabulary, ") (vocabulary size ",
             vocabulary, " of W ", weight.dims(), "), but got id ", id, " at position ", i);
    T* row = dw + id * width;
    const T* src = dout + i * width;
    for (int64_t j = 0; j < width; ++j) row[j] += src[j];
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(embedding_grad, CPU, phi::EmbeddingGradKernel, float, double);
