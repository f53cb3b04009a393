#include "paddle/phi/kernels/interpolate_kernel.h"

#include <algorithm>
#include <limits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {
namespace {

struct Tap {
  int64_t src[2];
  double weight[2];
  int count;
};

std::vector<double> ReadValues(const DenseTensor& t, const std::string& method, const char* slot) {
  std::vector<double> v(t.numel());
  for (int64_t i = 0; i < t.numel(); ++i) {
    switch (t.dtype()) {
      case DataType::INT32:
        v[i] = t.data<int32_t>()[i];
        break;
      case DataType::INT64:
        v[i] = static_cast<double>(t.data<int64_t>()[i]);
        break;
      case DataType::FLOAT32:
        v[i] = t.data<float>()[i];
        break;
      case DataType::FLOAT64:
        v[i] = t.data<double>()[i];
        break;
      default:
        PD_CHECK(false, InvalidArgument, "expected ", method, " interpolation's ", slot,
                 " to be int32, int64, float32 or float64, but got ", t.dtype());
    }
  }
  return v;
}

struct InterpSize {
  int64_t h, w;  // output extents
  float sh, sw;  // scales (-1: none)
};

// PaddlePaddle's precedence: SizeTensor, else Scale (tensor, else attribute) then OutSize.
InterpSize ResolveSize(const DDim& in, const std::string& layout, const DenseTensor* out_size,
                       const std::vector<const DenseTensor*>& sizes,
                       const DenseTensor* scale_tensor, int out_h, int out_w,
                       const std::vector<float>& scale, const std::string& method) {
  PD_CHECK(in.size() == 4, InvalidArgument, "expected ", method,
           " interpolation's X to be 4-D, but got ", in);
  const int ha = layout == "NCHW" ? 2 : 1;
  InterpSize r{out_h, out_w, -1.f, -1.f};
  bool any_size = false;
  for (const DenseTensor* t : sizes) any_size = any_size || t != nullptr;
  if (any_size) {
    std::vector<double> v;
    for (const DenseTensor* t : sizes) {
      PD_CHECK(t != nullptr && t->numel() == 1, InvalidArgument, "expected ", method,
               " interpolation's SizeTensor to hold one-element tensors");
      v.push_back(ReadValues(*t, method, "SizeTensor")[0]);
    }
    PD_CHECK(v.size() == 2, InvalidArgument, "expected ", method,
             " interpolation's SizeTensor to hold 2 tensors, but got ", v.size());
    for (double e : v) {  // converted to int64 below: nan, inf and huge values are undefined
      PD_CHECK(e >= 0 && e <= static_cast<double>(std::numeric_limits<int32_t>::max()),
               InvalidArgument, "expected ", method,
               " interpolation's SizeTensor values in [0, 2^31), but got ", e);
    }
    r.h = static_cast<int64_t>(v[0]);
    r.w = static_cast<int64_t>(v[1]);
  } else {
    if (scale_tensor != nullptr) {
      std::vector<double> v = ReadValues(*scale_tensor, method, "Scale");
      PD_CHECK(!v.empty(), InvalidArgument, "expected ", method,
               " interpolation's Scale to be non-empty");
      r.sh = static_cast<float>(v[0]);
      r.sw = static_cast<float>(v.size() > 1 ? v[1] : v[0]);
      PD_CHECK(r.sh > 0 && r.sw > 0, InvalidArgument, "expected ", method,
               " interpolation's Scale > 0, but got ", r.sh, ", ", r.sw);
    } else if (scale.size() > 1) {
      r.sh = scale[0];
      r.sw = scale[1];
    }
    if (r.sh > 0 && r.sw > 0) {
      const double limit = static_cast<double>(std::numeric_limits<int>::max());
      PD_CHECK(in[ha] * static_cast<double>(r.sh) <= limit &&
                   in[ha + 1] * static_cast<double>(r.sw) <= limit,
               InvalidArgument, "expected ", method,
               " interpolation's X extents times scale to fit in int32, but got X ", in,
               " and scales ", r.sh, ", ", r.sw);
      r.h = static_cast<int>(in[ha] * r.sh);
      r.w = static_cast<int>(in[ha + 1] * r.sw);
    }
    if (out_size != nullptr) {
      std::vector<double> v = ReadValues(*out_size, method, "OutSize");
      PD_CHECK(v.size() == 2, InvalidArgument, "expected ", method,
               " interpolation's OutSize to hold 2 values, but got ", v.size());
      r.h = static_cast<int64_t>(v[0]);
      r.w = static_cast<int64_t>(v[1]);
    }
  }
  PD_CHECK(r.h > 0 && r.w > 0, InvalidArgument, "expected ", method,
           " interpolation's output extents > 0, but got ", r.h, " x ", r.w);
  return r;
}

// PaddlePaddle's ratio: (in-1)/(out-1) with align_corners, else 1/scale or in/out (as float).
float Ratio(int64_t in, int64_t out, float scale, bool align_corners) {
  if (out <= 1) return 0.f;
  const float new_scale = scale > 0 ? static_cast<float>(1. / scale) : static_cast<float>(in) / out;
  return align_corners ? static_cast<float>(in - 1) / (out - 1) : new_scale;
}

// Source taps of every output position along one axis.
std::vector<Tap> AxisTaps(bool bilinear, int64_t in, int64_t out, float scale, bool align_corners,
                          int align_mode) {
  std::vector<Tap> taps(out);
  if (in == out) {
    for (int64_t k = 0; k < out; ++k) taps[k] = Tap{{k, k}, {1.0, 0.0}, 1};
    return taps;
  }
  const float ratio = Ratio(in, out, scale, align_corners);
  const bool align_flag = align_mode == 0 && !align_corners;
  for (int64_t k = 0; k < out; ++k) {
    if (!bilinear) {
      int64_t i =
          align_corners ? static_cast<int64_t>(ratio * k + 0.5) : static_cast<int64_t>(ratio * k);
      i = std::min<int64_t>(i, in - 1);
      taps[k] = Tap{{i, i}, {1.0, 0.0}, 1};
      continue;
    }
    int64_t lo = align_flag ? static_cast<int64_t>(ratio * (k + 0.5) - 0.5)
                            : static_cast<int64_t>(ratio * k);
    lo = lo > 0 ? lo : 0;
    const int64_t hi = lo + 1 < in - 1 ? lo + 1 : in - 1;
    float src = ratio * (k + 0.5) - 0.5;
    src = src > 0 ? src : 0;
    const float d_lo = align_flag ? src - lo : ratio * k - lo;
    taps[k] = Tap{{lo, hi}, {1.0 - static_cast<double>(d_lo), static_cast<double>(d_lo)}, 2};
  }
  return taps;
}

// Calls f(out_offset, in_offset, weight) for every tap of every output element.
template <typename F>
void ForEachTap(bool bilinear, const DDim& in, const DDim& out, const std::string& layout, float sh,
                float sw, bool align_corners, int align_mode, F f) {
  const bool nchw = layout == "NCHW";
  const int ha = nchw ? 2 : 1;
  const int64_t n = in[0], c = nchw ? in[1] : in[3];
  const int64_t ih = in[ha], iw = in[ha + 1], oh = out[ha], ow = out[ha + 1];
  const std::vector<Tap> th = AxisTaps(bilinear, ih, oh, sh, align_corners, align_mode);
  const std::vector<Tap> tw = AxisTaps(bilinear, iw, ow, sw, align_corners, align_mode);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t ch = 0; ch < c; ++ch)
      for (int64_t y = 0; y < oh; ++y)
        for (int64_t x = 0; x < ow; ++x) {
          const int64_t o =
              nchw ? ((b * c + ch) * oh + y) * ow + x : ((b * oh + y) * ow + x) * c + ch;
          for (int a = 0; a < th[y].count; ++a)
            for (int e = 0; e < tw[x].count; ++e) {
              const int64_t sy = th[y].src[a], sx = tw[x].src[e];
              const int64_t i =
                  nchw ? ((b * c + ch) * ih + sy) * iw + sx : ((b * ih + sy) * iw + sx) * c + ch;
              f(o, i, th[y].weight[a] * tw[x].weight[e]);
            }
        }
}

