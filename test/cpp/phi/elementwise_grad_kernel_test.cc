#include "paddle/phi/kernels/elementwise_grad_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/infermeta/binary.h"
#include "paddle/phi/kernels/elementwise_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

using ForwardKernel = void (*)(const CPUContext&, const DenseTensor&, const DenseTensor&, int,
                               DenseTensor*);
using BackwardKernel = void (*)(const CPUContext&, const DenseTensor&, const DenseTensor&,
                                const DenseTensor&, int, DenseTensor*, DenseTensor*);

DenseTensor Forward(ForwardKernel kernel, const DenseTensor& x, const DenseTensor& y, int axis) {
  DenseTensor out;
  MetaTensor meta(&out);
  ElementwiseInferMeta(&x, &y, axis, &meta);
  kernel(Ctx(), x, y, axis, &out);
  return out;
}

// Grad tensors with the meta GeneralBinaryGradInferMeta gives them.
std::vector<DenseTensor> GradOutputs(const DenseTensor& x, const DenseTensor& y) {
  std::vector<DenseTensor> grads(2);
  MetaTensor dx(&grads[0]), dy(&grads[1]);
  GeneralBinaryGradInferMeta(&x, &y, &dx, &dy);
  return grads;
}

struct GradCase {
  std::vector<int64_t> x_dims, y_dims;
  int axis;
};

const std::vector<GradCase>& GradCases() {
  static const std::vector<GradCase> cases = {
      {{2, 3}, {2, 3}, -1},     // no broadcast
      {{2, 3, 4}, {4}, -1},     // y right-aligned
      {{2, 3, 4}, {3}, 1},      // y mid-aligned
      {{2, 3, 4}, {4, 1}, 2},   // y with a trimmed trailing 1
      {{3}, {2, 3, 2}, 1},      // x smaller, with axis
      {{3, 1}, {2, 1, 4}, -1},  // both broadcast
      {{}, {2, 2}, -1},         // rank-0 x
  };
  return cases;
}

void CheckBinaryGrad(ForwardKernel forward_kernel, BackwardKernel backward_kernel) {
  uint32_t seed = 10;
  for (const GradCase& c : GradCases()) {
    SCOPED_TRACE("x " + DDim(c.x_dims).to_str() + " y " + DDim(c.y_dims).to_str() + " axis " +
                 std::to_string(c.axis));
    const int axis = c.axis;
    std::vector<DenseTensor> inputs = {RandomTensor<double>(DDim(c.x_dims), seed++),
                                       RandomTensor<double>(DDim(c.y_dims), seed++)};
    CheckGradients(
        [&](const std::vector<DenseTensor>& in) {
          return std::vector<DenseTensor>{Forward(forward_kernel, in[0], in[1], axis)};
        },
        [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
            const std::vector<DenseTensor>& out_grads) {
          std::vector<DenseTensor> grads = GradOutputs(in[0], in[1]);
          backward_kernel(Ctx(), in[0], in[1], out_grads[0], axis, &grads[0], &grads[1]);
          return grads;
        },
        inputs, {0, 1});
  }
}

TEST(ElementwiseGradKernel, AddGradientCheck) {
  CheckBinaryGrad(AddKernel<double, CPUContext>, AddGradKernel<double, CPUContext>);
}

TEST(ElementwiseGradKernel, SubtractGradientCheck) {
  CheckBinaryGrad(SubtractKernel<double, CPUContext>, SubtractGradKernel<double, CPUContext>);
}

TEST(ElementwiseGradKernel, MultiplyGradientCheck) {
  CheckBinaryGrad(MultiplyKernel<double, CPUContext>, MultiplyGradKernel<double, CPUContext>);
}

TEST(ElementwiseGradKernel, DivideGradientCheck) {
  uint32_t seed = 50;
  for (const GradCase& c : GradCases()) {
    SCOPED_TRACE("x " + DDim(c.x_dims).to_str() + " y " + DDim(c.y_dims).to_str() + " axis " +
                 std::to_string(c.axis));
    const int axis = c.axis;
    std::vector<DenseTensor> inputs = {RandomTensor<double>(DDim(c.x_dims), seed++),
                                       RandomTensor<double>(DDim(c.y_dims), seed++, 0.5, 2.0)};
    CheckGradients(
        [&](const std::vector<DenseTensor>& in) {
          return std::vector<DenseTensor>{
              Forward(DivideKernel<double, CPUContext>, in[0], in[1], axis)};
        },
        [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>& outs,
            const std::vector<DenseTensor>& out_grads) {
          std::vector<DenseTensor> grads = GradOutputs(in[0], in[1]);
          DivideGradKernel<double>(Ctx(), in[0], in[1], outs[0], out_grads[0], axis, &grads[0],
                                   &grads[1]);
          return grads;
        },
        inputs, {0, 1});
  }
}

