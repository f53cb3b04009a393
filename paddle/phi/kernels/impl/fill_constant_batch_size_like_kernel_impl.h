// fill_constant_batch_size_like written once for both backends: value (or str_value parsed as a
// number) converted once on the host, then one fill on the context's device over Out's shape.
#pragma once

#include <cstdlib>
#include <string>

#include "paddle/phi/kernels/fill_constant_batch_size_like_kernel.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"

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
  T* r = dev_ctx.template Alloc<T>(out);
  funcs::Fill(dev_ctx, r, out->numel(), static_cast<T>(v));
}

}  // namespace phi
