// Wire compatibility of ProgramDesc/BlockDesc/OpDesc/VarDesc with PaddlePaddle's
// framework.proto: field numbers checked against hand-encoded bytes (paddle_compat.md §1a),
// parse errors, byte-identical round trips, feed/fetch target discovery.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/framework/attribute.h"
#include "paddle/framework/block_desc.h"
#include "proto/framework.pb.h"

namespace paddle {
namespace framework {
namespace {

std::string Bytes(std::initializer_list<int> values) {
  std::string out;
  for (int v : values) out.push_back(static_cast<char>(v));
  return out;
}

// Varint of int32 -1 (sign-extended to 64 bits: ten bytes).
std::string MinusOne() {
  return Bytes({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01});
}

// ProgramDesc{ blocks{ idx 0, parent_idx -1, vars{ x: FP32 [2, 3] },
//                      ops{ relu X=[x] Out=[y] }, forward_block_idx -1 }, version{5} }
std::string HandEncodedProgram() {
  // OpDesc.Var{parameter "X" (1), arguments "x" (2)}
  std::string op_input = Bytes({0x0a, 0x01, 'X', 0x12, 0x01, 'x'});
  std::string op_output = Bytes({0x0a, 0x03, 'O', 'u', 't', 0x12, 0x01, 'y'});
  std::string op = Bytes({0x0a, 0x06}) + op_input +  // inputs = 1
                   Bytes({0x12, 0x08}) + op_output +  // outputs = 2
                   Bytes({0x1a, 0x04, 'r', 'e', 'l', 'u'});  // type = 3
  EXPECT_EQ(op.size(), 24u);
  // TensorDesc{data_type FP32 (5) = 1, dims 2, 3 = 2 (unpacked)}
  std::string tensor_desc = Bytes({0x08, 0x05, 0x10, 0x02, 0x10, 0x03});
  std::string lod_tensor_desc = Bytes({0x0a, 0x06}) + tensor_desc;  // tensor = 1
  std::string var_type = Bytes({0x08, 0x07}) +                       // type LOD_TENSOR = 1
                         Bytes({0x1a, 0x08}) + lod_tensor_desc;      // lod_tensor = 3
  std::string var = Bytes({0x0a, 0x01, 'x'}) +                        // name = 1
                    Bytes({0x12, 0x0c}) + var_type;                  // type = 2
  EXPECT_EQ(var.size(), 17u);
  std::string block = Bytes({0x08, 0x00}) +                // idx = 1
                      Bytes({0x10}) + MinusOne() +         // parent_idx = 2
                      Bytes({0x1a, 0x11}) + var +          // vars = 3
                      Bytes({0x22, 0x18}) + op +           // ops = 4
                      Bytes({0x28}) + MinusOne();          // forward_block_idx = 5
  EXPECT_EQ(block.size(), 69u);
  return Bytes({0x0a, 0x45}) + block +          // blocks = 1
         Bytes({0x22, 0x02, 0x08, 0x05});       // version = 4 { version = 1 }
}

TEST(ProgramDescWire, SerializedProgramParsesWithRawProtobufClasses) {
  ProgramDesc program;
  BlockDesc* block = program.MutableBlock(0);
  VarDesc* x = block->Var("x");
  x->SetShape({-1, 3});
  x->SetDataType(proto::VarType::FP64);
  x->SetPersistable(true);
  OpDesc* op = block->AppendOp();
  op->SetType("scale");
  op->SetInput("X", {"x"});
  op->SetOutput("Out", {"y"});
  op->SetAttr("scale", 2.5f);
  op->SetAttr("shape", std::vector<int64_t>{4, -1});

  proto::ProgramDesc parsed;
  ASSERT_TRUE(parsed.ParseFromString(program.Serialize()));
  ASSERT_EQ(parsed.blocks_size(), 1);
  const proto::BlockDesc& b = parsed.blocks(0);
  EXPECT_EQ(b.idx(), 0);
  EXPECT_EQ(b.parent_idx(), -1);
  ASSERT_EQ(b.vars_size(), 1);
  EXPECT_EQ(b.vars(0).name(), "x");
  EXPECT_TRUE(b.vars(0).persistable());
  EXPECT_EQ(b.vars(0).type().type(), proto::VarType::LOD_TENSOR);
  const auto& td = b.vars(0).type().lod_tensor().tensor();
  EXPECT_EQ(td.data_type(), proto::VarType::FP64);
  ASSERT_EQ(td.dims_size(), 2);
  EXPECT_EQ(td.dims(0), -1);
  EXPECT_EQ(td.dims(1), 3);
  ASSERT_EQ(b.ops_size(), 1);
  const proto::OpDesc& o = b.ops(0);
  EXPECT_EQ(o.type(), "scale");
  ASSERT_EQ(o.inputs_size(), 1);
  EXPECT_EQ(o.inputs(0).parameter(), "X");
  ASSERT_EQ(o.inputs(0).arguments_size(), 1);
  EXPECT_EQ(o.inputs(0).arguments(0), "x");
  ASSERT_EQ(o.outputs_size(), 1);
  EXPECT_EQ(o.outputs(0).parameter(), "Out");
  EXPECT_EQ(o.outputs(0).arguments(0), "y");
  ASSERT_EQ(o.attrs_size(), 2);
  // Attrs sorted by name, as PaddlePaddle's OpDesc::Flush writes them.
  EXPECT_EQ(o.attrs(0).name(), "scale");
  EXPECT_EQ(o.attrs(0).type(), proto::FLOAT);
  EXPECT_FLOAT_EQ(o.attrs(0).f(), 2.5f);
  EXPECT_EQ(o.attrs(1).name(), "shape");
  EXPECT_EQ(o.attrs(1).type(), proto::LONGS);
  ASSERT_EQ(o.attrs(1).longs_size(), 2);
  EXPECT_EQ(o.attrs(1).longs(1), -1);
}

TEST(ProgramDescWire, AttrFieldNumbersMatchHandEncoding) {
  // OpDesc.Attr{name "a" (1), type INT = 0 (2), i 3 (3)}
  const std::string bytes = Bytes({0x0a, 0x01, 'a', 0x10, 0x00, 0x18, 0x03});
  proto::OpDesc::Attr attr;
  ASSERT_TRUE(attr.ParseFromString(bytes));
  EXPECT_EQ(attr.name(), "a");
  EXPECT_EQ(attr.type(), proto::INT);
  EXPECT_EQ(attr.i(), 3);
  EXPECT_EQ(MakeAttr("a", 3).SerializeAsString(), bytes);

  // LONGS = 11, longs = 15, written unpacked: tag (15 << 3 | 0) = 0x78 per element.
  EXPECT_EQ(MakeAttr("l", std::vector<int64_t>{1, 2}).SerializeAsString(),
            Bytes({0x0a, 0x01, 'l', 0x10, 0x0b, 0x78, 0x01, 0x78, 0x02}));
  // BOOLEAN = 6, b = 10: tag 0x50.
  EXPECT_EQ(MakeAttr("b", true).SerializeAsString(),
            Bytes({0x0a, 0x01, 'b', 0x10, 0x06, 0x50, 0x01}));
  // LONG = 9, l = 13: tag 0x68.
  EXPECT_EQ(MakeAttr("n", int64_t{5}).SerializeAsString(),
            Bytes({0x0a, 0x01, 'n', 0x10, 0x09, 0x68, 0x05}));
  // STRINGS = 5, strings = 8: tag 0x42.
  EXPECT_EQ(MakeAttr("s", std::vector<std::string>{"p"}).SerializeAsString(),
            Bytes({0x0a, 0x01, 's', 0x10, 0x05, 0x42, 0x01, 'p'}));
  // BLOCK = 8, block_idx = 12: tag 0x60.
  EXPECT_EQ(MakeAttr("sub_block", BlockRef{1}).SerializeAsString(),
            Bytes({0x0a, 0x09, 's', 'u', 'b', '_', 'b', 'l', 'o', 'c', 'k', 0x10, 0x08, 0x60, 0x01}));
}

TEST(ProgramDescWire, ParsesHandEncodedProgram) {
  auto program = ProgramDesc::Parse(HandEncodedProgram());
  ASSERT_EQ(program->Size(), 1u);
  EXPECT_EQ(program->Version(), 5);
  const BlockDesc& block = program->Block(0);
  EXPECT_EQ(block.ID(), 0);
  EXPECT_EQ(block.Parent(), -1);
  const VarDesc* x = block.FindVar("x");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->GetType(), proto::VarType::LOD_TENSOR);
  EXPECT_EQ(x->GetDataType(), proto::VarType::FP32);
  EXPECT_EQ(x->GetShape(), (std::vector<int64_t>{2, 3}));
  EXPECT_FALSE(x->Persistable());
  ASSERT_EQ(block.OpSize(), 1u);
  EXPECT_EQ(block.Op(0)->Type(), "relu");
  EXPECT_EQ(block.Op(0)->Input("X"), (std::vector<std::string>{"x"}));
  EXPECT_EQ(block.Op(0)->Output("Out"), (std::vector<std::string>{"y"}));
}

TEST(ProgramDescWire, SerializeEqualsHandEncodedBytes) {
  ProgramDesc program;
  program.SetVersion(5);
  BlockDesc* block = program.MutableBlock(0);
  VarDesc* x = block->Var("x");
  x->SetShape({2, 3});
  x->SetDataType(proto::VarType::FP32);
  OpDesc* op = block->AppendOp();
  op->SetType("relu");
  op->SetOutput("Out", {"y"});
  op->SetInput("X", {"x"});
  EXPECT_EQ(program.Serialize(), HandEncodedProgram());
}

TEST(ProgramDescWire, SlotsAreWrittenSortedByName) {
  OpDesc op("elementwise_add");
  op.SetInput("Y", {"b"});
  op.SetInput("X", {"a"});
  op.SetAttr("z_attr", 1);
  op.SetAttr("axis", -1);
  proto::OpDesc desc = op.ToProto();
  ASSERT_EQ(desc.inputs_size(), 2);
  EXPECT_EQ(desc.inputs(0).parameter(), "X");
  EXPECT_EQ(desc.inputs(1).parameter(), "Y");
  ASSERT_EQ(desc.attrs_size(), 2);
  EXPECT_EQ(desc.attrs(0).name(), "axis");
  EXPECT_EQ(desc.attrs(1).name(), "z_attr");
}

void ExpectParseFails(const std::string& bytes, const std::string& part) {
  try {
    ProgramDesc::Parse(bytes);
    ADD_FAILURE() << "expected InvalidArgumentError for " << bytes.size() << " bytes";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(ProgramDescWire, ParseRejectsGarbage) {
  ExpectParseFails(Bytes({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}),
                   "ProgramDesc");
  ExpectParseFails(Bytes({0x0a, 0x05, 0x08}), "ProgramDesc");  // length runs past the end
  ExpectParseFails(Bytes({0x0f}), "ProgramDesc");                // wire type 7 does not exist
  // Truncating a valid program anywhere inside the block must fail too.
  std::string good = HandEncodedProgram();
  ExpectParseFails(good.substr(0, good.size() - 10), "ProgramDesc");
}

TEST(ProgramDescWire, ParseRejectsMissingRequiredFields) {
  // blocks{ idx 0 } without the required parent_idx.
  ExpectParseFails(Bytes({0x0a, 0x02, 0x08, 0x00}), "parent_idx");
  // blocks{ idx 0, parent_idx -1, ops{ inputs{ parameter "X" } } } without the op's type.
  std::string block = Bytes({0x08, 0x00, 0x10}) + MinusOne() +
                      Bytes({0x22, 0x05, 0x0a, 0x03, 0x0a, 0x01, 'X'});
  ExpectParseFails(Bytes({0x0a, static_cast<int>(block.size())}) + block, "type");
  // A block whose idx does not match its position.
  std::string bad_idx = Bytes({0x08, 0x01, 0x10}) + MinusOne();
  ExpectParseFails(Bytes({0x0a, static_cast<int>(bad_idx.size())}) + bad_idx, "idx");
}

ProgramDesc RichProgram() {
  ProgramDesc program;
  program.SetVersion(2006000);
  BlockDesc* root = program.MutableBlock(0);
  for (const char* name : {"x", "w", "out", "cond"}) {
    VarDesc* v = root->Var(name);
    v->SetShape({-1, 4});
    v->SetDataType(proto::VarType::FP32);
  }
  root->FindVar("w")->SetPersistable(true);
  root->FindVar("w")->SetIsParameter(true);
  root->FindVar("x")->SetStopGradient(true);
  root->FindVar("x")->SetNeedCheckFeed(true);
  VarDesc* feed = root->Var("feed");
  feed->SetType(proto::VarType::FEED_MINIBATCH);
  BlockDesc* sub = program.AppendBlock(*root);
  sub->Var("inner")->SetShape({3});
  OpDesc* inner = sub->AppendOp();
  inner->SetType("relu");
  inner->SetInput("X", {"x"});
  inner->SetOutput("Out", {"inner"});

  OpDesc* op = root->AppendOp();
  op->SetType("custom");
  op->SetInput("X", {"x", "w"});
  op->SetOutput("Out", {"out"});
  op->SetAttr("i", -7);
  op->SetAttr("l", int64_t{1} << 40);
  op->SetAttr("f", 0.25f);
  op->SetAttr("d", 1e-300);
  op->SetAttr("s", "text");
  op->SetAttr("b", false);
  op->SetAttr("ints", std::vector<int>{1, -2, 3});
  op->SetAttr("longs", std::vector<int64_t>{-1});
  op->SetAttr("floats", std::vector<float>{0.5f, 1.5f});
  op->SetAttr("doubles", std::vector<double>{2.5});
  op->SetAttr("bools", std::vector<bool>{true, false});
  op->SetAttr("strings", std::vector<std::string>{"a", ""});
  op->SetAttr("sub_block", BlockRef{1});
  op->SetIsTarget(true);
  return program;
}

TEST(ProgramDescWire, RoundTripIsByteIdentical) {
  ProgramDesc program = RichProgram();
  const std::string first = program.Serialize();
  auto parsed = ProgramDesc::Parse(first);
  EXPECT_EQ(parsed->Serialize(), first);
  ASSERT_EQ(parsed->Size(), 2u);
  EXPECT_EQ(parsed->Version(), 2006000);
  EXPECT_EQ(parsed->Block(1).Parent(), 0);
  const OpDesc* op = parsed->Block(0).Op(0);
  EXPECT_TRUE(op->IsTarget());
  EXPECT_EQ(op->GetAttrAs<int>("i"), -7);
  EXPECT_EQ(op->GetAttrAs<int64_t>("l"), int64_t{1} << 40);
  EXPECT_EQ(op->GetAttrAs<std::vector<int>>("ints"), (std::vector<int>{1, -2, 3}));
  EXPECT_EQ(op->GetAttrAs<std::string>("s"), "text");
  EXPECT_EQ(op->Input("X"), (std::vector<std::string>{"x", "w"}));
  EXPECT_EQ(parsed->Block(0).FindVar("feed")->GetType(), proto::VarType::FEED_MINIBATCH);
  EXPECT_TRUE(parsed->Block(0).FindVar("w")->IsParameter());
  EXPECT_TRUE(parsed->Block(0).FindVar("x")->NeedCheckFeed());
  // A copy serializes the same as well.
  ProgramDesc copy(*parsed);
  EXPECT_EQ(copy.Serialize(), first);
}

TEST(ProgramDescWire, FindVarRecursiveLooksThroughParentBlocks) {
  ProgramDesc program = RichProgram();
  BlockDesc* sub = program.MutableBlock(1);
  EXPECT_EQ(sub->FindVar("x"), nullptr);
  ASSERT_NE(sub->FindVarRecursive("x"), nullptr);
  EXPECT_EQ(sub->FindVarRecursive("x"), program.MutableBlock(0)->FindVar("x"));
  EXPECT_EQ(program.MutableBlock(0)->FindVarRecursive("inner"), nullptr);
}

TEST(ProgramDescWire, FeedAndFetchTargetsOrderByCol) {
  ProgramDesc program;
  BlockDesc* block = program.MutableBlock(0);
  // Feed ops physically in reverse column order.
  const char* feeds[] = {"c", "b", "a"};
  for (int i = 0; i < 3; ++i) {
    OpDesc* op = block->AppendOp();
    op->SetType("feed");
    op->SetInput("X", {"feed"});
    op->SetOutput("Out", {feeds[i]});
    op->SetAttr("col", 2 - i);
  }
  OpDesc* mid = block->AppendOp();
  mid->SetType("relu");
  mid->SetInput("X", {"a"});
  mid->SetOutput("Out", {"r"});
  const char* fetches[] = {"second", "first"};
  for (int i = 0; i < 2; ++i) {
    OpDesc* op = block->AppendOp();
    op->SetType("fetch");
    op->SetInput("X", {fetches[i]});
    op->SetOutput("Out", {"fetch"});
    op->SetAttr("col", 1 - i);
  }
  EXPECT_EQ(program.GetFeedTargetNames(), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(program.GetFetchTargetNames(), (std::vector<std::string>{"first", "second"}));
  auto parsed = ProgramDesc::Parse(program.Serialize());
  EXPECT_EQ(parsed->GetFeedTargetNames(), (std::vector<std::string>{"a", "b", "c"}));
}

TEST(BlockDescOps, InsertRemoveRenameKeepOpsConsistent) {
  ProgramDesc program;
  BlockDesc* block = program.MutableBlock(0);
  block->Var("a");
  OpDesc* second = block->AppendOp();
  second->SetType("relu");
  second->SetInput("X", {"a"});
  second->SetOutput("Out", {"b"});
  OpDesc* first = block->PrependOp();
  first->SetType("scale");
  first->SetOutput("Out", {"a"});
  ASSERT_EQ(block->OpSize(), 2u);
  EXPECT_EQ(block->Op(0)->Type(), "scale");
  EXPECT_EQ(block->Op(1)->Type(), "relu");
  block->RenameVar("a", "a2");
  EXPECT_EQ(block->FindVar("a"), nullptr);
  ASSERT_NE(block->FindVar("a2"), nullptr);
  EXPECT_EQ(block->Op(0)->Output("Out"), (std::vector<std::string>{"a2"}));
  EXPECT_EQ(block->Op(1)->Input("X"), (std::vector<std::string>{"a2"}));
  EXPECT_THROW(block->RenameVar("missing", "z"), common::NotFoundError);
  EXPECT_THROW(block->InsertOp(5), common::OutOfRangeError);
  EXPECT_THROW(block->RemoveOps(1, 3), common::OutOfRangeError);
  block->RemoveOps(0, 1);
  ASSERT_EQ(block->OpSize(), 1u);
  EXPECT_EQ(block->Op(0)->Type(), "relu");
  EXPECT_THROW(block->Op(0)->GetAttr("nope"), common::NotFoundError);
}

}  // namespace
}  // namespace framework
}  // namespace paddle
