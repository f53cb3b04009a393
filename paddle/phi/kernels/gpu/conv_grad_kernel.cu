// conv2d_grad and depthwise_conv2d_grad on GPU: cuDNN's backward-filter and backward-data
// convolutions, staged through the same padded / converted layouts as the forward kernel.
#include "paddle/phi/kernels/conv_grad_kernel.h"

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/gpu/conv_cudnn_layout.h"

namespace phi {

template <typename T, typename Context>
void ConvGradKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                    const DenseTensor& out_grad, const std::vector<int>& strides,
                    const std::vector<int>& paddings, const std::string& padding_algorithm,
                    const std::vector<int>& dilations, int groups, const std::string& data_format,
                    DenseTensor* input_grad, DenseTensor* filter_grad) {
  if (input_grad == nullptr && filter_grad == nullptr) return;
  const ConvGeometry g = ComputeConvGeometry(input.dims(), filter.dims(), strides, paddings,
                                             padding_algorithm, dilations, groups, data_format);
  PD_CHECK(out_grad.dims() == g.out_dims, InvalidArgument,
           "expected conv2d_grad's Output@GRAD to have dims ", g.out_dims, ", but got ",
           out_grad.dims());
  void* dinput = input_grad != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, input_grad) : nullptr;
  void* dfilter = filter_grad != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, filter_grad) : nullptr;
  if (out_grad.numel() == 0 || input.numel() == 0 || filter.numel() == 0) {
    // Empty sums only (cuDNN refuses empty extents).
    if (dinput != nullptr)
      PD_CUDA_CHECK(cudaMemsetAsync(dinput, 0, input_grad->numel() * sizeof(T), dev_ctx.stream()));
    if (dfilter != nullptr)
      PD_CUDA_CHECK(
          cudaMemsetAsync(dfilter, 0, filter_grad->numel() * sizeof(T), dev_ctx.stream()));
    return;
  }
  const funcs::CudnnConvSetup st = funcs::MakeConv2dCudnnSetup<T>(g);
  DenseTensor dy_tmp;
  const void* dy = funcs::StageIn<T>(dev_ctx, out_grad.data<T>(), st.windows, st.y, 0, 0, &dy_tmp);
  if (dfilter != nullptr) {
    DenseTensor x_tmp, dw_tmp;
    const void* x =
        funcs::StageIn<T>(dev_ctx, input.data<T>(), st.image, st.x, st.shift_h, st.shift_w, &x_tmp);
    void* dw = funcs::OutBuffer<T>(dev_ctx, dfilter, st.filter, st.w, 0, 0, &dw_tmp);
    funcs::CudnnConvolve(dev_ctx, st.shape, funcs::ConvDirection::kBackwardFilter, x, dy, dw,
                         "conv2d_grad");
    funcs::StageOut<T>(dev_ctx, dw, st.w, dfilter, st.filter, 0, 0);
  }
  if (dinput != nullptr) {
    DenseTensor w_tmp, dx_tmp;
    const void* w = funcs::StageIn<T>(dev_ctx, filter.data<T>(), st.filter, st.w, 0, 0, &w_tmp);
    void* dx =
        funcs::OutBuffer<T>(dev_ctx, dinput, st.image, st.x, st.shift_h, st.shift_w, &dx_tmp);
    funcs::CudnnConvolve(dev_ctx, st.shape, funcs::ConvDirection::kBackwardData, w, dy, dx,
                         "conv2d_grad");
    funcs::StageOut<T>(dev_ctx, dx, st.x, dinput, st.image, st.shift_h, st.shift_w);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(conv2d_grad, GPU, phi::ConvGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(depthwise_conv2d_grad, GPU, phi::ConvGradKernel, float, double, phi::float16,
                   phi::bfloat16);
