#include "paddle/phi/kernels/set_value_kernel.h"

#include <algorithm>
#include <limits>
#include <type_traits>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/tensor_zoo.h"
#include "paddle/phi/kernels/funcs/broadcast.h"
#include "paddle/phi/kernels/funcs/set_value.h"

namespace phi {
namespace {

// Input offsets of the region's elements, in row-major region order.
std::vector<int64_t> RegionOffsets(const DDim& dims, const StridedRegion& region) {
  std::vector<int64_t> offsets(std::max<int64_t>(region.dims.numel(), 0));
  ForEachStridedIndex(dims, region, [&](int64_t from, int64_t k) { offsets[k] = from; });
  return offsets;
}

}  // namespace

template <typename T, typename Context>
void SetValueKernel(const Context& dev_ctx, const DenseTensor& input,
                    const DenseTensor* value_tensor, const std::vector<int64_t>& axes,
                    const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                    const std::vector<int64_t>& steps, const std::vector<int64_t>& decrease_axes,
                    const std::vector<int64_t>& none_axes, DataType dtype,
                    const std::vector<int>& bool_values, const std::vector<float>& fp32_values,
                    const std::vector<int>& int32_values, const std::vector<int64_t>& int64_values,
                    const std::vector<double>& fp64_values, const std::vector<float>& fp16_values,
                    const std::vector<int64_t>& shape, DenseTensor* out) {
  const DenseTensor in = input;
  const DDim dims = in.dims();
  const StridedRegion region = SetValueRegion(dims, axes, starts, ends, steps);
  const DDim target = SetValueAssignDims(region.dims, decrease_axes, none_axes);
  // The value is copied out first: it may share storage with Out (x[0] = x[1]).
  std::vector<T> value;
  DDim value_dims;
  if (value_tensor != nullptr) {
    value_dims = value_tensor->dims();
    const T* v = value_tensor->numel() > 0 ? value_tensor->data<T>() : nullptr;
    value.assign(v, v + value_tensor->numel());
  } else {
    value_dims = DDim(shape);
    value = funcs::AttrValues<T>(dtype, bool_values, fp32_values, int32_values, int64_values,
                                 fp64_values, fp16_values);
    PD_CHECK(static_cast<int64_t>(value.size()) == value_dims.numel(), InvalidArgument,
             "expected set_value's value attribute to hold the ", value_dims.numel(),
             " elements of shape ", value_dims, ", but got ", value.size(), " values");
  }
  const funcs::BroadcastPlan plan =
      funcs::MakeBroadcastPlan(funcs::AlignBroadcastShapes(target, value_dims, -1));
  PD_CHECK(plan.numel == target.numel(), InvalidArgument, "expected set_value's value ", value_dims,
           " to broadcast to the assigned region ", target, ", but it does not");
  const int64_t n = in.numel();
  const T* src = n > 0 ? in.data<T>() : nullptr;
  T* dst = dev_ctx.template Alloc<T>(out);  // the same storage when Out is Input
  if (dst != src && n > 0) std::copy(src, src + n, dst);
  const std::vector<int64_t> offsets = RegionOffsets(dims, region);
  funcs::ForEachBroadcastIndex(
      plan, [&](int64_t k, int64_t, int64_t vi) { dst[offsets[k]] = value[vi]; });
}

template <typename T, typename Context>
void SetValueGradKernel(const Context& dev_ctx, const DenseTensor& dout,
                        const DenseTensor* value_tensor, const std::vector<int64_t>& axes,
                        const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                        const std::vector<int64_t>& steps,
                        const std::vector<int64_t>& decrease_axes,
                        const std::vector<int64_t>& none_axes, DenseTensor* dinput,
                        DenseTensor* dvalue) {
  const DenseTensor g = dout;
  const DDim dims = g.dims();
  const StridedRegion region = SetValueRegion(dims, axes, starts, ends, steps);
  const std::vector<int64_t> offsets = RegionOffsets(dims, region);
  const T* src = g.numel() > 0 ? g.data<T>() : nullptr;
  // ValueTensor@GRAD first: Input@GRAD may share Out@GRAD's storage and zero the region.
  if (dvalue != nullptr && value_tensor != nullptr) {
    const DDim target = SetValueAssignDims(region.dims, decrease_axes, none_axes);
    const funcs::BroadcastPlan plan =
        funcs::MakeBroadcastPlan(funcs::AlignBroadcastShapes(target, value_tensor->dims(), -1));
    std::vector<T> region_grad(offsets.size());
    for (size_t k = 0; k < offsets.size(); ++k) region_grad[k] = src[offsets[k]];
    T* dv = dev_ctx.template Alloc<T>(dvalue);
    funcs::ReduceGradToInput(plan, false, region_grad.data(), dv, dvalue->numel());
  }
  if (dinput != nullptr) {
    T* dx = dev_ctx.template Alloc<T>(dinput);
    if (dx != src && g.numel() > 0) std::copy(src, src + g.numel(), dx);
    for (int64_t offset : offsets) dx[offset] = T(0);  // overwritten: no gradient reaches Input
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(set_value, CPU, phi::SetValueKernel, float, double, int32_t, int64_t, bool);
PD_REGISTER_KERNEL(set_value_grad, CPU, phi::SetValueGradKernel, float, double);
