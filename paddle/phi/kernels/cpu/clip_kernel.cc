#include "paddle/phi/kernels/clip_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

double ClipBound(const DenseTensor* tensor, float attr, const char* name) {
  if (tensor == nullptr) return attr;
  PD_CHECK(tensor->numel() == 1, InvalidArgument, "expected clip's ", name,
           " to hold one element, but got dims ", tensor->dims());
  switch (tensor->dtype()) {
    case DataType::FLOAT32: return tensor->data<float>()[0];
    case DataType::FLOAT64: return tensor->data<double>()[0];
    case DataType::INT32: return tensor->data<int32_t>()[0];
    case DataType::INT64: return static_cast<double>(tensor->data<int64_t>()[0]);
    default:
      PD_THROW(InvalidArgument, "expected clip's ", name, " to be float32, float64, int32 or "
               "int64, but got ", tensor->dtype());
  }
}

template <typename T, typename Context>
void ClipKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* min_tensor,
                const DenseTensor* max_tensor, float min, float max, DenseTensor* out) {
  const T low = BoundAs<T>(ClipBound(min_tensor, min, "Min"), "Min");
  const T high = BoundAs<T>(ClipBound(max_tensor, max, "Max"), "Max");
  PD_CHECK(!(high < low), InvalidArgument, "expected clip's min <= max, but got min ", low,
           " and max ", high);
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected clip's Out to have X's dims ",
           x.dims(), ", but got ", out->dims());
  const DenseTensor x_in = x;  // elementwise: Out may share X's storage
  const T* src = x_in.data<T>();
  T* dst = dev_ctx.template Alloc<T>(out);
  for (int64_t i = 0, n = x_in.numel(); i < n; ++i)
    dst[i] = src[i] < low ? low : (high < src[i] ? high : src[i]);
}

}  // namespace phi

PD_REGISTER_KERNEL(clip, CPU, phi::ClipKernel, float, double, int32_t, int64_t);
