// Tests of the tensor-manipulation kernels and their InferMeta: build-time -1 extents, outputs
// aliasing inputs, nullptr grads, views sharing storage, and float64 central differences of the
// grads against their forward kernels.
#include "paddle/phi/infermeta/manipulation.h"

#include "paddle/phi/kernels/concat_grad_kernel.h"
#include "paddle/phi/kernels/concat_kernel.h"
#include "paddle/phi/kernels/flatten_kernel.h"
#include "paddle/phi/kernels/gather_grad_kernel.h"
#include "paddle/phi/kernels/gather_kernel.h"
#include "paddle/phi/kernels/slice_grad_kernel.h"
#include "paddle/phi/kernels/slice_kernel.h"
#include "paddle/phi/kernels/split_kernel.h"
#include "paddle/phi/kernels/squeeze_grad_kernel.h"
#include "paddle/phi/kernels/squeeze_kernel.h"
#include "paddle/phi/kernels/stack_grad_kernel.h"
#include "paddle/phi/kernels/stack_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {
namespace {

void ExpectInvalid(const std::function<void()>& fn, const std::string& part) {
  try {
    fn();
    ADD_FAILURE() << "expected InvalidArgumentError containing: " << part;
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

DenseTensor Concat(const std::vector<const DenseTensor*>& x, int axis) {
  DenseTensor out;
  std::vector<MetaTensor> metas(x.begin(), x.end());
  std::vector<const MetaTensor*> pointers;
  for (auto& m : metas) pointers.push_back(&m);
  MetaTensor out_meta(&out);
  ConcatInferMeta(pointers, axis, &out_meta);
  ConcatKernel<double>(Ctx(), x, axis, &out);
  return out;
}

std::vector<int64_t> Iota(int64_t n) {
  std::vector<int64_t> v(n);
  for (int64_t i = 0; i < n; ++i) v[i] = i;
  return v;
}

}  // namespace

TEST(ConcatInferMeta, UnknownExtentsAndErrors) {
  DenseTensor a(DataType::FLOAT32, DDim({-1, 3})), b(DataType::FLOAT32, DDim({2, 3})), out;
  MetaTensor ma(&a), mb(&b), mo(&out);
  ConcatInferMeta({&ma, &mb}, 0, &mo);
  EXPECT_EQ(out.dims(), DDim({-1, 3}));
  ConcatInferMeta({&ma, &mb}, 1, &mo);
  EXPECT_EQ(out.dims(), DDim({2, 6}));  // the unknown extent must match the known one
  DenseTensor c(DataType::FLOAT32, DDim({2, 3, 1}));
  MetaTensor mc(&c);
  ExpectInvalid([&] { ConcatInferMeta({&mb, &mc}, 0, &mo); }, "X[1] [2, 3, 1] of rank 3");
  DenseTensor d(DataType::FLOAT64, DDim({2, 3}));
  MetaTensor md(&d);
  ExpectInvalid([&] { ConcatInferMeta({&mb, &md}, 0, &mo); }, "one dtype");
}

TEST(ConcatKernel, OutputMayBeAnInput) {
  DenseTensor a = MakeTensor<double>({1, 2}, {1, 2});
  DenseTensor b = MakeTensor<double>({2, 2}, {3, 4, 5, 6});
  a.Resize({3, 2});  // as ConcatInferMeta would set it on an aliased Out
  DenseTensor a_view;
  a_view.ShareDataWith(a);
  a_view.Resize({1, 2});
  ConcatKernel<double>(Ctx(), {&a_view, &b}, 0, &a);
  ExpectNear(ToVector<double>(a), {1, 2, 3, 4, 5, 6}, 0);
}

TEST(ConcatGradKernel, SkipsUnwantedAndMatchesCentralDifferences) {
  DenseTensor a = RandomTensor<double>({2, 1, 3}, 1), b = RandomTensor<double>({2, 2, 3}, 2);
  DenseTensor dout = RandomTensor<double>({2, 3, 3}, 3);
  DenseTensor db(DataType::FLOAT64, b.dims());
  ConcatGradKernel<double>(Ctx(), {&a, &b}, dout, 1, {nullptr, &db});
  const double* d = dout.data<double>();
  EXPECT_EQ(db.data<double>()[0], d[3]);  // row 0, second block starts after a's 3 values
  CheckGradients(
      [](const std::vector<DenseTensor>& in) {
        return std::vector<DenseTensor>{Concat({&in[0], &in[1]}, -2)};
      },
      [](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
         const std::vector<DenseTensor>& douts) {
        std::vector<DenseTensor> grads = {DenseTensor(DataType::FLOAT64, in[0].dims()),
                                          DenseTensor(DataType::FLOAT64, in[1].dims())};
        ConcatGradKernel<double>(Ctx(), {&in[0], &in[1]}, douts[0], -2, {&grads[0], &grads[1]});
        return grads;
      },
      {a, b}, {0, 1});
}

TEST(SplitKernel, SectionsWithInferredPartAndConcatRoundTrip) {
  DenseTensor x = MakeTensor<int64_t>({2, 5}, Iota(10));
  std::vector<DenseTensor> outs(3);
  std::vector<MetaTensor> metas;
  for (auto& o : outs) metas.emplace_back(&o);
  std::vector<MetaTensor*> meta_ptrs;
  for (auto& m : metas) meta_ptrs.push_back(&m);
  SplitInferMeta(&x, -1, 0, {2, -1, 1}, meta_ptrs);
  EXPECT_EQ(outs[1].dims(), DDim({2, 2}));
  SplitKernel<int64_t>(Ctx(), x, -1, 0, {2, -1, 1}, {&outs[0], &outs[1], &outs[2]});
  EXPECT_EQ(ToVector<int64_t>(outs[0]), (std::vector<int64_t>{0, 1, 5, 6}));
  EXPECT_EQ(ToVector<int64_t>(outs[1]), (std::vector<int64_t>{2, 3, 7, 8}));
  EXPECT_EQ(ToVector<int64_t>(outs[2]), (std::vector<int64_t>{4, 9}));
  DenseTensor unknown(DataType::FLOAT32, DDim({-1, 6}));
  SplitInferMeta(&unknown, 0, 2, {}, {meta_ptrs[0], meta_ptrs[1]});
  EXPECT_EQ(outs[0].dims(), DDim({-1, 6}));
  ExpectInvalid([&] { SplitInferMeta(&x, 1, 0, {2, 2}, {meta_ptrs[0], meta_ptrs[1]}); },
                "sum to the extent 5 of X dim 1");
}

TEST(StackKernel, GradAndNullptrOutputs) {
  DenseTensor a = RandomTensor<double>({2, 3}, 4), b = RandomTensor<double>({2, 3}, 5);
  auto forward = [](const std::vector<DenseTensor>& in) {
    DenseTensor y(DataType::FLOAT64, DDim({2, 2, 3}));
    StackKernel<double>(Ctx(), {&in[0], &in[1]}, 1, &y);
    return std::vector<DenseTensor>{y};
  };
  CheckGradients(forward,
                 [](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                    const std::vector<DenseTensor>& douts) {
                   std::vector<DenseTensor> grads(2);
                   for (int i = 0; i < 2; ++i) grads[i].Resize(in[i].dims());
                   StackGradKernel<double>(Ctx(), douts[0], 1, {&grads[0], &grads[1]});
                   return grads;
                 },
                 {a, b}, {0, 1});
  DenseTensor da(DataType::FLOAT64, a.dims());
  StackGradKernel<double>(Ctx(), forward({a, b})[0], 1, {&da, nullptr});
  ExpectNear(ToVector<double>(da), ToVector<double>(a), 0);
}

TEST(SliceKernel, GeometryAndGrad) {
  SliceGeometry g = ComputeSliceGeometry(DDim({4, 5, 6}), {-1, 0}, {-4, 1}, {1000, -1}, {});
  EXPECT_EQ(g.dims, DDim({2, 5, 4}));
  EXPECT_EQ(g.offsets, (std::vector<int64_t>{1, 0, 2}));
  SliceGeometry unknown = ComputeSliceGeometry(DDim({-1, 5}), {0, 1}, {0, 1}, {2, 2}, {1});
  EXPECT_EQ(unknown.out_dims, DDim({-1}));  // an unknown extent stays unknown when sliced
  DenseTensor x = RandomTensor<double>({3, 4, 2}, 6);
  const std::vector<int64_t> axes = {1, 2}, starts = {1, -1}, ends = {3, 2}, decrease = {2};
  auto forward = [&](const std::vector<DenseTensor>& in) {
    DenseTensor out(DataType::FLOAT64, DDim({3, 2}));
    SliceKernel<double>(Ctx(), in[0], axes, starts, ends, {}, decrease, &out);
    return std::vector<DenseTensor>{out};
  };
  EXPECT_EQ(forward({x})[0].data<double>()[0], x.data<double>()[1 * 2 + 1]);
  CheckGradients(forward,
                 [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                     const std::vector<DenseTensor>& douts) {
                   std::vector<DenseTensor> grads(1);
                   grads[0].Resize(in[0].dims());
                   SliceGradKernel<double>(Ctx(), in[0], douts[0], axes, starts, ends, {},
                                           decrease, &grads[0]);
                   return grads;
                 },
                 {x}, {0});
  SliceGradKernel<double>(Ctx(), x, forward({x})[0], axes, starts, ends, {}, decrease, nullptr);
}

TEST(GatherKernel, AccumulatesRepeatsAndChecksRange) {
  DenseTensor x = RandomTensor<double>({2, 4, 3}, 7);
  DenseTensor index = MakeTensor<int32_t>({5}, {3, 0, 3, 1, 3});
  auto forward = [&](const std::vector<DenseTensor>& in) {
    DenseTensor out;
    MetaTensor meta(&out);
    GatherInferMeta(&in[0], &index, 1, &meta);
    GatherKernel<double>(Ctx(), in[0], index, 1, &out);
    return std::vector<DenseTensor>{out};
  };
  EXPECT_EQ(forward({x})[0].dims(), DDim({2, 5, 3}));
  CheckGradients(forward,
                 [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                     const std::vector<DenseTensor>& douts) {
                   std::vector<DenseTensor> grads(1);
                   grads[0].Resize(in[0].dims());
                   GatherGradKernel<double>(Ctx(), in[0], index, douts[0], 1, &grads[0]);
                   return grads;
                 },
                 {x}, {0});
  DenseTensor bad = MakeTensor<int64_t>({2}, {0, 4});
  DenseTensor out(DataType::FLOAT64, DDim({2, 2, 3}));
  ExpectInvalid([&] { GatherKernel<double>(Ctx(), x, bad, 1, &out); },
                "Index values in [0, 4) for gather along axis 1 of X [2, 4, 3], but got 4");
}

TEST(ViewKernels, ShareStorageWithInferredDims) {
  DenseTensor x = MakeTensor<double>({1, 3, 1}, {1, 2, 3});
  DenseTensor out, xshape;
  MetaTensor out_meta(&out), xshape_meta(&xshape);
  SqueezeWithXShapeInferMeta(&x, {}, &out_meta, &xshape_meta);
  EXPECT_EQ(out.dims(), DDim({3}));
  EXPECT_EQ(xshape.dims(), DDim({0, 1, 3, 1}));
  SqueezeKernel<double>(Ctx(), x, {}, &out);
  EXPECT_EQ(out.raw_data(), x.raw_data());
  DenseTensor unknown(DataType::FLOAT32, DDim({-1, 1, 4}));
  SqueezeWithXShapeInferMeta(&unknown, {}, &out_meta, nullptr);
  EXPECT_EQ(out.dims(), DDim({-1, 4}));  // an unknown extent stays unless named
  UnsqueezeWithXShapeInferMeta(&x, {0, -1}, &out_meta, nullptr);
  EXPECT_EQ(out.dims(), DDim({1, 1, 3, 1, 1}));
  FlattenWithXShapeInferMeta(&unknown, 0, 1, &out_meta, nullptr);
  EXPECT_EQ(out.dims(), DDim({-1, 4}));
  DenseTensor flat;
  flat.Resize({3});
  FlattenKernel<double>(Ctx(), x, 0, 2, &flat);
  EXPECT_EQ(flat.raw_data(), x.raw_data());
  DenseTensor dx;
  dx.Resize({1, 3, 1});
  SqueezeGradKernel<double>(Ctx(), flat, &dx);
  EXPECT_EQ(dx.dims(), DDim({1, 3, 1}));
  ExpectNear(ToVector<double>(dx), {1, 2, 3}, 0);
  SqueezeGradKernel<double>(Ctx(), flat, nullptr);
  DenseTensor wrong;
  wrong.Resize({4});
  ExpectInvalid([&] { UnsqueezeKernel<double>(Ctx(), x, {0}, &wrong); }, "hold the input's 3");
}

}  // namespace test
}  // namespace phi
