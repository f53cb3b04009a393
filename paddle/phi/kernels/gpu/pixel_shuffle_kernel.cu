// pixel_shuffle on GPU: one thread per output element finds its source element (the CPU
// kernel's mapping, inverted per element); the gradient moves each element back.
#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/pixel_shuffle_kernel.h"

namespace phi {
namespace gpu_pixel_shuffle {

struct Shape {
  int64_t n, cin, h, w, c, r;  // the small side (N, C*r*r, H, W) and C, r
  bool nchw;
};

// The offset on the small side of element o of the large side (N, C, H*r, W*r).
__device__ __forceinline__ int64_t SmallOffset(const Shape& s, int64_t o) {
  const int64_t oh = s.h * s.r, ow = s.w * s.r;
  int64_t ch, oy, ox, b;
  if (s.nchw) {
    ox = o % ow;
    oy = (o / ow) % oh;
    ch = (o / (ow * oh)) % s.c;
    b = o / (ow * oh * s.c);
  } else {
    ch = o % s.c;
    ox = (o / s.c) % ow;
    oy = (o / (s.c * ow)) % oh;
    b = o / (s.c * ow * oh);
  }
  const int64_t i = oy % s.r, y = oy / s.r, j = ox % s.r, x = ox / s.r;
  const int64_t cc = (ch * s.r + i) * s.r + j;
  return s.nchw ? ((b * s.cin + cc) * s.h + y) * s.w + x : ((b * s.h + y) * s.w + x) * s.cin + cc;
}

template <typename T>
__global__ void Shuffle(const T* in, T* out, int64_t n, Shape s, bool backward) {
  PD_GPU_LOOP(o, n) {
    const int64_t i = SmallOffset(s, o);
    if (backward) {
      out[i] = in[o];
    } else {
      out[o] = in[i];
    }
  }
}

inline Shape ShapeOf(const DDim& small, int64_t r, bool nchw) {
  Shape s;
  s.n = small[0];
  s.cin = nchw ? small[1] : small[3];
  s.h = nchw ? small[2] : small[1];
  s.w = nchw ? small[3] : small[2];
  s.c = s.cin / (r * r);
  s.r = r;
  s.nchw = nchw;
  return s;
}

}  // namespace gpu_pixel_shuffle

template <typename T, typename Context>
void PixelShuffleKernel(const Context& dev_ctx, const DenseTensor& x, int upscale_factor,
                        const std::string& data_format, DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X alive should Out share its variable
  const auto s = gpu_pixel_shuffle::ShapeOf(x_in.dims(), upscale_factor, data_format == "NCHW");
  auto* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  const int64_t n = x_in.numel();
  if (n == 0) return;
  gpu_pixel_shuffle::Shuffle<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x_in), result, n, s, false);
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void PixelShuffleGradKernel(const Context& dev_ctx, const DenseTensor& dout, int upscale_factor,
                            const std::string& data_format, DenseTensor* dx) {
  if (dx == nullptr) return;
  const DenseTensor d_in = dout;
  const auto s = gpu_pixel_shuffle::ShapeOf(dx->dims(), upscale_factor, data_format == "NCHW");
  auto* result = gpu::DeviceAlloc<T>(dev_ctx, dx);
  const int64_t n = d_in.numel();
  if (n == 0) return;
  gpu_pixel_shuffle::Shuffle<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(d_in), result, n, s, true);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(pixel_shuffle, GPU, phi::PixelShuffleKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(pixel_shuffle_grad, GPU, phi::PixelShuffleGradKernel, float, double,
                   phi::float16, phi::bfloat16);
