#include "paddle/phi/kernels/fused_gemm_epilogue_kernel.h"

#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/fused.h"
#include "paddle/phi/kernels/funcs/fused_activation.h"
#include "paddle/phi/kernels/impl/fused_gemm_epilogue_kernel_impl.h"

namespace phi {

template <typename T, typename Context>
void FusedGemmEpilogueGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                                 const DenseTensor* out, const DenseTensor* reserve_space,
                                 const DenseTensor& out_grad, bool trans_x, bool trans_y,
                                 const std::string& activation_grad, DenseTensor* x_grad,
                                 DenseTensor* y_grad, DenseTensor* bias_grad) {
  const funcs::FusedActivation act =
      funcs::ParseFusedActivation(activation_grad, "fused_gemm_epilogue_grad");
  const GemmEpilogueDims d = ComputeGemmEpilogueDims(x.dims(), y.dims(), trans_x, trans_y);
  const int64_t count = d.m * d.n;
  PD_CHECK(out_grad.numel() == count, InvalidArgument,
           "expected fused_gemm_epilogue_grad's Out@GRAD to have dims ", d.out, ", but got ",
           out_grad.dims());
  const T* g = out_grad.data<T>();
  // dZ, the gradient of the pre-activation X @ Y + Bias.
  std::vector<T> dz_storage;
  const T* dz = g;
  if (act != funcs::FusedActivation::kNone) {
    const bool from_reserve = reserve_space != nullptr && reserve_space->numel() == count;
    PD_CHECK(
        from_reserve || (funcs::GradFromOutput(act) && out != nullptr && out->numel() == count),
        InvalidArgument, "expected fused_gemm_epilogue_grad with activation_grad '",
        activation_grad, "' to have ReserveSpace", funcs::GradFromOutput(act) ? " or Out" : "",
        " of dims ", d.out, ", but got none");
    dz_storage.resize(count);
    if (from_reserve) {
      const T* pre = reserve_space->data<T>();
      for (int64_t i = 0; i < count; ++i)
        dz_storage[i] = funcs::FusedActivationGradFromIn(act, pre[i], g[i]);
    } else {
      const T* o = out->data<T>();
      for (int64_t i = 0; i < count; ++i)
        dz_storage[i] = funcs::FusedActivationGradFromOut(act, o[i], g[i]);
    }
    dz = dz_storage.data();
  }
  if (bias_grad != nullptr) {
    bias_grad->Resize(DDim({d.n}));
    T* gb = dev_ctx.template Alloc<T>(bias_grad);
    for (int64_t j = 0; j < d.n; ++j) gb[j] = T(0);
    for (int64_t i = 0; i < d.m; ++i)
      for (int64_t j = 0; j < d.n; ++j) gb[j] += dz[i * d.n + j];
  }
  FusedGemmEpilogueInputGrads(dev_ctx, x, y, dz, d, trans_x, trans_y, x_grad, y_grad);
}

}  // namespace phi

PD_REGISTER_KERNEL(fused_gemm_epilogue, CPU, phi::FusedGemmEpilogueKernel, float, double);
PD_REGISTER_KERNEL(fused_gemm_epilogue_grad, CPU, phi::FusedGemmEpilogueGradKernel, float, double);
