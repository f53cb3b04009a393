// Tests of conv_layout_pass: 1x1 fused_conv2d layers hand each other NHWC activations (as between
// ResNet's bottleneck blocks: the writer's output_format, the readers' data_format and the
// variable's declared shape change), with the bits of the NCHW program; a 3x3 layer keeps NCHW
// around it, a residual goes with its layer's output, a strided layer reads and writes either
// layout, a layer of few input channels writes NHWC only from NHWC, and fetched activations or
// other readers keep NCHW.
#include <gtest/gtest.h>

#include "paddle/framework/attribute.h"
#include "paddle/phi/kernels/funcs/conv_then_depthwise.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"
#include "test/cpp/ir/fusion_test_util.h"

namespace paddle {
namespace test {

using framework::MakeAttr;

namespace {

constexpr char kPass[] = "conv_layout_pass";

bool PixelMajorHere() {
  return phi::funcs::internal::PackedSgemmUsable() && phi::funcs::PixelMajorRuns();
}

// Appends fused_conv2d out = relu(conv(in, filter k x k / stride) + bias [+ residual]).
void Conv(ProgramBuilder* b, const std::string& in, const std::string& out, int64_t cin,
          int64_t cout, int k, int stride, const std::string& residual = "") {
  b->Param(out + "_w", {cout, cin, k, k});
  b->Param(out + "_b", {cout});
  std::map<std::string, std::vector<std::string>> ins = {
      {"Input", {in}}, {"Filter", {out + "_w"}}, {"Bias", {out + "_b"}}};
  if (!residual.empty()) ins["ResidualData"] = {residual};
  b->Op("fused_conv2d", ins, {{"Output", {out}}},
        {MakeAttr("strides", std::vector<int>{stride, stride}),
         MakeAttr("paddings", std::vector<int>{k / 2, k / 2}),
         MakeAttr("fuse_activation", std::string("relu")),
         MakeAttr("fuse_residual_connection", !residual.empty())});
}

// ResNet's bottleneck block: 1x1 reduce, 3x3 (stride), 1x1 expand with the shortcut (a strided
// 1x1 layer where `project`) as its residual.
void Bottleneck(ProgramBuilder* b, const std::string& in, const std::string& name, int64_t cin,
                int64_t mid, int64_t cout, int stride, bool project) {
  Conv(b, in, name + "_r", cin, mid, 1, 1);
  Conv(b, name + "_r", name + "_m", mid, mid, 3, stride);
  std::string shortcut = in;
  if (project) {
    shortcut = name + "_s";
    Conv(b, in, shortcut, cin, cout, 1, stride);
  }
  Conv(b, name + "_m", name, mid, cout, 1, 1, shortcut);
}

// x [-1, 16, 12, 12] through a 3x3 stem (128 channels), three bottleneck blocks (the third
// strided) and, where `fourth`, one more with a projection shortcut (`mid` channels inside each),
// then relu of the last one's output into "out".
framework::ProgramDesc Blocks(bool fourth = false, int64_t mid = 128) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {-1, 16, 12, 12});
  Conv(&b, "x", "stem", 16, 128, 3, 1);
  Bottleneck(&b, "stem", "a", 128, mid, 256, 1, true);
  Bottleneck(&b, "a", "b", 256, mid, 256, 1, false);
  Bottleneck(&b, "b", "c", 256, mid, 512, 2, true);
  if (fourth) Bottleneck(&b, "c", "d", 512, mid, 512, 1, true);
  b.Op("relu", {{"X", {fourth ? "d" : "c"}}}, {{"Out", {"out"}}});
  return p;
}

// "output: data_format -> output_format" for each fused_conv2d that the pass set, in order.
std::vector<std::string> Formats(const framework::ProgramDesc& p) {
  std::vector<std::string> formats;
  for (size_t i = 0; i < p.Block(0).OpSize(); ++i) {
    const framework::OpDesc& op = *p.Block(0).Op(i);
    if (op.Type() != "fused_conv2d" || !op.HasAttr("output_format")) continue;
    formats.push_back(op.Output("Output")[0] + ": " + op.GetAttrAs<std::string>("data_format") +
                      " -> " + op.GetAttrAs<std::string>("output_format"));
  }
  return formats;
}

void ExpectTheSameBits(const framework::ProgramDesc& before, const framework::ProgramDesc& after) {
  framework::Scope params, s1, s2;
  RandomParams(before, &params, 31);
  CopyVars(params, &s1, PersistableNames(before));
  CopyVars(params, &s2, PersistableNames(after));
  const std::vector<std::pair<std::string, phi::DenseTensor>> feeds = {
      {"x", RandomFloat({2, 16, 12, 12}, 32)}};
  auto want = RunProgram(before, &s1, feeds, {"out"});
  auto got = RunProgram(after, &s2, feeds, {"out"});
  ExpectClose(got[0], want[0], 0.0f);
}

}  // namespace

