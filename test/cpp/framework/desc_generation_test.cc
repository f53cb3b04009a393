// The identity of program descs: a uid never reused (copies get new ones) and a generation
// that every mutator of the program, its blocks, ops and vars bumps, so that caches keyed by
// (uid, generation) can never run a stale build. One case per mutator.
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "paddle/framework/attribute.h"
#include "paddle/framework/block_desc.h"

namespace paddle {
namespace framework {
namespace {

struct Fixture {
  ProgramDesc program;
  BlockDesc* block;
  OpDesc* op;
  VarDesc* var;
  Fixture() {
    block = program.MutableBlock(0);
    var = block->Var("x");
    var->SetShape({2, 3});
    block->Var("y");
    op = block->AppendOp();
    op->SetType("relu");
    op->SetInput("X", {"x"});
    op->SetOutput("Out", {"y"});
    op->SetAttr("alpha", 1.0f);
  }
};

TEST(DescGeneration, EveryMutatorBumpsTheGeneration) {
  const std::vector<std::pair<std::string, std::function<void(Fixture*)>>> mutators = {
      {"ProgramDesc::AppendBlock", [](Fixture* f) { f->program.AppendBlock(*f->block); }},
      {"ProgramDesc::SetVersion", [](Fixture* f) { f->program.SetVersion(7); }},
      {"ProgramDesc::operator=", [](Fixture* f) { f->program = ProgramDesc(); }},
      {"BlockDesc::Var (new)", [](Fixture* f) { f->block->Var("z"); }},
      {"BlockDesc::RemoveVar", [](Fixture* f) { f->block->RemoveVar("y"); }},
      {"BlockDesc::RenameVar", [](Fixture* f) { f->block->RenameVar("y", "y2"); }},
      {"BlockDesc::AppendOp", [](Fixture* f) { f->block->AppendOp(); }},
      {"BlockDesc::PrependOp", [](Fixture* f) { f->block->PrependOp(); }},
      {"BlockDesc::InsertOp", [](Fixture* f) { f->block->InsertOp(1); }},
      {"BlockDesc::RemoveOps", [](Fixture* f) { f->block->RemoveOps(0, 1); }},
      {"BlockDesc::SetForwardBlockID", [](Fixture* f) { f->block->SetForwardBlockID(0); }},
      {"OpDesc::SetType", [](Fixture* f) { f->op->SetType("tanh"); }},
      {"OpDesc::SetInput", [](Fixture* f) { f->op->SetInput("X", {"y"}); }},
      {"OpDesc::SetOutput", [](Fixture* f) { f->op->SetOutput("Out", {"x"}); }},
      {"OpDesc::RemoveInput", [](Fixture* f) { f->op->RemoveInput("X"); }},
      {"OpDesc::RemoveOutput", [](Fixture* f) { f->op->RemoveOutput("Out"); }},
      {"OpDesc::RenameInput", [](Fixture* f) { f->op->RenameInput("x", "w"); }},
      {"OpDesc::RenameOutput", [](Fixture* f) { f->op->RenameOutput("y", "w"); }},
      {"OpDesc::SetAttr(Attr)", [](Fixture* f) { f->op->SetAttr(MakeAttr("alpha", 2.0f)); }},
      {"OpDesc::SetAttr<T>", [](Fixture* f) { f->op->SetAttr("beta", 3); }},
      {"OpDesc::RemoveAttr", [](Fixture* f) { f->op->RemoveAttr("alpha"); }},
      {"OpDesc::SetIsTarget", [](Fixture* f) { f->op->SetIsTarget(true); }},
      {"OpDesc::operator=", [](Fixture* f) { *f->op = OpDesc("tanh"); }},
      {"VarDesc::SetName", [](Fixture* f) { f->var->SetName("x"); }},
      {"VarDesc::SetType", [](Fixture* f) { f->var->SetType(proto::VarType::LOD_TENSOR_ARRAY); }},
      {"VarDesc::SetShape", [](Fixture* f) { f->var->SetShape({4}); }},
      {"VarDesc::SetDataType", [](Fixture* f) { f->var->SetDataType(proto::VarType::FP64); }},
      {"VarDesc::SetLoDLevel", [](Fixture* f) { f->var->SetLoDLevel(1); }},
      {"VarDesc::SetPersistable", [](Fixture* f) { f->var->SetPersistable(true); }},
      {"VarDesc::SetNeedCheckFeed", [](Fixture* f) { f->var->SetNeedCheckFeed(true); }},
      {"VarDesc::SetIsParameter", [](Fixture* f) { f->var->SetIsParameter(true); }},
      {"VarDesc::SetStopGradient", [](Fixture* f) { f->var->SetStopGradient(true); }},
      {"VarDesc::MutableProto (raw tensor desc)",
       [](Fixture* f) { f->var->MutableProto()->mutable_type()->mutable_lod_tensor(); }},
  };
  for (const auto& [name, mutate] : mutators) {
    Fixture f;
    uint64_t uid = f.program.uid(), before = f.program.generation();
    mutate(&f);
    EXPECT_GT(f.program.generation(), before) << name << " did not bump the generation";
    EXPECT_EQ(f.program.uid(), uid) << name << " changed the program's identity";
  }
}

TEST(DescGeneration, ReadsDoNotBump) {
  Fixture f;
  uint64_t before = f.program.generation();
  f.program.Serialize();
  f.block->FindVar("x")->GetShape();
  f.block->Var("x");  // existing: a lookup
  f.op->Input("X");
  f.op->GetAttr("alpha");
  f.var->Proto();
  EXPECT_EQ(f.program.generation(), before);
}

TEST(DescGeneration, UidsAreNeverReusedAndCopiesAreDetached) {
  std::set<uint64_t> seen;
  for (int i = 0; i < 100; ++i) {
    ProgramDesc p;  // constructed at the same address each time, likely
    EXPECT_TRUE(seen.insert(p.uid()).second) << "uid " << p.uid() << " reused";
  }
  Fixture f;
  ProgramDesc copy(f.program);
  EXPECT_NE(copy.uid(), f.program.uid());
  uint64_t before = f.program.generation();
  copy.MutableBlock(0)->Op(0)->SetType("tanh");  // the copy's ops belong to the copy
  OpDesc detached(*f.op);                          // a copied op belongs to no block
  detached.SetType("sigmoid");
  EXPECT_EQ(f.program.generation(), before);
  EXPECT_EQ(f.op->Type(), "relu");
  // A parsed program's ops and vars report to the parsed program.
  auto parsed = ProgramDesc::Parse(f.program.Serialize());
  uint64_t parsed_before = parsed->generation();
  parsed->MutableBlock(0)->FindVar("x")->SetShape({9});
  parsed->MutableBlock(0)->Op(0)->SetAttr("alpha", 5.0f);
  EXPECT_EQ(parsed->generation(), parsed_before + 2);
}

}  // namespace
}  // namespace framework
}  // namespace paddle
