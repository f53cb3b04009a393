#include "paddle/phi/kernels/take_along_axis_kernel.h"

#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/along_axis.h"

namespace phi {

template <typename T, typename Context>
void TakeAlongAxisKernel(const Context& dev_ctx, const DenseTensor& input,
                         const DenseTensor& index, int axis, DenseTensor* result) {
  const std::vector<int64_t> offsets =
      funcs::AlongAxisTargets(input.dims(), index, axis, "take_along_axis");
  const T* in = input.data<T>();
  T* out = dev_ctx.template Alloc<T>(result);
  for (size_t i = 0; i < offsets.size(); ++i) out[i] = in[offsets[i]];
}

template <typename T, typename Context>
void TakeAlongAxisGradKernel(const Context& dev_ctx, const DenseTensor& index,
                             const DenseTensor& result_grad, int axis, DenseTensor* input_grad) {
  const std::vector<int64_t> offsets =
      funcs::AlongAxisTargets(input_grad->dims(), index, axis, "take_along_axis_grad");
  PD_CHECK(result_grad.numel() == static_cast<int64_t>(offsets.size()), InvalidArgument,
           "expected take_along_axis_grad's Result@GRAD to have Index's dims ", index.dims(),
           ", but got ", result_grad.dims());
  const T* g = result_grad.data<T>();
  T* dx = dev_ctx.template Alloc<T>(input_grad);
  const int64_t total = input_grad->numel();
  for (int64_t k = 0; k < total; ++k) dx[k] = T(0);
  for (size_t i = 0; i < offsets.size(); ++i) dx[offsets[i]] += g[i];
}

}  // namespace phi

PD_REGISTER_KERNEL(take_along_axis, CPU, phi::TakeAlongAxisKernel, float, double, int32_t,
                   int64_t);
PD_REGISTER_KERNEL(take_along_axis_grad, CPU, phi::TakeAlongAxisGradKernel, float, double,
                   int32_t, int64_t);
