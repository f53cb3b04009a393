#include "paddle/phi/kernels/elementwise_kernel.h"

#include <functional>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/binary.h"
#include "paddle/phi/kernels/funcs/broadcast.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

template <typename T>
using BinaryKernel = void (*)(const CPUContext&, const DenseTensor&, const DenseTensor&, int,
                              DenseTensor*);

template <typename T>
DenseTensor RunBinary(BinaryKernel<T> kernel, const DenseTensor& x, const DenseTensor& y,
                      int axis) {
  DenseTensor out;
  MetaTensor meta(&out);
  ElementwiseInferMeta(&x, &y, axis, &meta);
  kernel(Ctx(), x, y, axis, &out);
  return out;
}

// Reference: walks the output by multi-index over hand-aligned shapes (extent 1 = broadcast).
template <typename T>
std::vector<T> NaiveBroadcast(const std::vector<T>& x, const std::vector<int64_t>& x_aligned,
                              const std::vector<T>& y, const std::vector<int64_t>& y_aligned,
                              const std::function<T(T, T)>& op) {
  const size_t rank = x_aligned.size();
  std::vector<int64_t> out_dims(rank);
  int64_t numel = 1;
  for (size_t d = 0; d < rank; ++d) {
    out_dims[d] = std::max(x_aligned[d], y_aligned[d]);
    numel *= out_dims[d];
  }
  std::vector<T> out(numel);
  for (int64_t flat = 0; flat < numel; ++flat) {
    int64_t rest = flat, xi = 0, yi = 0, x_stride = 1, y_stride = 1;
    for (size_t k = rank; k-- > 0;) {
      int64_t index = rest % out_dims[k];
      rest /= out_dims[k];
      if (x_aligned[k] != 1) xi += index * x_stride;
      if (y_aligned[k] != 1) yi += index * y_stride;
      x_stride *= x_aligned[k];
      y_stride *= y_aligned[k];
    }
    out[flat] = op(x[xi], y[yi]);
  }
  return out;
}

TEST(ElementwiseKernel, SameShapeHandComputed) {
  DenseTensor x = MakeTensor<float>({2, 2}, {1, 2, 3, 4});
  DenseTensor y = MakeTensor<float>({2, 2}, {4, -1, 0.5f, 2});
  ExpectNear(ToVector<float>(RunBinary<float>(AddKernel<float, CPUContext>, x, y, -1)),
             {5, 1, 3.5f, 6}, 0);
  ExpectNear(ToVector<float>(RunBinary<float>(SubtractKernel<float, CPUContext>, x, y, -1)),
             {-3, 3, 2.5f, 2}, 0);
  ExpectNear(ToVector<float>(RunBinary<float>(MultiplyKernel<float, CPUContext>, x, y, -1)),
             {4, -2, 1.5f, 8}, 0);
  ExpectNear(ToVector<float>(RunBinary<float>(DivideKernel<float, CPUContext>, x, y, -1)),
             {0.25f, -2, 6, 2}, 0);
}

TEST(ElementwiseKernel, RightAlignedBroadcastHandComputed) {
  DenseTensor x = MakeTensor<double>({2, 3}, {1, 2, 3, 4, 5, 6});
  DenseTensor y = MakeTensor<double>({3}, {10, 20, 30});
  DenseTensor out = RunBinary<double>(AddKernel<double, CPUContext>, x, y, -1);
  EXPECT_EQ(out.dims(), DDim({2, 3}));
  ExpectNear(ToVector<double>(out), {11, 22, 33, 14, 25, 36}, 0);
  // A column [2, 1] against a row [3]: both sides broadcast.
  DenseTensor col = MakeTensor<double>({2, 1}, {1, 2});
  DenseTensor prod = RunBinary<double>(MultiplyKernel<double, CPUContext>, col, y, -1);
  EXPECT_EQ(prod.dims(), DDim({2, 3}));
  ExpectNear(ToVector<double>(prod), {10, 20, 30, 20, 40, 60}, 0);
}

