// check_finite_and_unscale and update_loss_scaling on GPU. FoundInfinite is written and read on
// the device (it may also arrive as a host tensor); the loss scale and step counters are
// updated by a one-thread kernel where they live on the device, on the host where they don't.
#include <type_traits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/amp_kernel.h"
#include "paddle/phi/kernels/funcs/amp_functor.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"

namespace phi {

namespace {

template <typename DT, typename MT>
__global__ void UnscaleKernel(const DT* x, int64_t n, funcs::ScalarArg scale, DT* out,
                              bool* found) {
  using gpu_opt::Convert;
  const MT inverse = MT(1) / static_cast<MT>(scale.get());
  PD_GPU_LOOP(i, n) {
    const MT v = Convert<MT>(x[i]);
    if (!funcs::IsFiniteValue(v)) *found = true;  // every writer stores the same value
    out[i] = Convert<DT>(v * inverse);
  }
}

template <typename DT>
__global__ void ZeroIfFoundKernel(const DT* x, int64_t n, gpu_opt::FlagArg found, DT* out) {
  const bool zero = found.get();
  PD_GPU_LOOP(i, n) out[i] = zero ? gpu_opt::Convert<DT>(0.0f) : x[i];
}

template <typename MT>
__global__ void LossScalingStepKernel(gpu_opt::FlagArg found, const MT* prev, const int* good_in,
                                      const int* bad_in, funcs::LossScalingConfig config,
                                      bool stop_update, MT* scaling, int* good_out,
                                      int* bad_out) {
  const MT prev_value = *prev;
  const int good = *good_in, bad = *bad_in;
  if (stop_update) {
    *scaling = prev_value;
    *good_out = good;
    *bad_out = bad;
  } else {
    funcs::UpdateLossScalingStep(found.get(), prev_value, good, bad, config, scaling, good_out,
                                 bad_out);
  }
}

void CheckStep(const DenseTensor& t, const char* name) {
  PD_CHECK(t.numel() == 1 && t.dtype() == DataType::INT32, InvalidArgument,
           "expected update_loss_scaling's ", name, " to be one int32, but got ", t.dtype(), " ",
           t.dims());
}

// Loss-scaling state (PrevLossScaling, InGoodSteps, InBadSteps) on the device: one thread.
template <typename MT>
void StepOnDevice(const GPUContext& dev_ctx, gpu_opt::FlagArg found,
                  const DenseTensor& prev_loss_scaling, const DenseTensor& in_good_steps,
                  const DenseTensor& in_bad_steps, const funcs::LossScalingConfig& config,
                  bool stop_update, DenseTensor* loss_scaling, DenseTensor* out_good_steps,
                  DenseTensor* out_bad_steps) {
  // Outputs first (each may be its input), inputs' pointers after.
  loss_scaling->Resize(DDim({1}));
  out_good_steps->Resize(DDim({1}));
  out_bad_steps->Resize(DDim({1}));
  MT* scaling = dev_ctx.template Alloc<MT>(loss_scaling);
  int* good_out = dev_ctx.template Alloc<int32_t>(out_good_steps);
  int* bad_out = dev_ctx.template Alloc<int32_t>(out_bad_steps);
  LossScalingStepKernel<MT><<<1, 1, 0, dev_ctx.stream()>>>(
      found, prev_loss_scaling.data<MT>(), in_good_steps.data<int32_t>(),
      in_bad_steps.data<int32_t>(), config, stop_update, scaling, good_out, bad_out);
  PD_CUDA_CHECK_LAUNCH();
}

// The same state on the host (FoundInfinite must be readable there too).
template <typename MT>
void StepOnHost(bool found, const DenseTensor& prev_loss_scaling,
                const DenseTensor& in_good_steps, const DenseTensor& in_bad_steps,
                const funcs::LossScalingConfig& config, bool stop_update,
                DenseTensor* loss_scaling, DenseTensor* out_good_steps,
                DenseTensor* out_bad_steps) {
  const CPUContext& host = CPUContext::Default();
  const MT prev_value = prev_loss_scaling.data<MT>()[0];
  const int good = in_good_steps.data<int32_t>()[0], bad = in_bad_steps.data<int32_t>()[0];
  loss_scaling->Resize(DDim({1}));
  out_good_steps->Resize(DDim({1}));
  out_bad_steps->Resize(DDim({1}));
  MT* scaling = host.Alloc<MT>(loss_scaling);
  int* good_out = host.Alloc<int32_t>(out_good_steps);
  int* bad_out = host.Alloc<int32_t>(out_bad_steps);
  if (stop_update) {
    *scaling = prev_value;
    *good_out = good;
    *bad_out = bad;
  } else {
    funcs::UpdateLossScalingStep(found, prev_value, good, bad, config, scaling, good_out,
                                 bad_out);
  }
}

}  // namespace

template <typename T, typename Context>
void CheckFiniteAndUnscaleKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                                 const DenseTensor& scale, std::vector<DenseTensor*> out,
                                 DenseTensor* found_infinite) {
  using DT = gpu::DeviceType<T>;
  using MT = std::conditional_t<std::is_same_v<T, double>, double, float>;
  const char* op = "check_finite_and_unscale";
  PD_CHECK(out.size() == x.size(), InvalidArgument, "expected ", op, " to have one Out per X (",
           x.size(), "), but got ", out.size());
  const funcs::ScalarArg scale_arg = gpu_opt::ScalarArgOf(scale, op, "Scale");
  found_infinite->Resize(DDim({1}));
  bool* found = dev_ctx.template Alloc<bool>(found_infinite);
  PD_CUDA_CHECK(cudaMemsetAsync(found, 0, sizeof(bool), dev_ctx.stream()));
  // One launch per tensor: simple, and a program has tens to hundreds of gradients.
  for (size_t k = 0; k < x.size(); ++k) {
    PD_CHECK(x[k] != nullptr && out[k] != nullptr, InvalidArgument, "expected ", op,
             "'s X[", k, "] and Out[", k, "] to be tensors, but one is missing");
    const DenseTensor input = *x[k];  // keeps X alive should Out replace its storage
    DT* result =
        reinterpret_cast<DT*>(funcs::AllocUpdate<T>(dev_ctx, out[k], input, op, "Out"));
    const int64_t n = input.numel();
    if (n == 0) continue;
    UnscaleKernel<DT, MT><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
        gpu::DeviceData<T>(input), n, scale_arg, result, found);
    PD_CUDA_CHECK_LAUNCH();
  }
}

