// Row-major GEMMs on cuBLAS for the GPU matrix-product kernels (matmul, mul, bmm, fc,
// fused_gemm_epilogue), and matmul_v2's forward and backward with its broadcast batching,
// written once for matmul, matmul_grad and legacy_matmul.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/common/data_type.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/infermeta/linalg.h"

namespace phi {
namespace gpu {
namespace gemm {

inline int CheckedInt(int64_t v, const char* what) {
  PD_CHECK(v >= 0 && v <= std::numeric_limits<int>::max(), InvalidArgument, "expected the GEMM ",
           what, " to fit cuBLAS's 32-bit int, but got ", v);
  return static_cast<int>(v);
}

template <typename T>
constexpr cudaDataType_t CudaDataType() {
  if constexpr (std::is_same_v<T, phi::float16>) return CUDA_R_16F;
  if constexpr (std::is_same_v<T, phi::bfloat16>) return CUDA_R_16BF;
  if constexpr (std::is_same_v<T, double>) return CUDA_R_64F;
  return CUDA_R_32F;
}

// c_i[m, n] = alpha * op(a_i) op(b_i) + beta * c_i for i < batch, every matrix row-major and
// contiguous, x_i = x + i * stride_x (a stride of 0 shares one matrix across the batch; c's
// stride must not be 0). op(a) is [m, k] (a stored [k, m] when trans_a), op(b) is [k, n] (b
// stored [n, k] when trans_b). Pointers are device memory; T is the kernel's (host) type.
// cuBLAS is column-major, so it computes c^T = op(b)^T op(a)^T: the operands swap places.
// beta must be 0 or 1 (all the callers need); with beta 0, c is never read.
template <typename T>
void GemmStridedBatched(const GPUContext& ctx, bool trans_a, bool trans_b, int64_t m, int64_t n,
                        int64_t k, double alpha, const T* a, int64_t stride_a, const T* b,
                        int64_t stride_b, double beta, T* c, int64_t stride_c, int64_t batch) {
  if (m == 0 || n == 0 || batch == 0) return;
  if (k == 0) {  // an empty sum: c = beta * c, and beta is 0 or 1
    if (beta == 0.0 && stride_c == m * n) {
      PD_CUDA_CHECK(cudaMemsetAsync(c, 0, sizeof(T) * m * n * batch, ctx.stream()));
    } else if (beta == 0.0) {
      for (int64_t i = 0; i < batch; ++i)
        PD_CUDA_CHECK(cudaMemsetAsync(c + i * stride_c, 0, sizeof(T) * m * n, ctx.stream()));
    }
    return;
  }
  const int cm = CheckedInt(n, "n"), cn = CheckedInt(m, "m"), ck = CheckedInt(k, "k");
  const int lda_col = CheckedInt(trans_b ? k : n, "leading dim");  // b as cuBLAS's A
  const int ldb_col = CheckedInt(trans_a ? m : k, "leading dim");  // a as cuBLAS's B
  const int ldc_col = cm;  // c^T is [n, m] column-major
  const cublasOperation_t op_a = trans_b ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t op_b = trans_a ? CUBLAS_OP_T : CUBLAS_OP_N;
  const int count = CheckedInt(batch, "batch count");
  cublasHandle_t handle = ctx.cublas_handle();
  if constexpr (std::is_same_v<T, float>) {
    const float al = static_cast<float>(alpha), be = static_cast<float>(beta);
    if (count == 1) {
      PD_CUBLAS_CHECK(cublasSgemm(handle, op_a, op_b, cm, cn, ck, &al, b, lda_col, a, ldb_col, &be,
                                  c, ldc_col));
    } else {
      PD_CUBLAS_CHECK(cublasSgemmStridedBatched(handle, op_a, op_b, cm, cn, ck, &al, b, lda_col,
                                                stride_b, a, ldb_col, stride_a, &be, c, ldc_col,
                                                stride_c, count));
    }
  } else if constexpr (std::is_same_v<T, double>) {
    if (count == 1) {
      PD_CUBLAS_CHECK(cublasDgemm(handle, op_a, op_b, cm, cn, ck, &alpha, b, lda_col, a, ldb_col,
                                  &beta, c, ldc_col));
    } else {
      PD_CUBLAS_CHECK(cublasDgemmStridedBatched(handle, op_a, op_b, cm, cn, ck, &alpha, b, lda_col,
                                                stride_b, a, ldb_col, stride_a, &beta, c, ldc_col,
                                                stride_c, count));
    }
  } else {
    static_assert(std::is_same_v<T, phi::float16> || std::is_same_v<T, phi::bfloat16>,
                  "GEMM types are float, double, float16 and bfloat16");
    // 16-bit storage, float accumulation and float alpha / beta (CUBLAS_COMPUTE_32F).
    const float al = static_cast<float>(alpha), be = static_cast<float>(beta);
    constexpr cudaDataType_t type = CudaDataType<T>();
    PD_CUBLAS_CHECK(cublasGemmStridedBatchedEx(
        handle, op_a, op_b, cm, cn, ck, &al, b, type, lda_col, stride_b, a, type, ldb_col, stride_a,
        &be, c, type, ldc_col, stride_c, count, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  }
}

template <typename T>
void Gemm(const GPUContext& ctx, bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k,
          double alpha, const T* a, const T* b, double beta, T* c) {
  GemmStridedBatched<T>(ctx, trans_a, trans_b, m, n, k, alpha, a, 0, b, 0, beta, c, m * n, 1);
}

// How a broadcast batch index list walks its operand: out batch i reads matrix i (kIdentity),
// always matrix 0 (kShared), or something else (a broadcast mixing both).
enum class BatchWalk { kIdentity, kShared, kOther };

inline BatchWalk ClassifyBatchWalk(const std::vector<int64_t>& index) {
  bool identity = true, shared = true;
  for (size_t i = 0; i < index.size(); ++i) {
    identity = identity && index[i] == static_cast<int64_t>(i);
    shared = shared && index[i] == 0;
  }
  if (identity) return BatchWalk::kIdentity;
  return shared ? BatchWalk::kShared : BatchWalk::kOther;
}

// The stride, in matrices, of an identity (1) or shared (0) walk.
inline int64_t WalkStride(BatchWalk walk) { return walk == BatchWalk::kIdentity ? 1 : 0; }

// out = alpha * op(x) op(y) with matmul_v2's rules (MatmulDims): one tall GEMM when y has no
// batch and x is not transposed (as the CPU kernel), one strided-batched GEMM when each
// operand is batched along out or shared, else one GEMM per batch.
template <typename T>
void MatmulForward(const GPUContext& ctx, const DenseTensor& x, const DenseTensor& y,
                   bool trans_x, bool trans_y, double alpha, DenseTensor* out) {
  const MatmulDims d = ComputeMatmulDims(x.dims(), y.dims(), trans_x, trans_y);
  out->Resize(d.out);
  T* result = ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  const T* a = x.data<T>();
  const T* b = y.data<T>();
  std::vector<int64_t> x_index, y_index;
  MatmulBatchIndices(d, &x_index, &y_index);
  const int64_t batches = static_cast<int64_t>(x_index.size());
  int64_t y_batches = 1;
  for (int64_t extent : d.y_batch) y_batches *= extent;
  if (y_batches == 1 && !d.trans_x) {
    Gemm<T>(ctx, false, d.trans_y, batches * d.m, d.n, d.k, alpha, a, b, 0.0, result);
    return;
  }
  const int64_t mk = d.m * d.k, kn = d.k * d.n, mn = d.m * d.n;
  const BatchWalk xw = ClassifyBatchWalk(x_index), yw = ClassifyBatchWalk(y_index);
  if (xw != BatchWalk::kOther && yw != BatchWalk::kOther) {
    GemmStridedBatched<T>(ctx, d.trans_x, d.trans_y, d.m, d.n, d.k, alpha, a, WalkStride(xw) * mk,
                          b, WalkStride(yw) * kn, 0.0, result, mn, batches);
    return;
  }
  for (int64_t i = 0; i < batches; ++i) {
    Gemm<T>(ctx, d.trans_x, d.trans_y, d.m, d.n, d.k, alpha, a + x_index[i] * mk,
            b + y_index[i] * kn, 0.0, result + i * mn);
  }
}

// Gradients of MatmulForward (either of dx, dy may be null), each summed over the batch dims
// its operand was broadcast along. With op(A) = A or A^T, d op(X) = dout op(Y)^T and
// d op(Y) = op(X)^T dout; a transposed operand takes the transpose of that, one GEMM on the
// stored matrices each. A gradient whose operand is read by several batches accumulates
// (beta = 1) batch by batch: the GEMMs run in stream order, so the sums never race.
template <typename T>
void MatmulBackward(const GPUContext& ctx, const DenseTensor& x, const DenseTensor& y,
                    const DenseTensor& dout, bool trans_x, bool trans_y, double alpha,
                    DenseTensor* dx, DenseTensor* dy, const char* op) {
  const MatmulDims d = ComputeMatmulDims(x.dims(), y.dims(), trans_x, trans_y);
  PD_CHECK(dout.numel() == d.out.numel(), InvalidArgument, "expected ", op,
           "'s Out@GRAD to have dims ", d.out, ", but got ", dout.dims(), " for X ", x.dims(),
           " and Y ", y.dims());
  T* grad_x = nullptr;
  T* grad_y = nullptr;
  if (dx != nullptr) {
    dx->Resize(x.dims());
    grad_x = ctx.template Alloc<T>(dx);
  }
  if (dy != nullptr) {
    dy->Resize(y.dims());
    grad_y = ctx.template Alloc<T>(dy);
  }
  if (grad_x == nullptr && grad_y == nullptr) return;
  auto zero = [&](T* data, int64_t count) {
    if (data != nullptr && count > 0)
      PD_CUDA_CHECK(cudaMemsetAsync(data, 0, sizeof(T) * count, ctx.stream()));
  };
  if (d.out.numel() == 0) {  // nothing flowed back: the gradients are zero
    zero(grad_x, x.numel());
    zero(grad_y, y.numel());
    return;
  }
  const T* a = x.data<T>();
  const T* b = y.data<T>();
  const T* g = dout.data<T>();
  const int64_t m = d.m, k = d.k, n = d.n;
  std::vector<int64_t> x_index, y_index;
  MatmulBatchIndices(d, &x_index, &y_index);
  const int64_t batches = static_cast<int64_t>(x_index.size());
  int64_t y_batches = 1;
  for (int64_t extent : d.y_batch) y_batches *= extent;

  if (y_batches == 1 && !d.trans_x) {
    // X's batches stack into one [rows, K] matrix (as in the forward GEMM); dy sums over
    // them through the GEMM's inner dimension.
    const int64_t rows = batches * m;
    if (grad_x) Gemm<T>(ctx, false, !d.trans_y, rows, k, n, alpha, g, b, 0.0, grad_x);
    if (grad_y && !d.trans_y) Gemm<T>(ctx, true, false, k, n, rows, alpha, a, g, 0.0, grad_y);
    if (grad_y && d.trans_y) Gemm<T>(ctx, true, false, n, k, rows, alpha, g, a, 0.0, grad_y);
    return;
  }
  const int64_t mk = m * k, kn = k * n, mn = m * n;
  const BatchWalk xw = ClassifyBatchWalk(x_index), yw = ClassifyBatchWalk(y_index);
  if (grad_x != nullptr) {
    // One GEMM per batch of dx_i = (dout_i, y_i), in the layout trans_x asks for.
    auto grad_x_gemm = [&](const T* gi, const T* yi, double beta, T* dst, int64_t stride_g,
                           int64_t stride_y, int64_t count) {
      if (!d.trans_x) {
        GemmStridedBatched<T>(ctx, false, !d.trans_y, m, k, n, alpha, gi, stride_g, yi, stride_y,
                              beta, dst, mk, count);
      } else {
        GemmStridedBatched<T>(ctx, d.trans_y, true, k, m, n, alpha, yi, stride_y, gi, stride_g,
                              beta, dst, mk, count);
      }
    };
    if (xw == BatchWalk::kIdentity && yw != BatchWalk::kOther) {
      grad_x_gemm(g, b, 0.0, grad_x, mn, WalkStride(yw) * kn, batches);
    } else {
      zero(grad_x, x.numel());
      for (int64_t i = 0; i < batches; ++i)
        grad_x_gemm(g + i * mn, b + y_index[i] * kn, 1.0, grad_x + x_index[i] * mk, 0, 0, 1);
    }
  }
  if (grad_y != nullptr) {
    auto grad_y_gemm = [&](const T* xi, const T* gi, double beta, T* dst, int64_t stride_x,
                           int64_t stride_g, int64_t count) {
      if (!d.trans_y) {
        GemmStridedBatched<T>(ctx, !d.trans_x, false, k, n, m, alpha, xi, stride_x, gi, stride_g,
                              beta, dst, kn, count);
      } else {
        GemmStridedBatched<T>(ctx, true, d.trans_x, n, k, m, alpha, gi, stride_g, xi, stride_x,
                              beta, dst, kn, count);
      }
    };
    if (yw == BatchWalk::kIdentity && xw != BatchWalk::kOther) {
      grad_y_gemm(a, g, 0.0, grad_y, WalkStride(xw) * mk, mn, batches);
    } else {
      zero(grad_y, y.numel());
      for (int64_t i = 0; i < batches; ++i)
        grad_y_gemm(a + x_index[i] * mk, g + i * mn, 1.0, grad_y + y_index[i] * kn, 0, 0, 1);
    }
  }
}

}  // namespace gemm
}  // namespace gpu
}  // namespace phi
