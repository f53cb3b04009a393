#include "paddle/phi/kernels/elementwise_kernel.h"

#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast.h"

namespace phi {
namespace {

// out = op(x, y) with broadcasting. Inputs are held by value so that their storage outlives
// a reallocation of an aliasing Out.
template <typename T, typename Context, typename Op>
void BroadcastCompute(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                      DenseTensor* out, Op op) {
  const DenseTensor x_in = x;
  const DenseTensor y_in = y;
  const bool same_dims = x_in.dims() == y_in.dims();
  funcs::BroadcastShapes shapes;
  DDim out_dims = x_in.dims();
  if (!same_dims) {
    shapes = funcs::AlignBroadcastShapes(x_in.dims(), y_in.dims(), axis);
    out_dims = DDim(shapes.out);
  }
  PD_CHECK(out->numel() == out_dims.numel(), InvalidArgument, "expected Out to have dims ",
           out_dims, " (X ", x_in.dims(), " broadcast with Y ", y_in.dims(), ", axis ", axis,
           "), but got ", out->dims());
  // Writing Out in order is safe over an input of Out's shape, not over a broadcast one.
  for (const DenseTensor* input : {&x_in, &y_in}) {
    if (input->dims() != out_dims && out->Holder() != nullptr && out->Holder() == input->Holder()) {
      DDim dims = out->dims();
      out->clear();
      out->Resize(dims);
    }
  }
  const T* a = x_in.data<T>();
  const T* b = y_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  if (same_dims) {
    const int64_t n = x_in.numel();
    for (int64_t i = 0; i < n; ++i) result[i] = op(a[i], b[i]);
    return;
  }
  funcs::ForEachBroadcastIndex(
      funcs::MakeBroadcastPlan(shapes),
      [&](int64_t o, int64_t xi, int64_t yi) { result[o] = op(a[xi], b[yi]); });
}

template <typename T>
T DivideValues(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    // INT_MIN / -1 traps on x86; negate with wrap-around instead.
    if (b == T(-1))
      return static_cast<T>(std::make_unsigned_t<T>(0) - static_cast<std::make_unsigned_t<T>>(a));
  }
  return a / b;
}

}  // namespace

template <typename T, typename Context>
void AddKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
               DenseTensor* out) {
  BroadcastCompute<T>(dev_ctx, x, y, axis, out, [](T a, T b) { return a + b; });
}

template <typename T, typename Context>
void SubtractKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                    DenseTensor* out) {
  BroadcastCompute<T>(dev_ctx, x, y, axis, out, [](T a, T b) { return a - b; });
}

template <typename T, typename Context>
void MultiplyKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                    DenseTensor* out) {
  BroadcastCompute<T>(dev_ctx, x, y, axis, out, [](T a, T b) { return a * b; });
}

template <typename T, typename Context>
void DivideKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                  DenseTensor* out) {
  if constexpr (std::is_integral_v<T>) {
    // Integer division by zero would kill the process: refuse it before writing anything.
    const T* divisor = y.data<T>();
    const int64_t n = y.numel();
    for (int64_t i = 0; i < n; ++i) {
      PD_CHECK(divisor[i] != T(0), InvalidArgument,
               "expected a nonzero divisor Y for integer divide, but got 0 at flat index ", i,
               " of Y ", y.dims());
    }
  }
  BroadcastCompute<T>(dev_ctx, x, y, axis, out, [](T a, T b) { return DivideValues(a, b); });
}

}  // namespace phi

PD_REGISTER_KERNEL(add, CPU, phi::AddKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(subtract, CPU, phi::SubtractKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(multiply, CPU, phi::MultiplyKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(divide, CPU, phi::DivideKernel, float, double, int32_t, int64_t);
