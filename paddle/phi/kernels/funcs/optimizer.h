// Helpers of the optimizer kernels: one-element float tensors (learning rate, beta powers)
// read and written in their own dtype, and the Adam step that adam and adamw share. Every
// update is elementwise, so outputs may be their inputs (ParamOut is Param, in place).
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/optimizer_functor.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {
class GPUContext;
namespace funcs {

// The one value of a float32 or float64 tensor (a float32 learning rate may drive float64
// parameters).
inline double ReadScalar(const DenseTensor& t, const char* op, const char* name) {
  PD_CHECK(t.numel() == 1, InvalidArgument, "expected ", op, "'s ", name,
           " to hold one element, but got dims ", t.dims());
  switch (t.dtype()) {
    case DataType::FLOAT32:
      return t.data<float>()[0];
    case DataType::FLOAT64:
      return t.data<double>()[0];
    default:
      PD_THROW(InvalidArgument, "expected ", op, "'s ", name, " to be float32 or float64, but got ",
               t.dtype());
  }
}

// Stores `value` as the one element of `out`, in `like`'s dtype; nothing when out is absent.
template <typename Context>
void WriteScalar(const Context& dev_ctx, DenseTensor* out, const DenseTensor& like, double value) {
  if (out == nullptr) return;
  out->Resize(like.dims());
  if (like.dtype() == DataType::FLOAT64) {
    dev_ctx.template Alloc<double>(out)[0] = value;
  } else {
    dev_ctx.template Alloc<float>(out)[0] = static_cast<float>(value);
  }
}

// Allocates `out` for an update of `in` (same dims) and returns its data; out may be in.
template <typename T, typename Context>
T* AllocUpdate(const Context& dev_ctx, DenseTensor* out, const DenseTensor& in, const char* op,
               const char* name) {
  PD_CHECK(out != nullptr, InvalidArgument, "expected ", op, " to have output ", name,
           ", but it is missing");
  if (out != &in) out->Resize(in.dims());
  return dev_ctx.template Alloc<T>(out);
}

// The tensors of one Adam step. Optional ones are nullptr when absent.
struct AdamTensors {
  const DenseTensor* param;
  const DenseTensor* grad;
  const DenseTensor* learning_rate;
  const DenseTensor* moment1;
  const DenseTensor* moment2;
  const DenseTensor* beta1_pow;
  const DenseTensor* beta2_pow;
  const DenseTensor* master_param;
  const DenseTensor* skip_update;
  DenseTensor* param_out;
  DenseTensor* moment1_out;
  DenseTensor* moment2_out;
  DenseTensor* beta1_pow_out;
  DenseTensor* beta2_pow_out;
  DenseTensor* master_param_out;
};

struct AdamConfig {
  double beta1, beta2, epsilon;
  double lr_ratio = 1.0;     // adamw: scales the learning rate
  double decay_coeff = 0.0;  // adamw with_decay: param *= 1 - lr * coeff before the step
  bool multi_precision = false;
  bool use_global_beta_pow = false;
};

// Adam's update of elements [begin, end) (see AdamStep below; the formulas are AdamUpdate's,
// shared with the GPU kernel), a plain loop over locals so that it compiles tightly.
template <typename T>
void AdamRange(int64_t begin, int64_t end, const T* p, const T* g, const T* m1, const T* m2,
               AdamUpdate<T> update, T* p_out, T* m1_out, T* m2_out, T* master_out) {
  for (int64_t i = begin; i < end; ++i) {
    T first, second;
    const T value = update(p[i], g[i], m1[i], m2[i], &first, &second);
    m1_out[i] = first;
    m2_out[i] = second;
    p_out[i] = value;
    if (master_out) master_out[i] = value;
  }
}

// AdamRange for float 8 elements at a time with AVX2 (the same operations in the same order,
// no FMA: the same bits; the scalar loop, which may update in place, was not vectorized and
// took 1.1 ms for 400k elements): false, doing nothing, where the CPU lacks AVX2. CPU only
// (optimizer_avx2.cc).
bool AdamRangeAvx2(int64_t begin, int64_t end, const float* p, const float* g, const float* m1,
                   const float* m2, const AdamUpdate<float>& update, float* p_out, float* m1_out,
                   float* m2_out, float* master_out);

// One Adam step with beta1_pow = beta1^t, beta2_pow = beta2^t:
//   m1 = beta1 m1 + (1 - beta1) g;  m2 = beta2 m2 + (1 - beta2) g^2
//   lr_t = lr sqrt(1 - beta2_pow) / (1 - beta1_pow)
//   p -= lr_t m1 / (sqrt(m2) + epsilon sqrt(1 - beta2_pow))
// then beta*_pow_out (when present) = beta*_pow * beta* unless use_global_beta_pow. A true
// SkipUpdate copies every state through unchanged. The GPUContext overload declared below is
// defined in gpu/adam_step.cuh, so that the adam and adamw kernels are written once.
template <typename T>
void AdamStep(const CPUContext& dev_ctx, const char* op, const AdamTensors& t, AdamConfig c) {
  const DenseTensor& param = *t.param;
  const int64_t n = param.numel();
  for (const auto& [tensor, name] : {std::pair{t.grad, "Grad"}, std::pair{t.moment1, "Moment1"},
                                     std::pair{t.moment2, "Moment2"}}) {
    PD_CHECK(tensor->numel() == n, InvalidArgument, "expected ", op, "'s ", name,
             " to have Param's dims ", param.dims(), ", but got ", tensor->dims());
  }
  const double beta1_pow = ReadScalar(*t.beta1_pow, op, "Beta1Pow");
  const double beta2_pow = ReadScalar(*t.beta2_pow, op, "Beta2Pow");
  const double lr = ReadScalar(*t.learning_rate, op, "LearningRate") * c.lr_ratio;

  const DenseTensor* source = &param;  // the values updated: MasterParam in multi precision
  if (c.multi_precision) {
    PD_CHECK(t.master_param != nullptr, InvalidArgument, "expected ", op,
             " with multi_precision to have input MasterParam, but it is missing");
    PD_CHECK(t.master_param->numel() == n, InvalidArgument, "expected ", op,
             "'s MasterParam to have Param's dims ", param.dims(), ", but got ",
             t.master_param->dims());
    source = t.master_param;
  }
  bool skip = false;
  if (t.skip_update != nullptr) {
    PD_CHECK(t.skip_update->numel() == 1 && t.skip_update->dtype() == DataType::BOOL,
             InvalidArgument, "expected ", op, "'s SkipUpdate to be one bool, but got ",
             t.skip_update->dtype(), " ", t.skip_update->dims());
    skip = t.skip_update->data<bool>()[0];
  }
  // Outputs are allocated before inputs are read: each may be its input (in place).
  T* p_out = AllocUpdate<T>(dev_ctx, t.param_out, param, op, "ParamOut");
  T* master_out = nullptr;
  if (c.multi_precision && t.master_param_out != nullptr)
    master_out = AllocUpdate<T>(dev_ctx, t.master_param_out, *source, op, "MasterParamOut");
  T* m1_out = AllocUpdate<T>(dev_ctx, t.moment1_out, *t.moment1, op, "Moment1Out");
  T* m2_out = AllocUpdate<T>(dev_ctx, t.moment2_out, *t.moment2, op, "Moment2Out");
  const T* p = source->data<T>();
  const T* g = t.grad->data<T>();
  const T* m1 = t.moment1->data<T>();
  const T* m2 = t.moment2->data<T>();
  if (skip) {
    auto pass_through = [n](const T* from, T* to) {
      if (to != nullptr && to != from) std::copy(from, from + n, to);
    };
    pass_through(p, p_out);
    pass_through(p, master_out);
    pass_through(m1, m1_out);
    pass_through(m2, m2_out);
  } else {
    const AdamScalars s = MakeAdamScalars(lr, beta1_pow, beta2_pow, c.epsilon, c.decay_coeff);
    const AdamUpdate<T> update{static_cast<T>(c.beta1), static_cast<T>(c.beta2),
                               static_cast<T>(s.lr_t), static_cast<T>(s.epsilon_t),
                               static_cast<T>(s.keep)};
    // Elements are independent: chunks over the pool.
    ParallelRange(n, 8, [=](int64_t begin, int64_t end) {
      if constexpr (std::is_same_v<T, float>) {
        if (AdamRangeAvx2(begin, end, p, g, m1, m2, update, p_out, m1_out, m2_out, master_out))
          return;
      }
      AdamRange(begin, end, p, g, m1, m2, update, p_out, m1_out, m2_out, master_out);
    });
  }
  const bool advance = !skip && !c.use_global_beta_pow;
  WriteScalar(dev_ctx, t.beta1_pow_out, *t.beta1_pow, advance ? beta1_pow * c.beta1 : beta1_pow);
  WriteScalar(dev_ctx, t.beta2_pow_out, *t.beta2_pow, advance ? beta2_pow * c.beta2 : beta2_pow);
}

template <typename T>
void AdamStep(const GPUContext& dev_ctx, const char* op, const AdamTensors& t, AdamConfig c);

}  // namespace funcs
}  // namespace phi
