// fused_elementwise's CPU kernel called directly: an Out sharing an input's storage (in place)
// reads the input as it was, and the prepared-list cache serves a repeated signature.
#include "paddle/phi/kernels/fused_elementwise_kernel.h"

#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

TEST(FusedElementwiseKernel, OutSharingAnInputReadsTheInputFirst) {
  // Out = tanh(x) * x + row, computed into x's own storage, over several tiles.
  DenseTensor x = RandomTensor<float>({3, 700}, 1, -2, 2);
  DenseTensor row = RandomTensor<float>({700}, 2);
  const std::vector<float> xs = ToVector<float>(x), rows = ToVector<float>(row);
  const std::vector<std::string> program = {"tanh %0", "multiply %2 %0", "add %3 %1", "out %4 0"};
  DenseTensor out = x;  // shares x's storage
  FusedElementwiseKernel<float>(Ctx(), {&x, &row}, program, {&out});
  ASSERT_EQ(out.data<float>(), x.data<float>());
  std::vector<float> want(xs.size());
  for (size_t i = 0; i < xs.size(); ++i) want[i] = std::tanh(xs[i]) * xs[i] + rows[i % 700];
  ExpectNear(ToVector<float>(out), want, 0);

  DenseTensor y = RandomTensor<float>({3, 700}, 3), other;
  const int64_t builds = FusedElementwiseCacheBuilds();
  FusedElementwiseKernel<float>(Ctx(), {&y, &row}, program, {&other});  // same signature
  EXPECT_EQ(FusedElementwiseCacheBuilds(), builds);
}

TEST(FusedElementwiseKernel, BadListIsInvalidArgument) {
  DenseTensor x = RandomTensor<double>({4}, 4), out;
  EXPECT_THROW(FusedElementwiseKernel<double>(Ctx(), {&x}, {"tanh %1", "out %1 0"}, {&out}),
               common::InvalidArgumentError);
}

}  // namespace test
}  // namespace phi
