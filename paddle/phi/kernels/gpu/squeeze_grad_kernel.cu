// Grads of squeeze, unsqueeze and flatten on GPU: impl/squeeze_grad_kernel_impl.h's kernels;
// X@GRAD views Out@GRAD's device storage.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/squeeze_grad_kernel_impl.h"
#include "paddle/phi/kernels/squeeze_grad_kernel.h"

PD_REGISTER_KERNEL(squeeze_grad, GPU, phi::SqueezeGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(unsqueeze_grad, GPU, phi::UnsqueezeGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(flatten_grad, GPU, phi::FlattenGradKernel, float, double, phi::float16,
                   phi::bfloat16);
