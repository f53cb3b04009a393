// lamb on GPU in three launches: the moments and update direction r per element (with per-block
// partial sums of p^2 and r^2), one block turning the sums into the trust ratio (and advancing
// device-side beta powers), then p -= lr * trust * r. Formulas: funcs::LambDirection/LambTrust.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"
#include "paddle/phi/kernels/lamb_kernel.h"

namespace phi {

namespace {

template <typename DT, typename MT, typename ST>
__global__ void LambDirectionKernel(const DT* param, const MT* master, const DT* grad,
                                    const ST* m1, const ST* m2, funcs::ScalarArg beta1_pow,
                                    funcs::ScalarArg beta2_pow, gpu_opt::FlagArg skip, MT beta1,
                                    MT beta2, MT epsilon, MT weight_decay, int64_t n,
                                    ST* m1_out, ST* m2_out, MT* r, double* partials) {
  using gpu_opt::Convert;
  const bool skip_step = skip.get();
  const funcs::LambDirection<MT> direction{beta1, beta2,
                                           static_cast<MT>(1 - beta1_pow.get()),
                                           static_cast<MT>(1 - beta2_pow.get()), epsilon,
                                           weight_decay};
  double p_sq = 0, r_sq = 0;
  PD_GPU_LOOP(i, n) {
    if (skip_step) {
      m1_out[i] = m1[i];
      m2_out[i] = m2[i];
      continue;
    }
    const MT p = master != nullptr ? master[i] : Convert<MT>(param[i]);
    MT a, b;
    const MT dir =
        direction(p, Convert<MT>(grad[i]), Convert<MT>(m1[i]), Convert<MT>(m2[i]), &a, &b);
    m1_out[i] = Convert<ST>(a);
    m2_out[i] = Convert<ST>(b);
    r[i] = dir;
    p_sq += static_cast<double>(p) * static_cast<double>(p);
    r_sq += static_cast<double>(dir) * static_cast<double>(dir);
  }
  p_sq = gpu_opt::BlockSumDouble(p_sq);
  r_sq = gpu_opt::BlockSumDouble(r_sq);
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = p_sq;
    partials[gridDim.x + blockIdx.x] = r_sq;
  }
}

// One block: trust = ||p|| / ||r|| (funcs::LambTrust) from `count` partial sums of each.
__global__ void LambTrustKernel(const double* partials, int count, bool adapt,
                                gpu_opt::FlagArg skip, funcs::ScalarArg beta1_pow,
                                funcs::ScalarArg beta2_pow, double beta1, double beta2,
                                double* trust, funcs::ScalarOut beta1_pow_out,
                                funcs::ScalarOut beta2_pow_out) {
  double p_sq = 0, r_sq = 0;
  for (int i = threadIdx.x; i < count; i += blockDim.x) {
    p_sq += partials[i];
    r_sq += partials[count + i];
  }
  p_sq = gpu_opt::BlockSumDouble(p_sq);
  r_sq = gpu_opt::BlockSumDouble(r_sq);
  if (threadIdx.x != 0) return;
  *trust = funcs::LambTrust(sqrt(p_sq), sqrt(r_sq), adapt);
  const bool skip_step = skip.get();
  const double b1p = beta1_pow.get(), b2p = beta2_pow.get();
  beta1_pow_out.set(skip_step ? b1p : b1p * beta1);
  beta2_pow_out.set(skip_step ? b2p : b2p * beta2);
}

template <typename DT, typename MT>
__global__ void LambApplyKernel(const DT* param, const MT* master, const MT* r,
                                const double* trust, funcs::ScalarArg lr, gpu_opt::FlagArg skip,
                                int64_t n, DT* param_out, MT* master_out) {
  using gpu_opt::Convert;
  const bool skip_step = skip.get();
  const MT rate = static_cast<MT>(lr.get()), ratio = static_cast<MT>(*trust);
  PD_GPU_LOOP(i, n) {
    const MT p = master != nullptr ? master[i] : Convert<MT>(param[i]);
    const MT value = skip_step ? p : p - rate * ratio * r[i];
    param_out[i] = Convert<DT>(value);
    if (master_out != nullptr) master_out[i] = value;
  }
}

}  // namespace

