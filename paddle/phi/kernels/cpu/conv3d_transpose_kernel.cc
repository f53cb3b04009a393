#include "paddle/phi/kernels/conv3d_transpose_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/conv_transpose.h"
#include "paddle/phi/kernels/funcs/blas.h"
#include "paddle/phi/kernels/funcs/conv_transpose_plane.h"

namespace phi {
namespace {

// Extents of one group's slice of an NCDHW batch.
struct VolumeLayout {
  int64_t in_per_group, out_per_group, rows, columns, in_image, out_volume, out_image;
};

VolumeLayout MakeVolumeLayout(const ConvTransposeGeometry& g) {
  VolumeLayout l;
  l.in_per_group = g.in_channels / g.groups;
  l.out_per_group = g.out_channels / g.groups;
  l.rows = l.out_per_group * g.kernel[0] * g.kernel[1] * g.kernel[2];
  l.columns = g.in[0] * g.in[1] * g.in[2];
  l.in_image = g.in_channels * l.columns;
  l.out_volume = g.out[0] * g.out[1] * g.out[2];
  l.out_image = g.out_channels * l.out_volume;
  return l;
}

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

// out must be zero on entry.
template <typename T>
void ForwardNcdhw(const T* input, const T* filter, const ConvTransposeGeometry& g, T* out) {
  const VolumeLayout l = MakeVolumeLayout(g);
  const Conv3dGeometry volume = funcs::TransposedConvVolume(g, l.out_per_group);
  std::vector<T> col(l.rows * l.columns);
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      const T* x = input + n * l.in_image + gi * l.in_per_group * l.columns;
      funcs::Gemm<T>(true, false, l.rows, l.columns, l.in_per_group, T(1),
                     filter + gi * l.in_per_group * l.rows, x, T(0), col.data());
      funcs::Col2VolAdd(col.data(), volume,
                        out + n * l.out_image + gi * l.out_per_group * l.out_volume);
    }
  }
}

// With col = vol2col(dout_g): input_grad_g = filter_g @ col, filter_grad_g += x_g @ col^T.
// filter_grad (may be null) must be zero on entry.
template <typename T>
void BackwardNcdhw(const T* input, const T* filter, const T* dout, const ConvTransposeGeometry& g,
                   T* input_grad, T* filter_grad) {
  const VolumeLayout l = MakeVolumeLayout(g);
  const Conv3dGeometry volume = funcs::TransposedConvVolume(g, l.out_per_group);
  std::vector<T> col(l.rows * l.columns);
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      funcs::Vol2Col(dout + n * l.out_image + gi * l.out_per_group * l.out_volume, volume,
                     col.data());
      const int64_t x_offset = n * l.in_image + gi * l.in_per_group * l.columns;
      const T* weights = filter + gi * l.in_per_group * l.rows;
      if (input_grad != nullptr) {
        funcs::Gemm<T>(false, false, l.in_per_group, l.columns, l.rows, T(1), weights, col.data(),
                       T(0), input_grad + x_offset);
      }
      if (filter_grad != nullptr) {
        funcs::Gemm<T>(false, true, l.in_per_group, l.rows, l.columns, T(1), input + x_offset,
                       col.data(), T(1), filter_grad + gi * l.in_per_group * l.rows);
      }
    }
  }
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
  T* dinput = nullptr;
  T* dfilter = nullptr;
  if (input_grad != nullptr) {
    dinput = dev_ctx.template Alloc<T>(input_grad);
    std::fill(dinput, dinput + input_grad->numel(), T(0));
  }
  if (filter_grad != nullptr) {
    dfilter = dev_ctx.template Alloc<T>(filter_grad);
    std::fill(dfilter, dfilter + filter_grad->numel(), T(0));
  }
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
