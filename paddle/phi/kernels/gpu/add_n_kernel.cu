// add_n (legacy op sum) on GPU: out = x[0] + x[1] + ..., up to kChunk inputs per launch (their
// pointers passed by value); longer lists accumulate in a scratch tensor so that Out, which
// may be one of the inputs, is only written by the last launch.
#include "paddle/phi/kernels/add_n_kernel.h"

#include <algorithm>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/impl/add_n_kernel_impl.h"

namespace phi {
namespace {

constexpr int kChunk = 8;

template <typename DT>
struct InputChunk {
  const DT* data[kChunk];
  int count;
};

// out[j] = (partial[j] when given) + the chunk's inputs at j, in input order, in AccType; each
// element reads all its inputs before it is written.
template <typename DT>
__global__ void AddChunkKernel(InputChunk<DT> chunk, const gpu::AccType<DT>* partial,
                               gpu::AccType<DT>* partial_out, DT* out, int64_t n) {
  PD_GPU_LOOP(j, n) {
    gpu::AccType<DT> sum = partial != nullptr ? partial[j] : gpu::ToAcc(chunk.data[0][j]);
    for (int i = partial != nullptr ? 0 : 1; i < chunk.count; ++i) {
      sum += gpu::ToAcc(chunk.data[i][j]);
    }
    if (partial_out != nullptr) {
      partial_out[j] = sum;
    } else {
      out[j] = gpu::ConvertTo<DT>(sum);
    }
  }
}

}  // namespace

template <typename T, typename Context>
void AddNKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                DenseTensor* out) {
  using DT = gpu::DeviceType<T>;
  using Acc = gpu::AccType<DT>;
  CheckAddNArgs(x);
  const int64_t n = x[0]->numel();
  // Inputs held by value: their storage stays alive (and readable) whatever Out's allocation
  // does, including when Out is one of them.
  std::vector<DenseTensor> inputs;
  for (const DenseTensor* t : x) inputs.push_back(*t);
  if (out->numel() != n) out->Resize(x[0]->dims());
  DT* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  if (n == 0) return;
  const int64_t count = static_cast<int64_t>(inputs.size());
  DenseTensor partial_tensor;
  Acc* partial = nullptr;
  if (count > kChunk) {
    partial_tensor = DenseTensor(CppTypeToDataType<Acc>::value, DDim({n}));
    partial = dev_ctx.template Alloc<Acc>(&partial_tensor);
  }
  for (int64_t begin = 0; begin < count; begin += kChunk) {
    InputChunk<DT> chunk{};
    chunk.count = static_cast<int>(std::min<int64_t>(kChunk, count - begin));
    for (int i = 0; i < chunk.count; ++i) chunk.data[i] = gpu::DeviceData<T>(inputs[begin + i]);
    const bool last = begin + kChunk >= count;
    AddChunkKernel<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
        chunk, begin == 0 ? nullptr : partial, last ? nullptr : partial, result, n);
    PD_CUDA_CHECK_LAUNCH();
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(add_n, GPU, phi::AddNKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
