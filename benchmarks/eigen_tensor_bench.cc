// Our elementwise, broadcast, reduction and normalisation kernels (hand-written loops, called
// as the executor calls them) beside the same computations written as Eigen Tensor
// expressions, evaluated over the runtime's one pool: the pool splits the work into contiguous
// chunks as our kernels do (funcs::ParallelRange), and each chunk's expression runs on Eigen's
// DefaultDevice, so no second thread pool exists. float32, 1 and 2 threads, best of N runs;
// both sides built with libphi's flags (GCC -O2 -ftree-vectorize, baseline x86-64 SIMD).
//
//     ninja -C build eigen_tensor_bench && build/benchmarks/eigen_tensor_bench
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <unsupported/Eigen/CXX11/Tensor>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/activation_kernel.h"
#include "paddle/phi/kernels/elementwise_kernel.h"
#include "paddle/phi/kernels/funcs/parallel.h"
#include "paddle/phi/kernels/layer_norm_kernel.h"
#include "paddle/phi/kernels/reduce_kernel.h"
#include "paddle/phi/kernels/softmax_kernel.h"

namespace {

using phi::DDim;
using phi::DenseTensor;
using Vec = Eigen::TensorMap<Eigen::Tensor<float, 1, Eigen::RowMajor>>;
using CVec = Eigen::TensorMap<Eigen::Tensor<const float, 1, Eigen::RowMajor>>;
using Mat = Eigen::TensorMap<Eigen::Tensor<float, 2, Eigen::RowMajor>>;
using CMat = Eigen::TensorMap<Eigen::Tensor<const float, 2, Eigen::RowMajor>>;

const phi::CPUContext& Ctx() { return phi::CPUContext::Default(); }

DenseTensor Random(const DDim& dims, uint32_t seed) {
  DenseTensor t(phi::DataType::FLOAT32, dims);
  float* data = Ctx().Alloc<float>(&t);
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (int64_t i = 0; i < t.numel(); ++i) data[i] = dist(gen);
  return t;
}

DenseTensor Empty(const DDim& dims) { return DenseTensor(phi::DataType::FLOAT32, dims); }

double BestMicros(const std::function<void()>& fn) {
  fn();
  double best = 1e30;
  int reps = 0;
  const auto start = std::chrono::steady_clock::now();
  while (reps < 20 || (reps < 2000 &&
                       std::chrono::steady_clock::now() - start < std::chrono::milliseconds(300))) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    best = std::min(
        best,
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
    ++reps;
  }
  return best;
}

double MaxRelDiff(const float* a, const float* b, int64_t n) {
  double diff = 0.0, scale = 1e-30;
  for (int64_t i = 0; i < n; ++i) {
    diff = std::max(diff, static_cast<double>(std::fabs(a[i] - b[i])));
    scale = std::max(scale, static_cast<double>(std::fabs(b[i])));
  }
  return diff / scale;
}

struct Row {
  std::string op, shape;
  int threads;
  double hand_us, eigen_us, rel_diff;
};

std::string Shape(const DDim& d) {
  std::string s;
  for (int i = 0; i < d.size(); ++i) s += (i ? "x" : "") + std::to_string(d[i]);
  return s;
}

// Rows [begin, end) of an [rows, cols] matrix, split over the pool as our row kernels split
// theirs (`cost` per element as they count it).
void ForRows(int64_t rows, int64_t cols, int64_t cost,
             const std::function<void(int64_t, int64_t)>& fn) {
  phi::funcs::ParallelRange(rows, cost * cols, fn);
}

}  // namespace