TEST(ElementwiseKernel, MidAxisAlignmentHandComputed) {
  // x [2, 3, 2], y [3] with axis 1: y[j] is added to x[i, j, k].
  DenseTensor x = MakeTensor<int32_t>({2, 3, 2}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  DenseTensor y = MakeTensor<int32_t>({3}, {100, 200, 300});
  DenseTensor out = RunBinary<int32_t>(AddKernel<int32_t, CPUContext>, x, y, 1);
  EXPECT_EQ(out.dims(), DDim({2, 3, 2}));
  EXPECT_EQ(ToVector<int32_t>(out),
            (std::vector<int32_t>{100, 101, 202, 203, 304, 305, 106, 107, 208, 209, 310, 311}));
}

struct BroadcastCase {
  std::vector<int64_t> x_dims, y_dims;
  int axis;
  std::vector<int64_t> x_aligned, y_aligned;  // aligned by hand
};

TEST(ElementwiseKernel, BroadcastCasesMatchNaiveReference) {
  const std::vector<BroadcastCase> cases = {
      {{2, 3, 4, 5}, {3, 4}, 1, {2, 3, 4, 5}, {1, 3, 4, 1}},     // mid-alignment
      {{2, 3, 4, 5}, {4, 5}, -1, {2, 3, 4, 5}, {1, 1, 4, 5}},    // NumPy rule
      {{2, 3, 4, 5}, {2}, 0, {2, 3, 4, 5}, {2, 1, 1, 1}},        // leading alignment
      {{2, 3, 4}, {4, 1}, 2, {2, 3, 4}, {1, 1, 4}},              // trailing 1 trimmed
      {{2, 3, 4, 5}, {3, 4, 1}, 1, {2, 3, 4, 5}, {1, 3, 4, 1}},  // fits untrimmed
      {{4}, {2, 3, 4}, -1, {1, 1, 4}, {2, 3, 4}},                // x smaller
      {{3}, {2, 3, 4}, 1, {1, 3, 1}, {2, 3, 4}},                 // x smaller with axis
      {{3, 1}, {2, 1, 4}, -1, {1, 3, 1}, {2, 1, 4}},             // both broadcast
      {{}, {2, 3}, -1, {1, 1}, {2, 3}},                          // rank-0 x
      {{2, 1, 3}, {2, 4, 1}, -1, {2, 1, 3}, {2, 4, 1}},          // same rank, both
  };
  using Op = std::function<double(double, double)>;
  const std::vector<std::pair<BinaryKernel<double>, Op>> ops = {
      {AddKernel<double, CPUContext>, [](double a, double b) { return a + b; }},
      {SubtractKernel<double, CPUContext>, [](double a, double b) { return a - b; }},
      {MultiplyKernel<double, CPUContext>, [](double a, double b) { return a * b; }},
      {DivideKernel<double, CPUContext>, [](double a, double b) { return a / b; }},
  };
  uint32_t seed = 1;
  for (const BroadcastCase& c : cases) {
    DenseTensor x = RandomTensor<double>(DDim(c.x_dims), seed++);
    DenseTensor y = RandomTensor<double>(DDim(c.y_dims), seed++, 0.5, 2.0);
    for (const auto& [kernel, op] : ops) {
      DenseTensor out = RunBinary<double>(kernel, x, y, c.axis);
      std::vector<double> expected = NaiveBroadcast<double>(ToVector<double>(x), c.x_aligned,
                                                            ToVector<double>(y), c.y_aligned, op);
      SCOPED_TRACE("x " + DDim(c.x_dims).to_str() + " y " + DDim(c.y_dims).to_str() + " axis " +
                   std::to_string(c.axis));
      ExpectNear(ToVector<double>(out), expected, 1e-15);
    }
  }
}

TEST(ElementwiseKernel, IntegerPaths) {
  DenseTensor x = MakeTensor<int32_t>({2, 3}, {7, -7, 9, 0, 5, -6});
  DenseTensor y = MakeTensor<int32_t>({3}, {2, 2, -4});
  EXPECT_EQ(ToVector<int32_t>(RunBinary<int32_t>(DivideKernel<int32_t, CPUContext>, x, y, -1)),
            (std::vector<int32_t>{3, -3, -2, 0, 2, 1}));  // truncation toward zero
  EXPECT_EQ(ToVector<int32_t>(RunBinary<int32_t>(SubtractKernel<int32_t, CPUContext>, x, y, -1)),
            (std::vector<int32_t>{5, -9, 13, -2, 3, -2}));
  EXPECT_EQ(ToVector<int32_t>(RunBinary<int32_t>(MultiplyKernel<int32_t, CPUContext>, x, y, -1)),
            (std::vector<int32_t>{14, -14, -36, 0, 10, 24}));
  DenseTensor a = MakeTensor<int64_t>({2}, {1LL << 40, -3});
  DenseTensor b = MakeTensor<int64_t>({1}, {-1});
  EXPECT_EQ(ToVector<int64_t>(RunBinary<int64_t>(DivideKernel<int64_t, CPUContext>, a, b, -1)),
            (std::vector<int64_t>{-(1LL << 40), 3}));
  DenseTensor smallest = MakeTensor<int32_t>({1}, {INT32_MIN});
  DenseTensor minus_one = MakeTensor<int32_t>({1}, {-1});
  EXPECT_EQ(ToVector<int32_t>(
                RunBinary<int32_t>(DivideKernel<int32_t, CPUContext>, smallest, minus_one, -1)),
            (std::vector<int32_t>{INT32_MIN}));  // wraps like NumPy instead of trapping
}

TEST(ElementwiseKernel, IntegerDivideByZeroIsInvalidArgument) {
  DenseTensor x = MakeTensor<int64_t>({2}, {1, 2});
  DenseTensor y = MakeTensor<int64_t>({2}, {1, 0});
  DenseTensor out(DataType::INT64, {2});
  try {
    DivideKernel<int64_t>(Ctx(), x, y, -1, &out);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("nonzero divisor"), std::string::npos) << e.what();
  }
}

