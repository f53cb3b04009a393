// One convolution layer through the kernel library's forward path (funcs::PackedConvForward,
// what conv2d and fused_conv2d run for float on AVX2 CPUs), timed alone: best and median of R
// runs, and GFLOP/s. For kernel work on one shape without the Predictor around it.
//
//     ninja -C build conv_layer_bench
//     build/benchmarks/conv_layer_bench C M H K S P [threads] [runs] [batch] [groups]
//
// C input channels, M output channels, H the (square) input size, K the (square) kernel,
// S stride, P padding. The filter is packed ahead, as an inference model's frozen filter is.
// With groups == C == M the layer is depthwise and runs funcs::DepthwiseConvForward instead,
// with a bias + relu6 epilogue (MobileNet's). CONV_BENCH_WINOGRAD=1 runs a 3x3 stride-1 layer
// through funcs::WinogradConvForward (as an inference model's frozen filter is) and prints
// its largest difference from the direct convolution, relative to the output's largest value.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/conv_gemm.h"
#include "paddle/phi/kernels/funcs/conv_then_depthwise.h"
#include "paddle/phi/kernels/funcs/depthwise_conv.h"
#include "paddle/phi/kernels/funcs/winograd_conv.h"

int main(int argc, char** argv) {
  if (argc < 7) {
    std::fprintf(stderr, "usage: %s C M H K S P [threads] [runs] [batch] [groups]\n", argv[0]);
    return 2;
  }
  const int64_t c = std::atoll(argv[1]), m = std::atoll(argv[2]), h = std::atoll(argv[3]);
  const int64_t k = std::atoll(argv[4]), s = std::atoll(argv[5]), pad = std::atoll(argv[6]);
  const int threads = argc > 7 ? std::atoi(argv[7]) : 1;
  const int runs = argc > 8 ? std::atoi(argv[8]) : 50;
  const int64_t batch = argc > 9 ? std::atoll(argv[9]) : 2;
  const int64_t groups = argc > 10 ? std::atoll(argv[10]) : 1;
  if (!phi::funcs::internal::PackedSgemmUsable()) {
    std::fprintf(stderr, "the packed GEMM does not run on this CPU\n");
    return 1;
  }
  phi::SetNumCPUThreads(threads);
  phi::funcs::ConvPlane p;
  p.in_h = p.in_w = h;
  p.kernel_h = p.kernel_w = k;
  p.stride_h = p.stride_w = s;
  p.pad_top = p.pad_left = pad;
  p.out_h = p.out_w = (h + 2 * pad - k) / s + 1;
  const int64_t kdim = c / groups * k * k, mg = m / groups;
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> input(batch * c * h * h), filter(m * kdim), out(batch * m * p.out_h * p.out_w);
  for (auto& v : input) v = dist(rng);
  for (auto& v : filter) v = dist(rng);
  const bool depthwise = groups > 1 && groups == c && groups == m;
  std::vector<phi::funcs::internal::GemmPackedA> packed;
  if (!depthwise) {
    for (int64_t g = 0; g < groups; ++g) {
      packed.emplace_back(mg, kdim, filter.data() + g * mg * kdim, kdim, false);
    }
  }
  const int is = static_cast<int>(s), ip = static_cast<int>(pad);
  const phi::ConvGeometry geometry = phi::ComputeConvGeometry(
      phi::make_ddim({batch, c, h, h}), phi::make_ddim({m, c / groups, k, k}), {is, is}, {ip, ip},
      "EXPLICIT", {1, 1}, static_cast<int>(groups), "NCHW");
  std::vector<float> bias(m, 0.1f);
  phi::funcs::DepthwiseEpilogue<float> relu6;
  relu6.bias = bias.data();
  relu6.low = 0.0f;
  relu6.high = 6.0f;
  const auto pool = phi::CurrentCPUThreadPool();
  const bool winograd = std::getenv("CONV_BENCH_WINOGRAD") != nullptr;
  if (winograd && !phi::funcs::WinogradApplies(p, c, m, groups)) {
    std::fprintf(stderr, "Winograd does not apply to this layer\n");
    return 1;
  }
  std::vector<phi::funcs::internal::GemmPackedA> u;
  // CONV_BENCH_WINOGRAD=2 or 4: that tile; any other value the one WinogradTile chooses.
  if (winograd) {
    int tile = std::atoi(std::getenv("CONV_BENCH_WINOGRAD"));
    if (tile != 2 && tile != 4) tile = phi::funcs::WinogradTile(p, c, m, groups, batch);
    std::printf("Winograd F(%dx%d, 3x3)\n", tile, tile);
    u = phi::funcs::WinogradFilter(filter.data(), m, c, tile);
  }
  // CONV_BENCH_THEN_DW=K2,S2: the layer is followed by a K2 x K2 depthwise convolution of
  // stride S2 and padding (K2 - 1) / 2 (bias + relu6) over its output, timed as the two calls
  // above, or with CONV_BENCH_FUSED=1 as funcs::ConvThenDepthwiseForward (never storing the
  // first output whole); both print the largest difference between the two.
  const char* then_dw_env = std::getenv("CONV_BENCH_THEN_DW");
  const bool then_dw = then_dw_env != nullptr;
  const bool fused = std::getenv("CONV_BENCH_FUSED") != nullptr;
  int dw_k = 3, dw_s = 1;
  if (then_dw && std::sscanf(then_dw_env, "%d,%d", &dw_k, &dw_s) != 2) {
    std::fprintf(stderr, "CONV_BENCH_THEN_DW wants K2,S2\n");
    return 1;
  }
  const int dw_pad = (dw_k - 1) / 2;
  const phi::ConvGeometry dw_geometry = phi::ComputeConvGeometry(
      phi::make_ddim({batch, m, p.out_h, p.out_w}), phi::make_ddim({m, 1, dw_k, dw_k}),
      {dw_s, dw_s}, {dw_pad, dw_pad}, "EXPLICIT", {1, 1}, static_cast<int>(m), "NCHW");
  phi::funcs::ConvThenDepthwisePlanes planes;
  planes.in_channels = c;
  planes.channels = m;
  planes.conv = p;
  planes.dw = phi::funcs::MakeConvPlane(dw_geometry);
  if (then_dw && (groups != 1 || !phi::funcs::ConvThenDepthwiseApplies(planes))) {
    std::fprintf(stderr, "ConvThenDepthwiseForward does not apply to this layer\n");
    return 1;
  }
  std::vector<float> dw_filter(then_dw ? m * dw_k * dw_k : 0), dw_out;
  for (auto& v : dw_filter) v = dist(rng);
  if (then_dw) dw_out.resize(batch * m * dw_geometry.h.out * dw_geometry.w.out);
  const phi::funcs::DepthwiseEpilogue<float> no_epilogue;
  // CONV_BENCH_FLUSH=1: 64 MiB written between runs, so that the layer's input, output and
  // filter come from memory as in a network (where other layers run in between).
  // CONV_BENCH_FLUSH=MIB (2 or more): that many MiB instead (4 evicts L2 but not all of L3).
  // CONV_BENCH_PIXELS=1 (a 1x1 stride-1 layer): the input read as NHWC, one GEMM of the pixels
  // (A by rows) by the frozen filter packed as B, into NHWC rows; =2 then to NCHW as well; =3
  // the NCHW input's planes read transposed as A, a GEMM an image, into NHWC rows.
  const char* pixels_env = std::getenv("CONV_BENCH_PIXELS");
  const int pixels_mode = pixels_env == nullptr ? 0 : std::atoi(pixels_env);
  if (pixels_mode != 0 && (k != 1 || s != 1 || pad != 0 || groups != 1)) {
    std::fprintf(stderr, "CONV_BENCH_PIXELS wants a 1x1 stride-1 layer of one group\n");
    return 1;
  }
  const int64_t plane = p.out_h * p.out_w;
  std::vector<float> rows(pixels_mode != 0 ? out.size() : 0);
  const phi::funcs::internal::GemmPackedB filter_b(
      pixels_mode != 0 ? c : 0, pixels_mode != 0 ? m : 0,
      phi::funcs::internal::GemmMatrixB(filter.data(), c, true));
  const auto pixel_major = [&] {
    namespace fi = phi::funcs::internal;
    fi::GemmCLayout cl;
    cl.base = rows.data();
    cl.ldc = m;
    cl.seg_cols = m;
    if (pixels_mode == 3) {
      for (int64_t n = 0; n < batch; ++n) {
        cl.base = rows.data() + n * plane * m;
        fi::PackedSgemm(plane, m, c, 1.0f, input.data() + n * c * plane, plane, true,
                        fi::GemmMatrixB(filter.data(), c, true, &filter_b), 0.0f, cl, pool.get());
      }
      return;
    }
    fi::PackedSgemm(batch * plane, m, c, 1.0f, input.data(), c, false,
                    fi::GemmMatrixB(filter.data(), c, true, &filter_b), 0.0f, cl, pool.get());
    if (pixels_mode < 2) return;
    for (int64_t n = 0; n < batch; ++n) {
      phi::funcs::PixelMajorToNchw(rows.data() + n * plane * m, m, m, plane, plane,
                                   out.data() + n * m * plane);
    }
  };
  const char* flush_env = std::getenv("CONV_BENCH_FLUSH");
  long flush_mib = flush_env == nullptr ? 0 : std::atol(flush_env);
  if (flush_env != nullptr && flush_mib < 2) flush_mib = 64;
  std::vector<float> other(static_cast<size_t>(flush_mib) * (1 << 20) / 4);
  std::vector<double> times;
  for (int r = 0; r < runs + 3; ++r) {
    for (size_t i = 0; i < other.size(); i += 16) other[i] += 1.0f;
    const auto t0 = std::chrono::steady_clock::now();
    if (pixels_mode != 0) {
      pixel_major();
    } else if (then_dw) {
      if (fused) {
        phi::funcs::ConvThenDepthwiseForward(pool.get(), planes, batch, input.data(), filter.data(),
                                             no_epilogue, dw_filter.data(), relu6, dw_out.data());
      } else {
        phi::funcs::PackedConvForward(input.data(), filter.data(), batch, c, m, groups, p,
                                      out.data(), nullptr, &packed);
        phi::funcs::DepthwiseConvForward(pool.get(), out.data(), dw_filter.data(), dw_geometry,
                                         dw_out.data(), &relu6);
      }
    } else if (winograd) {
      phi::funcs::WinogradConvForward(input.data(), batch, c, m, p, u, out.data(), nullptr);
    } else if (depthwise) {
      phi::funcs::DepthwiseConvForward(pool.get(), input.data(), filter.data(), geometry,
                                       out.data(), &relu6);
    } else {
      phi::funcs::PackedConvForward(input.data(), filter.data(), batch, c, m, groups, p,
                                    out.data(), nullptr, &packed);
    }
    const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
    if (r >= 3) times.push_back(dt.count());
  }
  std::sort(times.begin(), times.end());
  if (winograd) {
    std::vector<float> direct(out.size());
    phi::funcs::PackedConvForward(input.data(), filter.data(), batch, c, m, groups, p,
                                  direct.data(), nullptr, &packed);
    double diff = 0.0, scale = 0.0;
    for (size_t i = 0; i < out.size(); ++i) {
      diff = std::max(diff, static_cast<double>(std::abs(out[i] - direct[i])));
      scale = std::max(scale, static_cast<double>(std::abs(direct[i])));
    }
    std::printf("Winograd vs direct: max |diff| / max |out| = %.2e\n", diff / scale);
  }
  if (then_dw) {
    std::vector<float> first(out.size()), two_calls(dw_out.size()), one_call(dw_out.size());
    phi::funcs::PackedConvForward(input.data(), filter.data(), batch, c, m, groups, p, first.data(),
                                  nullptr, &packed);
    phi::funcs::DepthwiseConvForward(pool.get(), first.data(), dw_filter.data(), dw_geometry,
                                     two_calls.data(), &relu6);
    phi::funcs::ConvThenDepthwiseForward(pool.get(), planes, batch, input.data(), filter.data(),
                                         no_epilogue, dw_filter.data(), relu6, one_call.data());
    double diff = 0.0;
    for (size_t i = 0; i < dw_out.size(); ++i) {
      diff = std::max(diff, static_cast<double>(std::abs(one_call[i] - two_calls[i])));
    }
    std::printf("%s: largest difference between fused and two calls %.3g\n",
                fused ? "fused (ConvThenDepthwiseForward)" : "two calls", diff);
  }
  const double flops = 2.0 * batch * m * kdim * p.out_h * p.out_w;
  std::printf("C=%lld M=%lld H=%lld K=%lld S=%lld P=%lld batch=%lld threads=%d: best %.3f ms, "
              "median %.3f ms, %.1f GFLOP/s (best)\n",
              (long long)c, (long long)m, (long long)h, (long long)k, (long long)s, (long long)pad,
              (long long)batch, threads, times.front() * 1e3, times[times.size() / 2] * 1e3,
              flops / times.front() / 1e9);
  return 0;
}