template <typename T, typename Context>
void UpdateLossScalingKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                             const DenseTensor& found_infinite,
                             const DenseTensor& prev_loss_scaling, const DenseTensor& in_good_steps,
                             const DenseTensor& in_bad_steps, int incr_every_n_steps,
                             int decr_every_n_nan_or_inf, float incr_ratio, float decr_ratio,
                             bool stop_update, std::vector<DenseTensor*> out,
                             DenseTensor* loss_scaling, DenseTensor* out_good_steps,
                             DenseTensor* out_bad_steps) {
  using DT = gpu::DeviceType<T>;
  const char* op = "update_loss_scaling";
  PD_CHECK(out.size() == x.size(), InvalidArgument, "expected ", op, " to have one Out per X (",
           x.size(), "), but got ", out.size());
  const gpu_opt::FlagArg found = gpu_opt::FlagArgOf(&found_infinite, op, "FoundInfinite");
  for (size_t k = 0; k < x.size(); ++k) {
    PD_CHECK(x[k] != nullptr && out[k] != nullptr, InvalidArgument, "expected ", op,
             "'s X[", k, "] and Out[", k, "] to be tensors, but one is missing");
    const DenseTensor input = *x[k];
    DT* result =
        reinterpret_cast<DT*>(funcs::AllocUpdate<T>(dev_ctx, out[k], input, op, "Out"));
    const DT* in = gpu::DeviceData<T>(input);
    const int64_t n = input.numel();
    // A step known on the host to be finite leaves an in-place Out as it is.
    if (n == 0 || (!found.on_device() && !found.value && result == in)) continue;
    ZeroIfFoundKernel<DT><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
        in, n, found, result);
    PD_CUDA_CHECK_LAUNCH();
  }
  CheckStep(in_good_steps, "InGoodSteps");
  CheckStep(in_bad_steps, "InBadSteps");
  gpu_opt::CheckOneFloat(prev_loss_scaling, op, "PrevLossScaling");
  const bool on_device = prev_loss_scaling.place().is_gpu();
  PD_CHECK(in_good_steps.place().is_gpu() == on_device &&
               in_bad_steps.place().is_gpu() == on_device,
           InvalidArgument, "expected ", op, "'s PrevLossScaling, InGoodSteps and InBadSteps on "
           "one place, but got ", prev_loss_scaling.place(), ", ", in_good_steps.place(), " and ",
           in_bad_steps.place());
  PD_CHECK(on_device || !found.on_device(), InvalidArgument, "expected ", op, "'s FoundInfinite "
           "on the CPU when PrevLossScaling is on the CPU, but it is on ", found_infinite.place());
  const funcs::LossScalingConfig config{incr_every_n_steps, decr_every_n_nan_or_inf, incr_ratio,
                                        decr_ratio};
  // The scale is updated in its own dtype (an overflow to inf must be seen as such).
  const bool wide = prev_loss_scaling.dtype() == DataType::FLOAT64;
  if (on_device) {
    if (wide) {
      StepOnDevice<double>(dev_ctx, found, prev_loss_scaling, in_good_steps, in_bad_steps,
                           config, stop_update, loss_scaling, out_good_steps, out_bad_steps);
    } else {
      StepOnDevice<float>(dev_ctx, found, prev_loss_scaling, in_good_steps, in_bad_steps,
                          config, stop_update, loss_scaling, out_good_steps, out_bad_steps);
    }
  } else if (wide) {
    StepOnHost<double>(found.value, prev_loss_scaling, in_good_steps, in_bad_steps, config,
                       stop_update, loss_scaling, out_good_steps, out_bad_steps);
  } else {
    StepOnHost<float>(found.value, prev_loss_scaling, in_good_steps, in_bad_steps, config,
                      stop_update, loss_scaling, out_good_steps, out_bad_steps);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(check_finite_and_unscale, GPU, phi::CheckFiniteAndUnscaleKernel, float,
                   double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(update_loss_scaling, GPU, phi::UpdateLossScalingKernel, float, double,
                   phi::float16, phi::bfloat16);