template <typename T, typename Context>
void InterpForward(bool bilinear, const Context& dev_ctx, const DenseTensor& x,
                   const DenseTensor* out_size, const std::vector<const DenseTensor*>& sizes,
                   const DenseTensor* scale_tensor, const std::string& layout, int out_h, int out_w,
                   const std::vector<float>& scale, bool align_corners, int align_mode,
                   DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X alive should Out share its variable
  const InterpSize size = ResolveSize(x_in.dims(), layout, out_size, sizes, scale_tensor, out_h,
                                      out_w, scale, bilinear ? "bilinear" : "nearest");
  std::vector<int64_t> dims = x_in.dims().ToVector();
  const int ha = layout == "NCHW" ? 2 : 1;
  dims[ha] = size.h;
  dims[ha + 1] = size.w;
  out->Resize(DDim(dims));
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  std::fill(result, result + out->numel(), T(0));
  ForEachTap(bilinear, x_in.dims(), out->dims(), layout, size.sh, size.sw, align_corners,
             align_mode,
             [&](int64_t o, int64_t i, double w) { result[o] += static_cast<T>(w) * in[i]; });
}

template <typename T, typename Context>
void InterpBackward(bool bilinear, const Context& dev_ctx, const DenseTensor& x,
                    const DenseTensor* out_size, const std::vector<const DenseTensor*>& sizes,
                    const DenseTensor* scale_tensor, const DenseTensor& dout,
                    const std::string& layout, int out_h, int out_w,
                    const std::vector<float>& scale, bool align_corners, int align_mode,
                    DenseTensor* dx) {
  if (dx == nullptr) return;
  const InterpSize size = ResolveSize(x.dims(), layout, out_size, sizes, scale_tensor, out_h, out_w,
                                      scale, bilinear ? "bilinear" : "nearest");
  const DenseTensor d_in = dout;
  const T* g = d_in.data<T>();
  dx->Resize(x.dims());
  T* result = dev_ctx.template Alloc<T>(dx);
  std::fill(result, result + dx->numel(), T(0));
  ForEachTap(bilinear, x.dims(), d_in.dims(), layout, size.sh, size.sw, align_corners, align_mode,
             [&](int64_t o, int64_t i, double w) { result[i] += static_cast<T>(w) * g[o]; });
}

}  // namespace

