// fused_gemm_epilogue and its grad on GPU: Out = act(X @ Y + Bias) as one cuBLAS GEMM plus
// the epilogue pass (ReserveSpace keeps the pre-activation); the grad turns Out@GRAD into the
// pre-activation's gradient dZ, sums it over rows for Bias@GRAD, and runs two GEMMs.
#include <string>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/fused.h"
#include "paddle/phi/kernels/funcs/fused_activation.h"
#include "paddle/phi/kernels/fused_gemm_epilogue_kernel.h"
#include "paddle/phi/kernels/gpu/bias_activation.cuh"
#include "paddle/phi/kernels/gpu/matmul_helper.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"

namespace phi {
namespace {

// dZ = act'(.) * dOut, from the pre-activation (from_reserve) or from the output.
template <typename DT, typename Acc>
__global__ void ActivationGradKernel(funcs::FusedActivation act, const DT* source, bool from_input,
                                     const DT* g, int64_t count, DT* dz) {
  PD_GPU_LOOP(t, count) {
    const Acc v = static_cast<Acc>(source[t]), d = static_cast<Acc>(g[t]);
    dz[t] = static_cast<DT>(from_input ? funcs::FusedActivationGradFromIn(act, v, d)
                                       : funcs::FusedActivationGradFromOut(act, v, d));
  }
}

template <typename DT, typename Acc>
struct RowMajorTerm {
  const DT* data;
  int64_t cols;
  __device__ Acc operator()(int64_t r, int64_t j) const {
    return static_cast<Acc>(data[r * cols + j]);
  }
};

}  // namespace

template <typename T, typename Context>
void FusedGemmEpilogueKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                             const DenseTensor& bias, bool trans_x, bool trans_y,
                             const std::string& activation, DenseTensor* out,
                             DenseTensor* reserve_space) {
  const funcs::FusedActivation act = funcs::ParseFusedActivation(activation, "fused_gemm_epilogue");
  const GemmEpilogueDims d = ComputeGemmEpilogueDims(x.dims(), y.dims(), trans_x, trans_y);
  PD_CHECK(bias.numel() == d.n, InvalidArgument, "expected fused_gemm_epilogue's Bias to have ",
           d.n, " elements, but got ", bias.dims());
  out->Resize(d.out);
  T* result = dev_ctx.template Alloc<T>(out);
  gpu::gemm::Gemm<T>(dev_ctx, trans_x, trans_y, d.m, d.n, d.k, 1.0, x.data<T>(), y.data<T>(), 0.0,
                     result);
  T* pre = nullptr;
  if (reserve_space != nullptr) {
    reserve_space->Resize(d.out);
    pre = dev_ctx.template Alloc<T>(reserve_space);
  }
  gpu::epilogue::ApplyBiasActivationRows<T>(dev_ctx, act, result, d.m, d.n, bias.data<T>(), pre);
}

template <typename T, typename Context>
void FusedGemmEpilogueGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                                 const DenseTensor* out, const DenseTensor* reserve_space,
                                 const DenseTensor& out_grad, bool trans_x, bool trans_y,
                                 const std::string& activation_grad, DenseTensor* x_grad,
                                 DenseTensor* y_grad, DenseTensor* bias_grad) {
  using DT = gpu::DeviceType<T>;
  using Acc = gpu::AccType<T>;
  const funcs::FusedActivation act =
      funcs::ParseFusedActivation(activation_grad, "fused_gemm_epilogue_grad");
  const GemmEpilogueDims d = ComputeGemmEpilogueDims(x.dims(), y.dims(), trans_x, trans_y);
  const int64_t count = d.m * d.n;
  PD_CHECK(out_grad.numel() == count, InvalidArgument,
           "expected fused_gemm_epilogue_grad's Out@GRAD to have dims ", d.out, ", but got ",
           out_grad.dims());
  const T* dz = out_grad.data<T>();
  DenseTensor dz_storage;  // dZ when the activation is not the identity
  if (act != funcs::FusedActivation::kNone) {
    const bool from_reserve = reserve_space != nullptr && reserve_space->numel() == count;
    PD_CHECK(
        from_reserve || (funcs::GradFromOutput(act) && out != nullptr && out->numel() == count),
        InvalidArgument, "expected fused_gemm_epilogue_grad with activation_grad '",
        activation_grad, "' to have ReserveSpace", funcs::GradFromOutput(act) ? " or Out" : "",
        " of dims ", d.out, ", but got none");
    dz_storage = DenseTensor(CppTypeToDataType<T>::value, d.out);
    DT* dz_data = gpu::DeviceAlloc<T>(dev_ctx, &dz_storage);
    if (count > 0) {
      const DenseTensor& source = from_reserve ? *reserve_space : *out;
      ActivationGradKernel<DT, Acc><<<gpu::BlocksFor(dev_ctx, count), gpu::kThreads, 0,
                                      dev_ctx.stream()>>>(act, gpu::DeviceData<T>(source),
                                                          from_reserve,
                                                          gpu::DeviceData<T>(out_grad), count,
                                                          dz_data);
      PD_CUDA_CHECK_LAUNCH();
    }
    dz = dz_storage.data<T>();
  }
  if (bias_grad != nullptr) {
    bias_grad->Resize(DDim({d.n}));
    DT* gb = gpu::DeviceAlloc<T>(dev_ctx, bias_grad);
    gpu::rows::ColumnSums<Acc>(dev_ctx, d.m, d.n,
                               RowMajorTerm<DT, Acc>{reinterpret_cast<const DT*>(dz), d.n}, gb);
  }
  // op(X) [M, K], op(Y) [K, N]: d op(X) = dZ op(Y)^T, d op(Y) = op(X)^T dZ, each one GEMM on
  // the stored matrices (transposed once more for a transposed operand).
  if (x_grad != nullptr) {
    x_grad->Resize(x.dims());
    T* gx = dev_ctx.template Alloc<T>(x_grad);
    if (!trans_x) {
      gpu::gemm::Gemm<T>(dev_ctx, false, !trans_y, d.m, d.k, d.n, 1.0, dz, y.data<T>(), 0.0, gx);
    } else {
      gpu::gemm::Gemm<T>(dev_ctx, trans_y, true, d.k, d.m, d.n, 1.0, y.data<T>(), dz, 0.0, gx);
    }
  }
  if (y_grad != nullptr) {
    y_grad->Resize(y.dims());
    T* gy = dev_ctx.template Alloc<T>(y_grad);
    if (!trans_y) {
      gpu::gemm::Gemm<T>(dev_ctx, !trans_x, false, d.k, d.n, d.m, 1.0, x.data<T>(), dz, 0.0, gy);
    } else {
      gpu::gemm::Gemm<T>(dev_ctx, true, trans_x, d.n, d.k, d.m, 1.0, dz, x.data<T>(), 0.0, gy);
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(fused_gemm_epilogue, GPU, phi::FusedGemmEpilogueKernel, float, double,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(fused_gemm_epilogue_grad, GPU, phi::FusedGemmEpilogueGradKernel, float, double,
                   phi::float16, phi::bfloat16);
