// Where an eager call runs (framework::ChooseEagerPlace): with its inputs' data, the first GPU
// input winning; on the expected place (paddle.set_device) when it has no such input; on the
// CPU where the GPU has no kernel. Planned on places alone, so CPU-only machines test it.
#include <gtest/gtest.h>

#include <vector>

#include "paddle/framework/prepared_op.h"

namespace paddle {
namespace framework {
namespace {

const phi::Place kCpu = phi::CPUPlace();
const phi::Place kGpu0 = phi::GPUPlace(0);
const phi::Place kGpu1 = phi::GPUPlace(1);

phi::Place Choose(const std::vector<phi::Place>& inputs, const phi::Place& expected,
                  bool gpu_kernel = true, int* asked = nullptr) {
  return ChooseEagerPlace(inputs, expected, [&](const phi::Place& place) {
    EXPECT_TRUE(place.is_gpu());
    if (asked != nullptr) ++*asked;
    return gpu_kernel;
  });
}

TEST(EagerPlace, FollowsTheInputsData) {
  EXPECT_EQ(Choose({kCpu, kCpu}, kGpu0), kCpu);  // CPU tensors stay on the CPU
  EXPECT_EQ(Choose({kCpu, kGpu1}, kCpu), kGpu1);  // one GPU input takes the call there
  EXPECT_EQ(Choose({kGpu1, kGpu0}, kCpu), kGpu1);  // the first GPU input's device
}

TEST(EagerPlace, CallsWithoutInputsRunOnTheExpectedPlace) {
  EXPECT_EQ(Choose({}, kCpu), kCpu);
  EXPECT_EQ(Choose({}, kGpu1), kGpu1);
}

TEST(EagerPlace, NoGpuKernelFallsBackToTheCpu) {
  int asked = 0;
  EXPECT_EQ(Choose({kGpu0}, kCpu, false, &asked), kCpu);
  EXPECT_EQ(Choose({}, kGpu0, false, &asked), kCpu);
  EXPECT_EQ(asked, 2);
  // A CPU choice never asks for a GPU kernel.
  EXPECT_EQ(Choose({kCpu}, kGpu0, false, &asked), kCpu);
  EXPECT_EQ(asked, 2);
}

}  // namespace
}  // namespace framework
}  // namespace paddle
