// Graph: a program as op and variable nodes (every block, sub-blocks included), built from a
// ProgramDesc and written back to one. Op nodes keep program order per block; a variable
// node stands for one name in one block, linked to the ops that write and read it.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "paddle/framework/block_desc.h"
#include "paddle/framework/scope.h"

namespace paddle {
namespace ir {

class Node {
 public:
  enum class Kind { kOp, kVar };
  Kind kind() const { return kind_; }
  bool IsOp() const { return kind_ == Kind::kOp; }
  bool IsVar() const { return kind_ == Kind::kVar; }
  const std::string& Name() const { return name_; }
  int block_id() const { return block_id_; }
  framework::OpDesc* Op() const { return op_.get(); }
  framework::VarDesc* Var() const { return var_; }
  // Op node: the variables it reads / writes. Var node: the ops writing / reading it.
  std::vector<Node*> inputs;
  std::vector<Node*> outputs;

 private:
  friend class Graph;
  Kind kind_ = Kind::kOp;
  std::string name_;
  int block_id_ = 0;
  std::unique_ptr<framework::OpDesc> op_;
  framework::VarDesc* var_ = nullptr;  // owned by the graph's program; null if undeclared
};

class Graph {
 public:
  explicit Graph(const framework::ProgramDesc& program);
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  size_t BlockCount() const { return blocks_.size(); }
  // Op nodes of a block in program order.
  const std::vector<Node*>& Ops(int block = 0) const { return blocks_.at(block).ops; }
  // The variable node of `name` as seen from `block` (nullptr when unused and undeclared).
  Node* VarNode(const std::string& name, int block = 0) const;
  framework::BlockDesc* BlockDesc(int block = 0) const { return program_->MutableBlock(block); }
  framework::ProgramDesc* Program() const { return program_.get(); }

  // Inserts an op (desc copied) before `before` (nullptr: at the end) and links it.
  Node* InsertOp(const framework::OpDesc& desc, Node* before, int block = 0);
  // Unlinks and deletes an op node.
  void RemoveOp(Node* op);
  // Re-reads an op node's desc after a pass edited it in place (slots renamed, ...).
  void RelinkOp(Node* op);

  // Writes the graph back: the program's ops replaced by the op nodes, in order.
  std::unique_ptr<framework::ProgramDesc> ToProgram() const;

  // Checks the graph: every edge matches the op descs, every op type is registered, and
  // within a block no op reads a temporary before some op writes it. Throws Internal with
  // `context` (the pass name) on failure.
  void Verify(const std::string& context) const;

  // Variables a pass must keep as they are (fetch targets, feeds): never removed, renamed
  // or folded away.
  std::set<std::string>& protected_vars() { return protected_; }
  const std::set<std::string>& protected_vars() const { return protected_; }
  // Where parameter values live, for passes that rewrite weights (nullptr: none).
  framework::Scope* param_scope() const { return param_scope_; }
  void set_param_scope(framework::Scope* scope) { param_scope_ = scope; }

  // Ops reading `var` after `op` in the block order (excluding `op`).
  std::vector<Node*> ReadersAfter(Node* var, Node* op) const;
  int IndexOf(Node* op) const;

 private:
  struct BlockNodes {
    std::vector<Node*> ops;
    std::map<std::string, Node*> vars;
  };
  Node* GetOrCreateVar(const std::string& name, int block);
  void Link(Node* op);
  void Unlink(Node* op);

  std::unique_ptr<framework::ProgramDesc> program_;
  std::vector<std::unique_ptr<Node>> nodes_;
  std::vector<BlockNodes> blocks_;
  std::set<std::string> protected_;
  framework::Scope* param_scope_ = nullptr;
};

}  // namespace ir
}  // namespace paddle
