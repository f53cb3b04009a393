#include "paddle/phi/kernels/assign_value_kernel.h"

#include <cstdint>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {
namespace {

// Checks the count before Out is allocated: a shape of a billion elements with one value is a
// wrong attribute, not a request for 4 GB.
template <typename T, typename Context, typename V>
void CopyValues(const Context& dev_ctx, const std::vector<V>& values, const char* attr,
                DenseTensor* out) {
  const int64_t n = out->numel();
  PD_CHECK(static_cast<int64_t>(values.size()) == n, InvalidArgument, "expected assign_value's ",
           attr, " to hold ", n, " values (the element count of shape ", out->dims(), "), but got ",
           values.size());
  T* r = dev_ctx.template Alloc<T>(out);
  for (int64_t i = 0; i < n; ++i) r[i] = static_cast<T>(values[i]);
}

}  // namespace

template <typename T, typename Context>
void AssignValueKernel(const Context& dev_ctx, const std::vector<int>& shape, DataType dtype,
                       const std::vector<int>& bool_values, const std::vector<float>& fp32_values,
                       const std::vector<int>& int32_values,
                       const std::vector<int64_t>& int64_values,
                       const std::vector<double>& fp64_values, DenseTensor* out) {
  (void)shape;
  switch (dtype) {
    case DataType::BOOL:
      CopyValues<T>(dev_ctx, bool_values, "bool_values", out);
      break;
    case DataType::INT32:
      CopyValues<T>(dev_ctx, int32_values, "int32_values", out);
      break;
    case DataType::INT64:
      CopyValues<T>(dev_ctx, int64_values, "int64_values", out);
      break;
    case DataType::FLOAT32:
      CopyValues<T>(dev_ctx, fp32_values, "fp32_values", out);
      break;
    case DataType::FLOAT64:
      // Programs written before fp64_values existed hold float64 data in fp32_values.
      if (fp64_values.empty() && !fp32_values.empty()) {
        CopyValues<T>(dev_ctx, fp32_values, "fp32_values", out);
      } else {
        CopyValues<T>(dev_ctx, fp64_values, "fp64_values", out);
      }
      break;
    default:
      PD_CHECK(false, InvalidArgument,
               "expected assign_value's dtype to be bool, int32, int64, float32 or float64, but "
               "got ",
               dtype);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(assign_value, CPU, phi::AssignValueKernel, bool, int32_t, int64_t, float,
                   double);
