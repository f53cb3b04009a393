#include "paddle/phi/kernels/argsort_kernel.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/nan_order.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {

template <typename T, typename Context>
void ArgsortKernel(const Context& dev_ctx, const DenseTensor& x, int axis, bool descending,
                   DenseTensor* out, DenseTensor* indices) {
  const DenseTensor in_t = x;
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(in_t.dims(), axis);
  const T* in = in_t.data<T>();
  T* r = dev_ctx.template Alloc<T>(out);
  int64_t* ids = dev_ctx.template Alloc<int64_t>(indices);
  // Empty: nothing to sort, but the row walk below could still run for 2^60 empty rows.
  if (in_t.numel() == 0) return;
  std::vector<int64_t> order(s.axis_extent);
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t i = 0; i < s.inner; ++i) {
      const int64_t base = o * s.axis_extent * s.inner + i;
      for (int64_t j = 0; j < s.axis_extent; ++j) order[j] = j;
      std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
        const T va = in[base + a * s.inner];
        const T vb = in[base + b * s.inner];
        return descending ? funcs::NanLastLess(vb, va) : funcs::NanLastLess(va, vb);
      });
      for (int64_t j = 0; j < s.axis_extent; ++j) {
        r[base + j * s.inner] = in[base + order[j] * s.inner];
        ids[base + j * s.inner] = order[j];
      }
    }
  }
}

template <typename T, typename Context>
void ArgsortGradKernel(const Context& dev_ctx, const DenseTensor& indices, const DenseTensor& dout,
                       int axis, DenseTensor* dx) {
  const DenseTensor d_in = dout;
  // X@GRAD takes X's dims: X, Indices and Out@GRAD must agree (each entry is written once).
  PD_CHECK(dx->dims() == d_in.dims(), InvalidArgument,
           "expected argsort_grad's X and Out@GRAD to have the same dims, but got ", dx->dims(),
           " and ", d_in.dims());
  PD_CHECK(indices.dims() == d_in.dims(), InvalidArgument,
           "expected argsort_grad's Indices to have Out@GRAD's dims ", d_in.dims(), ", but got ",
           indices.dims());
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(d_in.dims(), axis);
  const int64_t* ids = indices.data<int64_t>();
  const T* g = d_in.data<T>();
  T* r = dev_ctx.template Alloc<T>(dx);
  const int64_t total = d_in.numel();
  for (int64_t k = 0; k < total; ++k) r[k] = T(0);
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t i = 0; i < s.inner; ++i) {
      const int64_t base = o * s.axis_extent * s.inner + i;
      for (int64_t j = 0; j < s.axis_extent; ++j) {
        const int64_t src = ids[base + j * s.inner];
        PD_CHECK(src >= 0 && src < s.axis_extent, InvalidArgument,
                 "expected argsort_grad's Indices in [0, ", s.axis_extent, "), but got ", src);
        r[base + src * s.inner] += g[base + j * s.inner];
      }
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(argsort, CPU, phi::ArgsortKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(argsort_grad, CPU, phi::ArgsortGradKernel, float, double);
