#include "paddle/phi/kernels/sgd_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/optimizer_functor.h"

namespace phi {
namespace {

double ReadLearningRate(const DenseTensor& learning_rate) {
  PD_CHECK(learning_rate.numel() == 1, InvalidArgument,
           "expected sgd's LearningRate to hold one element, but got dims ",
           learning_rate.dims());
  switch (learning_rate.dtype()) {
    case DataType::FLOAT32:
      return learning_rate.data<float>()[0];
    case DataType::FLOAT64:
      return learning_rate.data<double>()[0];
    default:
      PD_THROW(InvalidArgument, "expected sgd's LearningRate to be float32 or float64, but got ",
               learning_rate.dtype());
  }
}

}  // namespace

template <typename T, typename Context>
void SgdKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& learning_rate,
               const DenseTensor& grad, DenseTensor* param_out) {
  PD_CHECK(grad.numel() == param.numel(), InvalidArgument,
           "expected sgd's Grad to have Param's dims, but got Param ", param.dims(), " and Grad ",
           grad.dims());
  const T lr = static_cast<T>(ReadLearningRate(learning_rate));
  if (param_out != &param) param_out->Resize(param.dims());
  T* result = dev_ctx.template Alloc<T>(param_out);
  // Taken after the allocation: param_out may be param, or share its storage.
  const T* p = param.data<T>();
  const T* g = grad.data<T>();
  const int64_t n = param.numel();
  const funcs::SgdUpdate<T> update{lr};
  for (int64_t i = 0; i < n; ++i) result[i] = update(p[i], g[i]);
}

}  // namespace phi

PD_REGISTER_KERNEL(sgd, CPU, phi::SgdKernel, float, double);