int main() {
  std::vector<Row> rows;
  for (int threads : {1, 2}) {
    phi::SetNumCPUThreads(threads);
    // Elementwise over a MobileNet activation and a BERT-sized one.
    for (const DDim& d : {DDim({2, 96, 112, 112}), DDim({64, 128})}) {
      const DenseTensor x = Random(d, 1), y = Random(d, 2);
      DenseTensor hand = Empty(d), eigen = Empty(d);
      const int64_t n = x.numel();
      const double add_hand = BestMicros([&] { phi::AddKernel<float>(Ctx(), x, y, -1, &hand); });
      float* e = Ctx().Alloc<float>(&eigen);
      const double add_eigen = BestMicros([&] {
        phi::funcs::ParallelRange(n, 1, [&](int64_t b, int64_t f) {
          Vec(e + b, f - b) = CVec(x.data<float>() + b, f - b) + CVec(y.data<float>() + b, f - b);
        });
      });
      rows.push_back(
          {"add", Shape(d), threads, add_hand, add_eigen, MaxRelDiff(e, hand.data<float>(), n)});
      const double relu_hand = BestMicros([&] { phi::ReluKernel<float>(Ctx(), x, &hand); });
      const double relu_eigen = BestMicros([&] {
        phi::funcs::ParallelRange(n, 1, [&](int64_t b, int64_t f) {
          Vec(e + b, f - b) = CVec(x.data<float>() + b, f - b).cwiseMax(0.0f);
        });
      });
      rows.push_back(
          {"relu", Shape(d), threads, relu_hand, relu_eigen, MaxRelDiff(e, hand.data<float>(), n)});
    }
    // A per-channel bias broadcast over NCHW planes.
    {
      const DDim d({2, 96, 112, 112});
      const DenseTensor x = Random(d, 3), bias = Random(DDim({1, 96, 1, 1}), 4);
      DenseTensor hand = Empty(d), eigen = Empty(d);
      float* e = Ctx().Alloc<float>(&eigen);
      const int64_t plane = 112 * 112, planes = 2 * 96;
      const double h = BestMicros([&] { phi::AddKernel<float>(Ctx(), x, bias, -1, &hand); });
      const double g = BestMicros([&] {
        ForRows(planes, plane, 1, [&](int64_t b, int64_t f) {
          for (int64_t i = b; i < f; ++i) {
            const CVec in(x.data<float>() + i * plane, plane);
            Vec(e + i * plane, plane) = in + in.constant(bias.data<float>()[i % 96]);
          }
        });
      });
      rows.push_back({"add, bias [1,C,1,1]", Shape(d), threads, h, g,
                      MaxRelDiff(e, hand.data<float>(), x.numel())});
    }
    // Sum over the last axis.
    for (const DDim& d : {DDim({4096, 1024}), DDim({64, 128})}) {
      const DenseTensor x = Random(d, 5);
      DenseTensor hand = Empty(DDim({d[0]})), eigen = Empty(DDim({d[0]}));
      float* e = Ctx().Alloc<float>(&eigen);
      const double h =
          BestMicros([&] { phi::SumKernel<float>(Ctx(), x, {1}, false, false, &hand); });
      const double g = BestMicros([&] {
        ForRows(d[0], d[1], 1, [&](int64_t b, int64_t f) {
          Vec(e + b, f - b) =
              CMat(x.data<float>() + b * d[1], f - b, d[1]).sum(Eigen::array<int, 1>{1});
        });
      });
      rows.push_back(
          {"sum, last axis", Shape(d), threads, h, g, MaxRelDiff(e, hand.data<float>(), d[0])});
    }
    // layer_norm and softmax over the last axis (BERT's shapes and a classifier's).
    for (const DDim& d : {DDim({64, 768}), DDim({64, 128})}) {
      const int64_t r = d[0], c = d[1];
      const DenseTensor x = Random(d, 6), scale = Random(DDim({c}), 7),
                        shift = Random(DDim({c}), 8);
      DenseTensor y = Empty(d), mean = Empty(DDim({r})), var = Empty(DDim({r}));
      DenseTensor eigen = Empty(d);
      float* e = Ctx().Alloc<float>(&eigen);
      const double h = BestMicros([&] {
        phi::LayerNormKernel<float>(Ctx(), x, &scale, &shift, 1e-5f, 1, &y, &mean, &var);
      });
      const double g = BestMicros([&] {
        ForRows(r, c, 4, [&](int64_t b, int64_t f) {
          const int64_t m = f - b;
          const CMat in(x.data<float>() + b * c, m, c);
          const Eigen::array<int, 1> axis{1};
          const Eigen::array<Eigen::Index, 2> col{m, 1}, across{1, c}, row{1, c}, down{m, 1};
          // Reductions evaluated into tensors first (inside one expression Eigen would redo
          // them for every element they are broadcast to).
          const Eigen::Tensor<float, 2, Eigen::RowMajor> mean = in.mean(axis).reshape(col);
          const Eigen::Tensor<float, 2, Eigen::RowMajor> centered = in - mean.broadcast(across);
          const Eigen::Tensor<float, 2, Eigen::RowMajor> inv =
              (centered.square().mean(axis) + 1e-5f).rsqrt().reshape(col);
          Mat(e + b * c, m, c) = centered * inv.broadcast(across) *
                                     CVec(scale.data<float>(), c).reshape(row).broadcast(down) +
                                 CVec(shift.data<float>(), c).reshape(row).broadcast(down);
        });
      });
      rows.push_back({"layer_norm, last axis", Shape(d), threads, h, g,
                      MaxRelDiff(e, y.data<float>(), x.numel())});
    }
    for (const DDim& d : {DDim({256, 32}), DDim({512, 1000})}) {
      const int64_t r = d[0], c = d[1];
      const DenseTensor x = Random(d, 9);
      DenseTensor hand = Empty(d), eigen = Empty(d);
      float* e = Ctx().Alloc<float>(&eigen);
      const double h = BestMicros([&] { phi::SoftmaxKernel<float>(Ctx(), x, -1, &hand); });
      const double g = BestMicros([&] {
        ForRows(r, c, 8, [&](int64_t b, int64_t f) {
          const int64_t m = f - b;
          const CMat in(x.data<float>() + b * c, m, c);
          const Eigen::array<int, 1> axis{1};
          const Eigen::array<Eigen::Index, 2> col{m, 1}, across{1, c};
          const Eigen::Tensor<float, 2, Eigen::RowMajor> top = in.maximum(axis).reshape(col);
          const Eigen::Tensor<float, 2, Eigen::RowMajor> ex = (in - top.broadcast(across)).exp();
          const Eigen::Tensor<float, 2, Eigen::RowMajor> total = ex.sum(axis).reshape(col);
          Mat(e + b * c, m, c) = ex / total.broadcast(across);
        });
      });
      rows.push_back({"softmax, last axis", Shape(d), threads, h, g,
                      MaxRelDiff(e, hand.data<float>(), x.numel())});
    }
  }
  std::printf(
      "| op | shape | threads | hand loops us | Eigen Tensor us | Eigen / hand | max rel diff |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  for (const Row& r : rows) {
    std::printf("| %s | %s | %d | %.1f | %.1f | %.2f | %.1e |\n", r.op.c_str(), r.shape.c_str(),
                r.threads, r.hand_us, r.eigen_us, r.eigen_us / r.hand_us, r.rel_diff);
  }
  return 0;
}
