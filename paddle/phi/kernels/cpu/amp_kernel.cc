#include "paddle/phi/kernels/amp_kernel.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/amp_functor.h"
#include "paddle/phi/kernels/funcs/optimizer.h"

namespace phi {

namespace {

// 16-bit floats compute in float; float and double in themselves.
template <typename T>
using AmpCompute = std::conditional_t<std::is_same_v<T, double>, double, float>;

bool ReadFlag(const DenseTensor& t, const char* op, const char* name) {
  PD_CHECK(t.numel() == 1 && t.dtype() == DataType::BOOL, InvalidArgument, "expected ", op, "'s ",
           name, " to be one bool, but got ", t.dtype(), " ", t.dims());
  return t.data<bool>()[0];
}

int ReadStep(const DenseTensor& t, const char* name) {
  PD_CHECK(t.numel() == 1 && t.dtype() == DataType::INT32, InvalidArgument,
           "expected update_loss_scaling's ", name, " to be one int32, but got ", t.dtype(), " ",
           t.dims());
  return t.data<int32_t>()[0];
}

template <typename Context>
int32_t* AllocStep(const Context& dev_ctx, DenseTensor* out) {
  out->Resize(DDim({1}));
  return dev_ctx.template Alloc<int32_t>(out);
}

}  // namespace

template <typename T, typename Context>
void CheckFiniteAndUnscaleKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                                 const DenseTensor& scale, std::vector<DenseTensor*> out,
                                 DenseTensor* found_infinite) {
  using MT = AmpCompute<T>;
  const char* op = "check_finite_and_unscale";
  PD_CHECK(out.size() == x.size(), InvalidArgument, "expected ", op, " to have one Out per X (",
           x.size(), "), but got ", out.size());
  const MT inverse = MT(1) / static_cast<MT>(funcs::ReadScalar(scale, op, "Scale"));
  bool found = false;
  for (size_t k = 0; k < x.size(); ++k) {
    PD_CHECK(x[k] != nullptr && out[k] != nullptr, InvalidArgument, "expected ", op,
             "'s X[", k, "] and Out[", k, "] to be tensors, but one is missing");
    const DenseTensor input = *x[k];  // keeps X alive should Out replace its storage
    // Out first, X read after: Out may be X (in place).
    T* result = funcs::AllocUpdate<T>(dev_ctx, out[k], input, op, "Out");
    const T* in = input.data<T>();
    for (int64_t i = 0, n = input.numel(); i < n; ++i) {
      const MT v = static_cast<MT>(in[i]);
      found = found || !funcs::IsFiniteValue(v);
      result[i] = static_cast<T>(v * inverse);
    }
  }
  found_infinite->Resize(DDim({1}));
  dev_ctx.template Alloc<bool>(found_infinite)[0] = found;
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
  const char* op = "update_loss_scaling";
  PD_CHECK(out.size() == x.size(), InvalidArgument, "expected ", op, " to have one Out per X (",
           x.size(), "), but got ", out.size());
  const bool found = ReadFlag(found_infinite, op, "FoundInfinite");
  for (size_t k = 0; k < x.size(); ++k) {
    PD_CHECK(x[k] != nullptr && out[k] != nullptr, InvalidArgument, "expected ", op,
             "'s X[", k, "] and Out[", k, "] to be tensors, but one is missing");
    const DenseTensor input = *x[k];
    T* result = funcs::AllocUpdate<T>(dev_ctx, out[k], input, op, "Out");
    const int64_t n = input.numel();
    if (found) {
      std::fill(result, result + n, static_cast<T>(0.0f));  // a bad step's gradients vanish
    } else if (result != input.data<T>()) {
      std::memcpy(result, input.data<T>(), n * sizeof(T));
    }
  }
  const int good_in = ReadStep(in_good_steps, "InGoodSteps");
  const int bad_in = ReadStep(in_bad_steps, "InBadSteps");
  const double prev = funcs::ReadScalar(prev_loss_scaling, op, "PrevLossScaling");
  int32_t* good_out = AllocStep(dev_ctx, out_good_steps);
  int32_t* bad_out = AllocStep(dev_ctx, out_bad_steps);
  loss_scaling->Resize(DDim({1}));
  const funcs::LossScalingConfig config{incr_every_n_steps, decr_every_n_nan_or_inf, incr_ratio,
                                        decr_ratio};
  // The scale is updated in its own dtype (an overflow to inf must be seen as such).
  auto step = [&](auto prev_value, auto* scaling) {
    if (stop_update) {
      *scaling = prev_value;
      *good_out = good_in;
      *bad_out = bad_in;
    } else {
      funcs::UpdateLossScalingStep(found, prev_value, good_in, bad_in, config, scaling, good_out,
                                   bad_out);
    }
  };
  if (prev_loss_scaling.dtype() == DataType::FLOAT64) {
    step(prev, dev_ctx.template Alloc<double>(loss_scaling));
  } else {
    step(static_cast<float>(prev), dev_ctx.template Alloc<float>(loss_scaling));
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(check_finite_and_unscale, CPU, phi::CheckFiniteAndUnscaleKernel, float, double,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(update_loss_scaling, CPU, phi::UpdateLossScalingKernel, float, double,
                   phi::float16, phi::bfloat16);