#define PD_INTERP_KERNEL_DEF(Name, bilinear)                                                       \
  template <typename T, typename Context>                                                          \
  void Name##Kernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* out_size,     \
                    const std::vector<const DenseTensor*>& size_tensor,                            \
                    const DenseTensor* scale_tensor, const std::string& data_layout, int out_d,    \
                    int out_h, int out_w, const std::vector<float>& scale,                         \
                    const std::string& interp_method, bool align_corners, int align_mode,          \
                    DenseTensor* out) {                                                            \
    InterpForward<T>(bilinear, dev_ctx, x, out_size, size_tensor, scale_tensor, data_layout,       \
                     out_h, out_w, scale, align_corners, align_mode, out);                         \
  }                                                                                                \
  template <typename T, typename Context>                                                          \
  void Name##GradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* out_size, \
                        const std::vector<const DenseTensor*>& size_tensor,                        \
                        const DenseTensor* scale_tensor, const DenseTensor& dout,                  \
                        const std::string& data_layout, int out_d, int out_h, int out_w,           \
                        const std::vector<float>& scale, const std::string& interp_method,         \
                        bool align_corners, int align_mode, DenseTensor* dx) {                     \
    InterpBackward<T>(bilinear, dev_ctx, x, out_size, size_tensor, scale_tensor, dout,             \
                      data_layout, out_h, out_w, scale, align_corners, align_mode, dx);            \
  }

PD_INTERP_KERNEL_DEF(NearestInterp, false)
PD_INTERP_KERNEL_DEF(BilinearInterp, true)

#undef PD_INTERP_KERNEL_DEF

}  // namespace phi

PD_REGISTER_KERNEL(nearest_interp, CPU, phi::NearestInterpKernel, float, double);
PD_REGISTER_KERNEL(nearest_interp_grad, CPU, phi::NearestInterpGradKernel, float, double);
PD_REGISTER_KERNEL(bilinear_interp, CPU, phi::BilinearInterpKernel, float, double);
PD_REGISTER_KERNEL(bilinear_interp_grad, CPU, phi::BilinearInterpGradKernel, float, double);
