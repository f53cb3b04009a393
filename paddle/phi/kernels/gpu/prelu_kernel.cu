// prelu and prelu_grad on GPU: Out and X@GRAD are elementwise with PReluAlphaIndex's map from an
// element of X to its alpha; Alpha@GRAD sums x * dy over the x <= 0 elements of each alpha with
// the deterministic reduction of funcs/gpu/reduce.cuh (in double for float and double).
#include <cstdint>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/prelu_grad_kernel.h"
#include "paddle/phi/kernels/prelu_kernel.h"

namespace phi {
namespace gpu_prelu {

// PReluAlphaIndex's map, callable on the device.
struct AlphaIndex {
  int mode;  // 0 all, 1 channel, 2 element
  int64_t channels, inner, per_sample;
  explicit AlphaIndex(const PReluAlphaIndex& host)
      : mode(host.mode),
        channels(host.channels),
        inner(host.inner),
        per_sample(host.per_sample) {}
  __device__ __forceinline__ int64_t operator()(int64_t i) const {
    if (mode == 0) return 0;
    if (mode == 2) return per_sample > 0 ? i % per_sample : 0;
    return (i / inner) % channels;
  }
  // Alpha's element count along the map: X seen as [outer, count, inner_extent], alpha j
  // taking the elements of the middle index j.
  int64_t count() const { return mode == 0 ? 1 : (mode == 2 ? per_sample : channels); }
  int64_t inner_extent() const { return mode == 1 ? inner : 1; }
};

template <typename DT>
__global__ void PReluForward(const DT* x, const DT* alpha, AlphaIndex index, DT* out, int64_t n) {
  using A = gpu::AccType<DT>;
  PD_GPU_LOOP(i, n) {
    const A v = gpu::ToAcc(x[i]);
    out[i] = gpu::ConvertTo<DT>(v > A(0) ? v : gpu::ToAcc(alpha[index(i)]) * v);
  }
}

template <typename DT>
__global__ void PReluBackwardX(const DT* x, const DT* alpha, const DT* dy, AlphaIndex index,
                               DT* dx, int64_t n) {
  using A = gpu::AccType<DT>;
  PD_GPU_LOOP(i, n) {
    const A g = gpu::ToAcc(dy[i]);
    dx[i] = gpu::ConvertTo<DT>(gpu::ToAcc(x[i]) > A(0) ? g : gpu::ToAcc(alpha[index(i)]) * g);
  }
}

// x * dy where x <= 0 (or NaN), else 0, in the accumulator type Sum.
template <typename DT, typename Sum>
struct LoadAlphaTerm {
  const DT* x;
  const DT* dy;
  __device__ __forceinline__ Sum operator()(int64_t i) const {
    using A = gpu::AccType<DT>;
    const A v = gpu::ToAcc(x[i]);
    return v > A(0) ? Sum(0) : static_cast<Sum>(v * gpu::ToAcc(dy[i]));
  }
};

}  // namespace gpu_prelu

template <typename T, typename Context>
void PReluKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& alpha,
                 const std::string& mode, const std::string& data_format, DenseTensor* out) {
  CheckPReluArgs("prelu", x.dims(), alpha, mode, data_format);
  const gpu_prelu::AlphaIndex index(PReluAlphaIndex(x.dims(), mode, data_format));
  const DenseTensor x_in = x;  // keeps the inputs' storage alive if Out aliases one
  const DenseTensor alpha_in = alpha;
  auto* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  const int64_t n = x_in.numel();
  if (n == 0) return;
  gpu_prelu::PReluForward<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x_in), gpu::DeviceData<T>(alpha_in), index, result, n);
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void PReluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& alpha,
                     const DenseTensor& out_grad, const std::string& mode,
                     const std::string& data_format, DenseTensor* x_grad, DenseTensor* alpha_grad) {
  using DT = gpu::DeviceType<T>;
  using Sum = gpu::SumAccType<DT>;
  CheckPReluArgs("prelu_grad", x.dims(), alpha, mode, data_format);
  PD_CHECK(out_grad.dims() == x.dims(), InvalidArgument,
           "expected prelu_grad's Out@GRAD to have X's dims ", x.dims(), ", but got ",
           out_grad.dims());
  const gpu_prelu::AlphaIndex index(PReluAlphaIndex(x.dims(), mode, data_format));
  const DenseTensor x_in = x;  // keeps the inputs' storage alive if a gradient aliases one
  const DenseTensor alpha_in = alpha;
  const DenseTensor dy_in = out_grad;
  const DT* in = gpu::DeviceData<T>(x_in);
  const DT* a = gpu::DeviceData<T>(alpha_in);
  const DT* dy = gpu::DeviceData<T>(dy_in);
  const int64_t n = x_in.numel();
  // Alpha@GRAD first: X@GRAD may share X's or Out@GRAD's storage.
  if (alpha_grad != nullptr) {
    DT* da = gpu::DeviceAlloc<T>(dev_ctx, alpha_grad);
    if (n == 0) {
      gpu::LaunchFill<DT>(dev_ctx, da, alpha_in.numel(), gpu::ToDeviceValue(T(0)));
    } else {
      const int64_t count = index.count();
      const int64_t inner = index.inner_extent();
      const funcs::ReducePlan plan =
          funcs::MakeReducePlan(DDim({n / (count * inner), count, inner}), {0, 2});
      gpu::ReduceWithPlan<Sum>(dev_ctx, plan, gpu_prelu::LoadAlphaTerm<DT, Sum>{in, dy},
                               gpu::SumOp(), Sum(0), gpu::StoreResult<DT, Sum>{da});
    }
  }
  if (x_grad != nullptr) {
    DT* dx = gpu::DeviceAlloc<T>(dev_ctx, x_grad);
    if (n == 0) return;
    gpu_prelu::PReluBackwardX<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0,
                                dev_ctx.stream()>>>(in, a, dy, index, dx, n);
    PD_CUDA_CHECK_LAUNCH();
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(prelu, GPU, phi::PReluKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(prelu_grad, GPU, phi::PReluGradKernel, float, double, phi::float16,
                   phi::bfloat16);
