// Tests of mbconv_layout_pass: consecutive fused_mbconv blocks that run pixel-major hand each
// other NHWC activations (the writer's output_format, the readers' data_format and the
// variable's declared shape change), with the bits of the NCHW program; fetched activations,
// other readers, residuals read in another layout and blocks that do not run pixel-major keep
// NCHW.
#include <gtest/gtest.h>

#include "paddle/framework/attribute.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"
#include "test/cpp/ir/fusion_test_util.h"

namespace paddle {
namespace test {

using framework::MakeAttr;

namespace {

constexpr char kPass[] = "mbconv_layout_pass";

struct Block {
  std::string in, out;
  int64_t in_channels = 16, hidden = 48, out_channels = 16;
  int stride = 1;
  std::string residual;  // the ResidualData variable, if any
  bool gate = false;
  int64_t expand_kernel = 1;  // 3: a stem (3x3 / 2) as the expansion
};

// Appends fused_mbconv `blk` (its parameters named after its output).
void AddBlock(ProgramBuilder* b, const Block& blk) {
  const std::string p = blk.out + "_";
  b->Param(p + "fe", {blk.hidden, blk.in_channels, blk.expand_kernel, blk.expand_kernel});
  b->Param(p + "be", {blk.hidden});
  b->Param(p + "fd", {blk.hidden, 1, 3, 3});
  b->Param(p + "bd", {blk.hidden});
  b->Param(p + "fp", {blk.out_channels, blk.hidden, 1, 1});
  b->Param(p + "bp", {blk.out_channels});
  std::map<std::string, std::vector<std::string>> in = {
      {"Input", {blk.in}},           {"ExpandFilter", {p + "fe"}},
      {"ExpandBias", {p + "be"}},    {"DepthwiseFilter", {p + "fd"}},
      {"DepthwiseBias", {p + "bd"}}, {"ProjectFilter", {p + "fp"}},
      {"ProjectBias", {p + "bp"}}};
  if (!blk.residual.empty()) in["ResidualData"] = {blk.residual};
  if (blk.gate) {
    b->Param(p + "fs", {8, blk.hidden, 1, 1});
    b->Param(p + "fx", {blk.hidden, 8, 1, 1});
    in["SqueezeFilter"] = {p + "fs"};
    in["ExciteFilter"] = {p + "fx"};
  }
  std::vector<framework::Attr> attrs = {
      MakeAttr("strides", std::vector<int>{blk.stride, blk.stride}),
      MakeAttr("paddings", std::vector<int>{1, 1}),
      MakeAttr("expand_activation", std::string("hard_swish")),
      MakeAttr("depthwise_activation", std::string("relu6")), MakeAttr("depthwise_beta", 6.0f)};
  if (blk.gate) attrs.push_back(MakeAttr("squeeze_activation", std::string("relu")));
  if (blk.expand_kernel == 3) {
    attrs.push_back(MakeAttr("expand_strides", std::vector<int>{2, 2}));
    attrs.push_back(MakeAttr("expand_paddings", std::vector<int>{1, 1}));
  }
  b->Op("fused_mbconv", in, {{"Output", {blk.out}}}, attrs);
}

// x [-1, channels, size, size] through `blocks`, then relu of the last one's output into "out".
framework::ProgramDesc Chain(const std::vector<Block>& blocks, int64_t channels = 8,
                             int64_t size = 14) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {-1, channels, size, size});
  for (const Block& blk : blocks) AddBlock(&b, blk);
  b.Op("relu", {{"X", {blocks.back().out}}}, {{"Out", {"out"}}});
  return p;
}

std::string Format(const framework::ProgramDesc& p, size_t op, const char* attr) {
  const framework::OpDesc& desc = *p.Block(0).Op(op);
  return desc.HasAttr(attr) ? desc.GetAttrAs<std::string>(attr) : "NCHW";
}

// Each block's (data_format, output_format), in program order.
std::vector<std::string> Formats(const framework::ProgramDesc& p) {
  std::vector<std::string> formats;
  for (size_t i = 0; i < p.Block(0).OpSize(); ++i) {
    if (p.Block(0).Op(i)->Type() != "fused_mbconv") continue;
    formats.push_back(Format(p, i, "data_format") + " -> " + Format(p, i, "output_format"));
  }
  return formats;
}

void ExpectTheSameBits(const framework::ProgramDesc& before, const framework::ProgramDesc& after,
                       int64_t channels = 8, int64_t size = 14) {
  framework::Scope params, s1, s2;
  RandomParams(before, &params, 21);
  CopyVars(params, &s1, PersistableNames(before));
  CopyVars(params, &s2, PersistableNames(after));
  const std::vector<std::pair<std::string, phi::DenseTensor>> feeds = {
      {"x", RandomFloat({2, channels, size, size}, 22)}};
  auto want = RunProgram(before, &s1, feeds, {"out"});
  auto got = RunProgram(after, &s2, feeds, {"out"});
  ExpectClose(got[0], want[0], 0.0f);
}

// 8 -> 16 channels (no residual), then two 16 -> 16 blocks with a residual, the second gated.
std::vector<Block> ThreeBlocks() {
  Block a{"x", "a"};
  a.in_channels = 8, a.hidden = 24;
  Block b{"a", "b"};
  b.residual = "a";
  Block c{"b", "c"};
  c.residual = "b", c.gate = true;
  return {a, b, c};
}

}  // namespace

