// cast written once for both backends: Out gets storage of its own where it viewed X, then one
// conversion per (X type, out_dtype) pair. CastValues, the conversion loop, is each backend's
// own (cpu/cast_kernel.cc, gpu/cast_kernel.cu), with the same rules.
#pragma once

#include <cstdint>

#include "paddle/phi/kernels/cast_kernel.h"

namespace phi {
class CPUContext;
class GPUContext;

// dst[i] = src[i] converted to To, for i < n.
template <typename To, typename From>
void CastValues(const CPUContext& ctx, const From* src, To* dst, int64_t n);
template <typename To, typename From>
void CastValues(const GPUContext& ctx, const From* src, To* dst, int64_t n);

template <typename From, typename Context>
struct CastToVisitor {
  const DenseTensor& input;
  DenseTensor* out;
  const Context& dev_ctx;

  template <typename To>
  void operator()() const {
    const From* src = input.data<From>();
    To* dst = dev_ctx.template Alloc<To>(out);
    CastValues(dev_ctx, src, dst, input.numel());
  }
};

template <typename T, typename Context>
void CastKernel(const Context& dev_ctx, const DenseTensor& x, DataType out_dtype,
                DenseTensor* out) {
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected cast's Out to have ", x.numel(),
           " elements like X ", x.dims(), ", but Out has dims ", out->dims());
  if (out == &x && out_dtype == x.dtype()) return;
  const DenseTensor input = x;  // keeps X's storage alive while Out gets its own
  if (out->Holder() != nullptr && out->Holder() == input.Holder()) {
    DDim dims = out->dims();
    out->clear();  // Out viewed X's bytes: give it fresh storage instead of overwriting X
    out->Resize(dims);
  }
  const CastToVisitor<T, Context> cast_to{input, out, dev_ctx};
  // VisitDataType covers the real types only; complex targets are dispatched here.
  if (out_dtype == DataType::COMPLEX64) return cast_to.template operator()<complex64>();
  if (out_dtype == DataType::COMPLEX128) return cast_to.template operator()<complex128>();
  VisitDataType(out_dtype, cast_to);
}

}  // namespace phi
