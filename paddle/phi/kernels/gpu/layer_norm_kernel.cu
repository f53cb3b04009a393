// layer_norm on GPU: each row of X seen as [left, right] normalised by its mean and biased
// variance (two passes, in double for float / double inputs and float for 16-bit ones, as
// Paddle's GPU kernel), then the optional Scale and Bias; Mean and Variance [left] are saved.
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/layer_norm_util.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"
#include "paddle/phi/kernels/impl/layer_norm_kernel_impl.h"
#include "paddle/phi/kernels/layer_norm_kernel.h"

namespace phi {
namespace {

template <typename DT, typename PT, typename Acc>
struct LayerNormRow {
  const DT* in;
  const PT* gamma;  // nullptr when absent
  const PT* beta;
  float epsilon;
  DT* out;
  DT* mean;  // nullptr when not wanted
  DT* variance;
  template <typename Group>
  __device__ void operator()(Group group, gpu::rows::Row row) const {
    const DT* src = in + row.base;
    DT* dst = out + row.base;
    Acc sum = Acc(0);
    for (int64_t j = group.first(); j < row.n; j += group.step()) sum += static_cast<Acc>(src[j]);
    sum = group.Reduce(sum, gpu::rows::SumOp());
    const Acc mu = row.n > 0 ? sum / static_cast<Acc>(row.n) : Acc(0);
    Acc squares = Acc(0);
    for (int64_t j = group.first(); j < row.n; j += group.step()) {
      const Acc v = static_cast<Acc>(src[j]) - mu;
      squares += v * v;
    }
    squares = group.Reduce(squares, gpu::rows::SumOp());
    const Acc var = row.n > 0 ? squares / static_cast<Acc>(row.n) : Acc(0);
    const Acc inv_std = Acc(1) / std::sqrt(var + static_cast<Acc>(epsilon));
    for (int64_t j = group.first(); j < row.n; j += group.step()) {
      Acc v = (static_cast<Acc>(src[j]) - mu) * inv_std;
      if (gamma != nullptr) v *= static_cast<Acc>(gamma[j]);
      if (beta != nullptr) v += static_cast<Acc>(beta[j]);
      dst[j] = static_cast<DT>(v);
    }
    if (group.first() == 0) {
      if (mean != nullptr) mean[row.index] = static_cast<DT>(mu);
      if (variance != nullptr) variance[row.index] = static_cast<DT>(var);
    }
  }
};

template <typename T, typename PT>
void LayerNormWithParams(const GPUContext& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                         const DenseTensor* bias, float epsilon, int64_t left, int64_t right,
                         DenseTensor* y, DenseTensor* mean, DenseTensor* variance) {
  using DT = gpu::DeviceType<T>;
  using PDT = gpu::DeviceType<PT>;
  using Acc = gpu::LayerNormAcc<T>;
  DT* out = gpu::DeviceAlloc<T>(dev_ctx, y);
  DT* mean_data = mean != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, mean) : nullptr;
  DT* var_data = variance != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, variance) : nullptr;
  funcs::SoftmaxShape rows;
  rows.outer = left;
  rows.axis_extent = right;
  LayerNormRow<DT, PDT, Acc> fn{gpu::DeviceData<T>(x),
                                scale != nullptr ? gpu::DeviceData<PT>(*scale) : nullptr,
                                bias != nullptr ? gpu::DeviceData<PT>(*bias) : nullptr,
                                epsilon,
                                out,
                                mean_data,
                                var_data};
  gpu::rows::ForEachRow(dev_ctx, rows, fn);
}

}  // namespace

template <typename T, typename Context>
void LayerNormKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                     const DenseTensor* bias, float epsilon, int begin_norm_axis, DenseTensor* y,
                     DenseTensor* mean, DenseTensor* variance) {
  const DDim& d = x.dims();
  const LayerNormRows rows = LayerNormRowsOf(d, begin_norm_axis, "layer_norm");
  const int64_t left = rows.left, right = rows.right;
  if (gpu::LayerNormParamsAreFloat<T>(scale, bias, "layer_norm")) {
    LayerNormWithParams<T, float>(dev_ctx, x, scale, bias, epsilon, left, right, y, mean,
                                  variance);
  } else {
    LayerNormWithParams<T, T>(dev_ctx, x, scale, bias, epsilon, left, right, y, mean, variance);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(layer_norm, GPU, phi::LayerNormKernel, float, double, phi::float16,
                   phi::bfloat16);
