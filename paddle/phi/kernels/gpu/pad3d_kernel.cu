// pad3d on GPU: one thread per element of the padded tensor reads its source through
// funcs::Pad3dSource (the CPU kernel's rule); the gradient adds each padded element's
// gradient into its source (atomically: replicate, reflect and circular read some sources
// more than once).
#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/pad3d.h"
#include "paddle/phi/kernels/pad3d_kernel.h"

namespace phi {
namespace gpu_pad3d {

struct Geometry {
  int64_t c, id, ih, iw, od, oh, ow;  // channels, input and output D, H, W
  int pd, ph, pw;                     // padding before D, H, W
  funcs::Pad3dMode mode;
  bool ncdhw;
};

inline Geometry GeometryOf(const DDim& in, const DDim& out, const std::vector<int>& pads,
                           const std::string& mode, const std::string& data_format) {
  Geometry g;
  g.ncdhw = data_format == "NCDHW";
  const int first = g.ncdhw ? 2 : 1;
  g.c = g.ncdhw ? in[1] : in[4];
  g.id = in[first];
  g.ih = in[first + 1];
  g.iw = in[first + 2];
  g.od = out[first];
  g.oh = out[first + 1];
  g.ow = out[first + 2];
  g.pd = pads[4];
  g.ph = pads[2];
  g.pw = pads[0];
  g.mode = funcs::ParsePad3dMode(mode);
  return g;
}

// The input offset that padded element o reads, or -1 for the constant.
__device__ __forceinline__ int64_t SourceOf(const Geometry& g, int64_t o) {
  int64_t ch = 0;
  if (!g.ncdhw) {
    ch = o % g.c;
    o /= g.c;
  }
  const int64_t w = o % g.ow;
  const int64_t y = (o / g.ow) % g.oh;
  const int64_t z = (o / (g.ow * g.oh)) % g.od;
  const int64_t b = o / (g.ow * g.oh * g.od);  // (n, c) for NCDHW, n for NDHWC
  const int64_t sz = funcs::Pad3dSource(z, g.pd, g.id, g.mode);
  const int64_t sy = funcs::Pad3dSource(y, g.ph, g.ih, g.mode);
  const int64_t sx = funcs::Pad3dSource(w, g.pw, g.iw, g.mode);
  if (sz < 0 || sy < 0 || sx < 0) return -1;
  const int64_t spatial = ((b * g.id + sz) * g.ih + sy) * g.iw + sx;
  return g.ncdhw ? spatial : spatial * g.c + ch;
}

template <typename T>
__global__ void Pad(const T* in, T* out, int64_t n, Geometry g, T fill) {
  PD_GPU_LOOP(o, n) {
    const int64_t i = SourceOf(g, o);
    out[o] = i >= 0 ? in[i] : fill;
  }
}

template <typename T>
__global__ void PadGrad(const T* dout, T* dx, int64_t n, Geometry g) {
  PD_GPU_LOOP(o, n) {
    const int64_t i = SourceOf(g, o);
    if (i >= 0) atomicAdd(dx + i, dout[o]);
  }
}

}  // namespace gpu_pad3d

template <typename T, typename Context>
void Pad3dKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& paddings,
                 const std::string& mode, float value, const std::string& data_format,
                 DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X alive should Out share its variable
  T* result = dev_ctx.template Alloc<T>(out);
  const int64_t n = out->numel();
  if (n == 0) return;
  const auto g = gpu_pad3d::GeometryOf(x_in.dims(), out->dims(), paddings, mode, data_format);
  gpu_pad3d::Pad<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      x_in.data<T>(), result, n, g, static_cast<T>(value));
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void Pad3dGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     const std::vector<int>& paddings, const std::string& mode,
                     const std::string& data_format, DenseTensor* dx) {
  if (dx == nullptr) return;
  const DenseTensor d_in = dout;
  funcs::CheckPad3dGradDims(paddings, x.dims(), d_in.dims(), data_format);
  dx->Resize(x.dims());
  T* result = dev_ctx.template Alloc<T>(dx);
  if (dx->numel() > 0)
    PD_CUDA_CHECK(cudaMemsetAsync(result, 0, dx->numel() * sizeof(T), dev_ctx.stream()));
  const int64_t n = d_in.numel();
  if (n == 0 || dx->numel() == 0) return;
  const auto g = gpu_pad3d::GeometryOf(x.dims(), d_in.dims(), paddings, mode, data_format);
  gpu_pad3d::PadGrad<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      d_in.data<T>(), result, n, g);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(pad3d, GPU, phi::Pad3dKernel, float, double);
PD_REGISTER_KERNEL(pad3d_grad, GPU, phi::Pad3dGradKernel, float, double);
