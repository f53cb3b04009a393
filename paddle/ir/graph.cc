#include "paddle/ir/graph.h"

#include <algorithm>
#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/framework/backward.h"
#include "paddle/framework/op_record.h"

namespace paddle {
namespace ir {

Graph::Graph(const framework::ProgramDesc& program)
    : program_(std::make_unique<framework::ProgramDesc>(program)) {
  blocks_.resize(program_->Size());
  for (size_t b = 0; b < program_->Size(); ++b) {
    framework::BlockDesc* block = program_->MutableBlock(b);
    for (framework::OpDesc* op : block->AllOps()) {
      auto node = std::make_unique<Node>();
      node->kind_ = Node::Kind::kOp;
      node->name_ = op->Type();
      node->block_id_ = static_cast<int>(b);
      node->op_ = std::make_unique<framework::OpDesc>(*op);
      blocks_[b].ops.push_back(node.get());
      Link(node.get());
      nodes_.push_back(std::move(node));
    }
    block->RemoveOps(0, block->OpSize());  // op nodes own the descs now
  }
}

Node* Graph::GetOrCreateVar(const std::string& name, int block) {
  auto& vars = blocks_[block].vars;
  auto it = vars.find(name);
  if (it != vars.end()) return it->second;
  auto node = std::make_unique<Node>();
  node->kind_ = Node::Kind::kVar;
  node->name_ = name;
  node->block_id_ = block;
  node->var_ = program_->MutableBlock(block)->FindVarRecursive(name);
  Node* raw = node.get();
  vars[name] = raw;
  nodes_.push_back(std::move(node));
  return raw;
}

Node* Graph::VarNode(const std::string& name, int block) const {
  const auto& vars = blocks_.at(block).vars;
  auto it = vars.find(name);
  return it == vars.end() ? nullptr : it->second;
}

void Graph::Link(Node* op) {
  const framework::OpDesc& desc = *op->Op();
  for (const auto& name : desc.InputArgumentNames()) {
    if (name == framework::kEmptyVarName) continue;
    Node* var = GetOrCreateVar(name, op->block_id());
    op->inputs.push_back(var);
    var->outputs.push_back(op);
  }
  for (const auto& name : desc.OutputArgumentNames()) {
    if (name == framework::kEmptyVarName) continue;
    Node* var = GetOrCreateVar(name, op->block_id());
    op->outputs.push_back(var);
    var->inputs.push_back(op);
  }
}

void Graph::Unlink(Node* op) {
  auto drop = [op](std::vector<Node*>* list) {
    list->erase(std::remove(list->begin(), list->end(), op), list->end());
  };
  for (Node* var : op->inputs) drop(&var->outputs);
  for (Node* var : op->outputs) drop(&var->inputs);
  op->inputs.clear();
  op->outputs.clear();
}

Node* Graph::InsertOp(const framework::OpDesc& desc, Node* before, int block) {
  auto node = std::make_unique<Node>();
  node->kind_ = Node::Kind::kOp;
  node->name_ = desc.Type();
  node->block_id_ = block;
  node->op_ = std::make_unique<framework::OpDesc>(desc);
  node->op_->SetBlock(program_->MutableBlock(block));
  auto& ops = blocks_.at(block).ops;
  auto pos = before == nullptr ? ops.end() : std::find(ops.begin(), ops.end(), before);
  ops.insert(pos, node.get());
  Link(node.get());
  nodes_.push_back(std::move(node));
  return nodes_.back().get();
}

void Graph::RemoveOp(Node* op) {
  PD_ASSERT(op != nullptr && op->IsOp());
  Unlink(op);
  auto& ops = blocks_.at(op->block_id()).ops;
  ops.erase(std::remove(ops.begin(), ops.end(), op), ops.end());
  nodes_.erase(std::remove_if(nodes_.begin(), nodes_.end(),
                              [op](const std::unique_ptr<Node>& n) { return n.get() == op; }),
               nodes_.end());
}

void Graph::RelinkOp(Node* op) {
  Unlink(op);
  op->name_ = op->Op()->Type();
  Link(op);
}

int Graph::IndexOf(Node* op) const {
  const auto& ops = blocks_.at(op->block_id()).ops;
  auto it = std::find(ops.begin(), ops.end(), op);
  return it == ops.end() ? -1 : static_cast<int>(it - ops.begin());
}

std::vector<Node*> Graph::ReadersAfter(Node* var, Node* op) const {
  int index = IndexOf(op);
  std::vector<Node*> readers;
  for (Node* reader : var->outputs)
    if (reader != op && IndexOf(reader) > index) readers.push_back(reader);
  return readers;
}

std::unique_ptr<framework::ProgramDesc> Graph::ToProgram() const {
  auto out = std::make_unique<framework::ProgramDesc>(*program_);
  for (size_t b = 0; b < blocks_.size(); ++b) {
    framework::BlockDesc* block = out->MutableBlock(b);
    block->RemoveOps(0, block->OpSize());
    for (Node* op : blocks_[b].ops) {
      framework::OpDesc* desc = block->AppendOp();
      *desc = *op->Op();
      desc->SetBlock(block);
    }
  }
  return out;
}

void Graph::Verify(const std::string& context) const {
  auto fail = [&](const std::string& what) {
    PD_THROW(Internal, "graph verification failed after '", context, "': ", what);
  };
  for (size_t b = 0; b < blocks_.size(); ++b) {
    std::unordered_set<std::string> written;
    for (Node* op : blocks_[b].ops) {
      const framework::OpDesc& desc = *op->Op();
      if (framework::OpRecordRegistry::Instance().Find(desc.Type()) == nullptr)
        fail("unknown op type '" + desc.Type() + "'");
      size_t in_count = 0, out_count = 0;
      for (const auto& name : desc.InputArgumentNames()) {
        if (name == framework::kEmptyVarName) continue;
        ++in_count;
        Node* var = VarNode(name, static_cast<int>(b));
        if (var == nullptr || std::find(var->outputs.begin(), var->outputs.end(), op) == var->outputs.end())
          fail("op '" + desc.Type() + "' reads '" + name + "' without an edge");
        const framework::VarDesc* vd = program_->Block(b).FindVarRecursive(name);
        bool external = vd == nullptr || vd->Persistable() || vd->NeedCheckFeed() ||
                        b > 0 || var->inputs.empty();
        if (!external && !written.count(name))
          fail("op '" + desc.Type() + "' reads temporary '" + name + "' before any op writes it");
      }
      for (const auto& name : desc.OutputArgumentNames()) {
        if (name == framework::kEmptyVarName) continue;
        ++out_count;
        written.insert(name);
      }
      if (op->inputs.size() != in_count || op->outputs.size() != out_count)
        fail("op '" + desc.Type() + "' has edges that disagree with its desc");
    }
  }
}

}  // namespace ir
}  // namespace paddle