TEST(ConvLayoutPass, BottleneckBlocksHandEachOtherNhwcWithTheSameBits) {
  if (!PixelMajorHere()) GTEST_SKIP() << "no pixel-major kernel here";
  const framework::ProgramDesc p = Blocks();
  PassRun run = RunPassTwice(p, kPass, {"out"});
  EXPECT_TRUE(run.changed);
  EXPECT_FALSE(run.changed_again);
  // "a" and "b" (block outputs read by 1x1 layers and as residuals) and the shortcut "a_s"
  // (a's residual) go NHWC; "c" (read by relu) does not, so neither does its residual "c_s",
  // and "stem" (a 3x3 layer's output) and the reduce outputs (read by 3x3 layers) stay NCHW.
  EXPECT_EQ(
      Formats(*run.program),
      (std::vector<std::string>{"a_s: NCHW -> NHWC", "a: NCHW -> NHWC", "b_r: NHWC -> NCHW",
                                "b: NCHW -> NHWC", "c_r: NHWC -> NCHW", "c_s: NHWC -> NCHW"}));
  const framework::BlockDesc& block = run.program->Block(0);
  EXPECT_EQ(block.FindVar("a")->GetShape(), (std::vector<int64_t>{-1, 12, 12, 256}));
  EXPECT_EQ(block.FindVar("a_s")->GetShape(), (std::vector<int64_t>{-1, 12, 12, 256}));
  EXPECT_EQ(block.FindVar("b")->GetShape(), (std::vector<int64_t>{-1, 12, 12, 256}));
  EXPECT_EQ(block.FindVar("b_r")->GetShape(), (std::vector<int64_t>{-1, 128, 12, 12}));
  EXPECT_EQ(block.FindVar("c")->GetShape(), (std::vector<int64_t>{-1, 512, 6, 6}));
  ExpectTheSameBits(p, *run.program);
}

