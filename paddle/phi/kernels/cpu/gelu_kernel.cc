#include "paddle/phi/kernels/gelu_kernel.h"

#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/erf.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {

template <typename T, typename Context>
void GeluKernel(const Context& dev_ctx, const DenseTensor& x, bool approximate, DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X's storage alive if Out aliases it
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  const int64_t n = x_in.numel();
  // Ranges split over the pool (each element costs a tanh or erf: a few dozen simple steps).
  funcs::ParallelRange(n, 16, [&](int64_t begin, int64_t end) {
    if (approximate) {
      const funcs::GeluTanhFunctor<T> gelu;
      for (int64_t i = begin; i < end; ++i) result[i] = gelu(in[i]);
      return;
    }
    funcs::GeluErf(in + begin, end - begin, result + begin);
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(gelu, CPU, phi::GeluKernel, float, double);
