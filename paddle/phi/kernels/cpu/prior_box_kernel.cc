#include "paddle/phi/kernels/prior_box_kernel.h"

#include <algorithm>
#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/detection.h"

namespace phi {

template <typename T, typename Context>
void PriorBoxKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& image,
                    const std::vector<float>& min_sizes, const std::vector<float>& max_sizes,
                    const std::vector<float>& aspect_ratios, const std::vector<float>& variances,
                    bool flip, bool clip, float step_w, float step_h, float offset,
                    bool min_max_aspect_ratios_order, DenseTensor* boxes, DenseTensor* var) {
  const std::vector<float> ratios = ExpandAspectRatios(aspect_ratios, flip);
  const int64_t img_h = image.dims()[2], img_w = image.dims()[3];
  const int64_t feat_h = input.dims()[2], feat_w = input.dims()[3];
  // A zero step means one cell of the feature map spans image / feature pixels.
  T step_x = static_cast<T>(step_w), step_y = static_cast<T>(step_h);
  if (step_w == 0.0f || step_h == 0.0f) {
    step_x = static_cast<T>(img_w) / feat_w;
    step_y = static_cast<T>(img_h) / feat_h;
  }
  T* b = dev_ctx.template Alloc<T>(boxes);
  auto emit = [&](T cx, T cy, T half_w, T half_h) {
    b[0] = (cx - half_w) / img_w;
    b[1] = (cy - half_h) / img_h;
    b[2] = (cx + half_w) / img_w;
    b[3] = (cy + half_h) / img_h;
    b += 4;
  };
  for (int64_t y = 0; y < feat_h; ++y) {
    for (int64_t x = 0; x < feat_w; ++x) {
      const T cx = (x + static_cast<T>(offset)) * step_x;
      const T cy = (y + static_cast<T>(offset)) * step_y;
      for (size_t s = 0; s < min_sizes.size(); ++s) {
        const double min_size = min_sizes[s];
        auto emit_ratios = [&](bool skip_unit) {
          for (float ar : ratios) {
            if (skip_unit && std::fabs(ar - 1.0) < 1e-6) continue;
            const double root = std::sqrt(static_cast<double>(ar));
            emit(cx, cy, static_cast<T>(min_size * root / 2.),
                 static_cast<T>(min_size / root / 2.));
          }
        };
        auto emit_max = [&]() {
          if (max_sizes.empty()) return;
          const T half = static_cast<T>(std::sqrt(min_size * max_sizes[s]) / 2.);
          emit(cx, cy, half, half);
        };
        if (min_max_aspect_ratios_order) {  // Caffe's order: min square, max square, ratios
          emit(cx, cy, static_cast<T>(min_size / 2.), static_cast<T>(min_size / 2.));
          emit_max();
          emit_ratios(true);
        } else {
          emit_ratios(false);
          emit_max();
        }
      }
    }
  }
  if (clip) {
    T* data = boxes->data<T>();
    for (int64_t i = 0; i < boxes->numel(); ++i) {
      data[i] = std::min(std::max(data[i], static_cast<T>(0)), static_cast<T>(1));
    }
  }
  T* v = dev_ctx.template Alloc<T>(var);
  const int64_t count = var->numel() / 4;
  for (int64_t i = 0; i < count; ++i) {
    for (int j = 0; j < 4; ++j) v[4 * i + j] = static_cast<T>(variances[j]);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(prior_box, CPU, phi::PriorBoxKernel, float, double);