TEST(ElementwiseKernel, OutputMayAliasX) {
  DenseTensor x = MakeTensor<float>({2, 2}, {1, 2, 3, 4});
  DenseTensor y = MakeTensor<float>({2}, {10, 20});
  AddKernel<float>(Ctx(), x, y, -1, &x);
  ExpectNear(ToVector<float>(x), {11, 22, 13, 24}, 0);
  // Out aliasing the broadcast input Y gets its own storage; Y's old values are still used.
  DenseTensor a = MakeTensor<float>({2, 2}, {1, 2, 3, 4});
  DenseTensor b = MakeTensor<float>({4}, {10, 20, 99, 99});
  b.Resize({2});  // storage large enough for Out [2, 2]: writing over it would corrupt Y
  DenseTensor out_over_b = b;
  out_over_b.Resize({2, 2});
  MultiplyKernel<float>(Ctx(), a, b, -1, &out_over_b);
  ExpectNear(ToVector<float>(out_over_b), {10, 40, 30, 80}, 0);
  ExpectNear(ToVector<float>(b), {10, 20}, 0);
}

TEST(ElementwiseKernel, RegisteredAndCallableThroughContext) {
  for (const char* name : {"add", "subtract", "multiply", "divide"}) {
    for (DataType dtype :
         {DataType::FLOAT32, DataType::FLOAT64, DataType::INT32, DataType::INT64}) {
      EXPECT_NE(KernelRegistry::Instance().Find(name, {Backend::CPU, DataLayout::ANY, dtype}),
                nullptr)
          << name << " " << dtype;
    }
  }
  const Kernel& kernel = KernelRegistry::Instance().Select(
      "subtract", {Backend::CPU, DataLayout::ANY, DataType::INT64});
  DenseTensor x = MakeTensor<int64_t>({2, 2}, {5, 6, 7, 8});
  DenseTensor y = MakeTensor<int64_t>({2}, {1, 2});
  DenseTensor out(DataType::INT64, {2, 2});
  KernelContext ctx(&Ctx());
  ctx.EmplaceBackInput(&x);
  ctx.EmplaceBackInput(&y);
  ctx.EmplaceBackAttr(0);  // y aligned with x's dim 0
  ctx.EmplaceBackOutput(&out);
  kernel(&ctx);
  EXPECT_EQ(ToVector<int64_t>(out), (std::vector<int64_t>{4, 5, 5, 6}));
}

DDim InferElementwise(const DDim& x_dims, const DDim& y_dims, int axis) {
  DenseTensor x(DataType::FLOAT32, x_dims), y(DataType::FLOAT64, y_dims), out;
  MetaTensor meta(&out);
  ElementwiseInferMeta(&x, &y, axis, &meta);
  EXPECT_EQ(out.dtype(), DataType::FLOAT32);  // X's dtype
  return out.dims();
}

