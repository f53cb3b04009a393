#include "paddle/framework/block_desc.h"

#include <algorithm>
#include <map>
#include <sstream>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include "paddle/common/errors.h"

namespace paddle {
namespace framework {

BlockDesc::BlockDesc(ProgramDesc* program, int idx, int parent_idx)
    : program_(program), idx_(idx), parent_idx_(parent_idx) {}

BlockDesc::BlockDesc(ProgramDesc* program, const proto::BlockDesc& desc)
    : program_(program),
      idx_(desc.idx()),
      parent_idx_(desc.parent_idx()),
      forward_block_idx_(desc.forward_block_idx()) {
  for (const auto& var : desc.vars()) {
    PD_CHECK(var_index_.count(var.name()) == 0, InvalidArgument,
             "expected unique variable names in block ", idx_, ", but '", var.name(),
             "' appears twice");
    var_index_[var.name()] = vars_.size();
    vars_.push_back(std::make_unique<VarDesc>(var, this));
  }
  for (const auto& op : desc.ops()) ops_.push_back(std::make_unique<OpDesc>(op, this));
}

void BlockDesc::SetForwardBlockID(int idx) {
  forward_block_idx_ = idx;
  program_->BumpGeneration();
}

BlockDesc* BlockDesc::ParentBlock() const {
  return parent_idx_ < 0 ? nullptr : program_->MutableBlock(parent_idx_);
}

VarDesc* BlockDesc::Var(const std::string& name) {
  auto it = var_index_.find(name);
  if (it != var_index_.end()) return vars_[it->second].get();
  var_index_[name] = vars_.size();
  vars_.push_back(std::make_unique<VarDesc>(name, this));
  program_->BumpGeneration();
  return vars_.back().get();
}

VarDesc* BlockDesc::FindVar(const std::string& name) const {
  auto it = var_index_.find(name);
  return it == var_index_.end() ? nullptr : vars_[it->second].get();
}

VarDesc* BlockDesc::FindVarRecursive(const std::string& name) const {
  for (const BlockDesc* block = this; block != nullptr; block = block->ParentBlock()) {
    if (VarDesc* var = block->FindVar(name)) return var;
  }
  return nullptr;
}

void BlockDesc::RemoveVar(const std::string& name) {
  auto it = var_index_.find(name);
  if (it == var_index_.end()) return;
  vars_.erase(vars_.begin() + it->second);
  var_index_.clear();
  for (size_t i = 0; i < vars_.size(); ++i) var_index_[vars_[i]->Name()] = i;
  program_->BumpGeneration();
}

void BlockDesc::RenameVar(const std::string& old_name, const std::string& new_name) {
  auto it = var_index_.find(old_name);
  PD_CHECK(it != var_index_.end(), NotFound, "expected variable '", old_name, "' in block ",
           idx_, " to rename, but it does not exist");
  PD_CHECK(var_index_.count(new_name) == 0, InvalidArgument, "expected new name '", new_name,
           "' to be unused in block ", idx_, ", but it exists");
  size_t index = it->second;
  var_index_.erase(it);
  vars_[index]->SetName(new_name);
  var_index_[new_name] = index;
  for (auto& op : ops_) {
    op->RenameInput(old_name, new_name);
    op->RenameOutput(old_name, new_name);
  }
}

std::vector<VarDesc*> BlockDesc::AllVars() const {
  std::vector<VarDesc*> out;
  for (const auto& v : vars_) out.push_back(v.get());
  return out;
}

OpDesc* BlockDesc::AppendOp() { return InsertOp(ops_.size()); }
OpDesc* BlockDesc::PrependOp() { return InsertOp(0); }

OpDesc* BlockDesc::InsertOp(size_t index) {
  PD_CHECK(index <= ops_.size(), OutOfRange, "expected an op index in [0, ", ops_.size(),
           "], but got ", index);
  auto op = std::make_unique<OpDesc>();
  op->SetBlock(this);
  OpDesc* raw = op.get();
  ops_.insert(ops_.begin() + index, std::move(op));
  program_->BumpGeneration();
  return raw;
}

void BlockDesc::RemoveOps(size_t begin, size_t end) {
  PD_CHECK(begin <= end && end <= ops_.size(), OutOfRange, "expected an op range within [0, ",
           ops_.size(), "], but got [", begin, ", ", end, ")");
  ops_.erase(ops_.begin() + begin, ops_.begin() + end);
  program_->BumpGeneration();
}

std::vector<OpDesc*> BlockDesc::AllOps() const {
  std::vector<OpDesc*> out;
  for (const auto& op : ops_) out.push_back(op.get());
  return out;
}

proto::BlockDesc BlockDesc::ToProto() const {
  proto::BlockDesc desc;
  desc.set_idx(idx_);
  desc.set_parent_idx(parent_idx_);
  for (const auto& var : vars_) *desc.add_vars() = var->Proto();
  for (const auto& op : ops_) *desc.add_ops() = op->ToProto();
  desc.set_forward_block_idx(forward_block_idx_);
  return desc;
}

uint64_t ProgramDesc::NextUid() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

ProgramDesc::ProgramDesc() { blocks_.push_back(std::make_unique<BlockDesc>(this, 0, -1)); }

ProgramDesc::ProgramDesc(const ProgramDesc& other) { CopyFrom(other.ToProto()); }

ProgramDesc& ProgramDesc::operator=(const ProgramDesc& other) {
  if (this != &other) {
    CopyFrom(other.ToProto());
    BumpGeneration();
  }
  return *this;
}

void ProgramDesc::CopyFrom(const proto::ProgramDesc& desc) {
  blocks_.clear();
  for (int i = 0; i < desc.blocks_size(); ++i) {
    PD_CHECK(desc.blocks(i).idx() == i, InvalidArgument, "expected block ", i, " to have idx ",
             i, ", but it has idx ", desc.blocks(i).idx());
    PD_CHECK(desc.blocks(i).parent_idx() < i, InvalidArgument, "expected block ", i,
             "'s parent index to be less than ", i, ", but got ", desc.blocks(i).parent_idx());
    blocks_.push_back(std::make_unique<BlockDesc>(this, desc.blocks(i)));
  }
  if (blocks_.empty()) blocks_.push_back(std::make_unique<BlockDesc>(this, 0, -1));
  version_ = desc.has_version() ? desc.version().version() : 0;
  op_version_map_ = desc.op_version_map();
}

std::unique_ptr<ProgramDesc> ProgramDesc::Parse(const std::string& bytes) {
  proto::ProgramDesc desc;
  google::protobuf::io::ArrayInputStream raw(bytes.data(), static_cast<int>(bytes.size()));
  google::protobuf::io::CodedInputStream coded(&raw);
  coded.SetRecursionLimit(64);
  bool ok = desc.ParsePartialFromCodedStream(&coded) && coded.ConsumedEntireMessage();
  PD_CHECK(ok, InvalidArgument, "expected a serialized ProgramDesc, but the ", bytes.size(),
           " bytes do not parse as one");
  PD_CHECK(desc.IsInitialized(), InvalidArgument,
           "expected a complete ProgramDesc, but required fields are missing: ",
           desc.InitializationErrorString());
  auto program = std::make_unique<ProgramDesc>();
  program->CopyFrom(desc);
  return program;
}

BlockDesc* ProgramDesc::AppendBlock(const BlockDesc& parent) {
  int idx = static_cast<int>(blocks_.size());
  blocks_.push_back(std::make_unique<BlockDesc>(this, idx, parent.ID()));
  BumpGeneration();
  return blocks_.back().get();
}

proto::ProgramDesc ProgramDesc::ToProto() const {
  proto::ProgramDesc desc;
  for (const auto& block : blocks_) *desc.add_blocks() = block->ToProto();
  desc.mutable_version()->set_version(version_);
  if (op_version_map_.pair_size() > 0) *desc.mutable_op_version_map() = op_version_map_;
  return desc;
}

std::string ProgramDesc::Serialize() const {
  proto::ProgramDesc desc = ToProto();
  std::string out;
  google::protobuf::io::StringOutputStream stream(&out);
  {
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    desc.SerializePartialToCodedStream(&coded);
  }
  return out;
}

std::string ProgramDesc::DebugString() const {
  std::ostringstream os;
  for (const auto& block : blocks_) {
    os << "{ // block " << block->ID();
    if (block->Parent() >= 0) os << " (parent " << block->Parent() << ")";
    os << "\n";
    for (const VarDesc* var : block->AllVars()) os << "    " << var->DebugString() << "\n";
    os << "\n";
    for (const OpDesc* op : block->AllOps()) os << "    " << op->DebugString() << "\n";
    os << "}\n";
  }
  return os.str();
}

namespace {
std::vector<std::string> TargetsOf(const BlockDesc& block, const std::string& type,
                                   const std::string& slot, bool input) {
  std::map<int, std::string> by_col;
  for (const OpDesc* op : block.AllOps()) {
    if (op->Type() != type) continue;
    const auto& args = input ? op->Input(slot) : op->Output(slot);
    PD_CHECK(args.size() == 1, InvalidArgument, "expected one argument in ", type, " op slot ",
             slot, ", but got ", args.size());
    int col = op->HasAttr("col") ? op->GetAttrAs<int>("col") : static_cast<int>(by_col.size());
    by_col[col] = args[0];
  }
  std::vector<std::string> names;
  for (auto& entry : by_col) names.push_back(entry.second);
  return names;
}
}  // namespace

std::vector<std::string> ProgramDesc::GetFeedTargetNames() const {
  return TargetsOf(Block(0), "feed", "Out", false);
}

std::vector<std::string> ProgramDesc::GetFetchTargetNames() const {
  return TargetsOf(Block(0), "fetch", "X", true);
}

}  // namespace framework
}  // namespace paddle
