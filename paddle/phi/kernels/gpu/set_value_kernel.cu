// set_value and set_value_grad on GPU. Out = Input (copied unless Out is Input itself), then
// one kernel writes the value, broadcast to the strided region, into it. The value is
// ValueTensor (copied first when it shares storage with Out, as for x[0] = x[1]) or the
// attribute list that dtype names, converted on the host as the CPU kernel converts it.
// The grad: ValueTensor@GRAD is the region of Out@GRAD summed back to the value's dims
// (gpu::SumToBroadcastInput), then Input@GRAD is Out@GRAD with the region zeroed.
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/common/data_type.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/tensor_zoo.h"
#include "paddle/phi/kernels/funcs/broadcast.h"
#include "paddle/phi/kernels/funcs/set_value.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"
#include "paddle/phi/kernels/set_value_kernel.h"

namespace phi {
namespace gpu_set_value {

// dst[map.Source(k)] = value[value offset of k in the broadcast walk `plan`].
template <typename B>
__global__ void AssignRegionKernel(const B* value, gpu::strided::IndexMap map,
                                   funcs::BroadcastPlan plan, int64_t n, B* dst) {
  PD_GPU_LOOP(k, n) {
    int64_t target_offset, value_offset;
    gpu::BroadcastOffsets(plan, k, &target_offset, &value_offset);
    dst[map.Source(k)] = value[value_offset];
  }
}

template <typename B>
__global__ void ZeroRegionKernel(gpu::strided::IndexMap map, int64_t n, B* dst) {
  PD_GPU_LOOP(k, n) { dst[map.Source(k)] = B(0); }
}

// load(k) = Out@GRAD at region element k, in the sum's accumulator type.
template <typename DT>
struct RegionLoad {
  const DT* src;
  gpu::strided::IndexMap map;
  __device__ __forceinline__ gpu::SumAccType<DT> operator()(int64_t k) const {
    return gpu::ConvertTo<gpu::SumAccType<DT>>(src[map.Source(k)]);
  }
};

}  // namespace gpu_set_value

template <typename T, typename Context>
void SetValueKernel(const Context& dev_ctx, const DenseTensor& input,
                    const DenseTensor* value_tensor, const std::vector<int64_t>& axes,
                    const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                    const std::vector<int64_t>& steps, const std::vector<int64_t>& decrease_axes,
                    const std::vector<int64_t>& none_axes, DataType dtype,
                    const std::vector<int>& bool_values, const std::vector<float>& fp32_values,
                    const std::vector<int>& int32_values, const std::vector<int64_t>& int64_values,
                    const std::vector<double>& fp64_values, const std::vector<float>& fp16_values,
                    const std::vector<int64_t>& shape, DenseTensor* out) {
  using B = gpu::strided::Bits<T>;
  const DenseTensor in = input;
  const DDim dims = in.dims();
  const StridedRegion region = SetValueRegion(dims, axes, starts, ends, steps);
  const DDim target = SetValueAssignDims(region.dims, decrease_axes, none_axes);
  DDim value_dims;
  DenseTensor value;  // on the device
  if (value_tensor != nullptr) {
    value_dims = value_tensor->dims();
    value = *value_tensor;
  } else {
    value_dims = DDim(shape);
    const std::vector<T> host = funcs::AttrValues<T>(
        dtype, bool_values, fp32_values, int32_values, int64_values, fp64_values, fp16_values);
    PD_CHECK(static_cast<int64_t>(host.size()) == value_dims.numel(), InvalidArgument,
             "expected set_value's value attribute to hold the ", value_dims.numel(),
             " elements of shape ", value_dims, ", but got ", host.size(), " values");
    value = DenseTensor(CppTypeToDataType<T>::value, DDim({value_dims.numel()}));
    T* v = dev_ctx.template Alloc<T>(&value);
    if (!host.empty()) {
      // The bits of each value (std::vector<bool> has no data()).
      std::vector<B> bits(host.size());
      for (size_t i = 0; i < host.size(); ++i) {
        const T t = host[i];
        std::memcpy(&bits[i], &t, sizeof(T));
      }
      // From pageable memory: returns once `bits` has been staged, so it may go out of scope.
      PD_CUDA_CHECK(cudaMemcpyAsync(v, bits.data(), sizeof(T) * bits.size(), cudaMemcpyHostToDevice,
                                    dev_ctx.stream()));
    }
  }
  const funcs::BroadcastPlan plan =
      funcs::MakeBroadcastPlan(funcs::AlignBroadcastShapes(target, value_dims, -1));
  PD_CHECK(plan.numel == target.numel(), InvalidArgument, "expected set_value's value ", value_dims,
           " to broadcast to the assigned region ", target, ", but it does not");
  const int64_t n = in.numel();
  const T* src = n > 0 ? in.data<T>() : nullptr;
  T* dst = dev_ctx.template Alloc<T>(out);  // the same storage when Out is Input
  if (value_tensor != nullptr && value.numel() > 0 && value.Holder() != nullptr &&
      (value.Holder() == out->Holder() || value.Holder() == in.Holder())) {
    // The value may be a view of the storage about to be written: copy it out first.
    DenseTensor copy(CppTypeToDataType<T>::value, DDim({value.numel()}));
    T* c = dev_ctx.template Alloc<T>(&copy);
    PD_CUDA_CHECK(cudaMemcpyAsync(c, std::as_const(value).data<T>(), sizeof(T) * value.numel(),
                                  cudaMemcpyDeviceToDevice, dev_ctx.stream()));
    value = copy;
  }
  if (dst != src && n > 0) {
    PD_CUDA_CHECK(
        cudaMemcpyAsync(dst, src, sizeof(T) * n, cudaMemcpyDeviceToDevice, dev_ctx.stream()));
  }
  const int64_t count = region.dims.numel();
  if (count <= 0) return;
  const gpu::strided::IndexMap map =
      gpu::strided::RegionMap(dims, region.starts, region.dims, region.steps);
  gpu_set_value::AssignRegionKernel<B>
      <<<gpu::BlocksFor(dev_ctx, count), gpu::kThreads, 0, dev_ctx.stream()>>>(
          reinterpret_cast<const B*>(std::as_const(value).data<T>()), map, plan, count,
          reinterpret_cast<B*>(dst));
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void SetValueGradKernel(const Context& dev_ctx, const DenseTensor& dout,
                        const DenseTensor* value_tensor, const std::vector<int64_t>& axes,
                        const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                        const std::vector<int64_t>& steps,
                        const std::vector<int64_t>& decrease_axes,
                        const std::vector<int64_t>& none_axes, DenseTensor* dinput,
                        DenseTensor* dvalue) {
  using DT = gpu::DeviceType<T>;
  using B = gpu::strided::Bits<T>;
  const DenseTensor g = dout;
  const DDim dims = g.dims();
  const StridedRegion region = SetValueRegion(dims, axes, starts, ends, steps);
  const gpu::strided::IndexMap map =
      gpu::strided::RegionMap(dims, region.starts, region.dims, region.steps);
  const int64_t count = region.dims.numel();
  const T* src = g.numel() > 0 ? g.data<T>() : nullptr;
  // ValueTensor@GRAD first: Input@GRAD may share Out@GRAD's storage and zero the region.
  if (dvalue != nullptr && value_tensor != nullptr) {
    const DDim target = SetValueAssignDims(region.dims, decrease_axes, none_axes);
    const funcs::BroadcastShapes shapes =
        funcs::AlignBroadcastShapes(target, value_tensor->dims(), -1);
    DT* dv = gpu::DeviceAlloc<T>(dev_ctx, dvalue);
    if (dvalue->numel() > 0) {
      if (count > 0) {
        gpu::SumToBroadcastInput(
            dev_ctx, shapes, false,
            gpu_set_value::RegionLoad<DT>{reinterpret_cast<const DT*>(src), map}, dv);
      } else {
        PD_CUDA_CHECK(cudaMemsetAsync(dv, 0, sizeof(T) * dvalue->numel(), dev_ctx.stream()));
      }
    }
  }
  if (dinput != nullptr) {
    T* dx = dev_ctx.template Alloc<T>(dinput);
    if (dx != src && g.numel() > 0) {
      PD_CUDA_CHECK(cudaMemcpyAsync(dx, src, sizeof(T) * g.numel(), cudaMemcpyDeviceToDevice,
                                    dev_ctx.stream()));
    }
    if (count > 0) {  // overwritten: no gradient reaches Input
      gpu_set_value::ZeroRegionKernel<B>
          <<<gpu::BlocksFor(dev_ctx, count), gpu::kThreads, 0, dev_ctx.stream()>>>(
              map, count, reinterpret_cast<B*>(dx));
      PD_CUDA_CHECK_LAUNCH();
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(set_value, GPU, phi::SetValueKernel, float, double, int32_t, int64_t, bool);
PD_REGISTER_KERNEL(set_value_grad, GPU, phi::SetValueGradKernel, float, double);
