// print: writes a tensor's name-free description (message, dtype, shape, layout and up to
// `summarize` values) to standard output and passes the tensor on as Out. The grad op is print
// itself with is_forward = false, so print_phase picks forward, backward or both.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void PrintKernel(const Context& dev_ctx, const DenseTensor& in, int first_n,
                 const std::string& message, int summarize, bool print_tensor_name,
                 bool print_tensor_type, bool print_tensor_shape, bool print_tensor_layout,
                 bool print_tensor_lod, const std::string& print_phase, bool is_forward,
                 DenseTensor* out);

}  // namespace phi
