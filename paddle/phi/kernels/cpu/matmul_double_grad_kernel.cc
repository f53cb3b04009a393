#include "paddle/phi/kernels/matmul_double_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/matmul_double_grad_kernel_impl.h"

PD_REGISTER_KERNEL(matmul_double_grad, CPU, phi::MatmulDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(matmul_triple_grad, CPU, phi::MatmulTripleGradKernel, float, double);

PD_KERNEL_USES(matmul_double_grad, add);
PD_KERNEL_USES(matmul_double_grad, matmul);
PD_KERNEL_USES(matmul_double_grad, matmul_grad);
PD_KERNEL_USES(matmul_triple_grad, add);
PD_KERNEL_USES(matmul_triple_grad, matmul);
PD_KERNEL_USES(matmul_triple_grad, matmul_grad);
