#include "paddle/phi/kernels/conv3d_grad_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/alloc_zeroed.h"
#include "paddle/phi/kernels/funcs/conv3d_direct.h"

namespace phi {

template <typename T, typename Context>
void Conv3dGradKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                      const DenseTensor& out_grad, const std::vector<int>& strides,
                      const std::vector<int>& paddings, const std::string& padding_algorithm,
                      int groups, const std::vector<int>& dilations, const std::string& data_format,
                      DenseTensor* input_grad, DenseTensor* filter_grad) {
  if (input_grad == nullptr && filter_grad == nullptr) return;
  const Conv3dGeometry g = ComputeConv3dGeometry(input.dims(), filter.dims(), strides, paddings,
                                                 padding_algorithm, groups, dilations, data_format);
  PD_CHECK(out_grad.dims() == g.out_dims, InvalidArgument,
           "expected conv3d_grad's Output@GRAD to have dims ", g.out_dims, ", but got ",
           out_grad.dims());
  T* dx = funcs::AllocZeroed<T>(dev_ctx, input_grad);
  T* dw = funcs::AllocZeroed<T>(dev_ctx, filter_grad);
  if (out_grad.numel() == 0 || input.numel() == 0) return;
  const T* w = filter.data<T>();
  std::vector<T> x_buf, dy_buf, dx_buf;
  const T* x = input.data<T>();
  const T* dy = out_grad.data<T>();
  T* dx_nc = dx;
  if (g.channels_last) {
    x_buf = funcs::Ndhwc2Ncdhw(input.data<T>(), input.dims());
    dy_buf = funcs::Ndhwc2Ncdhw(out_grad.data<T>(), out_grad.dims());
    x = x_buf.data();
    dy = dy_buf.data();
    if (dx != nullptr) {
      dx_buf.assign(input.numel(), T(0));
      dx_nc = dx_buf.data();
    }
  }
  funcs::ForEachConv3dTap(g, [&](int64_t o, int64_t i, int64_t f) {
    if (dx_nc != nullptr) dx_nc[i] += dy[o] * w[f];
    if (dw != nullptr) dw[f] += dy[o] * x[i];
  });
  if (g.channels_last && dx != nullptr) {
    funcs::Ncdhw2Ndhwc(dx_buf.data(), DDim({g.batch, g.in_channels, g.in[0], g.in[1], g.in[2]}),
                       dx);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(conv3d_grad, CPU, phi::Conv3dGradKernel, float, double);
