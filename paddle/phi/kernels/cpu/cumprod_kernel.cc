#include "paddle/phi/kernels/cumprod_kernel.h"

#include <cstdint>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/funcs/wrapping_arith.h"

namespace phi {

template <typename T, typename Context>
void CumprodKernel(const Context& dev_ctx, const DenseTensor& x, int dim, DenseTensor* out) {
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(x.dims(), dim);
  const T* in = x.data<T>();
  T* r = dev_ctx.template Alloc<T>(out);
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t i = 0; i < s.inner; ++i) {
      const int64_t base = o * s.axis_extent * s.inner + i;
      T running = T(1);
      for (int64_t j = 0; j < s.axis_extent; ++j) {
        running = funcs::WrapMul(running, in[base + j * s.inner]);
        r[base + j * s.inner] = running;
      }
    }
  }
}

template <typename T, typename Context>
void CumprodGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out_grad,
                       int dim, DenseTensor* x_grad) {
  PD_CHECK(out_grad.dims() == x.dims(), InvalidArgument,
           "expected cumprod_grad's Out@GRAD to have X's dims ", x.dims(), ", but got ",
           out_grad.dims());
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(x.dims(), dim);
  const T* in = x.data<T>();
  const T* g = out_grad.data<T>();
  T* dx = dev_ctx.template Alloc<T>(x_grad);
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t i = 0; i < s.inner; ++i) {
      const int64_t base = o * s.axis_extent * s.inner + i;
      // Backwards: tail = sum_{k >= j} g[k] * x[j+1] ... x[k], kept in dx for now.
      T tail = T(0);
      for (int64_t j = s.axis_extent - 1; j >= 0; --j) {
        const int64_t at = base + j * s.inner;
        tail = funcs::WrapAdd(
            g[at], j + 1 < s.axis_extent ? funcs::WrapMul(in[at + s.inner], tail) : T(0));
        dx[at] = tail;
      }
      // Forwards: times the product of the elements before j.
      T prefix = T(1);
      for (int64_t j = 0; j < s.axis_extent; ++j) {
        const int64_t at = base + j * s.inner;
        dx[at] = funcs::WrapMul(dx[at], prefix);
        prefix = funcs::WrapMul(prefix, in[at]);
      }
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(cumprod, CPU, phi::CumprodKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(cumprod_grad, CPU, phi::CumprodGradKernel, float, double, int32_t, int64_t);
