// conv2d_transpose_grad (and the depthwise one) on GPU: Input@GRAD is cuDNN's forward
// convolution of Output@GRAD, Filter@GRAD its backward-filter convolution with Input as the
// output gradient; Output@GRAD staged as the forward kernel stages Output.
#include "paddle/phi/kernels/conv_transpose_grad_kernel.h"

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/conv_transpose.h"
#include "paddle/phi/kernels/funcs/gpu/conv_cudnn_layout.h"

namespace phi {

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
  PD_CHECK(g.spatial == 2, InvalidArgument,
           "expected conv2d_transpose_grad's data_format to be NCHW or NHWC, but got ",
           data_format);
  PD_CHECK(out_grad.dims() == g.out_dims, InvalidArgument,
           "expected conv2d_transpose_grad's Output@GRAD to have dims ", g.out_dims, ", but got ",
           out_grad.dims());
  void* dinput = input_grad != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, input_grad) : nullptr;
  void* dfilter = filter_grad != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, filter_grad) : nullptr;
  if (out_grad.numel() == 0 || input.numel() == 0 || filter.numel() == 0) {
    if (dinput != nullptr)
      PD_CUDA_CHECK(cudaMemsetAsync(dinput, 0, input_grad->numel() * sizeof(T), dev_ctx.stream()));
    if (dfilter != nullptr)
      PD_CUDA_CHECK(
          cudaMemsetAsync(dfilter, 0, filter_grad->numel() * sizeof(T), dev_ctx.stream()));
    return;
  }
  const funcs::CudnnConvSetup st = funcs::MakeConvTransposeCudnnSetup<T>(g);
  DenseTensor x_tmp;
  const void* x = funcs::StageIn<T>(dev_ctx, out_grad.data<T>(), st.image, st.x, st.shift_h,
                                    st.shift_w, &x_tmp);
  if (dinput != nullptr) {
    DenseTensor w_tmp, y_tmp;
    const void* w = funcs::StageIn<T>(dev_ctx, filter.data<T>(), st.filter, st.w, 0, 0, &w_tmp);
    void* y = funcs::OutBuffer<T>(dev_ctx, dinput, st.windows, st.y, 0, 0, &y_tmp);
    funcs::CudnnConvolve(dev_ctx, st.shape, funcs::ConvDirection::kForward, x, w, y,
                         "conv2d_transpose_grad");
    funcs::StageOut<T>(dev_ctx, y, st.y, dinput, st.windows, 0, 0);
  }
  if (dfilter != nullptr) {
    DenseTensor dy_tmp, dw_tmp;
    const void* dy = funcs::StageIn<T>(dev_ctx, input.data<T>(), st.windows, st.y, 0, 0, &dy_tmp);
    void* dw = funcs::OutBuffer<T>(dev_ctx, dfilter, st.filter, st.w, 0, 0, &dw_tmp);
    funcs::CudnnConvolve(dev_ctx, st.shape, funcs::ConvDirection::kBackwardFilter, x, dy, dw,
                         "conv2d_transpose_grad");
    funcs::StageOut<T>(dev_ctx, dw, st.w, dfilter, st.filter, 0, 0);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(conv2d_transpose_grad, GPU, phi::ConvTransposeGradKernel, float, double,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(depthwise_conv2d_transpose_grad, GPU, phi::ConvTransposeGradKernel, float,
                   double, phi::float16, phi::bfloat16);
