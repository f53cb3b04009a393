// The one interpreter. Build (once per program content, scope and place) resolves every op
// of a block into an Instruction: kernel, converted attributes, bound tensors, dependency
// edges, and the temporaries whose last use it is. Run walks the instructions on the calling
// thread, freeing temporaries after their last use.
#pragma once

#include <memory>
#include <unordered_map>

#include "paddle/phi/common/place.h"
#include <string>
#include <utility>
#include <vector>

#include "paddle/executor/execution_plan.h"
#include "paddle/framework/block_desc.h"
#include "paddle/framework/prepared_op.h"
#include "paddle/framework/scope.h"

namespace paddle {
namespace executor {

class Interpreter;

struct Instruction {
  const framework::OpDesc* op = nullptr;
  const framework::OpRecord* record = nullptr;
  size_t op_index = 0;
  phi::Place place;  // where the execution plan put the op
  bool skip = false;  // feed/fetch ops: the interpreter binds feeds and fetches by name
  // Control flow (conditional_block, while): the sub-block, run by a child interpreter
  // built on first use.
  int sub_block = -1;
  std::unique_ptr<Interpreter> child;
  // Kernel and bound arguments (ops with a kernel only).
  std::unique_ptr<framework::PreparedOp> prepared;
  std::vector<phi::DenseTensor*> free_after;  // temporaries last used here
  std::vector<size_t> next;  // instructions that depend on this one
  int dependency_count = 0;
};

// Activation memory of one block, in bytes. Temporaries are the block's non-persistable
// variables that an op writes (fed variables belong to the caller); a dimension of -1 in a
// VarDesc counts as the batch size given.
struct MemoryPlan {
  int64_t planned_bytes = 0;      // peak held under the interpreter's own free points
  int64_t lower_bound_bytes = 0;  // largest sum of temporaries live at once (def..last use)
  int64_t parameter_bytes = 0;    // persistables the block uses, as they are in the scope
  int64_t last_peak_bytes = 0;    // what the allocator reached in the last run (0: none yet)
};

class Interpreter {
 public:
  // `scope` holds persistable variables and must outlive the interpreter; temporaries live
  // in a scope the interpreter owns. Variables in `keep` (fetch targets) are never freed.
  // On a GPU place the block is first planned (ExecutionPlan): each op's device is decided
  // and the host/device copies inserted before anything is built; `outer_homes` gives a
  // sub-block the homes its parent's plan chose.
  Interpreter(const framework::ProgramDesc& program, int block_id, framework::Scope* scope,
              const phi::Place& place, const std::vector<std::string>& keep = {},
              const std::unordered_map<std::string, phi::Place>* outer_homes = nullptr);
  ~Interpreter();

  // Binds feeds by name (zero-copy; checked against the VarDescs), runs every instruction,
  // then returns the fetch targets (sharing storage). After an error the interpreter and
  // the scope stay usable.
  std::vector<phi::DenseTensor> Run(
      const std::vector<std::pair<std::string, phi::DenseTensor>>& feeds,
      const std::vector<std::string>& fetch_names);

  const std::vector<Instruction>& instructions() const { return instructions_; }
  MemoryPlan PlanMemory(int64_t batch_size);
  // Peak bytes held by the CPU allocator during the last run.
  int64_t last_peak_bytes() const { return last_peak_bytes_; }
  framework::Scope* local_scope() const { return local_scope_.get(); }
  const framework::ProgramDesc& program() const { return program_; }
  // The placement this interpreter runs (null on the CPU, where every op runs on the host).
  const ExecutionPlan* plan() const { return plan_.get(); }
  // Moves the persistables the plan homes on a device there if something (a CPU startup
  // program, a load) left them elsewhere; every run starts with it.
  void MovePersistablesHome();

 private:
  void Build(const std::vector<std::string>& keep);
  void BuildInstruction(size_t index, Instruction* instr);
  void BuildDependencies();
  void BuildGarbageCollection(const std::vector<std::string>& keep);
  phi::DenseTensor* TensorOf(const std::string& name);
  void CheckFeed(const std::string& name, const phi::DenseTensor& tensor) const;
  void RunInstruction(Instruction* instr);
  void RunControlFlow(Instruction* instr);
  bool ConditionHolds(const std::string& name, bool scalar) const;
  std::string Describe(const Instruction& instr) const;

  framework::ProgramDesc program_;
  const framework::BlockDesc* block_;
  framework::Scope* scope_;
  std::unique_ptr<framework::Scope> local_scope_;
  phi::Place place_;
  std::unique_ptr<ExecutionPlan> plan_;
  // Persistables whose home the plan put on a device (MovePersistablesHome).
  std::vector<std::pair<phi::DenseTensor*, phi::Place>> persistable_homes_;
  std::vector<Instruction> instructions_;
  // Temporaries read before any op writes them: they must come from the feed.
  std::vector<std::pair<std::string, size_t>> must_feed_;  // name, first reader
  int64_t last_peak_bytes_ = 0;
  std::vector<std::string> keep_;  // fetch targets: never freed
};

}  // namespace executor
}  // namespace paddle
