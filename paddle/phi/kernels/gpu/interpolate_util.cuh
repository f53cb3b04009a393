// The GPU engine of the *_interp_v2 ops (nearest, linear, bilinear, bicubic, trilinear) and
// their grads, shared by interpolate_kernel.cu and interp_more_kernel.cu. Output sizes and the
// per-axis taps (source index, weight) come from the CPU engine (funcs/interpolate.h) on the
// host, so indices and weights are the CPU kernels' bit for bit; the tap table is copied to the
// device and each output element walks the product of its taps in the CPU loops' order.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/tensor_copy.h"
#include "paddle/phi/kernels/funcs/interpolate.h"

namespace phi {
namespace gpu_interp {

// Batch, channels, the (D, H, W) extents of X and Out (missing leading axes are 1) and the
// layout of one resize.
struct Geometry {
  int64_t n = 0, c = 0;
  int64_t ie[3] = {1, 1, 1};
  int64_t oe[3] = {1, 1, 1};
  bool channels_first = true;
};

// Products and sums rounded one at a time (never contracted into an FMA), as the CPU loops.
__device__ __forceinline__ float MulRn(float a, float b) { return __fmul_rn(a, b); }
__device__ __forceinline__ double MulRn(double a, double b) { return __dmul_rn(a, b); }
__device__ __forceinline__ float AddRn(float a, float b) { return __fadd_rn(a, b); }
__device__ __forceinline__ double AddRn(double a, double b) { return __dadd_rn(a, b); }

// Calls f(out_offset, in_offset, weight) for the taps of output element o, in the order of
// funcs::ForEachInterpTap. taps: Out's D taps, then its H taps, then its W taps.
template <typename F>
__device__ __forceinline__ void ForEachTapOf(const Geometry& g, const funcs::InterpTap* taps,
                                             int64_t o, F f) {
  const int64_t out_plane = g.oe[0] * g.oe[1] * g.oe[2];
  const int64_t in_plane = g.ie[0] * g.ie[1] * g.ie[2];
  int64_t b, ch, pos;
  if (g.channels_first) {
    pos = o % out_plane;
    const int64_t bc = o / out_plane;
    ch = bc % g.c;
    b = bc / g.c;
  } else {
    ch = o % g.c;
    const int64_t bp = o / g.c;
    pos = bp % out_plane;
    b = bp / out_plane;
  }
  const int64_t x = pos % g.oe[2];
  const int64_t y = (pos / g.oe[2]) % g.oe[1];
  const int64_t z = pos / (g.oe[2] * g.oe[1]);
  const funcs::InterpTap& tz = taps[z];
  const funcs::InterpTap& ty = taps[g.oe[0] + y];
  const funcs::InterpTap& tx = taps[g.oe[0] + g.oe[1] + x];
  const int64_t base = g.channels_first ? (b * g.c + ch) * in_plane : b * in_plane * g.c + ch;
  const int64_t step = g.channels_first ? 1 : g.c;
  for (int p = 0; p < tz.count; ++p)
    for (int q = 0; q < ty.count; ++q)
      for (int r = 0; r < tx.count; ++r) {
        const int64_t i_pos = (tz.src[p] * g.ie[1] + ty.src[q]) * g.ie[2] + tx.src[r];
        f(base + i_pos * step, __dmul_rn(__dmul_rn(tz.weight[p], ty.weight[q]), tx.weight[r]));
      }
}

// out[o] = the sum over o's taps of weight * in[i], accumulated in T from 0 as the CPU does.
template <typename T>
__global__ void InterpForwardKernel(Geometry g, const funcs::InterpTap* taps, const T* in, T* out,
                                    int64_t total) {
  PD_GPU_LOOP(o, total) {
    T acc = T(0);
    ForEachTapOf(g, taps, o,
                 [&](int64_t i, double w) { acc = AddRn(acc, MulRn(static_cast<T>(w), in[i])); });
    out[o] = acc;
  }
}

// dx[i] += weight * dout[o] for every tap (dx zeroed first).
template <typename T>
__global__ void InterpBackwardKernel(Geometry g, const funcs::InterpTap* taps, const T* dout, T* dx,
                                     int64_t total) {
  PD_GPU_LOOP(o, total) {
    const T grad = dout[o];
    ForEachTapOf(g, taps, o,
                 [&](int64_t i, double w) { atomicAdd(dx + i, MulRn(static_cast<T>(w), grad)); });
  }
}

// The geometry and host tap table of a resize from `in` to `out` dims, as funcs::ForEachInterpTap
// sets them up.
inline Geometry MakeGeometry(funcs::InterpMethod method, const DDim& in, const DDim& out,
                             const std::string& layout, const funcs::InterpSize& size,
                             bool align_corners, int align_mode,
                             std::vector<funcs::InterpTap>* taps) {
  const int rank = in.size() - 2;
  const int first = funcs::InterpFirstSpatialAxis(layout);
  Geometry g;
  g.channels_first = layout == "NCHW";
  g.n = in[0];
  g.c = g.channels_first ? in[1] : in[in.size() - 1];
  float sc[3] = {-1.f, -1.f, -1.f};
  bool same = true;
  for (int a = 0; a < rank; ++a) {
    g.ie[3 - rank + a] = in[first + a];
    g.oe[3 - rank + a] = out[first + a];
    sc[3 - rank + a] = size.scale[a];
    same = same && in[first + a] == out[first + a];
  }
  taps->clear();
  for (int a = 0; a < 3; ++a) {
    std::vector<funcs::InterpTap> axis = funcs::InterpAxisTaps(
        method, g.ie[a], g.oe[a], sc[a], align_corners, align_mode, same || (a < 3 - rank));
    taps->insert(taps->end(), axis.begin(), axis.end());
  }
  return g;
}

// Copies the tap table to the device (into `holder`, which keeps it alive; dropping it after
// the launches is safe, the allocator is ordered by the stream).
inline const funcs::InterpTap* UploadTaps(const GPUContext& ctx,
                                          const std::vector<funcs::InterpTap>& taps,
                                          DenseTensor* holder) {
  const int64_t bytes = static_cast<int64_t>(taps.size() * sizeof(funcs::InterpTap));
  *holder = DenseTensor(DataType::UINT8, DDim({bytes > 0 ? bytes : 1}));
  uint8_t* dst = ctx.template Alloc<uint8_t>(holder);
  if (bytes > 0) {
    PD_CUDA_CHECK(cudaMemcpyAsync(dst, taps.data(), bytes, cudaMemcpyHostToDevice, ctx.stream()));
  }
  return reinterpret_cast<const funcs::InterpTap*>(dst);
}

// OutSize, SizeTensor and Scale are host inputs; should one arrive on the device anyway, it is
// read through a host copy.
struct HostSizes {
  DenseTensor out_size_copy, scale_copy;
  std::vector<DenseTensor> size_copies;
  const DenseTensor* out_size = nullptr;
  const DenseTensor* scale = nullptr;
  std::vector<const DenseTensor*> sizes;

