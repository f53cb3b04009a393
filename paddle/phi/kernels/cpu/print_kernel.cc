#include "paddle/phi/kernels/print_kernel.h"

#include <iostream>
#include <sstream>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void PrintKernel(const Context& dev_ctx, const DenseTensor& in, int first_n,
                 const std::string& message, int summarize, bool print_tensor_name,
                 bool print_tensor_type, bool print_tensor_shape, bool print_tensor_layout,
                 bool print_tensor_lod, const std::string& print_phase, bool is_forward,
                 DenseTensor* out) {
  PD_CHECK(print_phase == "FORWARD" || print_phase == "BACKWARD" || print_phase == "BOTH",
           InvalidArgument, "expected print_phase FORWARD, BACKWARD or BOTH, but got '",
           print_phase, "'");
  // Counting calls would be state kept between runs, which kernels never hold.
  PD_CHECK(first_n < 0, Unimplemented, "print with first_n = ", first_n,
           " (print only the first n runs) is not supported; use first_n = -1");
  if (out != &in) out->ShareDataWith(in);
  bool wanted = print_phase == "BOTH" || (is_forward ? print_phase == "FORWARD" : print_phase == "BACKWARD");
  if (!wanted) return;
  std::ostringstream os;
  if (!message.empty()) os << message << "\n";
  os << (is_forward ? "Tensor" : "Gradient") << "\n";
  if (print_tensor_type) os << "  - dtype: " << in.dtype() << "\n";
  if (print_tensor_shape) os << "  - shape: " << in.dims() << "\n";
  if (print_tensor_layout) os << "  - layout: " << (in.layout() == DataLayout::NHWC ? "NHWC" : "NCHW") << "\n";
  if (print_tensor_lod) os << "  - lod: {}\n";
  os << "  - data: [";
  const int64_t n = in.numel();
  const int64_t shown = summarize < 0 ? n : std::min<int64_t>(n, summarize);
  if (shown > 0) {
    const T* data = in.data<T>();
    for (int64_t i = 0; i < shown; ++i) os << (i ? " " : "") << +data[i];
  }
  os << (shown < n ? " ...]" : "]") << "\n";
  std::cout << os.str() << std::flush;
  (void)print_tensor_name;  // names live in the program, not in the tensor
  (void)dev_ctx;
}

}  // namespace phi

PD_REGISTER_KERNEL(print, CPU, phi::PrintKernel, float, double, int32_t, int64_t, bool);
