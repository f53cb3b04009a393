// One Adam step on GPU, shared by adam and adamw (the formulas are funcs::AdamUpdate's). A
// one-thread kernel turns the learning rate and beta powers (on the device, or values read on
// the host) into the step's scalars and advances device-side beta powers; host-side powers
// advance on the host. 16-bit parameters compute in float, with float32 master weights and
// moments when multi_precision.
#pragma once

#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"

namespace phi {
namespace gpu_opt {

// The scalars one step shares: lr_t, epsilon_t, keep and skip (0 or 1), in `scalars`.
template <int kUnused = 0>
__global__ void AdamPrepareKernel(ScalarArg lr, double lr_ratio, ScalarArg beta1_pow,
                                  ScalarArg beta2_pow, FlagArg skip, double beta1, double beta2,
                                  double epsilon, double decay_coeff, bool use_global_beta_pow,
                                  double* scalars, ScalarOut beta1_pow_out,
                                  ScalarOut beta2_pow_out) {
  const double b1p = beta1_pow.get(), b2p = beta2_pow.get();
  const bool skip_step = skip.get();
  const funcs::AdamScalars s =
      funcs::MakeAdamScalars(lr.get() * lr_ratio, b1p, b2p, epsilon, decay_coeff);
  scalars[0] = s.lr_t;
  scalars[1] = s.epsilon_t;
  scalars[2] = s.keep;
  scalars[3] = skip_step ? 1.0 : 0.0;
  const bool advance = !skip_step && !use_global_beta_pow;
  beta1_pow_out.set(advance ? b1p * beta1 : b1p);
  beta2_pow_out.set(advance ? b2p * beta2 : b2p);
}

template <typename DT, typename MT, typename ST>
__global__ void AdamElementsKernel(const DT* param, const MT* master, const DT* grad,
                                   const ST* m1, const ST* m2, const double* scalars, MT beta1,
                                   MT beta2, int64_t n, DT* param_out, MT* master_out,
                                   ST* m1_out, ST* m2_out) {
  const bool skip = scalars[3] != 0.0;
  const funcs::AdamUpdate<MT> update{beta1, beta2, static_cast<MT>(scalars[0]),
                                     static_cast<MT>(scalars[1]), static_cast<MT>(scalars[2])};
  PD_GPU_LOOP(i, n) {
    const MT p = master != nullptr ? master[i] : Convert<MT>(param[i]);
    if (skip) {  // every state passes through unchanged
      param_out[i] = Convert<DT>(p);
      if (master_out != nullptr) master_out[i] = p;
      m1_out[i] = m1[i];
      m2_out[i] = m2[i];
      continue;
    }
    MT first, second;
    const MT value =
        update(p, Convert<MT>(grad[i]), Convert<MT>(m1[i]), Convert<MT>(m2[i]), &first, &second);
    m1_out[i] = Convert<ST>(first);
    m2_out[i] = Convert<ST>(second);
    param_out[i] = Convert<DT>(value);
    if (master_out != nullptr) master_out[i] = value;
  }
}

// Beta1Pow/Beta2Pow may be host or device tensors (each output stays where its input is).
template <typename T>
void AdamGpuStep(const GPUContext& dev_ctx, const char* op, const funcs::AdamTensors& t,
                 funcs::AdamConfig c) {
  using DT = gpu::DeviceType<T>;
  using MT = gpu::AccType<T>;
  const DenseTensor& param = *t.param;
  const int64_t n = param.numel();
  for (const auto& [tensor, name] : {std::pair{t.grad, "Grad"}, std::pair{t.moment1, "Moment1"},
                                     std::pair{t.moment2, "Moment2"}}) {
    PD_CHECK(tensor->numel() == n, InvalidArgument, "expected ", op, "'s ", name,
             " to have Param's dims ", param.dims(), ", but got ", tensor->dims());
  }
  PD_CHECK(t.moment2->dtype() == t.moment1->dtype(), InvalidArgument, "expected ", op,
           "'s Moment2 to have Moment1's dtype ", t.moment1->dtype(), ", but got ",
           t.moment2->dtype());
  const ScalarArg lr = ScalarArgOf(*t.learning_rate, op, "LearningRate");
  const ScalarArg beta1_pow = ScalarArgOf(*t.beta1_pow, op, "Beta1Pow");
  const ScalarArg beta2_pow = ScalarArgOf(*t.beta2_pow, op, "Beta2Pow");
  const FlagArg skip = FlagArgOf(t.skip_update, op, "SkipUpdate");
  if (c.multi_precision) MasterData<T>(t.master_param, param, op);  // checks it

  bool pow1_on_host = false, pow2_on_host = false;
  const ScalarOut pow1_out = AllocScalarLike(dev_ctx, t.beta1_pow_out, *t.beta1_pow, &pow1_on_host);
  const ScalarOut pow2_out = AllocScalarLike(dev_ctx, t.beta2_pow_out, *t.beta2_pow, &pow2_on_host);
  // Whether host-side powers advance depends on SkipUpdate, so it must be known on the host.
  PD_CHECK(!(pow1_on_host || pow2_on_host) || !skip.on_device(), InvalidArgument, "expected ",
           op, "'s SkipUpdate on the CPU when Beta1Pow/Beta2Pow are on the CPU, but it is on ",
           t.skip_update->place());

  DenseTensor scalars(DataType::FLOAT64, DDim({4}));
  double* scalar_data = dev_ctx.template Alloc<double>(&scalars);
  // The host-side powers take no part in the kernel: their values were passed above.
  AdamPrepareKernel<<<1, 1, 0, dev_ctx.stream()>>>(
      lr, c.lr_ratio, beta1_pow, beta2_pow, skip, c.beta1, c.beta2, c.epsilon, c.decay_coeff,
      c.use_global_beta_pow, scalar_data, pow1_on_host ? ScalarOut{} : pow1_out,
      pow2_on_host ? ScalarOut{} : pow2_out);
  PD_CUDA_CHECK_LAUNCH();

  VisitStateType<T>(*t.moment1, op, "Moment1", [&](auto* tag) {
    using S = std::remove_pointer_t<decltype(tag)>;
    using ST = gpu::DeviceType<S>;
    // Outputs first, inputs read after: each output may be its input (in place).
    DT* p_out = reinterpret_cast<DT*>(
        funcs::AllocUpdate<T>(dev_ctx, t.param_out, param, op, "ParamOut"));
    MT* master_out = c.multi_precision && t.master_param_out != nullptr
                         ? funcs::AllocUpdate<MT>(dev_ctx, t.master_param_out, *t.master_param,
                                                  op, "MasterParamOut")
                         : nullptr;
    ST* m1_out = reinterpret_cast<ST*>(
        funcs::AllocUpdate<S>(dev_ctx, t.moment1_out, *t.moment1, op, "Moment1Out"));
    ST* m2_out = reinterpret_cast<ST*>(
        funcs::AllocUpdate<S>(dev_ctx, t.moment2_out, *t.moment2, op, "Moment2Out"));
    const MT* master = c.multi_precision ? MasterData<T>(t.master_param, param, op) : nullptr;
    AdamElementsKernel<DT, MT, ST>
        <<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
            gpu::DeviceData<T>(param), master, gpu::DeviceData<T>(*t.grad),
            gpu::DeviceData<S>(*t.moment1), gpu::DeviceData<S>(*t.moment2), scalar_data,
            static_cast<MT>(c.beta1), static_cast<MT>(c.beta2), n, p_out, master_out, m1_out,
            m2_out);
    PD_CUDA_CHECK_LAUNCH();
  });

  if (pow1_on_host || pow2_on_host) {  // SkipUpdate is then a host value (checked above)
    const bool advance = !skip.get() && !c.use_global_beta_pow;
    if (pow1_on_host) pow1_out.set(advance ? beta1_pow.value * c.beta1 : beta1_pow.value);
    if (pow2_on_host) pow2_out.set(advance ? beta2_pow.value * c.beta2 : beta2_pow.value);
  }
}

}  // namespace gpu_opt

namespace funcs {

// The GPU overload of funcs::AdamStep (funcs/optimizer.h), which the adam and adamw kernels
// written once for both backends call.
template <typename T>
void AdamStep(const GPUContext& dev_ctx, const char* op, const AdamTensors& t, AdamConfig c) {
  gpu_opt::AdamGpuStep<T>(dev_ctx, op, t, c);
}

}  // namespace funcs
}  // namespace phi
