// nearest_interp_v2 (4-D or 5-D) and bilinear_interp_v2 (4-D): resizing of channels-first or
// channels-last tensors with PaddlePaddle's index rules (align_corners, align_mode). Output
// extents: SizeTensor, else OutSize, else X's extents times the scale (Scale tensor, else
// attribute), else out_d/out_h/out_w. PD_INTERP_KERNEL_DECL also declares the other
// *_interp_v2 kernels (interp_more_kernel.h).
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

#define PD_INTERP_KERNEL_DECL(Name)                                                                \
  template <typename T, typename Context>                                                          \
  void Name##Kernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* out_size,     \
                    const std::vector<const DenseTensor*>& size_tensor,                            \
                    const DenseTensor* scale_tensor, const std::string& data_layout, int out_d,    \
                    int out_h, int out_w, const std::vector<float>& scale,                         \
                    const std::string& interp_method, bool align_corners, int align_mode,          \
                    DenseTensor* out);                                                             \
  template <typename T, typename Context>                                                          \
  void Name##GradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* out_size, \
                        const std::vector<const DenseTensor*>& size_tensor,                        \
                        const DenseTensor* scale_tensor, const DenseTensor& dout,                  \
                        const std::string& data_layout, int out_d, int out_h, int out_w,           \
                        const std::vector<float>& scale, const std::string& interp_method,         \
                        bool align_corners, int align_mode, DenseTensor* dx);

PD_INTERP_KERNEL_DECL(NearestInterp)
PD_INTERP_KERNEL_DECL(BilinearInterp)

}  // namespace phi
