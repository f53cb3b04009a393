// fused_gemm_epilogue and its grad on GPU: the forward is impl/fused_gemm_epilogue_kernel_impl.h's
// (one cuBLAS GEMM plus the epilogue launch); the grad turns Out@GRAD into the pre-activation's
// gradient dZ, sums it over rows for Bias@GRAD, and runs the impl header's two GEMMs.
#include <string>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/fused.h"
#include "paddle/phi/kernels/funcs/fused_activation.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/fused_gemm_epilogue_kernel.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"
#include "paddle/phi/kernels/impl/fused_gemm_epilogue_kernel_impl.h"

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
  FusedGemmEpilogueInputGrads(dev_ctx, x, y, dz, d, trans_x, trans_y, x_grad, y_grad);
}

}  // namespace phi

PD_REGISTER_KERNEL(fused_gemm_epilogue, GPU, phi::FusedGemmEpilogueKernel, float, double,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(fused_gemm_epilogue_grad, GPU, phi::FusedGemmEpilogueGradKernel, float, double,
                   phi::float16, phi::bfloat16);