template <typename T, typename Context>
void LambKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                const DenseTensor& learning_rate, const DenseTensor& moment1,
                const DenseTensor& moment2, const DenseTensor& beta1_pow,
                const DenseTensor& beta2_pow, const DenseTensor* master_param,
                const DenseTensor* skip_update, float weight_decay, float beta1, float beta2,
                float epsilon, bool always_adapt, bool multi_precision, DenseTensor* param_out,
                DenseTensor* moment1_out, DenseTensor* moment2_out, DenseTensor* beta1_pow_out,
                DenseTensor* beta2_pow_out, DenseTensor* master_param_out) {
  using DT = gpu::DeviceType<T>;
  using MT = gpu::AccType<T>;
  const char* op = "lamb";
  const int64_t n = param.numel();
  PD_CHECK(grad.numel() == n && moment1.numel() == n && moment2.numel() == n, InvalidArgument,
           "expected lamb's Grad, Moment1 and Moment2 to have Param's dims ", param.dims(),
           ", but got ", grad.dims(), ", ", moment1.dims(), " and ", moment2.dims());
  PD_CHECK(moment2.dtype() == moment1.dtype(), InvalidArgument, "expected lamb's Moment2 to "
           "have Moment1's dtype ", moment1.dtype(), ", but got ", moment2.dtype());
  if (multi_precision) gpu_opt::MasterData<T>(master_param, param, op);  // checks it
  const gpu_opt::FlagArg skip = gpu_opt::FlagArgOf(skip_update, op, "SkipUpdate");
  const funcs::ScalarArg b1p = gpu_opt::ScalarArgOf(beta1_pow, op, "Beta1Pow");
  const funcs::ScalarArg b2p = gpu_opt::ScalarArgOf(beta2_pow, op, "Beta2Pow");
  const funcs::ScalarArg lr = gpu_opt::ScalarArgOf(learning_rate, op, "LearningRate");
  bool pow1_on_host = false, pow2_on_host = false;
  const funcs::ScalarOut pow1_out =
      gpu_opt::AllocScalarLike(dev_ctx, beta1_pow_out, beta1_pow, &pow1_on_host);
  const funcs::ScalarOut pow2_out =
      gpu_opt::AllocScalarLike(dev_ctx, beta2_pow_out, beta2_pow, &pow2_on_host);
  // Whether host-side powers advance depends on SkipUpdate, so it must be known on the host.
  PD_CHECK(!(pow1_on_host || pow2_on_host) || !skip.on_device(), InvalidArgument,
           "expected lamb's SkipUpdate on the CPU when Beta1Pow/Beta2Pow are on the CPU, but it "
           "is on ", skip_update->place());

  const int blocks = gpu::BlocksFor(dev_ctx, n);
  DenseTensor direction(CppTypeToDataType<MT>::value, DDim({n}));
  MT* r = dev_ctx.template Alloc<MT>(&direction);
  DenseTensor partials(DataType::FLOAT64, DDim({2 * static_cast<int64_t>(blocks) + 1}));
  double* partial_data = dev_ctx.template Alloc<double>(&partials);
  double* trust = partial_data + 2 * blocks;

  gpu_opt::VisitStateType<T>(moment1, op, "Moment1", [&](auto* tag) {
    using S = std::remove_pointer_t<decltype(tag)>;
    using ST = gpu::DeviceType<S>;
    // Outputs first, inputs read after: each output may be its input (in place).
    DT* p_out = reinterpret_cast<DT*>(
        funcs::AllocUpdate<T>(dev_ctx, param_out, param, op, "ParamOut"));
    MT* master_out = multi_precision && master_param_out != nullptr
                         ? funcs::AllocUpdate<MT>(dev_ctx, master_param_out, *master_param, op,
                                                  "MasterParamOut")
                         : nullptr;
    ST* m1_out = reinterpret_cast<ST*>(
        funcs::AllocUpdate<S>(dev_ctx, moment1_out, moment1, op, "Moment1Out"));
    ST* m2_out = reinterpret_cast<ST*>(
        funcs::AllocUpdate<S>(dev_ctx, moment2_out, moment2, op, "Moment2Out"));
    const MT* master = multi_precision ? gpu_opt::MasterData<T>(master_param, param, op) : nullptr;
    const DT* p = gpu::DeviceData<T>(param);
    LambDirectionKernel<DT, MT, ST><<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
        p, master, gpu::DeviceData<T>(grad), gpu::DeviceData<S>(moment1),
        gpu::DeviceData<S>(moment2), b1p, b2p, skip, static_cast<MT>(beta1),
        static_cast<MT>(beta2), static_cast<MT>(epsilon), static_cast<MT>(weight_decay), n,
        m1_out, m2_out, r, partial_data);
    PD_CUDA_CHECK_LAUNCH();
    LambTrustKernel<<<1, gpu::kThreads, 0, dev_ctx.stream()>>>(
        partial_data, blocks, weight_decay != 0.0f || always_adapt, skip, b1p, b2p, beta1,
        beta2, trust, pow1_on_host ? funcs::ScalarOut{} : pow1_out,
        pow2_on_host ? funcs::ScalarOut{} : pow2_out);
    PD_CUDA_CHECK_LAUNCH();
    LambApplyKernel<DT, MT><<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
        p, master, r, trust, lr, skip, n, p_out, master_out);
    PD_CUDA_CHECK_LAUNCH();
  });

  if (pow1_on_host || pow2_on_host) {  // SkipUpdate is then a host value (checked above)
    const bool skip_step = skip.get();
    if (pow1_on_host) pow1_out.set(skip_step ? b1p.value : b1p.value * beta1);
    if (pow2_on_host) pow2_out.set(skip_step ? b2p.value : b2p.value * beta2);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(lamb, GPU, phi::LambKernel, float, double, phi::float16, phi::bfloat16);
