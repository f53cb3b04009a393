// masked_select and masked_select_grad on GPU. Over the broadcast shape of X and Mask, the mask
// flags are scanned (cub::DeviceScan::InclusiveSum) into each selected element's position in
// Y + 1; the last entry, the count of selected elements, is copied to the host (the stream is
// synchronized: Y's extent depends on the mask's data). The forward then writes each selected
// element of X to its position; the grad reads Y@GRAD back at those positions and sums over
// the dims where X was broadcast (gpu::SumToBroadcastInput).
#include <cstdint>
#include <cub/device/device_scan.cuh>
#include <utility>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"
#include "paddle/phi/kernels/masked_select_kernel.h"

namespace phi {
namespace gpu_masked_select {

// flags[o] = 1 where the mask holds at broadcast element o, else 0.
__global__ void MaskFlagsKernel(const bool* keep, funcs::BroadcastPlan plan, int64_t* flags) {
  PD_GPU_LOOP(o, plan.numel) {
    int64_t xo, mo;
    gpu::BroadcastOffsets(plan, o, &xo, &mo);
    flags[o] = keep[mo] ? 1 : 0;
  }
}

// y[position[o] - 1] = x at o, for every selected o.
template <typename B>
__global__ void SelectKernel(const B* x, const bool* keep, const int64_t* position,
                             funcs::BroadcastPlan plan, B* y) {
  PD_GPU_LOOP(o, plan.numel) {
    int64_t xo, mo;
    gpu::BroadcastOffsets(plan, o, &xo, &mo);
    if (keep[mo]) y[position[o] - 1] = x[xo];
  }
}

// load(o) = Y@GRAD at o's position where the mask holds at o, else 0.
template <typename DT>
struct SelectedGradLoad {
  const DT* dy;
  const bool* keep;
  const int64_t* position;
  funcs::BroadcastPlan plan;
  int64_t count;
  __device__ __forceinline__ gpu::SumAccType<DT> operator()(int64_t o) const {
    using Acc = gpu::SumAccType<DT>;
    int64_t xo, mo;
    gpu::BroadcastOffsets(plan, o, &xo, &mo);
    if (!keep[mo]) return Acc(0);
    const int64_t p = position[o] - 1;
    return p < count ? gpu::ConvertTo<Acc>(dy[p]) : Acc(0);
  }
};

// The inclusive scan of the mask flags over plan (plan.numel > 0) into *position, and the
// number of selected elements (read on the host: waits for the stream).
inline int64_t ScanMask(const GPUContext& ctx, const bool* keep, const funcs::BroadcastPlan& plan,
                        DenseTensor* position) {
  const int64_t n = plan.numel;
  *position = DenseTensor(DataType::INT64, DDim({n}));
  int64_t* pos = ctx.template Alloc<int64_t>(position);
  MaskFlagsKernel<<<gpu::BlocksFor(ctx, n), gpu::kThreads, 0, ctx.stream()>>>(keep, plan, pos);
  PD_CUDA_CHECK_LAUNCH();
  size_t temp_bytes = 0;
  PD_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, pos, pos, n, ctx.stream()));
  DenseTensor temp(DataType::UINT8, DDim({static_cast<int64_t>(temp_bytes) + 1}));
  void* temp_data = ctx.template Alloc<uint8_t>(&temp);
  PD_CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp_data, temp_bytes, pos, pos, n, ctx.stream()));
  int64_t count = 0;
  PD_CUDA_CHECK(
      cudaMemcpyAsync(&count, pos + n - 1, sizeof(int64_t), cudaMemcpyDeviceToHost, ctx.stream()));
  ctx.Wait();
  return count;
}

}  // namespace gpu_masked_select

template <typename T, typename Context>
void MaskedSelectKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& mask,
                        DenseTensor* y) {
  using B = gpu::strided::Bits<T>;
  const DenseTensor x_in = x, m_in = mask;  // Y may share a variable with X
  const funcs::BroadcastPlan plan =
      funcs::MakeBroadcastPlan(funcs::AlignBroadcastShapes(x_in.dims(), m_in.dims(), -1));
  if (plan.numel <= 0) {
    y->Resize(DDim({0}));
    funcs::AllocUnaliased<T>(dev_ctx, y, {&x_in, &m_in});
    return;
  }
  const bool* keep = m_in.data<bool>();
  DenseTensor position;
  const int64_t count = gpu_masked_select::ScanMask(dev_ctx, keep, plan, &position);
  // The only data-dependent extent: InferMeta left it unknown.
  y->Resize(DDim({count}));
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, y, {&x_in, &m_in});
  if (count == 0) return;
  gpu_masked_select::SelectKernel<B>
      <<<gpu::BlocksFor(dev_ctx, plan.numel), gpu::kThreads, 0, dev_ctx.stream()>>>(
          reinterpret_cast<const B*>(x_in.data<T>()), keep, std::as_const(position).data<int64_t>(),
          plan, reinterpret_cast<B*>(dst));
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void MaskedSelectGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& mask,
                            const DenseTensor& dy, DenseTensor* dx) {
  using DT = gpu::DeviceType<T>;
  if (dx == nullptr) return;
  const DenseTensor g = dy, m_in = mask;
  const funcs::BroadcastShapes shapes = funcs::AlignBroadcastShapes(x.dims(), m_in.dims(), -1);
  const funcs::BroadcastPlan plan = funcs::MakeBroadcastPlan(shapes);
  const int64_t count = g.numel();
  DenseTensor position;
  int64_t selected = 0;
  const bool* keep = plan.numel > 0 ? m_in.data<bool>() : nullptr;
  if (plan.numel > 0) selected = gpu_masked_select::ScanMask(dev_ctx, keep, plan, &position);
  PD_CHECK(selected == count, InvalidArgument,
           "expected masked_select_grad's Y@GRAD to hold one "
           "element per selected position (",
           selected, "), but got Y@GRAD ", g.dims());
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, dx, {&g});
  if (dx->numel() == 0) return;
  if (plan.numel <= 0) {
    PD_CUDA_CHECK(cudaMemsetAsync(dst, 0, sizeof(T) * dx->numel(), dev_ctx.stream()));
    return;
  }
  const DT* src = count > 0 ? gpu::DeviceData<T>(g) : nullptr;
  gpu::SumToBroadcastInput(dev_ctx, shapes, true,
                           gpu_masked_select::SelectedGradLoad<DT>{
                               src, keep, std::as_const(position).data<int64_t>(), plan, count},
                           reinterpret_cast<DT*>(dst));
}

}  // namespace phi

PD_REGISTER_KERNEL(masked_select, GPU, phi::MaskedSelectKernel, float, double, int32_t, int64_t,
                   bool);
PD_REGISTER_KERNEL(masked_select_grad, GPU, phi::MaskedSelectGradKernel, float, double);
