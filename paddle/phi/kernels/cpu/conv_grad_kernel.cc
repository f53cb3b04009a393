#include "paddle/phi/kernels/conv_grad_kernel.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/alloc_zeroed.h"
#include "paddle/phi/kernels/funcs/blas.h"
#include "paddle/phi/kernels/funcs/conv_util.h"
#include "paddle/phi/kernels/funcs/depthwise_conv.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {
namespace {

// The batch's chunks of images are dealt into at most this many parts, each a task on the pool
// with its own column buffers and its own filter-gradient sum; the parts' sums are added in
// part order at the end. The split depends on the shapes alone, so results do not depend on the
// number of threads. (One GEMM at a time split over the pool scaled poorly: LeNet's second
// convolution, chunks of 4 images, 6.4 M multiply-adds a GEMM, 8.5 -> 7.0 ms from 1 to 2
// threads.)
constexpr int64_t kMaxBackwardParts = 8;
// The parts' own filter-gradient sums (all but part 0's) hold at most this many elements: a
// large filter (512 x 512 x 3 x 3) gets fewer parts, not 66 MB of sums.
constexpr int64_t kMaxPartSums = int64_t{1} << 20;

// With dout_g [Mg, images * pixels] and col = im2col(input) [K, images * pixels]:
// filter_grad_g += dout_g @ col^T, and input_grad += col2im(filter_g^T @ dout_g).
// input_grad and filter_grad (either may be null) must be zero on entry.
template <typename T>
void ConvBackwardNchw(const T* input, const T* filter, const T* dout, const ConvGeometry& g,
                      T* input_grad, T* filter_grad) {
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
  const int64_t chunk = funcs::ImagesPerChunk(k, pixels, g.batch);
  const int64_t chunks = (g.batch + chunk - 1) / chunk;
  const int64_t filter_size = g.out_channels * k;
  const int64_t parts =
      std::min({chunks, kMaxBackwardParts, 1 + kMaxPartSums / std::max<int64_t>(filter_size, 1)});
  // Part 0 sums into filter_grad itself; parts 1.. into their own zeroed slices.
  std::vector<T> part_sums(filter_grad != nullptr ? (parts - 1) * filter_size : 0, T(0));
  auto run_parts = [&](int64_t part_begin, int64_t part_end) {
    std::vector<T> col(pointwise && chunk == 1 ? 0 : k * chunk * pixels);
    std::vector<T> dout_chunk(chunk > 1 ? out_per_group * chunk * pixels : 0);
    for (int64_t part = part_begin; part < part_end; ++part) {
      T* fgrad = filter_grad == nullptr ? nullptr
                 : part == 0            ? filter_grad
                                        : part_sums.data() + (part - 1) * filter_size;
      for (int64_t c = chunks * part / parts; c < chunks * (part + 1) / parts; ++c) {
        const int64_t n0 = c * chunk;
        const int64_t images = std::min(chunk, g.batch - n0);
        const int64_t width = images * pixels;
        const bool direct = pointwise && images == 1;  // the image is its own column matrix
        for (int64_t gi = 0; gi < groups; ++gi) {
          const T* weights = filter + gi * out_per_group * k;
          const T* dmat = dout + n0 * out_image_size + gi * out_per_group * pixels;
          if (images > 1) {
            for (int64_t m = 0; m < out_per_group; ++m) {
              for (int64_t b = 0; b < images; ++b) {
                std::memcpy(dout_chunk.data() + m * width + b * pixels,
                            dout + (n0 + b) * out_image_size + (gi * out_per_group + m) * pixels,
                            pixels * sizeof(T));
              }
            }
            dmat = dout_chunk.data();
          }
          const T* group_input = input + n0 * image_size + gi * group_in_size;
          if (fgrad != nullptr) {
            const T* matrix = group_input;
            if (!direct) {
              for (int64_t b = 0; b < images; ++b) {
                funcs::Im2Col(group_input + b * image_size, in_per_group, p, width,
                              col.data() + b * pixels);
              }
              matrix = col.data();
            }
            funcs::Gemm<T>(false, true, out_per_group, k, width, T(1), dmat, matrix, T(1),
                           fgrad + gi * out_per_group * k);
          }
          if (input_grad != nullptr) {
            T* group_grad = input_grad + n0 * image_size + gi * group_in_size;
            if (direct) {
              funcs::Gemm<T>(true, false, k, width, out_per_group, T(1), weights, dmat, T(0),
                             group_grad);
              continue;
            }
            funcs::Gemm<T>(true, false, k, width, out_per_group, T(1), weights, dmat, T(0),
                           col.data());
            for (int64_t b = 0; b < images; ++b) {
              funcs::Col2ImAdd(col.data() + b * pixels, in_per_group, p, width,
                               group_grad + b * image_size);
            }
          }
        }
      }
    }
  };
  if (parts == 1) {
    run_parts(0, 1);  // the GEMMs split over the pool themselves
  } else {
    const int64_t per_part = chunk * pixels * out_per_group * k * groups * 2;
    funcs::ParallelRange(parts, per_part, run_parts);
  }
  if (filter_grad == nullptr) return;
  for (int64_t part = 1; part < parts; ++part) {
    const T* sum = part_sums.data() + (part - 1) * filter_size;
    for (int64_t i = 0; i < filter_size; ++i) filter_grad[i] += sum[i];
  }
}

}  // namespace

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
  T* dinput = funcs::AllocZeroed<T>(dev_ctx, input_grad);
  T* dfilter = funcs::AllocZeroed<T>(dev_ctx, filter_grad);
  if (out_grad.numel() == 0) return;
  if (funcs::IsDepthwiseConv(g)) {  // a direct kernel of its own, no im2col
    funcs::DepthwiseConvBackward(dev_ctx.thread_pool().get(), input.data<T>(), filter.data<T>(),
                                 out_grad.data<T>(), g, dinput, dfilter);
    return;
  }
  if (!g.channels_last) {
    ConvBackwardNchw(input.data<T>(), filter.data<T>(), out_grad.data<T>(), g, dinput, dfilter);
    return;
  }
  std::vector<T> x = funcs::ChannelsLastToFirst(input.data<T>(), input.dims());
  std::vector<T> dy = funcs::ChannelsLastToFirst(out_grad.data<T>(), out_grad.dims());
  std::vector<T> dx(dinput != nullptr ? x.size() : 0, T(0));
  ConvBackwardNchw(x.data(), filter.data<T>(), dy.data(), g, dinput ? dx.data() : nullptr, dfilter);
  if (dinput != nullptr) {
    funcs::ChannelsFirstToLast(dx.data(), DDim({g.batch, g.in_channels, g.h.in, g.w.in}), dinput);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(conv2d_grad, CPU, phi::ConvGradKernel, float, double);
PD_REGISTER_KERNEL(depthwise_conv2d_grad, CPU, phi::ConvGradKernel, float, double);
