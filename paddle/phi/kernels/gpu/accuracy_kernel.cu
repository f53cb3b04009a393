// accuracy on GPU: one block counts the rows whose top-k Indices contain the row's Label and
// writes Accuracy (float), Correct and Total (int32), all on the device.
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/accuracy_kernel.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"

namespace phi {
namespace {

template <typename IndexT, typename LabelT>
__global__ void AccuracyCountKernel(const IndexT* top, const LabelT* labels, int64_t rows,
                                    int64_t k, float* accuracy, int32_t* correct,
                                    int32_t* total) {
  int64_t hits = 0;
  for (int64_t r = threadIdx.x; r < rows; r += blockDim.x) {
    const int64_t label = static_cast<int64_t>(labels[r]);
    for (int64_t j = 0; j < k; ++j) {
      if (static_cast<int64_t>(top[r * k + j]) == label) {
        ++hits;
        break;
      }
    }
  }
  hits = gpu::rows::BlockAllReduce(hits, gpu::rows::SumOp());
  if (threadIdx.x == 0) {
    accuracy[0] = rows > 0 ? static_cast<float>(hits) / static_cast<float>(rows) : 0.0f;
    correct[0] = static_cast<int32_t>(hits);
    total[0] = static_cast<int32_t>(rows);
  }
}

template <typename IndexT, typename LabelT>
void CountHits(const GPUContext& ctx, const DenseTensor& indices, const DenseTensor& label,
               float* accuracy, int32_t* correct, int32_t* total) {
  AccuracyCountKernel<IndexT, LabelT><<<1, gpu::rows::kBlock, 0, ctx.stream()>>>(
      indices.data<IndexT>(), label.data<LabelT>(), indices.dims()[0], indices.dims()[1], accuracy,
      correct, total);
  PD_CUDA_CHECK_LAUNCH();
}

// Whether an int32 / int64 tensor holds int64; `what` names it in the error for other dtypes.
bool IsInt64(const DenseTensor& t, const char* what) {
  PD_CHECK(t.dtype() == DataType::INT32 || t.dtype() == DataType::INT64, InvalidArgument,
           "expected ", what, " to be int64 or int32, but got ", t.dtype());
  return t.dtype() == DataType::INT64;
}

}  // namespace

template <typename T, typename Context>
void AccuracyKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& indices,
                    const DenseTensor& label, DenseTensor* accuracy, DenseTensor* correct,
                    DenseTensor* total) {
  PD_CHECK(indices.dims().size() == 2 && label.numel() == indices.dims()[0], InvalidArgument,
           "expected accuracy's Indices [N, k] and Label [N, 1], but got Indices ",
           indices.dims(), " and Label ", label.dims());
  const bool index64 = IsInt64(indices, "accuracy's Indices");
  const bool label64 = IsInt64(label, "accuracy's Label");
  float* acc = dev_ctx.template Alloc<float>(accuracy);
  int32_t* num_correct = dev_ctx.template Alloc<int32_t>(correct);
  int32_t* num_total = dev_ctx.template Alloc<int32_t>(total);
  if (index64 && label64) {
    CountHits<int64_t, int64_t>(dev_ctx, indices, label, acc, num_correct, num_total);
  } else if (index64) {
    CountHits<int64_t, int32_t>(dev_ctx, indices, label, acc, num_correct, num_total);
  } else if (label64) {
    CountHits<int32_t, int64_t>(dev_ctx, indices, label, acc, num_correct, num_total);
  } else {
    CountHits<int32_t, int32_t>(dev_ctx, indices, label, acc, num_correct, num_total);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(accuracy, GPU, phi::AccuracyKernel, float, double, int32_t, int64_t);