TEST(ElementwiseInferMeta, OutputDims) {
  EXPECT_EQ(InferElementwise({2, 3, 4, 5}, {3, 4}, 1), DDim({2, 3, 4, 5}));
  EXPECT_EQ(InferElementwise({4}, {2, 3, 4}, -1), DDim({2, 3, 4}));
  EXPECT_EQ(InferElementwise({3, 1}, {2, 1, 4}, -1), DDim({2, 3, 4}));
  EXPECT_EQ(InferElementwise({5, 2, 3}, {3, 1}, 2), DDim({5, 2, 3}));  // trailing 1 trimmed
  EXPECT_EQ(InferElementwise({2, 3, 4, 5}, {5, 1, 1}, 3), DDim({2, 3, 4, 5}));
  EXPECT_EQ(InferElementwise({2, 3}, {3, 1, 1}, 1), DDim({3, 2, 3}));  // x is the shorter one
  EXPECT_EQ(InferElementwise({0, 3}, {3}, -1), DDim({0, 3}));
  EXPECT_EQ(InferElementwise({0, 3}, {1, 3}, -1), DDim({0, 3}));
}

TEST(ElementwiseInferMeta, UnknownExtents) {
  EXPECT_EQ(InferElementwise({-1, 3}, {3}, -1), DDim({-1, 3}));
  EXPECT_EQ(InferElementwise({-1, 3}, {5, 1}, -1), DDim({5, 3}));
  EXPECT_EQ(InferElementwise({-1, 1}, {1, 4}, -1), DDim({-1, 4}));
  EXPECT_EQ(InferElementwise({-1, 4}, {-1, 4}, -1), DDim({-1, 4}));
  EXPECT_EQ(InferElementwise({2, -1}, {-1, 7}, -1), DDim({2, 7}));
}

void ExpectInferError(const DDim& x_dims, const DDim& y_dims, int axis,
                      const std::vector<std::string>& fragments) {
  DenseTensor x(DataType::FLOAT32, x_dims), y(DataType::FLOAT32, y_dims), out;
  MetaTensor meta(&out);
  try {
    ElementwiseInferMeta(&x, &y, axis, &meta);
    ADD_FAILURE() << "expected InvalidArgumentError for " << x_dims << " and " << y_dims;
  } catch (const common::InvalidArgumentError& e) {
    for (const std::string& fragment : fragments)
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(ElementwiseInferMeta, IncompatibleShapesAreInvalidArgument) {
  ExpectInferError({2, 3}, {4}, -1, {"X [2, 3]", "Y [4]", "axis -1"});
  ExpectInferError({2, 3, 4}, {3, 5}, 1, {"X [2, 3, 4]", "Y [3, 5]", "axis 1"});
  ExpectInferError({2, 3, 4}, {3, 4}, 2, {"fit", "axis 2"});  // runs past the end
  ExpectInferError({2, 3, 4}, {4}, 3, {"expected axis in [-3, 3)"});
  ExpectInferError({2, 3}, {2, 3}, 1, {"axis -1 or 0", "got axis 1"});
  ExpectInferError({-1, 3}, {2, 4}, -1, {"[-1, 3]", "[2, 4]"});
}

TEST(ElementwiseKernel, KernelRejectsIncompatibleShapes) {
  DenseTensor x = MakeTensor<float>({2, 3}, {1, 2, 3, 4, 5, 6});
  DenseTensor y = MakeTensor<float>({2}, {1, 2});
  DenseTensor out(DataType::FLOAT32, {2, 3});
  EXPECT_THROW(AddKernel<float>(Ctx(), x, y, -1, &out), common::InvalidArgumentError);
  DenseTensor z = MakeTensor<float>({3}, {1, 2, 3});
  DenseTensor wrong_out(DataType::FLOAT32, {4});
  try {
    AddKernel<float>(Ctx(), x, z, -1, &wrong_out);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("expected Out to have dims [2, 3]"), std::string::npos)
        << e.what();
  }
}

TEST(BroadcastPlan, MergesContiguousDims) {
  funcs::BroadcastPlan same =
      funcs::MakeBroadcastPlan(funcs::AlignBroadcastShapes(DDim({2, 3, 4}), DDim({2, 3, 4}), -1));
  EXPECT_EQ(same.rank, 1);
  EXPECT_EQ(same.numel, 24);
  funcs::BroadcastPlan bias =
      funcs::MakeBroadcastPlan(funcs::AlignBroadcastShapes(DDim({2, 3, 4, 5}), DDim({4, 5}), -1));
  EXPECT_EQ(bias.rank, 2);  // [6, 20] with y stride 0 on the outer dim
  EXPECT_EQ(bias.dims[0], 6);
  EXPECT_EQ(bias.y_strides[0], 0);
}

}  // namespace test
}  // namespace phi
