// conv2d and depthwise_conv2d on GPU: cuDNN's forward convolution (grouped for depthwise), with
// Input padded or converted first where cuDNN cannot read it as it is (see conv_cudnn_layout.h).
#include "paddle/phi/kernels/conv_kernel.h"

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/gpu/conv_cudnn_layout.h"

namespace phi {

template <typename T, typename Context>
void ConvKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                const std::vector<int>& strides, const std::vector<int>& paddings,
                const std::string& padding_algorithm, const std::vector<int>& dilations, int groups,
                const std::string& data_format, DenseTensor* out) {
  const ConvGeometry g = ComputeConvGeometry(input.dims(), filter.dims(), strides, paddings,
                                             padding_algorithm, dilations, groups, data_format);
  PD_CHECK(out->dims() == g.out_dims, InvalidArgument, "expected conv2d's Output to have dims ",
           g.out_dims, " (from InferMeta), but got ", out->dims());
  void* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  if (out->numel() == 0) return;
  if (input.numel() == 0 || filter.numel() == 0) {
    // No input channels (or an empty image): every output is an empty sum. cuDNN refuses
    // empty extents.
    PD_CUDA_CHECK(cudaMemsetAsync(result, 0, out->numel() * sizeof(T), dev_ctx.stream()));
    return;
  }
  const funcs::CudnnConvSetup st = funcs::MakeConv2dCudnnSetup<T>(g);
  DenseTensor x_tmp, w_tmp, y_tmp;
  const void* x =
      funcs::StageIn<T>(dev_ctx, input.data<T>(), st.image, st.x, st.shift_h, st.shift_w, &x_tmp);
  const void* w = funcs::StageIn<T>(dev_ctx, filter.data<T>(), st.filter, st.w, 0, 0, &w_tmp);
  void* y = funcs::OutBuffer<T>(dev_ctx, result, st.windows, st.y, 0, 0, &y_tmp);
  funcs::CudnnConvolve(dev_ctx, st.shape, funcs::ConvDirection::kForward, x, w, y, "conv2d");
  funcs::StageOut<T>(dev_ctx, y, st.y, result, st.windows, 0, 0);
}

}  // namespace phi

PD_REGISTER_KERNEL(conv2d, GPU, phi::ConvKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(depthwise_conv2d, GPU, phi::ConvKernel, float, double, phi::float16,
                   phi::bfloat16);
