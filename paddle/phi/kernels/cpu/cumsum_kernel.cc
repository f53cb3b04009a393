#include "paddle/phi/kernels/cumsum_kernel.h"

#include <cstdint>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {
namespace {

template <typename T, typename Context>
void CumsumImpl(const Context& dev_ctx, const DenseTensor& x, int axis, bool flatten,
                bool exclusive, bool reverse, DenseTensor* out) {
  const DenseTensor in_t = x;  // keeps X alive if Out shares its buffer
  funcs::SoftmaxShape s;
  if (flatten) {
    s.axis_extent = in_t.numel();
  } else {
    s = funcs::MakeSoftmaxShape(in_t.dims(), axis);
  }
  const T* in = in_t.data<T>();
  T* r = dev_ctx.template Alloc<T>(out);
  // Empty: the row walk below could still run for 2^40 empty rows.
  if (in_t.numel() == 0) return;
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t i = 0; i < s.inner; ++i) {
      const int64_t base = o * s.axis_extent * s.inner + i;
      T sum = T(0);
      for (int64_t step = 0; step < s.axis_extent; ++step) {
        const int64_t j = reverse ? s.axis_extent - 1 - step : step;
        const int64_t k = base + j * s.inner;
        const T v = in[k];
        if (exclusive) {
          r[k] = sum;
          sum += v;
        } else {
          sum += v;
          r[k] = sum;
        }
      }
    }
  }
}

}  // namespace

template <typename T, typename Context>
void CumsumKernel(const Context& dev_ctx, const DenseTensor& x, int axis, bool flatten,
                  bool exclusive, bool reverse, DenseTensor* out) {
  CumsumImpl<T>(dev_ctx, x, axis, flatten, exclusive, reverse, out);
}

template <typename T, typename Context>
void CumsumGradKernel(const Context& dev_ctx, const DenseTensor& dout, int axis, bool flatten,
                      bool exclusive, bool reverse, DenseTensor* dx) {
  // dx has X's shape; with flatten dout is 1-D and both run in the same element order.
  CumsumImpl<T>(dev_ctx, dout, axis, flatten, exclusive, !reverse, dx);
}

}  // namespace phi

PD_REGISTER_KERNEL(cumsum, CPU, phi::CumsumKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(cumsum_grad, CPU, phi::CumsumGradKernel, float, double);
