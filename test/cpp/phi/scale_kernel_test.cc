#include "paddle/phi/kernels/scale_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

TEST(ScaleKernel, BiasAfterAndBeforeScale) {
  DenseTensor x = MakeTensor<float>({2, 2}, {1, 2, 3, 4});
  DenseTensor out;
  out.Resize(x.dims());
  ScaleKernel<float>(Ctx(), x, 2.0f, 1.0f, true, &out);
  ExpectNear(ToVector<float>(out), {3, 5, 7, 9}, 0);
  ScaleKernel<float>(Ctx(), x, 2.0f, 1.0f, false, &out);
  ExpectNear(ToVector<float>(out), {4, 6, 8, 10}, 0);
}

TEST(ScaleKernel, RegisteredAndCallableThroughContext) {
  const Kernel& kernel =
      KernelRegistry::Instance().Select("scale", {Backend::CPU, DataLayout::ANY, DataType::FLOAT64});
  DenseTensor x = MakeTensor<double>({3}, {1, -2, 0.5});
  DenseTensor out(DataType::FLOAT64, x.dims());
  KernelContext ctx(&Ctx());
  ctx.EmplaceBackInput(&x);
  ctx.EmplaceBackAttr(0.5);
  ctx.EmplaceBackAttr(0.0);
  ctx.EmplaceBackAttr(true);
  ctx.EmplaceBackOutput(&out);
  kernel(&ctx);
  ExpectNear(ToVector<double>(out), {0.5, -1, 0.25}, 1e-15);
}

TEST(ScaleKernel, UnknownKernelKeyIsNotFound) {
  EXPECT_THROW(KernelRegistry::Instance().Select("scale", {Backend::CPU, DataLayout::ANY, DataType::BOOL}),
               common::NotFoundError);
}

}  // namespace test
}  // namespace phi
