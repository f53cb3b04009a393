#include "paddle/ir/pass.h"

#include <gflags/gflags.h>

#include <iostream>

#include "paddle/common/errors.h"

DEFINE_string(ir_dump_after, "", "print the program after the named IR pass");
DEFINE_bool(ir_verify, false, "verify the graph before and after every IR pass");

namespace paddle {
namespace ir {

PassRegistry& PassRegistry::Instance() {
  static PassRegistry* registry = new PassRegistry();
  return *registry;
}

void PassRegistry::Register(const std::string& name, Factory factory) {
  factories_[name] = std::move(factory);
}

std::unique_ptr<Pass> PassRegistry::Create(const std::string& name) const {
  auto it = factories_.find(name);
  if (it == factories_.end()) {
    std::string known;
    for (const auto& entry : factories_) known += " " + entry.first;
    PD_THROW(NotFound, "expected a registered pass, but got '", name, "'; registered:", known);
  }
  return it->second();
}

std::vector<std::string> PassRegistry::Names() const {
  std::vector<std::string> names;
  for (const auto& entry : factories_) names.push_back(entry.first);
  return names;
}

PassManager::PassManager(std::vector<std::string> passes, PassManagerOptions options)
    : passes_(std::move(passes)), options_(std::move(options)) {
  for (const auto& name : passes_) PassRegistry::Instance().Create(name);  // fail early
}

bool PassManager::Run(Graph* graph) const {
  applied_.clear();
  bool verify = options_.verify || FLAGS_ir_verify;
  std::string dump_after = options_.dump_after.empty() ? FLAGS_ir_dump_after : options_.dump_after;
  bool any = false;
  for (int round = 0; round < std::max(1, options_.max_rounds); ++round) {
    bool changed_this_round = false;
    for (const auto& name : passes_) {
      if (options_.disabled.count(name)) continue;
      auto pass = PassRegistry::Instance().Create(name);
      bool changed = false;
      try {
        if (verify) graph->Verify("before " + name);
        changed = pass->Apply(graph);
        if (verify) graph->Verify(name);
      } catch (const std::exception& e) {
        common::RethrowWithContext(e, "in IR pass '" + name + "'");
      }
      if (changed) applied_.push_back(name);
      changed_this_round = changed_this_round || changed;
      if (name == dump_after)
        std::cerr << "--- program after pass " << name << " ---\n"
                  << graph->ToProgram()->DebugString();
    }
    any = any || changed_this_round;
    if (!changed_this_round) break;
  }
  return any;
}

std::unique_ptr<framework::ProgramDesc> ApplyPasses(const framework::ProgramDesc& program,
                                                    const std::vector<std::string>& passes,
                                                    framework::Scope* scope,
                                                    const std::set<std::string>& protected_vars,
                                                    PassManagerOptions options) {
  Graph graph(program);
  graph.set_param_scope(scope);
  graph.protected_vars().insert(protected_vars.begin(), protected_vars.end());
  for (const auto& name : program.GetFetchTargetNames()) graph.protected_vars().insert(name);
  for (const auto& name : program.GetFeedTargetNames()) graph.protected_vars().insert(name);
  PassManager(passes, std::move(options)).Run(&graph);
  return graph.ToProgram();
}

}  // namespace ir
}  // namespace paddle
