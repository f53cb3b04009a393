// full (fill_constant) on GPU: the value converted once on the host, then one fill kernel.
#include <cmath>
#include <limits>
#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/full_kernel.h"

namespace phi {

namespace {
template <typename T>
__global__ void FillKernel(T* data, T value, int64_t n) {
  PD_GPU_LOOP(i, n) { data[i] = value; }
}
}  // namespace

template <typename T, typename Context>
void FullKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, double value,
                DataType dtype, DenseTensor* out) {
  using DT = gpu::DeviceType<T>;
  T fill;
  if constexpr (std::is_same_v<T, bool>) {
    fill = value != 0.0;
  } else if constexpr (std::is_integral_v<T>) {
    PD_CHECK(std::isfinite(value) &&
                 value >= static_cast<double>(std::numeric_limits<T>::lowest()) &&
                 value < static_cast<double>(std::numeric_limits<T>::max()) + 1.0,
             InvalidArgument, "expected a fill value within the range of ",
             CppTypeToDataType<T>::value, ", but got ", value);
    fill = static_cast<T>(value);
  } else {
    fill = static_cast<T>(static_cast<float>(value));
    if constexpr (std::is_same_v<T, double>) fill = value;
  }
  out->Resize(DDim(shape));
  DT* data = gpu::DeviceAlloc<T>(dev_ctx, out);
  const int64_t n = out->numel();
  if (n == 0) return;
  DT device_fill;
  static_assert(sizeof(DT) == sizeof(T), "device type must hold the same bits");
  std::memcpy(&device_fill, &fill, sizeof(T));
  FillKernel<DT><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      data, device_fill, n);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(full, GPU, phi::FullKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
