// Pass: a named graph rewrite; Apply returns whether it changed anything. Passes register
// by name; a PassManager runs pipelines given as lists of names.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "paddle/ir/graph.h"

namespace paddle {
namespace ir {

class Pass {
 public:
  virtual ~Pass() = default;
  virtual std::string Name() const = 0;
  virtual bool Apply(Graph* graph) = 0;
};

class PassRegistry {
 public:
  using Factory = std::function<std::unique_ptr<Pass>()>;
  static PassRegistry& Instance();
  void Register(const std::string& name, Factory factory);
  bool Has(const std::string& name) const { return factories_.count(name) > 0; }
  // Throws NotFound naming the pass and the registered ones.
  std::unique_ptr<Pass> Create(const std::string& name) const;
  std::vector<std::string> Names() const;

 private:
  std::map<std::string, Factory> factories_;
};

template <typename P>
struct PassRegistrar {
  explicit PassRegistrar(const char* name) {
    PassRegistry::Instance().Register(name, [] { return std::make_unique<P>(); });
  }
};
#define PD_REGISTER_PASS(name, cls) \
  static const ::paddle::ir::PassRegistrar<cls> pd_pass_registrar_##name(#name)

struct PassManagerOptions {
  bool verify = false;             // verify the graph before and after every pass
  std::string dump_after;          // print the program after this pass (FLAGS_ir_dump_after)
  std::set<std::string> disabled;  // passes to skip
  int max_rounds = 1;              // >1: repeat the list until nothing changes
};

class PassManager {
 public:
  explicit PassManager(std::vector<std::string> passes, PassManagerOptions options = {});
  // Runs the pipeline; returns whether any pass changed the graph. Errors carry the pass name.
  bool Run(Graph* graph) const;
  // Names of the passes that changed something in the last Run (in order, repeats included).
  const std::vector<std::string>& applied() const { return applied_; }

 private:
  std::vector<std::string> passes_;
  PassManagerOptions options_;
  mutable std::vector<std::string> applied_;
};

// The C++ entry point: applies `passes` to `program` (parameters in `scope`, may be null;
// `protected_vars` are kept) and returns the rewritten program.
std::unique_ptr<framework::ProgramDesc> ApplyPasses(const framework::ProgramDesc& program,
                                                    const std::vector<std::string>& passes,
                                                    framework::Scope* scope = nullptr,
                                                    const std::set<std::string>& protected_vars = {},
                                                    PassManagerOptions options = {});

}  // namespace ir
}  // namespace paddle
