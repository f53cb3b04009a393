// layer_norm_grad on GPU, from the saved Mean and Variance: X@GRAD row by row
// (inv_std * (g - mean(g) - x_hat * mean(g * x_hat)), g = dY * Scale), and Scale@GRAD /
// Bias@GRAD as deterministic column sums of dY * x_hat and dY over the rows.
#include <algorithm>
#include <cmath>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/layer_norm_util.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"
#include "paddle/phi/kernels/impl/layer_norm_kernel_impl.h"
#include "paddle/phi/kernels/layer_norm_grad_kernel.h"

namespace phi {
namespace {

template <typename DT, typename Acc>
__device__ Acc InvStd(const DT* variance, int64_t r, float epsilon) {
  return Acc(1) / std::sqrt(static_cast<Acc>(variance[r]) + static_cast<Acc>(epsilon));
}

template <typename DT, typename PT, typename Acc>
struct LayerNormGradRow {
  const DT* in;
  const DT* dy;
  const DT* mean;
  const DT* variance;
  const PT* gamma;  // nullptr when absent
  float epsilon;
  DT* dx;
  template <typename Group>
  __device__ void operator()(Group group, gpu::rows::Row row) const {
    const int64_t r = row.index;
    const Acc mu = static_cast<Acc>(mean[r]);
    const Acc inv_std = InvStd<DT, Acc>(variance, r, epsilon);
    auto g_at = [&](int64_t j) {
      const Acc d = static_cast<Acc>(dy[row.base + j]);
      return gamma != nullptr ? d * static_cast<Acc>(gamma[j]) : d;
    };
    Acc sum_g = Acc(0), sum_g_xhat = Acc(0);
    for (int64_t j = group.first(); j < row.n; j += group.step()) {
      const Acc xhat = (static_cast<Acc>(in[row.base + j]) - mu) * inv_std;
      const Acc g = g_at(j);
      sum_g += g;
      sum_g_xhat += g * xhat;
    }
    const Acc mean_g = group.Reduce(sum_g, gpu::rows::SumOp()) / static_cast<Acc>(row.n);
    const Acc mean_g_xhat = group.Reduce(sum_g_xhat, gpu::rows::SumOp()) / static_cast<Acc>(row.n);
    for (int64_t j = group.first(); j < row.n; j += group.step()) {
      const Acc xhat = (static_cast<Acc>(in[row.base + j]) - mu) * inv_std;
      dx[row.base + j] = static_cast<DT>(inv_std * (g_at(j) - mean_g - xhat * mean_g_xhat));
    }
  }
};

// dY * x_hat at (row r, column j) of [left, right]: Scale@GRAD's summand.
template <typename DT, typename Acc>
struct ScaleGradTerm {
  const DT* in;
  const DT* dy;
  const DT* mean;
  const DT* variance;
  float epsilon;
  int64_t right;
  __device__ Acc operator()(int64_t r, int64_t j) const {
    const int64_t at = r * right + j;
    const Acc xhat = (static_cast<Acc>(in[at]) - static_cast<Acc>(mean[r])) *
                     InvStd<DT, Acc>(variance, r, epsilon);
    return static_cast<Acc>(dy[at]) * xhat;
  }
};

template <typename DT, typename Acc>
struct BiasGradTerm {
  const DT* dy;
  int64_t right;
  __device__ Acc operator()(int64_t r, int64_t j) const {
    return static_cast<Acc>(dy[r * right + j]);
  }
};

template <typename T, typename PT>
void LayerNormGradWithParams(const GPUContext& dev_ctx, const DenseTensor& x,
                             const DenseTensor* scale, const DenseTensor& mean,
                             const DenseTensor& variance, const DenseTensor& y_grad, float epsilon,
                             int64_t left, int64_t right, DenseTensor* x_grad,
                             DenseTensor* scale_grad, DenseTensor* bias_grad) {
  using DT = gpu::DeviceType<T>;
  using PDT = gpu::DeviceType<PT>;
  using Acc = gpu::LayerNormAcc<T>;
  const DT* in = gpu::DeviceData<T>(x);
  const DT* dy = gpu::DeviceData<T>(y_grad);
  const DT* mu = gpu::DeviceData<T>(mean);
  const DT* var = gpu::DeviceData<T>(variance);
  // Parameter gradients first: they read dY, which X@GRAD may share storage with.
  if (scale_grad != nullptr) {
    PDT* dst = gpu::DeviceAlloc<PT>(dev_ctx, scale_grad);
    gpu::rows::ColumnSums<Acc>(dev_ctx, left, right,
                               ScaleGradTerm<DT, Acc>{in, dy, mu, var, epsilon, right}, dst);
  }
  if (bias_grad != nullptr) {
    PDT* dst = gpu::DeviceAlloc<PT>(dev_ctx, bias_grad);
    gpu::rows::ColumnSums<Acc>(dev_ctx, left, right, BiasGradTerm<DT, Acc>{dy, right}, dst);
  }
  if (x_grad != nullptr) {
    DT* dx = gpu::DeviceAlloc<T>(dev_ctx, x_grad);
    funcs::SoftmaxShape rows;
    rows.outer = left;
    rows.axis_extent = right;
    LayerNormGradRow<DT, PDT, Acc> fn{
        in, dy, mu, var, scale != nullptr ? gpu::DeviceData<PT>(*scale) : nullptr, epsilon, dx};
    if (right > 0) gpu::rows::ForEachRow(dev_ctx, rows, fn);
  }
}

}  // namespace

template <typename T, typename Context>
void LayerNormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                         const DenseTensor* bias, const DenseTensor& mean,
                         const DenseTensor& variance, const DenseTensor& y_grad, float epsilon,
                         int begin_norm_axis, DenseTensor* x_grad, DenseTensor* scale_grad,
                         DenseTensor* bias_grad) {
  const DDim& d = x.dims();
  const LayerNormRows rows = LayerNormRowsOf(d, begin_norm_axis, "layer_norm_grad");
  const int64_t left = rows.left, right = rows.right;
  PD_CHECK(y_grad.dims() == d, InvalidArgument,
           "expected layer_norm_grad's Y@GRAD to have X's dims ", d, ", but got ", y_grad.dims());
  if (gpu::LayerNormParamsAreFloat<T>(scale, bias, "layer_norm_grad")) {
    LayerNormGradWithParams<T, float>(dev_ctx, x, scale, mean, variance, y_grad, epsilon, left,
                                      right, x_grad, scale_grad, bias_grad);
  } else {
    LayerNormGradWithParams<T, T>(dev_ctx, x, scale, mean, variance, y_grad, epsilon, left, right,
                                  x_grad, scale_grad, bias_grad);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(layer_norm_grad, GPU, phi::LayerNormGradKernel, float, double, phi::float16,
                   phi::bfloat16);