TEST(ConvLayoutPass, StridedLayersAndLayersOfFewChannels) {
  if (!PixelMajorHere()) GTEST_SKIP() << "no pixel-major kernel here";
  // The third block's output "c" read by a fourth block's 1x1 layers: "c" and its strided
  // shortcut "c_s" (from NHWC "b") go NHWC too; the fourth block's output (read by relu) and so
  // its shortcut stay NCHW.
  const framework::ProgramDesc p = Blocks(true);
  PassRun run = RunPassTwice(p, kPass, {"out"});
  EXPECT_EQ(
      Formats(*run.program),
      (std::vector<std::string>{"a_s: NCHW -> NHWC", "a: NCHW -> NHWC", "b_r: NHWC -> NCHW",
                                "b: NCHW -> NHWC", "c_r: NHWC -> NCHW", "c_s: NHWC -> NHWC",
                                "c: NCHW -> NHWC", "d_r: NHWC -> NCHW", "d_s: NHWC -> NCHW"}));
  EXPECT_EQ(run.program->Block(0).FindVar("c_s")->GetShape(),
            (std::vector<int64_t>{-1, 6, 6, 512}));
  ExpectTheSameBits(p, *run.program);

  // With 32 channels inside the blocks (fewer than 64), their last layers (32 -> 256 from the 3x3
  // layers' NCHW output) write NCHW, and so do the layers chained to them by residuals; with 64
  // (ResNet-50's first stage) they write NHWC as with 128.
  run = RunPassTwice(Blocks(true, 32), kPass, {"out"});
  EXPECT_FALSE(run.changed);
  const framework::ProgramDesc p64 = Blocks(true, 64);
  run = RunPassTwice(p64, kPass, {"out"});
  EXPECT_EQ(
      Formats(*run.program),
      (std::vector<std::string>{"a_s: NCHW -> NHWC", "a: NCHW -> NHWC", "b_r: NHWC -> NCHW",
                                "b: NCHW -> NHWC", "c_r: NHWC -> NCHW", "c_s: NHWC -> NHWC",
                                "c: NCHW -> NHWC", "d_r: NHWC -> NCHW", "d_s: NHWC -> NCHW"}));
  ExpectTheSameBits(p64, *run.program);

  // A strided 1x1 layer (the shortcut "a_s") writes NHWC from an NCHW input (the stem's) too.
  framework::ProgramDesc q;
  ProgramBuilder b(&q);
  b.Data("x", {-1, 16, 12, 12});
  Conv(&b, "x", "stem", 16, 128, 3, 1);
  Bottleneck(&b, "stem", "a", 128, 128, 256, 2, true);
  Bottleneck(&b, "a", "b", 256, 128, 256, 1, true);
  b.Op("relu", {{"X", {"b"}}}, {{"Out", {"out"}}});
  run = RunPassTwice(q, kPass, {"out"});
  EXPECT_EQ(Formats(*run.program),
            (std::vector<std::string>{"a_s: NCHW -> NHWC", "a: NCHW -> NHWC", "b_r: NHWC -> NCHW",
                                      "b_s: NHWC -> NCHW"}));
  EXPECT_EQ(run.program->Block(0).FindVar("a_s")->GetShape(),
            (std::vector<int64_t>{-1, 6, 6, 256}));
  ExpectTheSameBits(q, *run.program);
}

TEST(ConvLayoutPass, ActivationsReadOrKeptElsewhereStayNchw) {
  if (!PixelMajorHere()) GTEST_SKIP() << "no pixel-major kernel here";
  // A block's output and its residual share a layout, so the outputs of blocks chained by their
  // residuals ("a_s", "a", "b") go NHWC together or not at all: "a" fetched, or "b" also read by
  // another op, keeps all three NCHW, and with them the layers reading them.
  const framework::ProgramDesc p = Blocks();
  PassRun run = RunPassTwice(p, kPass, {"out", "a"});
  EXPECT_FALSE(run.changed);
  framework::ProgramDesc q = Blocks();
  ProgramBuilder(&q).Op("relu", {{"X", {"b"}}}, {{"Out", {"b2"}}});
  run = RunPassTwice(q, kPass, {"out", "b2"});
  EXPECT_FALSE(run.changed);
  // "a_s" fed instead of computed (an input of the program): the same.
  framework::ProgramDesc r;
  ProgramBuilder b(&r);
  b.Data("x", {-1, 16, 12, 12});
  b.Data("a_s", {-1, 256, 12, 12});
  Conv(&b, "x", "stem", 16, 64, 3, 1);
  Conv(&b, "stem", "a_r", 64, 128, 1, 1);
  Conv(&b, "a_r", "a_m", 128, 128, 3, 1);
  Conv(&b, "a_m", "a", 128, 256, 1, 1, "a_s");
  Bottleneck(&b, "a", "b", 256, 128, 256, 1, false);
  b.Op("relu", {{"X", {"b"}}}, {{"Out", {"out"}}});
  run = RunPassTwice(r, kPass, {"out"});
  EXPECT_FALSE(run.changed);
}

}  // namespace test
}  // namespace paddle
