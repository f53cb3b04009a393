// Evaluation for issue 8 ("oneDNN where it measures faster"): our conv2d kernel (im2col +
// funcs::Gemm) against oneDNN 2.x (Debian libdnnl-dev) on ResNet-18's convolutions, batch 2,
// float32, NCHW in and out, one thread (the process is started with OMP_NUM_THREADS=1 for
// oneDNN; our pool is set to 1). oneDNN is timed the way a kernel of ours would call it:
// weights reordered once into the layout it picks (they are constants), the input and
// output reordered from / to plain NCHW on every call, and also without those reorders
// (what a blocked-layout pipeline would pay). Best of 10 runs per shape; the checksum
// compares the outputs. Built only when CMake finds dnnl (never a product dependency):
//     ninja -C build onednn_conv_bench && OMP_NUM_THREADS=1 build/benchmarks/onednn_conv_bench
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "dnnl.hpp"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/conv_kernel.h"

namespace {

struct Shape {
  const char* where;
  int count;  // how many times ResNet-18 runs it
  int64_t c, h, w, k, r, stride, pad;
};

template <typename Fn>
double BestMs(Fn fn) {
  fn();  // warm-up (oneDNN builds its kernel on the first call)
  double best = 1e30;
  for (int i = 0; i < 10; ++i) {
    auto start = std::chrono::steady_clock::now();
    fn();
    best = std::min(best, std::chrono::duration<double, std::milli>(
                              std::chrono::steady_clock::now() - start)
                              .count());
  }
  return best;
}

phi::DenseTensor Random(const phi::DDim& dims, uint32_t seed) {
  phi::DenseTensor t(phi::DataType::FLOAT32, dims);
  float* data = phi::CPUContext::Default().Alloc<float>(&t);
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  for (int64_t i = 0; i < t.numel(); ++i) data[i] = dist(gen);
  return t;
}

}  // namespace

int main() {
  phi::SetNumCPUThreads(1);
  const int64_t n = 2;
  const Shape shapes[] = {
      {"conv1 7x7/2", 1, 3, 224, 224, 64, 7, 2, 3},  {"layer1 3x3", 4, 64, 56, 56, 64, 3, 1, 1},
      {"layer2 3x3/2", 1, 64, 56, 56, 128, 3, 2, 1}, {"layer2 3x3", 3, 128, 28, 28, 128, 3, 1, 1},
      {"layer2 1x1/2", 1, 64, 56, 56, 128, 1, 2, 0}, {"layer3 3x3/2", 1, 128, 28, 28, 256, 3, 2, 1},
      {"layer3 3x3", 3, 256, 14, 14, 256, 3, 1, 1},  {"layer3 1x1/2", 1, 128, 28, 28, 256, 1, 2, 0},
      {"layer4 3x3/2", 1, 256, 14, 14, 512, 3, 2, 1}, {"layer4 3x3", 3, 512, 7, 7, 512, 3, 1, 1},
      {"layer4 1x1/2", 1, 256, 14, 14, 512, 1, 2, 0},
  };
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  using tag = dnnl::memory::format_tag;
  using dt = dnnl::memory::data_type;
  double total[3] = {0, 0, 0};
  std::printf("| conv (batch 2) | x | ours ms | oneDNN ms (NCHW in/out) | oneDNN ms (its layouts) | "
              "max |diff| |\n|---|---|---|---|---|---|\n");
  for (const Shape& s : shapes) {
    const int64_t oh = (s.h + 2 * s.pad - s.r) / s.stride + 1;
    const int64_t ow = (s.w + 2 * s.pad - s.r) / s.stride + 1;
    phi::DenseTensor x = Random({n, s.c, s.h, s.w}, 1), f = Random({s.k, s.c, s.r, s.r}, 2);
    phi::DenseTensor out(phi::DataType::FLOAT32, {n, s.k, oh, ow});
    const std::vector<int> strides = {static_cast<int>(s.stride), static_cast<int>(s.stride)};
    const std::vector<int> pads = {static_cast<int>(s.pad), static_cast<int>(s.pad)};
    const double ours = BestMs([&] {
      phi::ConvKernel<float, phi::CPUContext>(phi::CPUContext::Default(), x, f, strides, pads,
                                              "EXPLICIT", {1, 1}, 1, "NCHW", &out);
    });

    const dnnl::memory::dims src_dims = {n, s.c, s.h, s.w}, w_dims = {s.k, s.c, s.r, s.r},
                             dst_dims = {n, s.k, oh, ow};
    auto any = [](const dnnl::memory::dims& d) { return dnnl::memory::desc(d, dt::f32, tag::any); };
    dnnl::convolution_forward::desc desc(
        dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, any(src_dims),
        any(w_dims), any(dst_dims), {s.stride, s.stride}, {s.pad, s.pad}, {s.pad, s.pad});
    dnnl::convolution_forward::primitive_desc pd(desc, engine);
    dnnl::memory user_src({src_dims, dt::f32, tag::nchw}, engine, x.data<float>());
    dnnl::memory user_w({w_dims, dt::f32, tag::oihw}, engine, f.data<float>());
    std::vector<float> result(static_cast<size_t>(out.numel()));
    dnnl::memory user_dst({dst_dims, dt::f32, tag::nchw}, engine, result.data());
    dnnl::memory src(pd.src_desc(), engine), w(pd.weights_desc(), engine),
        dst(pd.dst_desc(), engine);
    dnnl::reorder(user_w, w).execute(stream, user_w, w);  // once: weights are constants
    dnnl::convolution_forward conv(pd);
    auto run = [&](bool reorders) {
      if (reorders) dnnl::reorder(user_src, src).execute(stream, user_src, src);
      conv.execute(stream, {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, w}, {DNNL_ARG_DST, dst}});
      if (reorders) dnnl::reorder(dst, user_dst).execute(stream, dst, user_dst);
      stream.wait();
    };
    const double with_reorders = BestMs([&] { run(true); });
    const double blocked = BestMs([&] { run(false); });
    run(true);
    double diff = 0;
    for (int64_t i = 0; i < out.numel(); ++i)
      diff = std::max(diff, static_cast<double>(std::fabs(result[i] - out.data<float>()[i])));
    std::printf("| %s %lldx%lld | %d | %.3f | %.3f | %.3f | %.1e |\n", s.where,
                static_cast<long long>(s.h), static_cast<long long>(s.w), s.count, ours,
                with_reorders, blocked, diff);
    total[0] += s.count * ours;
    total[1] += s.count * with_reorders;
    total[2] += s.count * blocked;
  }
  std::printf("| all of ResNet-18's convs | | %.2f | %.2f | %.2f | |\n", total[0], total[1],
              total[2]);
  return 0;
}
