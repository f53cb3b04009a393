// BlockDesc: the variables and ordered ops of one block; ProgramDesc: the blocks of a
// program, with (de)serialization in PaddlePaddle's wire format. A ProgramDesc has a uid that
// is never reused and a generation that every mutator of it, its blocks, ops and vars bumps:
// (uid, generation) names one content, the key of every cache of built programs.
#pragma once

#include <atomic>
#include <cstdint>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "paddle/framework/op_desc.h"
#include "paddle/framework/var_desc.h"

namespace paddle {
namespace framework {

class ProgramDesc;

class BlockDesc {
 public:
  BlockDesc(ProgramDesc* program, int idx, int parent_idx);
  BlockDesc(ProgramDesc* program, const proto::BlockDesc& desc);
  BlockDesc(const BlockDesc&) = delete;
  BlockDesc& operator=(const BlockDesc&) = delete;

  int ID() const { return idx_; }
  int Parent() const { return parent_idx_; }
  int ForwardBlockID() const { return forward_block_idx_; }
  void SetForwardBlockID(int idx);
  ProgramDesc* Program() const { return program_; }
  // The enclosing block, or nullptr for the root block.
  BlockDesc* ParentBlock() const;

  // Creates the variable when absent; returns the existing one otherwise.
  VarDesc* Var(const std::string& name);
  VarDesc* FindVar(const std::string& name) const;
  // Looks through enclosing blocks too.
  VarDesc* FindVarRecursive(const std::string& name) const;
  bool HasVar(const std::string& name) const { return var_index_.count(name) > 0; }
  void RemoveVar(const std::string& name);
  void RenameVar(const std::string& old_name, const std::string& new_name);
  std::vector<VarDesc*> AllVars() const;

  OpDesc* AppendOp();
  OpDesc* PrependOp();
  OpDesc* InsertOp(size_t index);
  void RemoveOps(size_t begin, size_t end);  // [begin, end)
  size_t OpSize() const { return ops_.size(); }
  OpDesc* Op(size_t index) const { return ops_.at(index).get(); }
  std::vector<OpDesc*> AllOps() const;

  proto::BlockDesc ToProto() const;

 private:
  ProgramDesc* program_;
  int idx_;
  int parent_idx_;
  int forward_block_idx_ = -1;
  std::vector<std::unique_ptr<VarDesc>> vars_;
  std::unordered_map<std::string, size_t> var_index_;
  std::vector<std::unique_ptr<OpDesc>> ops_;
};

class ProgramDesc {
 public:
  ProgramDesc();
  ProgramDesc(const ProgramDesc& other);
  ProgramDesc& operator=(const ProgramDesc& other);
  // Parses PaddlePaddle's binary ProgramDesc; throws InvalidArgument on corrupt bytes.
  static std::unique_ptr<ProgramDesc> Parse(const std::string& bytes);

  BlockDesc* AppendBlock(const BlockDesc& parent);
  BlockDesc* MutableBlock(size_t idx) { return blocks_.at(idx).get(); }
  const BlockDesc& Block(size_t idx) const { return *blocks_.at(idx); }
  size_t Size() const { return blocks_.size(); }

  int64_t Version() const { return version_; }
  void SetVersion(int64_t v) {
    version_ = v;
    BumpGeneration();
  }

  // Identity of this desc object (a copy gets a new one) and of its current content.
  uint64_t uid() const { return uid_; }
  uint64_t generation() const { return generation_; }
  void BumpGeneration() { ++generation_; }

  proto::ProgramDesc ToProto() const;
  // Deterministic bytes in PaddlePaddle's wire format.
  std::string Serialize() const;
  std::string DebugString() const;

  // Feed and fetch targets, from the feed/fetch ops of block 0 ordered by their `col`.
  std::vector<std::string> GetFeedTargetNames() const;
  std::vector<std::string> GetFetchTargetNames() const;

 private:
  void CopyFrom(const proto::ProgramDesc& desc);
  static uint64_t NextUid();

  std::vector<std::unique_ptr<BlockDesc>> blocks_;
  uint64_t uid_ = NextUid();
  uint64_t generation_ = 0;
  int64_t version_ = 0;
  proto::OpVersionMap op_version_map_;
};

}  // namespace framework
}  // namespace paddle
