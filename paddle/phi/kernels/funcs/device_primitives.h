// The device steps of kernels written once for both backends (kernels/impl/), overloaded by
// context: defined here for CPUContext; the GPUContext overloads are only declared here (so that
// this header needs no CUDA) and are defined in funcs/gpu/device_primitives.cuh.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "paddle/phi/common/ddim.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/blas.h"
#include "paddle/phi/kernels/funcs/fused_activation.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/transpose.h"

namespace phi {
class GPUContext;
namespace funcs {

// `rows` rows of `row_elems` elements each: row r goes from src + r * src_stride to
// dst + r * dst_stride (strides in elements).
template <typename T>
void CopyRows(const CPUContext& /*ctx*/, T* dst, int64_t dst_stride, const T* src,
              int64_t src_stride, int64_t row_elems, int64_t rows) {
  for (int64_t r = 0; r < rows; ++r)
    std::copy(src + r * src_stride, src + r * src_stride + row_elems, dst + r * dst_stride);
}
template <typename T>
void CopyRows(const GPUContext& ctx, T* dst, int64_t dst_stride, const T* src, int64_t src_stride,
              int64_t row_elems, int64_t rows);

// dst[i] = src[i] for i < n.
template <typename T>
void CopyElements(const CPUContext& /*ctx*/, T* dst, const T* src, int64_t n) {
  std::copy(src, src + n, dst);
}
template <typename T>
void CopyElements(const GPUContext& ctx, T* dst, const T* src, int64_t n);

// f(i) for each i < n, in any order: elementwise math written once as a PD_HOSTDEVICE lambda
// (one thread per index on the GPU).
template <typename F>
void ForEachIndex(const CPUContext& /*ctx*/, int64_t n, F f) {
  for (int64_t i = 0; i < n; ++i) f(i);
}
template <typename F>
void ForEachIndex(const GPUContext& ctx, int64_t n, F f);

// data[i] = value for i < n.
template <typename T>
void Fill(const CPUContext& /*ctx*/, T* data, int64_t n, T value) {
  for (int64_t i = 0; i < n; ++i) data[i] = value;
}
template <typename T>
void Fill(const GPUContext& ctx, T* data, int64_t n, T value);

// data[i] = 0 for i < n (on the GPU a memset, no kernel launch).
template <typename T>
void SetZero(const CPUContext& /*ctx*/, T* data, int64_t n) {
  std::fill(data, data + n, T(0));
}
template <typename T>
void SetZero(const GPUContext& ctx, T* data, int64_t n);

// funcs::TransposeCopy: out is `in` (dims in_dims) with its axes permuted by perm.
template <typename T>
void TransposeCopy(const CPUContext& /*ctx*/, const T* in, const DDim& in_dims,
                   const std::vector<int>& perm, T* out) {
  TransposeCopy<T>(in, in_dims, perm, out);
}
template <typename T>
void TransposeCopy(const GPUContext& ctx, const T* in, const DDim& in_dims,
                   const std::vector<int>& perm, T* out);

// out (contiguous, dims `region`) = the region of extents `region` at `offsets` inside the
// contiguous `in` of dims in_dims. in may be null when that region is empty.
template <typename T>
void GatherRegion(const CPUContext& /*ctx*/, const T* in, const DDim& in_dims,
                  const std::vector<int64_t>& offsets, const DDim& region, T* out) {
  ForEachSliceRun(in_dims, offsets, region, [&](int64_t from, int64_t to, int64_t n) {
    std::copy(in + from, in + from + n, out + to);
  });
}
template <typename T>
void GatherRegion(const GPUContext& ctx, const T* in, const DDim& in_dims,
                  const std::vector<int64_t>& offsets, const DDim& region, T* out);

// The inverse of GatherRegion: the region of `out` (dims out_dims) at `offsets` = `in`
// (contiguous, dims `region`); the rest of out is left as it is.
template <typename T>
void ScatterRegion(const CPUContext& /*ctx*/, const T* in, const DDim& out_dims,
                   const std::vector<int64_t>& offsets, const DDim& region, T* out) {
  ForEachSliceRun(out_dims, offsets, region, [&](int64_t to, int64_t from, int64_t n) {
    std::copy(in + from, in + from + n, out + to);
  });
}
template <typename T>
void ScatterRegion(const GPUContext& ctx, const T* in, const DDim& out_dims,
                   const std::vector<int64_t>& offsets, const DDim& region, T* out);

// c[m, n] = op(a) op(b), row-major, with funcs::Gemm's conventions (alpha 1, beta 0).
template <typename T>
void Gemm(const CPUContext& /*ctx*/, bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k,
          const T* a, const T* b, T* c) {
  Gemm<T>(trans_a, trans_b, m, n, k, T(1), a, b, T(0), c);
}
template <typename T>
void Gemm(const GPUContext& ctx, bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k,
          const T* a, const T* b, T* c);

// Gemm on `batches` matrices each: product i reads a + i * stride_a, b + i * stride_b and
// writes c + i * stride_c.
template <typename T>
void GemmBatched(const CPUContext& /*ctx*/, bool trans_a, bool trans_b, int64_t m, int64_t n,
                 int64_t k, const T* a, int64_t stride_a, const T* b, int64_t stride_b, T* c,
                 int64_t stride_c, int64_t batches) {
  if (m == 0 || n == 0) return;  // empty products, however many (a batch of 10^12 took hours)
  for (int64_t i = 0; i < batches; ++i)
    Gemm<T>(trans_a, trans_b, m, n, k, T(1), a + i * stride_a, b + i * stride_b, T(0),
            c + i * stride_c);
}
template <typename T>
void GemmBatched(const GPUContext& ctx, bool trans_a, bool trans_b, int64_t m, int64_t n,
                 int64_t k, const T* a, int64_t stride_a, const T* b, int64_t stride_b, T* c,
                 int64_t stride_c, int64_t batches);

// Gemm with b a layer's weights: on the CPU funcs::GemmWeightsB (a frozen b is packed once and
// kept), on the GPU a plain GEMM on b's data.
template <typename T>
void GemmWeightsB(const CPUContext& /*ctx*/, bool trans_a, bool trans_b, int64_t m, int64_t n,
                  int64_t k, const T* a, const DenseTensor& b, T* c) {
  GemmWeightsB<T>(trans_a, trans_b, m, n, k, T(1), a, b, T(0), c);
}
template <typename T>
void GemmWeightsB(const GPUContext& ctx, bool trans_a, bool trans_b, int64_t m, int64_t n,
                  int64_t k, const T* a, const DenseTensor& b, T* c);

// funcs::ApplyBiasActivationRows: rows[m, n] = act(rows + bias) (bias [n] or null); pre, when
// given, gets rows + bias.
template <typename T>
void ApplyBiasActivationRows(const CPUContext& /*ctx*/, FusedActivation act, T* rows, int64_t m,
                             int64_t n, const T* bias, T* pre = nullptr) {
  ApplyBiasActivationRows(act, rows, m, n, bias, pre);
}
template <typename T>
void ApplyBiasActivationRows(const GPUContext& ctx, FusedActivation act, T* rows, int64_t m,
                             int64_t n, const T* bias, T* pre = nullptr);

}  // namespace funcs
}  // namespace phi
