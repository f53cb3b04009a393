// full_like (legacy fill_any_like) on GPU: the value converted once on the host as the CPU
// kernel converts it, then one fill launch. X's data is never read.
#include "paddle/phi/kernels/full_like_kernel.h"

#include <cmath>
#include <limits>
#include <type_traits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {
namespace {

struct FillVisitor {
  const GPUContext& dev_ctx;
  double value;
  DenseTensor* out;

  template <typename U>
  void operator()() const {
    U fill;
    if constexpr (std::is_same_v<U, bool>) {
      fill = value != 0.0;
    } else if constexpr (std::is_integral_v<U>) {
      // Converting an out-of-range double to an integer is undefined: refuse it.
      PD_CHECK(std::isfinite(value) &&
                   value >= static_cast<double>(std::numeric_limits<U>::lowest()) &&
                   value < static_cast<double>(std::numeric_limits<U>::max()) + 1.0,
               InvalidArgument, "expected a fill value within the range of ",
               CppTypeToDataType<U>::value, ", but got ", value);
      fill = static_cast<U>(value);
    } else if constexpr (std::is_floating_point_v<U>) {
      fill = static_cast<U>(value);
    } else {
      fill = U(static_cast<float>(value));  // float16, bfloat16
    }
    gpu::DeviceType<U>* data = gpu::DeviceAlloc<U>(dev_ctx, out);
    gpu::LaunchFill(dev_ctx, data, out->numel(), gpu::ToDeviceValue(fill));
  }
};

}  // namespace

template <typename T, typename Context>
void FullLikeKernel(const Context& dev_ctx, const DenseTensor& x, double value, DataType dtype,
                    DenseTensor* out) {
  const DataType out_dtype = dtype == DataType::UNDEFINED ? x.dtype() : dtype;
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected fill_any_like's Out to have X's "
           "dims ", x.dims(), ", but got ", out->dims());
  // Out may share X's storage: the fill never reads X.
  VisitDataType(out_dtype, FillVisitor{dev_ctx, value, out});
}

}  // namespace phi

PD_REGISTER_KERNEL(full_like, GPU, phi::FullLikeKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
