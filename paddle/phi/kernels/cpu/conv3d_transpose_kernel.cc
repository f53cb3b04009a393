#include "paddle/phi/kernels/conv3d_transpose_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/conv_transpose.h"
#include "paddle/phi/kernels/funcs/alloc_zeroed.h"
#include "paddle/phi/kernels/funcs/blas.h"
#include "paddle/phi/kernels/funcs/conv_transpose_plane.h"

namespace phi {
namespace {

ConvTransposeGeometry Geometry(const DenseTensor& input, const DenseTensor& filter,
                               const std::vector<int>& strides, const std::vector<int>& paddings,
                               const std::vector<int>& output_padding,
                               const std::vector<int>& output_size,
                               const std::string& padding_algorithm, int groups,
                               const std::vector<int>& dilations, const std::string& data_format,
                               const char* op) {
  PD_CHECK(data_format == "NCDHW" || data_format == "NDHWC", InvalidArgument, "expected ", op,
           "'s data_format to be \"NCDHW\" or \"NDHWC\", but got \"", data_format, "\"");
  return ComputeConvTransposeGeometry(input.dims(), filter.dims(), strides, paddings,
                                      output_padding, output_size, padding_algorithm, groups,
                                      dilations, data_format, op);
}

// out must be zero on entry: the shared GEMM skeleton with col2vol as the scatter.
template <typename T>
void ForwardNcdhw(const T* input, const T* filter, const ConvTransposeGeometry& g, T* out) {
  const funcs::ConvTransposeGemmShape s = funcs::MakeConvTransposeGemmShape(g);
  const Conv3dGeometry volume = funcs::TransposedConvVolume(g, s.out_per_group);
  funcs::ConvTransposeGemmForward(
      input, filter, s, [&](const T* col, T* out_g) { funcs::Col2VolAdd(col, volume, out_g); },
      out);
}

// The same skeleton with vol2col of dout as the unfold; filter_grad (may be null) must be zero
// on entry.
template <typename T>
void BackwardNcdhw(const T* input, const T* filter, const T* dout, const ConvTransposeGeometry& g,
                   T* input_grad, T* filter_grad) {
  const funcs::ConvTransposeGemmShape s = funcs::MakeConvTransposeGemmShape(g);
  const Conv3dGeometry volume = funcs::TransposedConvVolume(g, s.out_per_group);
  funcs::ConvTransposeGemmBackward(
      input, filter, dout, s, [&](const T* dout_g, T* col) { funcs::Vol2Col(dout_g, volume, col); },
      input_grad, filter_grad);
}

}  // namespace

template <typename T, typename Context>
void Conv3dTransposeKernel(const Context& dev_ctx, const DenseTensor& input,
                           const DenseTensor& filter, const std::vector<int>& strides,
                           const std::vector<int>& paddings, const std::vector<int>& output_padding,
                           const std::vector<int>& output_size,
                           const std::string& padding_algorithm, int groups,
                           const std::vector<int>& dilations, const std::string& data_format,
                           DenseTensor* out) {
  const ConvTransposeGeometry g =
      Geometry(input, filter, strides, paddings, output_padding, output_size, padding_algorithm,
               groups, dilations, data_format, "conv3d_transpose");
  PD_CHECK(out->dims() == g.out_dims, InvalidArgument,
           "expected conv3d_transpose's Output to have dims ", g.out_dims,
           " (from InferMeta), but got ", out->dims());
  T* result = dev_ctx.template Alloc<T>(out);
  std::fill(result, result + out->numel(), T(0));
  if (out->numel() == 0 || input.numel() == 0) return;
  if (!g.channels_last) {
    ForwardNcdhw(input.data<T>(), filter.data<T>(), g, result);
    return;
  }
  std::vector<T> x = funcs::Ndhwc2Ncdhw(input.data<T>(), input.dims());
  std::vector<T> y(out->numel(), T(0));
  ForwardNcdhw(x.data(), filter.data<T>(), g, y.data());
  funcs::Ncdhw2Ndhwc(y.data(), DDim({g.batch, g.out_channels, g.out[0], g.out[1], g.out[2]}),
                     result);
}

template <typename T, typename Context>
void Conv3dTransposeGradKernel(const Context& dev_ctx, const DenseTensor& input,
                               const DenseTensor& filter, const DenseTensor& out_grad,
                               const std::vector<int>& strides, const std::vector<int>& paddings,
                               const std::vector<int>& output_padding,
                               const std::vector<int>& output_size,
                               const std::string& padding_algorithm, int groups,
                               const std::vector<int>& dilations, const std::string& data_format,
                               DenseTensor* input_grad, DenseTensor* filter_grad) {
  if (input_grad == nullptr && filter_grad == nullptr) return;
  const ConvTransposeGeometry g =
      Geometry(input, filter, strides, paddings, output_padding, output_size, padding_algorithm,
               groups, dilations, data_format, "conv3d_transpose_grad");
  PD_CHECK(out_grad.dims() == g.out_dims, InvalidArgument,
           "expected conv3d_transpose_grad's Output@GRAD to have dims ", g.out_dims, ", but got ",
           out_grad.dims());
  T* dinput = funcs::AllocZeroed<T>(dev_ctx, input_grad);
  T* dfilter = funcs::AllocZeroed<T>(dev_ctx, filter_grad);
  if (out_grad.numel() == 0 || input.numel() == 0) return;
  if (!g.channels_last) {
    BackwardNcdhw(input.data<T>(), filter.data<T>(), out_grad.data<T>(), g, dinput, dfilter);
    return;
  }
  std::vector<T> x = funcs::Ndhwc2Ncdhw(input.data<T>(), input.dims());
  std::vector<T> dy = funcs::Ndhwc2Ncdhw(out_grad.data<T>(), out_grad.dims());
  std::vector<T> dx(dinput != nullptr ? x.size() : 0, T(0));
  BackwardNcdhw(x.data(), filter.data<T>(), dy.data(), g, dinput ? dx.data() : nullptr, dfilter);
  if (dinput != nullptr) {
    funcs::Ncdhw2Ndhwc(dx.data(), DDim({g.batch, g.in_channels, g.in[0], g.in[1], g.in[2]}),
                       dinput);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(conv3d_transpose, CPU, phi::Conv3dTransposeKernel, float, double);
PD_REGISTER_KERNEL(conv3d_transpose_grad, CPU, phi::Conv3dTransposeGradKernel, float, double);
