// fill_constant_batch_size_like on GPU: the value (or str_value parsed as a number) converted
// once on the host as the CPU kernel converts it, then one fill launch over the shape
// InferMeta set. Input's data is never read.
#include "paddle/phi/kernels/fill_constant_batch_size_like_kernel.h"

#include <cstdlib>
#include <string>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {

template <typename T, typename Context>
void FillConstantBatchSizeLikeKernel(const Context& dev_ctx, const DenseTensor& input, float value,
                                     const std::string& str_value, DenseTensor* out) {
  (void)input;
  double v = value;
  if (!str_value.empty()) {
    char* end = nullptr;
    v = std::strtod(str_value.c_str(), &end);
    PD_CHECK(end != str_value.c_str() && *end == '\0', InvalidArgument,
             "expected fill_constant_batch_size_like's str_value to be a number, but got '",
             str_value, "'");
  }
  gpu::DeviceType<T>* data = gpu::DeviceAlloc<T>(dev_ctx, out);
  gpu::LaunchFill(dev_ctx, data, out->numel(), gpu::ToDeviceValue(static_cast<T>(v)));
}

}  // namespace phi

PD_REGISTER_KERNEL(fill_constant_batch_size_like, GPU, phi::FillConstantBatchSizeLikeKernel, float,
                   double, int32_t, int64_t, bool, phi::float16, phi::bfloat16);
