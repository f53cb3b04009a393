#include "paddle/phi/kernels/box_coder_kernel.h"

#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {
namespace {

// Center and size of a corner box; unnormalized (pixel) boxes count both end pixels.
template <typename T>
struct CenterSize {
  T cx, cy, w, h;
};

template <typename T>
CenterSize<T> PriorCenterSize(const T* box, bool normalized) {
  const T extra = normalized ? 0 : 1;
  CenterSize<T> c;
  c.w = box[2] - box[0] + extra;
  c.h = box[3] - box[1] + extra;
  c.cx = box[0] + c.w / 2;
  c.cy = box[1] + c.h / 2;
  return c;
}

}  // namespace

template <typename T, typename Context>
void BoxCoderKernel(const Context& dev_ctx, const DenseTensor& prior_box,
                    const DenseTensor* prior_box_var, const DenseTensor& target_box,
                    const std::string& code_type, bool box_normalized, int axis,
                    const std::vector<float>& variance, DenseTensor* output_box) {
  const T* prior = prior_box.data<T>();
  const T* target = target_box.data<T>();
  const T* prior_var = prior_box_var != nullptr ? prior_box_var->data<T>() : nullptr;
  T* out = dev_ctx.template Alloc<T>(output_box);
  const int64_t rows = output_box->dims()[0], cols = output_box->dims()[1];
  const T extra = box_normalized ? 0 : 1;
  // The variances of prior p: PriorBoxVar's row, the attribute, or none (1).
  auto var_of = [&](int64_t p, int k) -> T {
    if (prior_var != nullptr) return prior_var[p * 4 + k];
    if (!variance.empty()) return static_cast<T>(variance[k]);
    return static_cast<T>(1);
  };
  if (code_type == "encode_center_size") {
    for (int64_t i = 0; i < rows; ++i) {
      const T* t = target + i * 4;
      const T tw = t[2] - t[0] + extra, th = t[3] - t[1] + extra;
      const T tcx = (t[2] + t[0]) / 2, tcy = (t[3] + t[1]) / 2;
      for (int64_t j = 0; j < cols; ++j) {
        const CenterSize<T> p = PriorCenterSize(prior + j * 4, box_normalized);
        T* o = out + (i * cols + j) * 4;
        o[0] = (tcx - p.cx) / p.w / var_of(j, 0);
        o[1] = (tcy - p.cy) / p.h / var_of(j, 1);
        o[2] = std::log(std::fabs(tw / p.w)) / var_of(j, 2);
        o[3] = std::log(std::fabs(th / p.h)) / var_of(j, 3);
      }
    }
    return;
  }
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) {
      const int64_t pi = axis == 0 ? j : i;  // the prior this offset is relative to
      const CenterSize<T> p = PriorCenterSize(prior + pi * 4, box_normalized);
      const T* t = target + (i * cols + j) * 4;
      const T cx = var_of(pi, 0) * t[0] * p.w + p.cx;
      const T cy = var_of(pi, 1) * t[1] * p.h + p.cy;
      const T w = std::exp(var_of(pi, 2) * t[2]) * p.w;
      const T h = std::exp(var_of(pi, 3) * t[3]) * p.h;
      T* o = out + (i * cols + j) * 4;
      o[0] = cx - w / 2;
      o[1] = cy - h / 2;
      o[2] = cx + w / 2 - extra;
      o[3] = cy + h / 2 - extra;
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(box_coder, CPU, phi::BoxCoderKernel, float, double);