  HostSizes(const DenseTensor* out_size_in, const std::vector<const DenseTensor*>& sizes_in,
            const DenseTensor* scale_in)
      : size_copies(sizes_in.size()), sizes(sizes_in) {
    out_size = OnHost(out_size_in, &out_size_copy);
    scale = OnHost(scale_in, &scale_copy);
    for (size_t k = 0; k < sizes.size(); ++k) sizes[k] = OnHost(sizes[k], &size_copies[k]);
  }
  HostSizes(const HostSizes&) = delete;
  HostSizes& operator=(const HostSizes&) = delete;

 private:
  static const DenseTensor* OnHost(const DenseTensor* t, DenseTensor* copy) {
    if (t == nullptr || !t->place().is_gpu()) return t;
    *copy = ToHost(*t);
    return copy;
  }
};

template <typename T>
void Forward(funcs::InterpMethod method, const char* name, const GPUContext& dev_ctx,
             const DenseTensor& x, const DenseTensor* out_size,
             const std::vector<const DenseTensor*>& size_tensor, const DenseTensor* scale_tensor,
             const std::string& layout, int out_d, int out_h, int out_w,
             const std::vector<float>& scale, bool align_corners, int align_mode,
             DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X alive should Out share its variable
  const HostSizes host(out_size, size_tensor, scale_tensor);
  const funcs::InterpSize size = funcs::ResolveInterpSize(
      x_in.dims(), layout, host.out_size, host.sizes, host.scale, out_d, out_h, out_w, scale, name);
  std::vector<int64_t> dims = x_in.dims().ToVector();
  const int first = funcs::InterpFirstSpatialAxis(layout);
  for (int a = 0; a < size.rank; ++a) dims[first + a] = size.out[a];
  out->Resize(DDim(dims));
  T* result = dev_ctx.template Alloc<T>(out);
  const int64_t total = out->numel();
  if (total == 0) return;
  std::vector<funcs::InterpTap> taps;
  const Geometry g = MakeGeometry(method, x_in.dims(), out->dims(), layout, size, align_corners,
                                  align_mode, &taps);
  DenseTensor holder;
  const funcs::InterpTap* taps_dev = UploadTaps(dev_ctx, taps, &holder);
  InterpForwardKernel<T><<<gpu::BlocksFor(dev_ctx, total), gpu::kThreads, 0, dev_ctx.stream()>>>(
      g, taps_dev, x_in.data<T>(), result, total);
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T>
void Backward(funcs::InterpMethod method, const char* name, const GPUContext& dev_ctx,
              const DenseTensor& x, const DenseTensor* out_size,
              const std::vector<const DenseTensor*>& size_tensor, const DenseTensor* scale_tensor,
              const DenseTensor& dout, const std::string& layout, int out_d, int out_h, int out_w,
              const std::vector<float>& scale, bool align_corners, int align_mode,
              DenseTensor* dx) {
  if (dx == nullptr) return;
  const HostSizes host(out_size, size_tensor, scale_tensor);
  const funcs::InterpSize size = funcs::ResolveInterpSize(
      x.dims(), layout, host.out_size, host.sizes, host.scale, out_d, out_h, out_w, scale, name);
  const int first = funcs::InterpFirstSpatialAxis(layout);
  // Out@GRAD has the forward Out's dims: X's batch and channel extents, the resolved sizes.
  DDim want = x.dims();
  for (int a = 0; a < size.rank; ++a) want[first + a] = size.out[a];
  PD_CHECK(dout.dims() == want, InvalidArgument, "expected ", name,
           " interpolation's Out@GRAD to have the output dims ", want, " (X ", x.dims(),
           "), but got ", dout.dims());
  const DenseTensor d_in = dout;  // keeps Out@GRAD alive should X@GRAD share its variable
  const DDim x_dims = x.dims();
  dx->Resize(x_dims);
  T* result = dev_ctx.template Alloc<T>(dx);
  if (dx->numel() > 0) {
    PD_CUDA_CHECK(cudaMemsetAsync(result, 0, sizeof(T) * dx->numel(), dev_ctx.stream()));
  }
  const int64_t total = d_in.numel();
  if (total == 0 || dx->numel() == 0) return;
  std::vector<funcs::InterpTap> taps;
  const Geometry g =
      MakeGeometry(method, x_dims, d_in.dims(), layout, size, align_corners, align_mode, &taps);
  DenseTensor holder;
  const funcs::InterpTap* taps_dev = UploadTaps(dev_ctx, taps, &holder);
  InterpBackwardKernel<T><<<gpu::BlocksFor(dev_ctx, total), gpu::kThreads, 0, dev_ctx.stream()>>>(
      g, taps_dev, d_in.data<T>(), result, total);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace gpu_interp

namespace funcs {

// The GPU overloads of the interpolation engine that PD_INTERP_KERNEL_DEF's kernels call
// (funcs/interpolate.h has the CPU one).
template <typename T>
void InterpForward(InterpMethod method, const char* name, const GPUContext& dev_ctx,
                   const DenseTensor& x, const DenseTensor* out_size,
                   const std::vector<const DenseTensor*>& sizes, const DenseTensor* scale_tensor,
                   const std::string& layout, int out_d, int out_h, int out_w,
                   const std::vector<float>& scale, bool align_corners, int align_mode,
                   DenseTensor* out) {
  gpu_interp::Forward<T>(method, name, dev_ctx, x, out_size, sizes, scale_tensor, layout, out_d,
                         out_h, out_w, scale, align_corners, align_mode, out);
}

template <typename T>
void InterpBackward(InterpMethod method, const char* name, const GPUContext& dev_ctx,
                    const DenseTensor& x, const DenseTensor* out_size,
                    const std::vector<const DenseTensor*>& sizes, const DenseTensor* scale_tensor,
                    const DenseTensor& dout, const std::string& layout, int out_d, int out_h,
                    int out_w, const std::vector<float>& scale, bool align_corners, int align_mode,
                    DenseTensor* dx) {
  gpu_interp::Backward<T>(method, name, dev_ctx, x, out_size, sizes, scale_tensor, dout, layout,
                          out_d, out_h, out_w, scale, align_corners, align_mode, dx);
}

}  // namespace funcs
}  // namespace phi
