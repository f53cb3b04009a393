// conv2d_transpose and depthwise_conv2d_transpose on GPU: the adjoint of a convolution, so
// cuDNN's backward-data convolution with Input as that convolution's output gradient; Output is
// staged through a padded / cropped buffer where cuDNN's symmetric padding cannot express the
// op's paddings and output_padding (see conv_cudnn_layout.h).
#include "paddle/phi/kernels/conv_transpose_kernel.h"

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/conv_transpose.h"
#include "paddle/phi/kernels/funcs/gpu/conv_cudnn_layout.h"

namespace phi {

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
  PD_CHECK(g.spatial == 2, InvalidArgument,
           "expected conv2d_transpose's data_format to be NCHW or NHWC, but got ", data_format);
  PD_CHECK(out->dims() == g.out_dims, InvalidArgument,
           "expected conv2d_transpose's Output to have dims ", g.out_dims,
           " (from InferMeta), but got ", out->dims());
  void* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  if (out->numel() == 0) return;
  if (input.numel() == 0 || filter.numel() == 0) {
    PD_CUDA_CHECK(cudaMemsetAsync(result, 0, out->numel() * sizeof(T), dev_ctx.stream()));
    return;
  }
  const funcs::CudnnConvSetup st = funcs::MakeConvTransposeCudnnSetup<T>(g);
  DenseTensor dy_tmp, w_tmp, dx_tmp;
  const void* dy = funcs::StageIn<T>(dev_ctx, input.data<T>(), st.windows, st.y, 0, 0, &dy_tmp);
  const void* w = funcs::StageIn<T>(dev_ctx, filter.data<T>(), st.filter, st.w, 0, 0, &w_tmp);
  void* dx = funcs::OutBuffer<T>(dev_ctx, result, st.image, st.x, st.shift_h, st.shift_w, &dx_tmp);
  funcs::CudnnConvolve(dev_ctx, st.shape, funcs::ConvDirection::kBackwardData, w, dy, dx,
                       "conv2d_transpose");
  funcs::StageOut<T>(dev_ctx, dx, st.x, result, st.image, st.shift_h, st.shift_w);
}

}  // namespace phi

PD_REGISTER_KERNEL(conv2d_transpose, GPU, phi::ConvTransposeKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(depthwise_conv2d_transpose, GPU, phi::ConvTransposeKernel, float, double,
                   phi::float16, phi::bfloat16);
