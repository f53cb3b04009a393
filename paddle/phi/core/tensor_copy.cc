#include "paddle/phi/core/tensor_copy.h"

#include <cstring>

#include "paddle/phi/core/device_context.h"
#ifdef PADDLE_WITH_CUDA
#include "paddle/phi/backends/gpu/gpu_context.h"
#endif

namespace phi {

void Copy(const DenseTensor& src, const Place& dst_place, DenseTensor* dst) {
  PD_CHECK(src.initialized() || src.nbytes() == 0, PreconditionNotMet,
           "expected an initialized tensor to copy, but its storage is not allocated (dims ",
           src.dims(), ")");
  Place src_place = src.place();
  const DeviceContext& dst_ctx = DeviceContextFor(dst_place);
  DenseTensor out(src.dtype(), src.dims());
  out.set_layout(src.layout());
  void* to = dst_ctx.Alloc(&out, src.dtype());
  size_t bytes = src.nbytes();
  if (bytes > 0) {
    const void* from = src.raw_data();
    if (!src_place.is_gpu() && !dst_place.is_gpu()) {
      std::memcpy(to, from, bytes);
    } else {
#ifdef PADDLE_WITH_CUDA
      // The device side's stream orders the copy after the work that wrote src.
      const Place& device = dst_place.is_gpu() ? dst_place : src_place;
      const auto& ctx = GPUContext::Default(device.GetDeviceId());
      cudaMemcpyKind kind = src_place.is_gpu()
                                ? (dst_place.is_gpu() ? cudaMemcpyDeviceToDevice
                                                      : cudaMemcpyDeviceToHost)
                                : cudaMemcpyHostToDevice;
      if (src_place.is_gpu() && dst_place.is_gpu() &&
          src_place.GetDeviceId() != dst_place.GetDeviceId()) {
        GPUContext::Default(src_place.GetDeviceId()).Wait();
        kind = cudaMemcpyDefault;
      }
      PD_CUDA_CHECK(cudaMemcpyAsync(to, from, bytes, kind, ctx.stream()));
      if (!dst_place.is_gpu()) ctx.Wait();
#else
      PD_THROW(Unimplemented, "expected CPU places to copy between, but got ", src_place,
               " -> ", dst_place, ": this build has no GPU backend");
#endif
    }
  }
  *dst = std::move(out);
}

DenseTensor ToHost(const DenseTensor& src) {
  if (!src.place().is_gpu()) return src;
  DenseTensor host;
  Copy(src, CPUPlace(), &host);
  return host;
}

}  // namespace phi