TEST(MbconvLayoutPass, ConsecutiveBlocksHandEachOtherNhwcWithTheSameBits) {
  if (!phi::funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no pixel-major kernel here";
  const framework::ProgramDesc p = Chain(ThreeBlocks());
  PassRun run = RunPassTwice(p, kPass, {"out"});
  EXPECT_TRUE(run.changed);
  EXPECT_FALSE(run.changed_again);
  EXPECT_EQ(OpTypes(*run.program),
            (std::vector<std::string>{"fused_mbconv", "fused_mbconv", "fused_mbconv", "relu"}));
  EXPECT_EQ(Formats(*run.program),
            (std::vector<std::string>{"NCHW -> NHWC", "NHWC -> NHWC", "NHWC -> NCHW"}));
  const framework::BlockDesc& block = run.program->Block(0);
  EXPECT_EQ(block.FindVar("a")->GetShape(), (std::vector<int64_t>{-1, 14, 14, 16}));
  EXPECT_EQ(block.FindVar("b")->GetShape(), (std::vector<int64_t>{-1, 14, 14, 16}));
  EXPECT_EQ(block.FindVar("c")->GetShape(), (std::vector<int64_t>{-1, 16, 14, 14}));
  ExpectTheSameBits(p, *run.program);

  // Stride 2 in the middle: 14 x 14 -> 7 x 7, still NHWC between the blocks.
  std::vector<Block> strided = ThreeBlocks();
  strided[1].stride = 2, strided[1].residual.clear(), strided[2].residual = "b";
  const framework::ProgramDesc q = Chain(strided);
  run = RunPassTwice(q, kPass, {"out"});
  EXPECT_EQ(Formats(*run.program),
            (std::vector<std::string>{"NCHW -> NHWC", "NHWC -> NHWC", "NHWC -> NCHW"}));
  EXPECT_EQ(run.program->Block(0).FindVar("b")->GetShape(), (std::vector<int64_t>{-1, 7, 7, 16}));
  ExpectTheSameBits(q, *run.program);
}

TEST(MbconvLayoutPass, AStemBlockWritesNhwcForTheNext) {
  if (!phi::funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no pixel-major kernel here";
  // MobileNetV2's first block (its stem, 3x3 / 2 over the image's 3 channels, as the expansion)
  // computes pixel-major too: its output goes NHWC to the block after it.
  Block stem{"x", "a"};
  stem.in_channels = 3, stem.hidden = 32, stem.expand_kernel = 3;
  Block next{"a", "b"};
  next.residual = "a";
  const framework::ProgramDesc p = Chain({stem, next}, 3, 28);
  PassRun run = RunPassTwice(p, kPass, {"out"});
  EXPECT_TRUE(run.changed);
  EXPECT_EQ(Formats(*run.program), (std::vector<std::string>{"NCHW -> NHWC", "NHWC -> NCHW"}));
  EXPECT_EQ(run.program->Block(0).FindVar("a")->GetShape(), (std::vector<int64_t>{-1, 14, 14, 16}));
  ExpectTheSameBits(p, *run.program, 3, 28);
}

TEST(MbconvLayoutPass, ActivationsReadOrKeptElsewhereStayNchw) {
  if (!phi::funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no pixel-major kernel here";
  // "a" fetched: it stays NCHW, and so does the residual block reading it, whose output it would
  // otherwise write NHWC beside an NCHW residual.
  const framework::ProgramDesc p = Chain(ThreeBlocks());
  PassRun run = RunPassTwice(p, kPass, {"out", "a"});
  EXPECT_FALSE(run.changed);
  EXPECT_EQ(Formats(*run.program),
            (std::vector<std::string>{"NCHW -> NCHW", "NCHW -> NCHW", "NCHW -> NCHW"}));
  // "b" fetched: "a" goes NHWC, "b" stays NCHW.
  run = RunPassTwice(p, kPass, {"out", "b"});
  EXPECT_EQ(Formats(*run.program),
            (std::vector<std::string>{"NCHW -> NHWC", "NHWC -> NCHW", "NCHW -> NCHW"}));
  ExpectTheSameBits(p, *run.program);

  // "a" read as the third block's residual while its input is "b": neither can change layout
  // (the block reads its residual in its input's layout).
  std::vector<Block> blocks = ThreeBlocks();
  blocks[1].residual.clear();
  blocks[2].residual = "a";
  const framework::ProgramDesc q = Chain(blocks);
  run = RunPassTwice(q, kPass, {"out"});
  EXPECT_FALSE(run.changed);

  // A block the kernel does not run pixel-major (20 hidden channels): NCHW on both sides.
  blocks = ThreeBlocks();
  blocks[1].hidden = 20;
  const framework::ProgramDesc r = Chain(blocks);
  run = RunPassTwice(r, kPass, {"out"});
  EXPECT_FALSE(run.changed);

  // "a" also read by another op.
  framework::ProgramDesc s = Chain(ThreeBlocks());
  ProgramBuilder(&s).Op("relu", {{"X", {"a"}}}, {{"Out", {"a2"}}});
  run = RunPassTwice(s, kPass, {"out", "a2"});
  EXPECT_EQ(Formats(*run.program),
            (std::vector<std::string>{"NCHW -> NCHW", "NCHW -> NCHW", "NCHW -> NCHW"}));
}

}  // namespace test
}  // namespace paddle
