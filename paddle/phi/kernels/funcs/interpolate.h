// The resizing engine of the *_interp_v2 ops (nearest, linear, bilinear, bicubic, trilinear)
// over 1, 2 or 3 spatial axes: PaddlePaddle's output-size precedence and its per-axis source
// index rules. Each method is separable, so an axis yields taps (source index, weight) and the
// forward pass and its gradient walk the same product of taps.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/device_context.h"

namespace phi {
namespace funcs {

enum class InterpMethod { kNearest, kLinear, kCubic };

// Up to four source positions (cubic) along one axis with their weights.
struct InterpTap {
  int64_t src[4];
  double weight[4];
  int count;
};

// Resolved output extents and scales of the last `rank` axes (D, H, W order, -1: no scale).
struct InterpSize {
  int rank = 0;
  int64_t out[3] = {1, 1, 1};
  float scale[3] = {-1.f, -1.f, -1.f};
};

// Reads a small int or float tensor (OutSize, SizeTensor, Scale) as doubles.
inline std::vector<double> ReadInterpValues(const DenseTensor& t, const std::string& method,
                                            const char* slot) {
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

// First spatial axis of an N-D tensor in the op's data_layout ("NCHW" also names NCW and
// NCDHW, "NHWC" NWC and NDHWC, as in PaddlePaddle).
inline int InterpFirstSpatialAxis(const std::string& layout) { return layout == "NCHW" ? 2 : 1; }

// An output extent given as a number (a size tensor's value, or an extent times a scale),
// truncated to an integer as PaddlePaddle does; NaN, infinite and values beyond int32 (whose
// conversion is undefined) are refused.
inline int64_t CheckedInterpExtent(double value, const std::string& method, const char* what) {
  PD_CHECK(value >= 0 && value <= static_cast<double>(std::numeric_limits<int32_t>::max()),
           InvalidArgument, "expected ", method, " interpolation's ", what,
           " in [0, 2^31), but got ", value);
  return static_cast<int64_t>(value);
}

// PaddlePaddle's precedence: SizeTensor, else the scale (Scale tensor, else the attribute, which
// needs one entry per spatial axis) with OutSize overriding its extents but not its ratio, else
// out_d / out_h / out_w.
inline InterpSize ResolveInterpSize(const DDim& in, const std::string& layout,
                                    const DenseTensor* out_size,
                                    const std::vector<const DenseTensor*>& sizes,
                                    const DenseTensor* scale_tensor, int out_d, int out_h,
                                    int out_w, const std::vector<float>& scale,
                                    const std::string& method) {
  PD_CHECK(in.size() >= 3 && in.size() <= 5, InvalidArgument, "expected ", method,
           " interpolation's X to be 3-D, 4-D or 5-D, but got ", in);
  InterpSize r;
  r.rank = in.size() - 2;
  const int first = InterpFirstSpatialAxis(layout);
  const int attr_sizes[3] = {out_d, out_h, out_w};
  for (int a = 0; a < r.rank; ++a) r.out[a] = attr_sizes[3 - r.rank + a];
  bool any_size = false;
  for (const DenseTensor* t : sizes) any_size = any_size || t != nullptr;
  if (any_size) {
    PD_CHECK(static_cast<int>(sizes.size()) == r.rank, InvalidArgument, "expected ", method,
             " interpolation's SizeTensor to hold ", r.rank, " tensors, but got ", sizes.size());
    for (int a = 0; a < r.rank; ++a) {
      PD_CHECK(sizes[a] != nullptr && sizes[a]->numel() == 1, InvalidArgument, "expected ", method,
               " interpolation's SizeTensor to hold one-element tensors");
      r.out[a] = CheckedInterpExtent(ReadInterpValues(*sizes[a], method, "SizeTensor")[0], method,
                                     "SizeTensor values");
    }
  } else {
    bool scaled = false;
    if (scale_tensor != nullptr) {
      std::vector<double> v = ReadInterpValues(*scale_tensor, method, "Scale");
      PD_CHECK(!v.empty(), InvalidArgument, "expected ", method,
               " interpolation's Scale to be non-empty");
      for (int a = 0; a < r.rank; ++a) {
        r.scale[a] = static_cast<float>(v.size() > 1 ? v[std::min<size_t>(a, v.size() - 1)] : v[0]);
        PD_CHECK(r.scale[a] > 0, InvalidArgument, "expected ", method,
                 " interpolation's Scale > 0, but got ", r.scale[a]);
      }
      scaled = true;
    } else if (static_cast<int>(scale.size()) >= r.rank) {
      for (int a = 0; a < r.rank; ++a) {
        r.scale[a] = scale[a];
        PD_CHECK(scale[a] > 0, InvalidArgument, "expected ", method,
                 " interpolation's scale > 0, but got ", scale[a]);
      }
      scaled = true;
    }
    if (scaled) {
      for (int a = 0; a < r.rank; ++a) {
        const double extent = static_cast<double>(in[first + a]) * r.scale[a];
        PD_CHECK(extent <= static_cast<double>(std::numeric_limits<int>::max()), InvalidArgument,
                 "expected ", method,
                 " interpolation's X extents times scale to fit in int32, but got X ", in,
                 " and scale ", r.scale[a], " on spatial axis ", a);
        r.out[a] = static_cast<int64_t>(extent);
      }
    }
    if (out_size != nullptr) {
      std::vector<double> v = ReadInterpValues(*out_size, method, "OutSize");
      PD_CHECK(static_cast<int>(v.size()) == r.rank, InvalidArgument, "expected ", method,
               " interpolation's OutSize to hold ", r.rank, " values, but got ", v.size());
      for (int a = 0; a < r.rank; ++a)
        r.out[a] = CheckedInterpExtent(v[a], method, "OutSize values");
    }
  }
  for (int a = 0; a < r.rank; ++a) {
    PD_CHECK(r.out[a] > 0, InvalidArgument, "expected ", method,
             " interpolation's output extents > 0, but got ", r.out[a], " on spatial axis ", a);
  }
  return r;
}

// PaddlePaddle's ratio: (in-1)/(out-1) with align_corners, else 1/scale or in/out (as float).
inline float InterpRatio(int64_t in, int64_t out, float scale, bool align_corners) {
  if (out <= 1) return 0.f;
  const float new_scale = scale > 0 ? static_cast<float>(1. / scale) : static_cast<float>(in) / out;
  return align_corners ? static_cast<float>(in - 1) / (out - 1) : new_scale;
}

// Cubic convolution weights (a = -0.75) of the four taps around a fractional offset t.
inline void CubicWeights(double t, double w[4]) {
  constexpr double a = -0.75;
  auto near = [](double x) { return ((a + 2) * x - (a + 3)) * x * x + 1; };       // |x| <= 1
  auto far = [](double x) { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a; };  // 1 < |x| < 2
  w[0] = far(t + 1.0);
  w[1] = near(t);
  w[2] = near(1.0 - t);
  w[3] = far(2.0 - t);
}

// The taps of every output position along one axis. `identity` (every axis keeps its extent,
// where PaddlePaddle copies the input) gives each output its own source.
inline std::vector<InterpTap> InterpAxisTaps(InterpMethod method, int64_t in, int64_t out,
                                             float scale, bool align_corners, int align_mode,
                                             bool identity) {
  std::vector<InterpTap> taps(out);
  if (identity) {
    for (int64_t k = 0; k < out; ++k) taps[k] = InterpTap{{k}, {1.0}, 1};
    return taps;
  }
  const float ratio = InterpRatio(in, out, scale, align_corners);
  const bool align_flag = align_mode == 0 && !align_corners;
  for (int64_t k = 0; k < out; ++k) {
    if (method == InterpMethod::kNearest) {
      int64_t i =
          align_corners ? static_cast<int64_t>(ratio * k + 0.5) : static_cast<int64_t>(ratio * k);
      i = std::min<int64_t>(i, in - 1);
      taps[k] = InterpTap{{i}, {1.0}, 1};
    } else if (method == InterpMethod::kLinear) {
      int64_t lo = align_flag ? static_cast<int64_t>(ratio * (k + 0.5) - 0.5)
                              : static_cast<int64_t>(ratio * k);
      lo = lo > 0 ? lo : 0;
      const int64_t hi = lo + 1 < in - 1 ? lo + 1 : in - 1;
      float src = ratio * (k + 0.5) - 0.5;
      src = src > 0 ? src : 0;
      const float d_lo = align_flag ? src - lo : ratio * k - lo;
      taps[k] =
          InterpTap{{lo, hi}, {1.0 - static_cast<double>(d_lo), static_cast<double>(d_lo)}, 2};
    } else {
      // Bicubic ignores align_mode; indices outside [0, in) clamp to the border.
      const float kf = static_cast<float>(k);
      const float src = align_corners ? ratio * kf : ratio * (kf + 0.5f) - 0.5f;
      const int64_t base = static_cast<int64_t>(std::floor(src));
      InterpTap tap;
      tap.count = 4;
      // The offset in double, as PaddlePaddle's float64 kernel has it (exact for either type).
      CubicWeights(static_cast<double>(src) - static_cast<double>(base), tap.weight);
      for (int e = 0; e < 4; ++e) tap.src[e] = std::clamp<int64_t>(base - 1 + e, 0, in - 1);
      taps[k] = tap;
    }
  }
  return taps;
}

// Calls f(out_offset, in_offset, weight) for every tap of every output element of a 3-, 4- or
// 5-D tensor (channels first or last).
template <typename F>
void ForEachInterpTap(InterpMethod method, const DDim& in, const DDim& out,
                      const std::string& layout, const InterpSize& size, bool align_corners,
                      int align_mode, F f) {
  // Nothing to read or to write: no taps either (an empty batch's spatial extents may be huge).
  if (in.numel() == 0 || out.numel() == 0) return;
  const int rank = in.size() - 2;
  const int first = InterpFirstSpatialAxis(layout);
  const bool channels_first = layout == "NCHW";
  const int64_t n = in[0], c = channels_first ? in[1] : in[in.size() - 1];
  // Missing leading spatial axes act as extent-1 axes.
  int64_t ie[3] = {1, 1, 1}, oe[3] = {1, 1, 1};
  float sc[3] = {-1.f, -1.f, -1.f};
  bool same = true;
  for (int a = 0; a < rank; ++a) {
    ie[3 - rank + a] = in[first + a];
    oe[3 - rank + a] = out[first + a];
    sc[3 - rank + a] = size.scale[a];
    same = same && in[first + a] == out[first + a];
  }
  std::vector<InterpTap> taps[3];
  for (int a = 0; a < 3; ++a) {
    taps[a] = InterpAxisTaps(method, ie[a], oe[a], sc[a], align_corners, align_mode,
                             same || (a < 3 - rank));
  }
  const int64_t in_plane = ie[0] * ie[1] * ie[2], out_plane = oe[0] * oe[1] * oe[2];
  for (int64_t b = 0; b < n; ++b)
    for (int64_t ch = 0; ch < c; ++ch)
      for (int64_t z = 0; z < oe[0]; ++z)
        for (int64_t y = 0; y < oe[1]; ++y)
          for (int64_t x = 0; x < oe[2]; ++x) {
            const int64_t o_pos = (z * oe[1] + y) * oe[2] + x;
            const int64_t o = channels_first ? (b * c + ch) * out_plane + o_pos
                                             : (b * out_plane + o_pos) * c + ch;
            const InterpTap &tz = taps[0][z], &ty = taps[1][y], &tx = taps[2][x];
            for (int p = 0; p < tz.count; ++p)
              for (int q = 0; q < ty.count; ++q)
                for (int r = 0; r < tx.count; ++r) {
                  const int64_t i_pos = (tz.src[p] * ie[1] + ty.src[q]) * ie[2] + tx.src[r];
                  const int64_t i = channels_first ? (b * c + ch) * in_plane + i_pos
                                                   : (b * in_plane + i_pos) * c + ch;
                  f(o, i, tz.weight[p] * ty.weight[q] * tx.weight[r]);
                }
          }
}

// The CPU engine (CPUContext only: the GPU's overloads are in gpu/interpolate_util.cuh).
template <typename T>
void InterpForward(InterpMethod method, const char* name, const CPUContext& dev_ctx,
                   const DenseTensor& x, const DenseTensor* out_size,
                   const std::vector<const DenseTensor*>& sizes, const DenseTensor* scale_tensor,
                   const std::string& layout, int out_d, int out_h, int out_w,
                   const std::vector<float>& scale, bool align_corners, int align_mode,
                   DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X alive should Out share its variable
  const InterpSize size = ResolveInterpSize(x_in.dims(), layout, out_size, sizes, scale_tensor,
                                            out_d, out_h, out_w, scale, name);
  std::vector<int64_t> dims = x_in.dims().ToVector();
  const int first = InterpFirstSpatialAxis(layout);
  for (int a = 0; a < size.rank; ++a) dims[first + a] = size.out[a];
  out->Resize(DDim(dims));
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  std::fill(result, result + out->numel(), T(0));
  ForEachInterpTap(method, x_in.dims(), out->dims(), layout, size, align_corners, align_mode,
                   [&](int64_t o, int64_t i, double w) { result[o] += static_cast<T>(w) * in[i]; });
}

template <typename T>
void InterpBackward(InterpMethod method, const char* name, const CPUContext& dev_ctx,
                    const DenseTensor& x, const DenseTensor* out_size,
                    const std::vector<const DenseTensor*>& sizes, const DenseTensor* scale_tensor,
                    const DenseTensor& dout, const std::string& layout, int out_d, int out_h,
                    int out_w, const std::vector<float>& scale, bool align_corners, int align_mode,
                    DenseTensor* dx) {
  if (dx == nullptr) return;
  const InterpSize size = ResolveInterpSize(x.dims(), layout, out_size, sizes, scale_tensor, out_d,
                                            out_h, out_w, scale, name);
  const int first = InterpFirstSpatialAxis(layout);
  // Out@GRAD has the forward Out's dims: X's batch and channel extents, the resolved sizes.
  DDim want = x.dims();
  for (int a = 0; a < size.rank; ++a) want[first + a] = size.out[a];
  PD_CHECK(dout.dims() == want, InvalidArgument, "expected ", name,
           " interpolation's Out@GRAD to have the output dims ", want, " (X ", x.dims(),
           "), but got ", dout.dims());
  const DenseTensor d_in = dout;
  const T* g = d_in.data<T>();
  dx->Resize(x.dims());
  T* result = dev_ctx.template Alloc<T>(dx);
  std::fill(result, result + dx->numel(), T(0));
  ForEachInterpTap(method, x.dims(), d_in.dims(), layout, size, align_corners, align_mode,
                   [&](int64_t o, int64_t i, double w) { result[i] += static_cast<T>(w) * g[o]; });
}

}  // namespace funcs
}  // namespace phi

// Defines Name##Kernel and Name##GradKernel (declared by PD_INTERP_KERNEL_DECL in
// interpolate_kernel.h) on the engine above with the given method.
#define PD_INTERP_KERNEL_DEF(Name, method, label)                                                  \
  template <typename T, typename Context>                                                          \
  void Name##Kernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* out_size,     \
                    const std::vector<const DenseTensor*>& size_tensor,                            \
                    const DenseTensor* scale_tensor, const std::string& data_layout, int out_d,    \
                    int out_h, int out_w, const std::vector<float>& scale,                         \
                    const std::string& interp_method, bool align_corners, int align_mode,          \
                    DenseTensor* out) {                                                            \
    funcs::InterpForward<T>(method, label, dev_ctx, x, out_size, size_tensor, scale_tensor,        \
                            data_layout, out_d, out_h, out_w, scale, align_corners, align_mode,    \
                            out);                                                                  \
  }                                                                                                \
  template <typename T, typename Context>                                                          \
  void Name##GradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* out_size, \
                        const std::vector<const DenseTensor*>& size_tensor,                        \
                        const DenseTensor* scale_tensor, const DenseTensor& dout,                  \
                        const std::string& data_layout, int out_d, int out_h, int out_w,           \
                        const std::vector<float>& scale, const std::string& interp_method,         \
                        bool align_corners, int align_mode, DenseTensor* dx) {                     \
    funcs::InterpBackward<T>(method, label, dev_ctx, x, out_size, size_tensor, scale_tensor, dout, \
                             data_layout, out_d, out_h, out_w, scale, align_corners, align_mode,   \
                             dx);                                                                  \
  }
