#include "paddle/phi/kernels/embedding_kernel.h"

#include <algorithm>
#include <cstring>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/class_label.h"

namespace phi {

template <typename T, typename Context>
void EmbeddingKernel(const Context& dev_ctx, const DenseTensor& ids, const DenseTensor& weight,
                     int64_t padding_idx, DenseTensor* out) {
  const int64_t vocabulary = weight.dims()[0];
  const int64_t width = weight.dims()[1];
  const int64_t count = ids.numel();
  const funcs::ClassLabels id_of(ids, "lookup_table_v2's Ids");
  const T* table = weight.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  for (int64_t i = 0; i < count; ++i) {
    const int64_t id = id_of[i];
    T* dst = result + i * width;
    if (padding_idx != -1 && id == padding_idx) {
      std::fill(dst, dst + width, T(0));
      continue;
    }
    PD_CHECK(id >= 0 && id < vocabulary, InvalidArgument,
             "expected lookup_table_v2's ids in [0, ", vocabulary, ") (vocabulary size ",
             vocabulary, " of W ", weight.dims(), "), but got id ", id, " at position ", i);
    std::memcpy(dst, table + id * width, width * sizeof(T));
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(embedding, CPU, phi::EmbeddingKernel, float, double);
