// phi::Copy (new storage on the destination place) and phi::CopyInto (the destination's own
// storage, shared by its views, written in place) on the host; the GPU directions run in the
// Python GPU tests where a device is lent.
#include "paddle/phi/core/tensor_copy.h"

#include <gtest/gtest.h>

#include "paddle/common/errors.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/memcpy_kernel.h"

namespace phi {
namespace {

DenseTensor Filled(std::initializer_list<float> values) {
  DenseTensor t(DataType::FLOAT32, DDim({static_cast<int64_t>(values.size())}));
  float* p = CPUContext::Default().Alloc<float>(&t);
  for (float v : values) *p++ = v;
  return t;
}

TEST(TensorCopy, CopyMakesNewStorage) {
  DenseTensor src = Filled({1, 2, 3});
  DenseTensor dst;
  Copy(src, CPUPlace(), &dst);
  EXPECT_NE(dst.data<float>(), src.data<float>());
  EXPECT_EQ(dst.dims(), src.dims());
  EXPECT_EQ(dst.data<float>()[2], 3.0f);
}

TEST(TensorCopy, CopyIntoWritesTheDestinationsStorageSeenByItsViews) {
  DenseTensor dst = Filled({0, 0, 0, 0});
  DenseTensor view;
  view.ShareDataWith(dst);
  const float* storage = dst.data<float>();
  CopyInto(Filled({4, 5, 6, 7}), &dst);
  EXPECT_EQ(dst.data<float>(), storage);
  EXPECT_EQ(view.data<float>()[0], 4.0f);
  EXPECT_EQ(view.data<float>()[3], 7.0f);
}

TEST(TensorCopy, CopyIntoRefusesAWrongDtypeOrTooSmallStorage) {
  DenseTensor small = Filled({0, 0});  // its storage is one 64-byte size class
  DenseTensor large(DataType::FLOAT32, DDim({100}));
  CPUContext::Default().Alloc<float>(&large);
  EXPECT_THROW(CopyInto(large, &small), common::InvalidArgumentError);
  DenseTensor ints(DataType::INT32, DDim({3}));
  CPUContext::Default().Alloc<int32_t>(&ints);
  EXPECT_THROW(CopyInto(Filled({1, 2, 3}), &ints), common::InvalidArgumentError);
  EXPECT_EQ(small.dims(), DDim({2}));  // unchanged by the refused copy
}

TEST(TensorCopy, MemcpyOfAVariableWithoutValueGivesNoValue) {
  // The output of a branch that did not run (select_input ignores it): the plan's copy of it
  // must not fail, and leaves no stale value behind.
  DenseTensor unwritten, out = Filled({1, 2});
  MemcpyD2HKernel<float>(CPUContext::Default(), unwritten, 0, &out);
  EXPECT_FALSE(out.initialized());
  out = Filled({1, 2});
  MemcpyH2DKernel<float>(CPUContext::Default(), unwritten, 1, &out);
  EXPECT_FALSE(out.initialized());
  // A value is copied as before.
  MemcpyD2HKernel<float>(CPUContext::Default(), Filled({7, 8}), 0, &out);
  EXPECT_EQ(out.data<float>()[1], 8.0f);
}

}  // namespace
}  // namespace phi
