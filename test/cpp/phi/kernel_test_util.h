// Helpers for kernel tests: tensors from vectors, a CPU context, and a float64
// central-difference gradient check that compares a grad kernel against its forward kernel.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/device_context.h"

namespace phi {
namespace test {

inline const CPUContext& Ctx() { return CPUContext::Default(); }

template <typename T>
DenseTensor MakeTensor(const DDim& dims, const std::vector<T>& values) {
  DenseTensor t(CppTypeToDataType<T>::value, dims);
  T* data = Ctx().Alloc<T>(&t);
  EXPECT_EQ(static_cast<int64_t>(values.size()), t.numel());
  for (size_t i = 0; i < values.size(); ++i) data[i] = values[i];
  return t;
}

template <typename T>
DenseTensor RandomTensor(const DDim& dims, uint32_t seed, double low = -1.0, double high = 1.0) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(low, high);
  std::vector<T> values(dims.numel());
  for (auto& v : values) v = static_cast<T>(dist(gen));
  return MakeTensor<T>(dims, values);
}

// n floats uniform in [-1, 1) from seed.
inline std::vector<float> RandomFloats(int64_t n, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(gen);
  return v;
}

template <typename T>
std::vector<T> ToVector(const DenseTensor& t) {
  const T* data = t.data<T>();
  return std::vector<T>(data, data + t.numel());
}

template <typename T>
void ExpectNear(const std::vector<T>& actual, const std::vector<T>& expected, double tol) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i)
    EXPECT_NEAR(static_cast<double>(actual[i]), static_cast<double>(expected[i]), tol)
        << "at flat index " << i;
}

// forward(inputs) -> outputs; backward(inputs, outputs, output_grads) -> input grads (one per
// input; an uninitialized tensor for inputs without a gradient).
using ForwardFn = std::function<std::vector<DenseTensor>(const std::vector<DenseTensor>&)>;
using BackwardFn = std::function<std::vector<DenseTensor>(
    const std::vector<DenseTensor>&, const std::vector<DenseTensor>&,
    const std::vector<DenseTensor>&)>;

// Float64 central-difference check of d(sum_k <w_k, out_k>)/d(inputs[i]) for each i in
// `check`, with random weights w_k as the output gradients.
inline void CheckGradients(const ForwardFn& forward, const BackwardFn& backward,
                           const std::vector<DenseTensor>& inputs, const std::vector<int>& check,
                           double eps = 1e-6, double tol = 1e-5) {
  std::vector<DenseTensor> outs = forward(inputs);
  std::vector<DenseTensor> weights;
  for (size_t k = 0; k < outs.size(); ++k) weights.push_back(RandomTensor<double>(outs[k].dims(), 1000 + k));
  auto loss = [&](const std::vector<DenseTensor>& in) {
    std::vector<DenseTensor> o = forward(in);
    double total = 0;
    for (size_t k = 0; k < o.size(); ++k) {
      const double* a = o[k].data<double>();
      const double* w = weights[k].data<double>();
      for (int64_t j = 0; j < o[k].numel(); ++j) total += a[j] * w[j];
    }
    return total;
  };
  std::vector<DenseTensor> grads = backward(inputs, outs, weights);
  for (int i : check) {
    ASSERT_TRUE(grads[i].initialized()) << "no gradient for input " << i;
    ASSERT_EQ(grads[i].dims(), inputs[i].dims()) << "gradient shape of input " << i;
    std::vector<DenseTensor> probe;
    for (const auto& t : inputs) {  // deep copies, so perturbing one leaves the others
      DenseTensor copy(t.dtype(), t.dims());
      Ctx().Alloc(&copy, t.dtype());
      std::memcpy(copy.raw_data(), t.raw_data(), t.nbytes());
      probe.push_back(copy);
    }
    double* x = probe[i].data<double>();
    const double* g = grads[i].data<double>();
    for (int64_t j = 0; j < probe[i].numel(); ++j) {
      double saved = x[j];
      x[j] = saved + eps;
      double plus = loss(probe);
      x[j] = saved - eps;
      double minus = loss(probe);
      x[j] = saved;
      double numeric = (plus - minus) / (2 * eps);
      EXPECT_NEAR(g[j], numeric, tol * std::max(1.0, std::fabs(numeric)))
          << "input " << i << " flat index " << j;
    }
  }
}

}  // namespace test
}  // namespace phi
