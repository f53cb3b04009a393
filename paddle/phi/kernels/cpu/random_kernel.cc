#include "paddle/phi/kernels/random_kernel.h"

#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/random.h"

namespace phi {

// The transforms below are written out (not std:: distributions) so that a seed gives the
// same values with every standard library.

template <typename T, typename Context>
void UniformKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, DataType dtype,
                   float min, float max, int seed, DenseTensor* out) {
  PD_CHECK(std::isfinite(min) && std::isfinite(max) && min <= max, InvalidArgument,
           "expected finite min <= max for uniform, but got min ", min, " and max ", max);
  out->Resize(DDim(shape));
  T* data = dev_ctx.template Alloc<T>(out);
  const int64_t n = out->numel();
  std::mt19937_64 engine = funcs::MakeEngine(seed);
  const double low = min;
  const double range = static_cast<double>(max) - low;
  const T high = static_cast<T>(max);
  for (int64_t i = 0; i < n; ++i) {
    T value = static_cast<T>(low + range * funcs::UniformUnit(&engine));
    // Rounding to T may reach max itself; keep the interval half-open.
    if (value >= high && min < max) value = std::nextafter(high, static_cast<T>(min));
    data[i] = value;
  }
}

template <typename T, typename Context>
void GaussianKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, float mean,
                    float std, int seed, DataType dtype, DenseTensor* out) {
  PD_CHECK(std::isfinite(mean) && std::isfinite(std) && std >= 0.0f, InvalidArgument,
           "expected a finite mean and a finite std >= 0 for gaussian, but got mean ", mean,
           " and std ", std);
  out->Resize(DDim(shape));
  T* data = dev_ctx.template Alloc<T>(out);
  const int64_t n = out->numel();
  std::mt19937_64 engine = funcs::MakeEngine(seed);
  const double two_pi = 6.283185307179586476925286766559;
  // Box-Muller: two uniforms give two independent standard normals.
  for (int64_t i = 0; i < n; i += 2) {
    const double u1 = 1.0 - funcs::UniformUnit(&engine);  // in (0, 1]: log is finite
    const double u2 = funcs::UniformUnit(&engine);
    const double radius = std::sqrt(-2.0 * std::log(u1));
    data[i] = static_cast<T>(mean + std * radius * std::cos(two_pi * u2));
    if (i + 1 < n) data[i + 1] = static_cast<T>(mean + std * radius * std::sin(two_pi * u2));
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(uniform, CPU, phi::UniformKernel, float, double);
PD_REGISTER_KERNEL(gaussian, CPU, phi::GaussianKernel, float, double);
