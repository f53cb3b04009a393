#include "paddle/phi/kernels/one_hot_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {
namespace {

template <typename OutT, typename T>
void FillOneHot(const T* ids, int64_t count, int64_t depth, bool allow_out_of_range, OutT* out) {
  std::fill(out, out + count * depth, OutT(0));
  for (int64_t i = 0; i < count; ++i) {
    const int64_t id = static_cast<int64_t>(ids[i]);
    if (id >= 0 && id < depth) {
      out[i * depth + id] = OutT(1);
      continue;
    }
    PD_CHECK(allow_out_of_range, InvalidArgument, "expected one_hot_v2's ids in [0, ", depth,
             ") (depth ", depth, "), but got ", id, " at position ", i);
  }
}

}  // namespace

template <typename T, typename Context>
void OneHotKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* depth_tensor,
                  int depth, DataType dtype, bool allow_out_of_range, DenseTensor* out) {
  PD_CHECK(depth_tensor == nullptr, Unimplemented,
           "expected one_hot_v2's depth as the attribute 'depth', but got a depth_tensor input, "
           "which is not supported");
  const T* ids = x.data<T>();
  const int64_t count = x.numel();
  switch (dtype == DataType::UNDEFINED ? DataType::FLOAT32 : dtype) {
    case DataType::FLOAT32:
      return FillOneHot(ids, count, depth, allow_out_of_range, dev_ctx.template Alloc<float>(out));
    case DataType::FLOAT64:
      return FillOneHot(ids, count, depth, allow_out_of_range, dev_ctx.template Alloc<double>(out));
    case DataType::INT32:
      return FillOneHot(ids, count, depth, allow_out_of_range, dev_ctx.template Alloc<int32_t>(out));
    case DataType::INT64:
      return FillOneHot(ids, count, depth, allow_out_of_range, dev_ctx.template Alloc<int64_t>(out));
    default:
      PD_THROW(Unimplemented, "expected one_hot_v2's dtype to be float32, float64, int32 or int64, "
               "but got ", dtype);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(one_hot, CPU, phi::OneHotKernel, int32_t, int64_t);
