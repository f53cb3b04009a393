// A small helper for C++ tests that build programs by hand: declare variables, append ops
// with build-time shape inference, as the Python front end does.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "paddle/framework/block_desc.h"
#include "paddle/framework/infer_shape.h"

namespace paddle {
namespace test {

using framework::proto::VarType;

class ProgramBuilder {
 public:
  explicit ProgramBuilder(framework::ProgramDesc* program, int block = 0)
      : block_(program->MutableBlock(block)) {}

  framework::VarDesc* Data(const std::string& name, const std::vector<int64_t>& shape,
                           VarType::Type dtype = VarType::FP32) {
    framework::VarDesc* var = block_->Var(name);
    var->SetShape(shape);
    var->SetDataType(dtype);
    var->SetStopGradient(true);
    var->SetNeedCheckFeed(true);
    return var;
  }

  framework::VarDesc* Param(const std::string& name, const std::vector<int64_t>& shape,
                            VarType::Type dtype = VarType::FP32) {
    framework::VarDesc* var = block_->Var(name);
    var->SetShape(shape);
    var->SetDataType(dtype);
    var->SetPersistable(true);
    var->SetIsParameter(true);
    return var;
  }

  // Appends an op; output variables are declared when new, then shapes inferred.
  framework::OpDesc* Op(const std::string& type,
                        const std::map<std::string, std::vector<std::string>>& inputs,
                        const std::map<std::string, std::vector<std::string>>& outputs,
                        const std::vector<framework::Attr>& attrs = {}) {
    framework::OpDesc* op = block_->AppendOp();
    op->SetType(type);
    for (const auto& [slot, args] : inputs) op->SetInput(slot, args);
    for (const auto& [slot, args] : outputs) {
      op->SetOutput(slot, args);
      for (const auto& name : args)
        if (block_->FindVarRecursive(name) == nullptr) block_->Var(name);
    }
    for (const auto& attr : attrs) op->SetAttr(attr);
    framework::InferShapeForOp(*op, block_);
    return op;
  }

  framework::BlockDesc* block() { return block_; }

 private:
  framework::BlockDesc* block_;
};

}  // namespace test
}  // namespace paddle