TEST(ElementwiseGradKernel, BroadcastGradSumsHandComputed) {
  DenseTensor x = MakeTensor<float>({2, 3}, {1, 2, 3, 4, 5, 6});
  DenseTensor y = MakeTensor<float>({3}, {1, 2, 4});
  DenseTensor dout = MakeTensor<float>({2, 3}, {1, 10, 100, 2, 20, 200});
  std::vector<DenseTensor> grads = GradOutputs(x, y);
  AddGradKernel<float>(Ctx(), x, y, dout, -1, &grads[0], &grads[1]);
  ExpectNear(ToVector<float>(grads[0]), {1, 10, 100, 2, 20, 200}, 0);
  ExpectNear(ToVector<float>(grads[1]), {3, 30, 300}, 0);
  SubtractGradKernel<float>(Ctx(), x, y, dout, -1, &grads[0], &grads[1]);
  ExpectNear(ToVector<float>(grads[1]), {-3, -30, -300}, 0);
  MultiplyGradKernel<float>(Ctx(), x, y, dout, -1, &grads[0], &grads[1]);
  ExpectNear(ToVector<float>(grads[0]), {1, 20, 400, 2, 40, 800}, 0);
  ExpectNear(ToVector<float>(grads[1]), {1 * 1 + 2 * 4, 10 * 2 + 20 * 5, 100 * 3 + 200 * 6}, 0);
  // y [2] aligned with x's dim 0 (axis 0): dy sums each row.
  DenseTensor rows = MakeTensor<float>({2}, {1, 1});
  std::vector<DenseTensor> row_grads = GradOutputs(x, rows);
  AddGradKernel<float>(Ctx(), x, rows, dout, 0, nullptr, &row_grads[1]);
  ExpectNear(ToVector<float>(row_grads[1]), {111, 222}, 0);
}

TEST(ElementwiseGradKernel, DivideGradHandComputed) {
  DenseTensor x = MakeTensor<double>({2}, {3, 8});
  DenseTensor y = MakeTensor<double>({1}, {2});
  DenseTensor out = Forward(DivideKernel<double, CPUContext>, x, y, -1);
  DenseTensor dout = MakeTensor<double>({2}, {1, 1});
  std::vector<DenseTensor> grads = GradOutputs(x, y);
  DivideGradKernel<double>(Ctx(), x, y, out, dout, -1, &grads[0], &grads[1]);
  ExpectNear(ToVector<double>(grads[0]), {0.5, 0.5}, 1e-15);
  ExpectNear(ToVector<double>(grads[1]), {-(3.0 + 8.0) / 4.0}, 1e-15);  // -sum(x) / y^2
}

TEST(ElementwiseGradKernel, UnwantedGradientsAreSkipped) {
  DenseTensor x = MakeTensor<double>({2, 2}, {1, 2, 3, 4});
  DenseTensor y = MakeTensor<double>({2}, {5, 6});
  DenseTensor dout = MakeTensor<double>({2, 2}, {1, 1, 1, 1});
  std::vector<DenseTensor> grads = GradOutputs(x, y);
  MultiplyGradKernel<double>(Ctx(), x, y, dout, -1, nullptr, &grads[1]);
  ExpectNear(ToVector<double>(grads[1]), {4, 6}, 0);
  MultiplyGradKernel<double>(Ctx(), x, y, dout, -1, &grads[0], nullptr);
  ExpectNear(ToVector<double>(grads[0]), {5, 6, 5, 6}, 0);
  AddGradKernel<double>(Ctx(), x, y, dout, -1, nullptr, nullptr);
}

TEST(ElementwiseGradKernel, GradMayAliasOutGrad) {
  // dx over dout's storage (Paddle's inplace pair for grads) must still read dout intact.
  DenseTensor x = MakeTensor<double>({2, 2}, {1, 2, 3, 4});
  DenseTensor y = MakeTensor<double>({2, 2}, {5, 6, 7, 8});
  DenseTensor dout = MakeTensor<double>({2, 2}, {1, 2, 3, 4});
  DenseTensor dy(DataType::FLOAT64, {2, 2});
  MultiplyGradKernel<double>(Ctx(), x, y, dout, -1, &dout, &dy);
  ExpectNear(ToVector<double>(dout), {5, 12, 21, 32}, 0);
  ExpectNear(ToVector<double>(dy), {1, 4, 9, 16}, 0);
}

TEST(ElementwiseGradKernel, WrongOutGradShapeIsInvalidArgument) {
  DenseTensor x = MakeTensor<double>({2, 3}, {1, 2, 3, 4, 5, 6});
  DenseTensor y = MakeTensor<double>({3}, {1, 2, 3});
  DenseTensor dout = MakeTensor<double>({3}, {1, 1, 1});
  std::vector<DenseTensor> grads = GradOutputs(x, y);
  try {
    AddGradKernel<double>(Ctx(), x, y, dout, -1, &grads[0], &grads[1]);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("Out@GRAD to have dims [2, 3]"), std::string::npos)
        << e.what();
  }
  DenseTensor bad_y = MakeTensor<double>({4}, {1, 2, 3, 4});
  EXPECT_THROW(MultiplyGradKernel<double>(Ctx(), x, bad_y, dout, -1, &grads[0], nullptr),
               common::InvalidArgumentError);
}

TEST(ElementwiseGradKernel, Registered) {
  for (const char* name : {"add_grad", "subtract_grad", "multiply_grad", "divide_grad"}) {
    for (DataType dtype : {DataType::FLOAT32, DataType::FLOAT64}) {
      EXPECT_NE(KernelRegistry::Instance().Find(name, {Backend::CPU, DataLayout::ANY, dtype}),
                nullptr)
          << name << " " << dtype;
    }
  }
}

}  // namespace test
}  // namespace phi
