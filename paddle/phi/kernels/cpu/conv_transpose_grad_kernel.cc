#include "paddle/phi/kernels/conv_transpose_grad_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/conv_transpose.h"
#include "paddle/phi/kernels/funcs/alloc_zeroed.h"
#include "paddle/phi/kernels/funcs/blas.h"
#include "paddle/phi/kernels/funcs/conv_transpose_plane.h"
#include "paddle/phi/kernels/funcs/conv_util.h"

namespace phi {
namespace {

// The shared GEMM skeleton with im2col of dout as the unfold; filter_grad (may be null) must
// be zero on entry.
template <typename T>
void ConvTransposeBackwardNchw(const T* input, const T* filter, const T* dout,
                               const ConvTransposeGeometry& g, T* input_grad, T* filter_grad) {
  const funcs::ConvPlane p = funcs::TransposedConvPlane(g);
  const funcs::ConvTransposeGemmShape s = funcs::MakeConvTransposeGemmShape(g);
  funcs::ConvTransposeGemmBackward(
      input, filter, dout, s,
      [&](const T* dout_g, T* col) { funcs::Im2Col(dout_g, s.out_per_group, p, s.columns, col); },
      input_grad, filter_grad);
}

}  // namespace

template <typename T, typename Context>
void ConvTransposeGradKernel(const Context& dev_ctx, const DenseTensor& input,
                             const DenseTensor& filter, const DenseTensor& out_grad,
                             const std::vector<int>& strides, const std::vector<int>& paddings,
                             const std::vector<int>& output_padding,
                             const std::vector<int>& output_size,
                             const std::string& padding_algorithm, int groups,
                             const std::vector<int>& dilations, const std::string& data_format,
                             DenseTensor* input_grad, DenseTensor* filter_grad) {
  if (input_grad == nullptr && filter_grad == nullptr) return;
  const ConvTransposeGeometry g = ComputeConvTransposeGeometry(
      input.dims(), filter.dims(), strides, paddings, output_padding, output_size,
      padding_algorithm, groups, dilations, data_format, "conv2d_transpose_grad");
  PD_CHECK(out_grad.dims() == g.out_dims, InvalidArgument,
           "expected conv2d_transpose_grad's Output@GRAD to have dims ", g.out_dims, ", but got ",
           out_grad.dims());
  T* dinput = funcs::AllocZeroed<T>(dev_ctx, input_grad);
  T* dfilter = funcs::AllocZeroed<T>(dev_ctx, filter_grad);
  if (out_grad.numel() == 0 || input.numel() == 0) return;
  if (!g.channels_last) {
    ConvTransposeBackwardNchw(input.data<T>(), filter.data<T>(), out_grad.data<T>(), g, dinput,
                              dfilter);
    return;
  }
  std::vector<T> x = funcs::ChannelsLastToFirst(input.data<T>(), input.dims());
  std::vector<T> dy = funcs::ChannelsLastToFirst(out_grad.data<T>(), out_grad.dims());
  std::vector<T> dx(dinput != nullptr ? x.size() : 0, T(0));
  ConvTransposeBackwardNchw(x.data(), filter.data<T>(), dy.data(), g, dinput ? dx.data() : nullptr,
                            dfilter);
  if (dinput != nullptr) {
    funcs::ChannelsFirstToLast(dx.data(), DDim({g.batch, g.in_channels, g.in[0], g.in[1]}), dinput);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(conv2d_transpose_grad, CPU, phi::ConvTransposeGradKernel, float, double);
PD_REGISTER_KERNEL(depthwise_conv2d_transpose_grad, CPU, phi::ConvTransposeGradKernel, float,
                   double);
