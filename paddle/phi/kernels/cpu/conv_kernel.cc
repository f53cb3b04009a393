#include "paddle/phi/kernels/conv_kernel.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/blas.h"
#include "paddle/phi/kernels/funcs/conv_gemm.h"
#include "paddle/phi/kernels/funcs/conv_util.h"
#include "paddle/phi/kernels/funcs/depthwise_conv.h"
#include "paddle/phi/kernels/funcs/packed_weights.h"

namespace phi {
namespace {

// Per chunk of images and per group: out_g[Mg, images * pixels] = filter_g[Mg, K] @ col[K, ...]
// with K = C/g * KH * KW. A single image writes straight into Output; a chunk of several goes
// through a buffer whose columns are then scattered image by image.
template <typename T>
void ConvForwardNchw(const T* input, const DenseTensor& filter_tensor, const ConvGeometry& g,
                     T* out) {
  const T* filter = filter_tensor.data<T>();
  const funcs::ConvPlane p = funcs::MakeConvPlane(g);
  const int64_t groups = g.groups;
  const int64_t in_per_group = g.in_channels / groups;
  const int64_t out_per_group = g.out_channels / groups;
  const int64_t k = in_per_group * p.kernel_h * p.kernel_w;
  const int64_t pixels = p.out_h * p.out_w;
  const int64_t image_size = g.in_channels * p.in_h * p.in_w;
  const int64_t group_in_size = in_per_group * p.in_h * p.in_w;
  const int64_t out_image_size = g.out_channels * pixels;
  const bool pointwise = funcs::IsPointwise(p);
  if (k == 0) {  // no input channels (or an empty window): every output is an empty sum
    std::fill(out, out + g.batch * out_image_size, T(0));
    return;
  }
  if constexpr (std::is_same_v<T, float>) {
    if (funcs::internal::PackedSgemmUsable()) {  // no im2col matrix: windows packed directly
      // An inference model's filter (frozen) is packed or transformed once and kept.
      funcs::ConvForwardKeepingFilter(input, filter_tensor, g.batch, g.in_channels,
                                      g.out_channels, groups, p, out, nullptr);
      return;
    }
  }
  const int64_t chunk = funcs::ImagesPerChunk(k, pixels, g.batch);
  std::vector<T> col, product;
  if (!(pointwise && chunk == 1)) col.resize(k * chunk * pixels);
  if (chunk > 1) product.resize(out_per_group * chunk * pixels);
  for (int64_t n0 = 0; n0 < g.batch; n0 += chunk) {
    const int64_t images = std::min(chunk, g.batch - n0);
    const int64_t width = images * pixels;
    for (int64_t gi = 0; gi < groups; ++gi) {
      const T* weights = filter + gi * out_per_group * k;
      const T* matrix = col.data();
      if (pointwise && images == 1) {
        matrix = input + n0 * image_size + gi * group_in_size;
      } else {
        for (int64_t b = 0; b < images; ++b) {
          funcs::Im2Col(input + (n0 + b) * image_size + gi * group_in_size, in_per_group, p, width,
                        col.data() + b * pixels);
        }
      }
      T* dst =
          images == 1 ? out + n0 * out_image_size + gi * out_per_group * pixels : product.data();
      funcs::Gemm<T>(false, false, out_per_group, width, k, T(1), weights, matrix, T(0), dst);
      if (images == 1) continue;
      for (int64_t b = 0; b < images; ++b) {
        for (int64_t m = 0; m < out_per_group; ++m) {
          std::memcpy(out + (n0 + b) * out_image_size + (gi * out_per_group + m) * pixels,
                      product.data() + m * width + b * pixels, pixels * sizeof(T));
        }
      }
    }
  }
}

}  // namespace

template <typename T, typename Context>
void ConvKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                const std::vector<int>& strides, const std::vector<int>& paddings,
                const std::string& padding_algorithm, const std::vector<int>& dilations, int groups,
                const std::string& data_format, DenseTensor* out) {
  const ConvGeometry g = ComputeConvGeometry(input.dims(), filter.dims(), strides, paddings,
                                             padding_algorithm, dilations, groups, data_format);
  PD_CHECK(out->dims() == g.out_dims, InvalidArgument, "expected conv2d's Output to have dims ",
           g.out_dims, " (from InferMeta), but got ", out->dims());
  T* result = dev_ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  if (funcs::IsDepthwiseConv(g)) {  // a direct kernel of its own, no im2col
    funcs::DepthwiseConvForward(dev_ctx.thread_pool().get(), input.data<T>(), filter.data<T>(), g,
                                result);
    return;
  }
  if (!g.channels_last) {
    ConvForwardNchw(input.data<T>(), filter, g, result);
    return;
  }
  std::vector<T> x = funcs::ChannelsLastToFirst(input.data<T>(), input.dims());
  std::vector<T> y(out->numel());
  ConvForwardNchw(x.data(), filter, g, y.data());
  funcs::ChannelsFirstToLast(y.data(), DDim({g.batch, g.out_channels, g.h.out, g.w.out}), result);
}

}  // namespace phi

PD_REGISTER_KERNEL(conv2d, CPU, phi::ConvKernel, float, double);
PD_REGISTER_KERNEL(depthwise_conv2d, CPU, phi::ConvKernel, float, double);
