#include "paddle/phi/kernels/conv_transpose_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/conv_transpose.h"
#include "paddle/phi/kernels/funcs/blas.h"
#include "paddle/phi/kernels/funcs/conv_transpose_plane.h"
#include "paddle/phi/kernels/funcs/conv_util.h"

namespace phi {
namespace {

// out must be zero on entry: the shared GEMM skeleton with col2im as the scatter.
template <typename T>
void ConvTransposeForwardNchw(const T* input, const T* filter, const ConvTransposeGeometry& g,
                              T* out) {
  const funcs::ConvPlane p = funcs::TransposedConvPlane(g);
  const funcs::ConvTransposeGemmShape s = funcs::MakeConvTransposeGemmShape(g);
  funcs::ConvTransposeGemmForward(
      input, filter, s,
      [&](const T* col, T* out_g) { funcs::Col2ImAdd(col, s.out_per_group, p, s.columns, out_g); },
      out);
}

}  // namespace

template <typename T, typename Context>
void ConvTransposeKernel(const Context& dev_ctx, const DenseTensor& input,
                         const DenseTensor& filter, const std::vector<int>& strides,
                         const std::vector<int>& paddings, const std::vector<int>& output_padding,
                         const std::vector<int>& output_size, const std::string& padding_algorithm,
                         int groups, const std::vector<int>& dilations,
                         const std::string& data_format, DenseTensor* out) {
  const ConvTransposeGeometry g = ComputeConvTransposeGeometry(
      input.dims(), filter.dims(), strides, paddings, output_padding, output_size,
      padding_algorithm, groups, dilations, data_format, "conv2d_transpose");
  PD_CHECK(out->dims() == g.out_dims, InvalidArgument,
           "expected conv2d_transpose's Output to have dims ", g.out_dims,
           " (from InferMeta), but got ", out->dims());
  T* result = dev_ctx.template Alloc<T>(out);
  std::fill(result, result + out->numel(), T(0));
  if (out->numel() == 0 || input.numel() == 0) return;
  if (!g.channels_last) {
    ConvTransposeForwardNchw(input.data<T>(), filter.data<T>(), g, result);
    return;
  }
  std::vector<T> x = funcs::ChannelsLastToFirst(input.data<T>(), input.dims());
  std::vector<T> y(out->numel(), T(0));
  ConvTransposeForwardNchw(x.data(), filter.data<T>(), g, y.data());
  funcs::ChannelsFirstToLast(y.data(), DDim({g.batch, g.out_channels, g.out[0], g.out[1]}), result);
}

}  // namespace phi

PD_REGISTER_KERNEL(conv2d_transpose, CPU, phi::ConvTransposeKernel, float, double);
PD_REGISTER_KERNEL(depthwise_conv2d_transpose, CPU, phi::ConvTransposeKernel, float, double);
