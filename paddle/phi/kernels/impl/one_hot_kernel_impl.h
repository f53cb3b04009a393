// one_hot (one_hot_v2) written once for both backends; FillOneHot, which writes Out, is each
// backend's own (cpu/one_hot_kernel.cc, gpu/one_hot_kernel.cu).
#pragma once

#include <cstdint>

#include "paddle/phi/kernels/one_hot_kernel.h"

namespace phi {
class CPUContext;
class GPUContext;

// out[i * depth + j] = (ids[i] == j). The CPU raises InvalidArgument for an id outside
// [0, depth) unless allow_out_of_range; the GPU (the ids stay on the device) gives such an id
// an all-zero row either way.
template <typename OutT, typename T>
void FillOneHot(const CPUContext& ctx, const T* ids, int64_t count, int64_t depth,
                bool allow_out_of_range, OutT* out);
template <typename OutT, typename T>
void FillOneHot(const GPUContext& ctx, const T* ids, int64_t count, int64_t depth,
                bool allow_out_of_range, OutT* out);

template <typename T, typename Context>
void OneHotKernel(const Context& dev_ctx, const DenseTensor& x, int depth, DataType dtype,
                  bool allow_out_of_range, DenseTensor* out) {
  const T* ids = x.data<T>();
  const int64_t count = x.numel();
  switch (dtype == DataType::UNDEFINED ? DataType::FLOAT32 : dtype) {
    case DataType::FLOAT32:
      return FillOneHot(dev_ctx, ids, count, depth, allow_out_of_range,
                        dev_ctx.template Alloc<float>(out));
    case DataType::FLOAT64:
      return FillOneHot(dev_ctx, ids, count, depth, allow_out_of_range,
                        dev_ctx.template Alloc<double>(out));
    case DataType::INT32:
      return FillOneHot(dev_ctx, ids, count, depth, allow_out_of_range,
                        dev_ctx.template Alloc<int32_t>(out));
    case DataType::INT64:
      return FillOneHot(dev_ctx, ids, count, depth, allow_out_of_range,
                        dev_ctx.template Alloc<int64_t>(out));
    default:
      PD_THROW(Unimplemented, "expected one_hot_v2's dtype to be float32, float64, int32 or int64, "
               "but got ", dtype);
  }
}

}  // namespace phi
