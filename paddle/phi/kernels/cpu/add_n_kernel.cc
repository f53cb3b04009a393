#include "paddle/phi/kernels/add_n_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/add_n_kernel_impl.h"

namespace phi {

template <typename T, typename Context>
void AddNKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                DenseTensor* out) {
  CheckAddNArgs(x);
  const int64_t n = x[0]->numel();
  if (out->numel() != n) out->Resize(x[0]->dims());
  T* result = dev_ctx.template Alloc<T>(out);
  // Input pointers are taken after the allocation, which keeps the storage of an input that
  // is also the output. Each element reads every input before it is written.
  std::vector<const T*> inputs;
  for (const DenseTensor* t : x) inputs.push_back(t->data<T>());
  const size_t count = inputs.size();
  for (int64_t j = 0; j < n; ++j) {
    T sum = inputs[0][j];
    for (size_t i = 1; i < count; ++i) sum += inputs[i][j];
    result[j] = sum;
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(add_n, CPU, phi::AddNKernel, float, double, int32_t, int64_t);
