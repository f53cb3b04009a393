#include "paddle/phi/core/tensor_copy.h"

#include <cstring>

#include "paddle/phi/core/device_context.h"
#ifdef PADDLE_WITH_CUDA
#include "paddle/phi/backends/gpu/gpu_context.h"
#endif

namespace phi {

namespace {

// Copies `bytes` from `from` on `src_place` to `to` on `dst_place`: ordered on the device's
// stream after the work that wrote the source; a copy to the host waits for it.
void CopyBytes(const void* from, const Place& src_place, void* to, const Place& dst_place,
               size_t bytes) {
  if (bytes == 0) return;
  if (!src_place.is_gpu() && !dst_place.is_gpu()) {
    std::memcpy(to, from, bytes);
    return;
  }
#ifdef PADDLE_WITH_CUDA
  const Place& device = dst_place.is_gpu() ? dst_place : src_place;
  const auto& ctx = GPUContext::Default(device.GetDeviceId());
  cudaMemcpyKind kind = src_place.is_gpu()
                            ? (dst_place.is_gpu() ? cudaMemcpyDeviceToDevice : cudaMemcpyDeviceToHost)
                            : cudaMemcpyHostToDevice;
  if (src_place.is_gpu() && dst_place.is_gpu() &&
      src_place.GetDeviceId() != dst_place.GetDeviceId()) {
    GPUContext::Default(src_place.GetDeviceId()).Wait();
    kind = cudaMemcpyDefault;
  }
  PD_CUDA_CHECK(cudaMemcpyAsync(to, from, bytes, kind, ctx.stream()));
  if (!dst_place.is_gpu()) ctx.Wait();
#else
  PD_THROW(Unimplemented, "expected CPU places to copy between, but got ", src_place, " -> ",
           dst_place, ": this build has no GPU backend");
#endif
}

void CheckCopySource(const DenseTensor& src) {
  PD_CHECK(src.initialized() || src.nbytes() == 0, PreconditionNotMet,
           "expected an initialized tensor to copy, but its storage is not allocated (dims ",
           src.dims(), ")");
}

}  // namespace

void Copy(const DenseTensor& src, const Place& dst_place, DenseTensor* dst) {
  CheckCopySource(src);
  DenseTensor out(src.dtype(), src.dims());
  out.set_layout(src.layout());
  void* to = DeviceContextFor(dst_place).Alloc(&out, src.dtype());
  CopyBytes(src.raw_data(), src.place(), to, dst_place, src.nbytes());
  *dst = std::move(out);
}

void CopyInto(const DenseTensor& src, DenseTensor* dst) {
  CheckCopySource(src);
  PD_CHECK(dst->initialized() && dst->dtype() == src.dtype() && dst->capacity() >= src.nbytes(),
           InvalidArgument, "expected a destination of dtype ", src.dtype(), " holding at least ",
           src.nbytes(), " bytes to copy into, but got dtype ", dst->dtype(), " holding ",
           dst->initialized() ? dst->capacity() : 0, " bytes");
  dst->Resize(src.dims());
  CopyBytes(src.raw_data(), src.place(), dst->raw_data(), dst->place(), src.nbytes());
}

DenseTensor ToHost(const DenseTensor& src) {
  if (!src.place().is_gpu()) return src;
  DenseTensor host;
  Copy(src, CPUPlace(), &host);
  return host;
}

}  // namespace phi
