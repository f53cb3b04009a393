#include "paddle/phi/kernels/roi_align_kernel.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/detection.h"

namespace phi {
namespace {

// One bilinear sample: four pixel offsets within a channel plane and their weights (all zero
// for a sample outside the map, which still counts in its bin's average).
template <typename T>
struct Sample {
  int64_t offset[4] = {0, 0, 0, 0};
  T weight[4] = {0, 0, 0, 0};
};

// The samples of one ROI, bin by bin (pooled_height x pooled_width bins of grid_h x grid_w
// samples each), shared by the forward average and its gradient.
template <typename T>
struct RoiSamples {
  int64_t grid_h = 0, grid_w = 0;
  std::vector<Sample<T>> samples;
};

template <typename T>
RoiSamples<T> SampleRoi(const T* roi, int64_t height, int64_t width, int pooled_height,
                        int pooled_width, float spatial_scale, int sampling_ratio, bool aligned) {
  const T shift = aligned ? static_cast<T>(0.5) : static_cast<T>(0);
  const T xmin = roi[0] * spatial_scale - shift, ymin = roi[1] * spatial_scale - shift;
  const T xmax = roi[2] * spatial_scale - shift, ymax = roi[3] * spatial_scale - shift;
  T roi_w = xmax - xmin, roi_h = ymax - ymin;
  if (!aligned) {  // legacy mode: every ROI is at least one pixel
    roi_w = std::max(roi_w, static_cast<T>(1));
    roi_h = std::max(roi_h, static_cast<T>(1));
  }
  const T bin_w = roi_w / pooled_width, bin_h = roi_h / pooled_height;
  // An adaptive grid (sampling_ratio <= 0) takes ceil(roi extent / pooled extent) samples.
  PD_CHECK(sampling_ratio > 0 || (std::isfinite(roi_h) && std::isfinite(roi_w) &&
                                  roi_h / pooled_height <= 4096 && roi_w / pooled_width <= 4096),
           InvalidArgument,
           "expected roi_align's ROIs finite and at most 4096 pixels per pooled bin when "
           "sampling_ratio <= 0, but got an ROI of height ", roi_h, " and width ", roi_w);
  RoiSamples<T> r;
  r.grid_h =
      sampling_ratio > 0 ? sampling_ratio : static_cast<int64_t>(std::ceil(roi_h / pooled_height));
  r.grid_w =
      sampling_ratio > 0 ? sampling_ratio : static_cast<int64_t>(std::ceil(roi_w / pooled_width));
  const int64_t bins = static_cast<int64_t>(pooled_height) * pooled_width;
  PD_CHECK(r.grid_h * r.grid_w <= kRoiAlignMaxSamples / bins, InvalidArgument,
           "expected roi_align to take at most ", kRoiAlignMaxSamples,
           " samples an ROI (pooled_height x pooled_width bins of the sampling grid), but got ",
           pooled_height, " x ", pooled_width, " bins of ", r.grid_h, " x ", r.grid_w,
           " samples (sampling_ratio ", sampling_ratio, ")");
  r.samples.reserve(bins * r.grid_h * r.grid_w);
  for (int ph = 0; ph < pooled_height; ++ph) {
    for (int pw = 0; pw < pooled_width; ++pw) {
      for (int64_t iy = 0; iy < r.grid_h; ++iy) {
        T y = ymin + bin_h * (ph + static_cast<T>(iy + .5f) / static_cast<T>(r.grid_h));
        for (int64_t ix = 0; ix < r.grid_w; ++ix) {
          T x = xmin + bin_w * (pw + static_cast<T>(ix + .5f) / static_cast<T>(r.grid_w));
          Sample<T> s;
          if (!(y >= -1.0 && y <= height && x >= -1.0 && x <= width)) {  // NaN too
            r.samples.push_back(s);
            continue;
          }
          y = std::max(y, static_cast<T>(0));
          x = std::max(x, static_cast<T>(0));
          int64_t y0 = static_cast<int64_t>(y), x0 = static_cast<int64_t>(x), y1, x1;
          if (y0 >= height - 1) {
            y0 = y1 = height - 1;
            y = static_cast<T>(y0);
          } else {
            y1 = y0 + 1;
          }
          if (x0 >= width - 1) {
            x0 = x1 = width - 1;
            x = static_cast<T>(x0);
          } else {
            x1 = x0 + 1;
          }
          const T hy = y1 - y, hx = x1 - x;  // weights of the low row / column
          s.offset[0] = y0 * width + x0;
          s.offset[1] = y0 * width + x1;
          s.offset[2] = y1 * width + x0;
          s.offset[3] = y1 * width + x1;
          s.weight[0] = hy * hx;
          s.weight[1] = hy * (1 - hx);
          s.weight[2] = (1 - hy) * hx;
          s.weight[3] = (1 - hy) * (1 - hx);
          r.samples.push_back(s);
        }
      }
    }
  }
  return r;
}

// The image of every ROI: from RoisNum (int32 or int64), or image 0 when X holds one image.
std::vector<int64_t> RoiImages(const DenseTensor* rois_num, int64_t num_rois, int64_t batch) {
  if (rois_num == nullptr) {
    PD_CHECK(batch == 1 || num_rois == 0, InvalidArgument,
             "expected roi_align's RoisNum input when X holds more than one image, but got X "
             "with ",
             batch, " images and no RoisNum");
    return std::vector<int64_t>(num_rois, 0);
  }
  PD_CHECK(rois_num->numel() == batch, InvalidArgument,
           "expected roi_align's RoisNum to hold one count per image (", batch, "), but got ",
           rois_num->dims());
  std::vector<int64_t> image;
  for (int64_t b = 0; b < batch; ++b) {
    const int64_t n = rois_num->dtype() == DataType::INT64 ? rois_num->data<int64_t>()[b]
                                                           : rois_num->data<int>()[b];
    PD_CHECK(n >= 0, InvalidArgument, "expected roi_align's RoisNum >= 0, but got ", n);
    // Checked before the counts size anything: a count past the ROIs left is wrong whatever
    // the others are.
    PD_CHECK(n <= num_rois - static_cast<int64_t>(image.size()), InvalidArgument,
             "expected roi_align's RoisNum to sum to the number of ROIs (", num_rois,
             "), but image ", b, " alone claims ", n, " after ", image.size());
    image.insert(image.end(), n, b);
  }
  PD_CHECK(static_cast<int64_t>(image.size()) == num_rois, InvalidArgument,
           "expected roi_align's RoisNum to sum to the number of ROIs (", num_rois, "), but got ",
           image.size());
  return image;
}

// Calls f(roi, channel, bin, sample, 1 / samples per bin) for every sample of every ROI.
template <typename T, typename F>
void ForEachRoiSample(const DenseTensor& x, const DenseTensor& rois, const DenseTensor* rois_num,
                      int pooled_height, int pooled_width, float spatial_scale, int sampling_ratio,
                      bool aligned, F f) {
  const DDim& d = x.dims();
  const int64_t num_rois = rois.dims()[0];
  const std::vector<int64_t> image = RoiImages(rois_num, num_rois, d[0]);
  // No channels or an empty image: every output stays 0, no sample is taken (an empty image
  // has no pixel to read).
  if (d[1] == 0 || d[2] == 0 || d[3] == 0) return;
  const int64_t bins = static_cast<int64_t>(pooled_height) * pooled_width;
  for (int64_t n = 0; n < num_rois; ++n) {
    const RoiSamples<T> r = SampleRoi(rois.data<T>() + n * 4, d[2], d[3], pooled_height,
                                      pooled_width, spatial_scale, sampling_ratio, aligned);
    const int64_t per_bin = r.grid_h * r.grid_w;
    // An empty grid (a zero-size aligned ROI) averages nothing: its bins stay 0.
    const T inv = per_bin > 0 ? static_cast<T>(1) / static_cast<T>(per_bin) : static_cast<T>(0);
    for (int64_t c = 0; c < d[1]; ++c) {
      const int64_t plane = (image[n] * d[1] + c) * d[2] * d[3];
      const int64_t out_base = (n * d[1] + c) * bins;
      for (int64_t bin = 0; bin < bins; ++bin) {
        for (int64_t k = 0; k < per_bin; ++k)
          f(plane, out_base + bin, r.samples[bin * per_bin + k], inv);
      }
    }
  }
}

}  // namespace

template <typename T, typename Context>
void RoiAlignKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& rois,
                    const DenseTensor* rois_num, int pooled_height, int pooled_width,
                    float spatial_scale, int sampling_ratio, bool aligned, DenseTensor* out) {
  const T* in = x.data<T>();
  T* o = dev_ctx.template Alloc<T>(out);
  std::fill(o, o + out->numel(), static_cast<T>(0));
  ForEachRoiSample<T>(x, rois, rois_num, pooled_height, pooled_width, spatial_scale, sampling_ratio,
                      aligned, [&](int64_t plane, int64_t bin, const Sample<T>& s, T inv) {
                        T v = 0;
                        for (int k = 0; k < 4; ++k) v += s.weight[k] * in[plane + s.offset[k]];
                        o[bin] += v * inv;
                      });
}

template <typename T, typename Context>
void RoiAlignGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& rois,
                        const DenseTensor* rois_num, const DenseTensor& dout, int pooled_height,
                        int pooled_width, float spatial_scale, int sampling_ratio, bool aligned,
                        DenseTensor* dx) {
  if (dx == nullptr) return;
  const T* g = dout.data<T>();
  T* grad = dev_ctx.template Alloc<T>(dx);
  std::fill(grad, grad + dx->numel(), static_cast<T>(0));
  ForEachRoiSample<T>(x, rois, rois_num, pooled_height, pooled_width, spatial_scale, sampling_ratio,
                      aligned, [&](int64_t plane, int64_t bin, const Sample<T>& s, T inv) {
                        for (int k = 0; k < 4; ++k)
                          grad[plane + s.offset[k]] += s.weight[k] * g[bin] * inv;
                      });
}

}  // namespace phi

PD_REGISTER_KERNEL(roi_align, CPU, phi::RoiAlignKernel, float, double);
PD_REGISTER_KERNEL(roi_align_grad, CPU, phi::RoiAlignGradKernel, float, double);
