#include "paddle/executor/interpreter.h"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/common/logging.h"
#include "paddle/common/profiler.h"
#include "paddle/framework/backward.h"
#include "paddle/framework/var_type.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/tensor_copy.h"

namespace paddle {
namespace executor {

using framework::OpDesc;
using framework::OpRecord;
using framework::VarDesc;

Interpreter::Interpreter(const framework::ProgramDesc& program, int block_id,
                         framework::Scope* scope, const phi::Place& place,
                         const std::vector<std::string>& keep,
                         const std::unordered_map<std::string, phi::Place>* outer_homes)
    : scope_(scope), place_(place) {
  PD_CHECK(block_id >= 0 && static_cast<size_t>(block_id) < program.Size(), OutOfRange,
           "expected a block index in [0, ", program.Size(), "), but got ", block_id);
  phi::DeviceContextFor(place);  // refuses a place this build or machine has no backend for
  if (NeedsPlacement(place)) {
    PlacementOptions options;
    options.default_place = place;
    if (outer_homes != nullptr) options.outer_homes = *outer_homes;
    plan_ = std::make_unique<ExecutionPlan>(PlanPlacement(program, block_id, options));
    program_ = plan_->program;
  } else {
    program_ = program;
  }
  block_ = &program_.Block(block_id);
  local_scope_ = std::make_unique<framework::Scope>(scope_);
  Build(keep);
}

Interpreter::~Interpreter() = default;

phi::DenseTensor* Interpreter::TensorOf(const std::string& name) {
  if (name == framework::kEmptyVarName) return nullptr;
  framework::Variable* var = local_scope_->FindVar(name);
  if (var == nullptr) {
    const VarDesc* desc = block_->FindVarRecursive(name);
    bool persistable = desc != nullptr && desc->Persistable();
    var = persistable ? scope_->Var(name) : local_scope_->Var(name);
  }
  return var->GetMutable<phi::DenseTensor>();
}

void Interpreter::Build(const std::vector<std::string>& keep) {
  keep_ = keep;
  // Persistable variables live in the outer scope; everything else is a temporary here.
  for (const VarDesc* var : block_->AllVars()) {
    auto type = var->GetType();
    if (type == framework::proto::VarType::FEED_MINIBATCH ||
        type == framework::proto::VarType::FETCH_LIST)
      continue;
    if (var->Persistable()) {
      if (scope_->FindVar(var->Name()) == nullptr) scope_->Var(var->Name());
    } else {
      local_scope_->Var(var->Name());
    }
  }
  instructions_.resize(block_->OpSize());
  for (size_t i = 0; i < instructions_.size(); ++i) {
    try {
      BuildInstruction(i, &instructions_[i]);
    } catch (const std::exception& e) {
      const OpDesc* op = block_->Op(i);
      common::RethrowWithContext(e, "while building op '" + op->Type() + "' (#" +
                                        std::to_string(i) + " in block " +
                                        std::to_string(block_->ID()) + ")");
    }
  }
  BuildDependencies();
  BuildGarbageCollection(keep);
  if (plan_ != nullptr) {
    for (const auto& [name, home] : plan_->homes) {
      const VarDesc* desc = block_->FindVarRecursive(name);
      if (desc == nullptr || !desc->Persistable() || !home.is_gpu()) continue;
      persistable_homes_.emplace_back(TensorOf(name), home);
    }
  }
  std::unordered_set<std::string> written, listed;
  for (const Instruction& instr : instructions_) {
    if (instr.skip) continue;
    for (const auto& name : instr.op->InputArgumentNames()) {
      if (written.count(name) || listed.count(name) || name == framework::kEmptyVarName) continue;
      if (local_scope_->FindLocalVar(name) == nullptr) continue;  // persistable or outer
      must_feed_.emplace_back(name, instr.op_index);
      listed.insert(name);
    }
    for (const auto& name : instr.op->OutputArgumentNames()) written.insert(name);
  }
}

void Interpreter::BuildInstruction(size_t index, Instruction* instr) {
  const OpDesc* op = block_->Op(index);
  instr->op = op;
  instr->op_index = index;
  instr->place = plan_ != nullptr ? plan_->op_places[index] : place_;
  if (IsFeedOrFetch(op->Type())) {
    instr->skip = true;
    return;
  }
  const OpRecord& record = framework::OpRecordRegistry::Instance().Get(op->Type());
  instr->record = &record;
  if (op->Type() == "conditional_block" || op->Type() == "while") {
    instr->sub_block = op->GetAttrAs<int>("sub_block");
    PD_CHECK(instr->sub_block > 0 && static_cast<size_t>(instr->sub_block) < program_.Size(),
             InvalidArgument, "expected op '", op->Type(), "' to name a sub-block in [1, ",
             program_.Size(), "), but got ", instr->sub_block);
    for (const auto& name : op->InputArgumentNames()) TensorOf(name);
    for (const auto& name : op->OutputArgumentNames()) {
      const VarDesc* var = block_->FindVarRecursive(name);
      if (var == nullptr || var->HasTensorDesc()) TensorOf(name);
    }
    return;
  }
  PD_CHECK(!record.no_kernel, Unimplemented, "op '", op->Type(),
           "' is not supported by this interpreter yet");

  auto slot_tensors = [&](bool input) {
    return [this, op, input](const std::string& slot) {
      std::vector<phi::DenseTensor*> tensors;
      for (const auto& name : input ? op->Input(slot) : op->Output(slot)) {
        // An input must exist somewhere; TensorOf would otherwise create an empty one.
        PD_CHECK(!input || name == framework::kEmptyVarName ||
                     local_scope_->FindVar(name) != nullptr ||
                     block_->FindVarRecursive(name) != nullptr,
                 NotFound, "expected input variable '", name, "' (slot ", slot, ") of op '",
                 op->Type(), "' to be declared in the program or held by the scope, but it is not");
        tensors.push_back(TensorOf(name));
      }
      return tensors;
    };
  };
  framework::SlotTensors inputs = slot_tensors(true), outputs = slot_tensors(false);

  std::string dtype_input;
  phi::KernelKey key =
      framework::ChooseKernelKey(*op, record, *block_, instr->place, &dtype_input);
  const phi::DenseTensor* dtype_source = dtype_input.empty() ? nullptr : TensorOf(dtype_input);
  instr->prepared = std::make_unique<framework::PreparedOp>(
      *op, record, key, dtype_source, inputs, outputs, &phi::DeviceContextFor(instr->place));
}

void Interpreter::BuildDependencies() {
  // Edges: read-after-write, write-after-read, write-after-write, and a chain through random
  // and side-effect ops, so that results are deterministic for a seed whatever the schedule
  // and every rank runs its collectives in the program's order.
  std::unordered_map<std::string, size_t> last_writer;
  std::unordered_map<std::string, std::vector<size_t>> readers_since_write;
  std::vector<std::unordered_set<size_t>> edges(instructions_.size());
  long last_ordered = -1;
  auto add_edge = [&](size_t from, size_t to) {
    if (from != to) edges[from].insert(to);
  };
  for (size_t i = 0; i < instructions_.size(); ++i) {
    const OpDesc* op = instructions_[i].op;
    for (const auto& name : op->InputArgumentNames()) {
      auto w = last_writer.find(name);
      if (w != last_writer.end()) add_edge(w->second, i);
      readers_since_write[name].push_back(i);
    }
    for (const auto& name : op->OutputArgumentNames()) {
      auto w = last_writer.find(name);
      if (w != last_writer.end()) add_edge(w->second, i);
      for (size_t r : readers_since_write[name]) add_edge(r, i);
      readers_since_write[name].clear();
      last_writer[name] = i;
    }
    const auto* record = instructions_[i].record;
    if (record != nullptr && (record->is_random || record->has_side_effects)) {
      if (last_ordered >= 0) add_edge(static_cast<size_t>(last_ordered), i);
      last_ordered = static_cast<long>(i);
    }
  }
  for (size_t i = 0; i < instructions_.size(); ++i) {
    instructions_[i].next.assign(edges[i].begin(), edges[i].end());
    std::sort(instructions_[i].next.begin(), instructions_[i].next.end());
    for (size_t j : instructions_[i].next) ++instructions_[j].dependency_count;
  }
}

void Interpreter::BuildGarbageCollection(const std::vector<std::string>& keep) {
  std::unordered_set<std::string> kept(keep.begin(), keep.end());
  std::unordered_map<std::string, size_t> last_use;
  for (size_t i = 0; i < instructions_.size(); ++i) {
    const Instruction& instr = instructions_[i];
    if (instr.skip) continue;
    std::unordered_set<std::string> no_buffer;
    if (instr.record != nullptr)
      for (const auto& slot : instr.record->no_need_buffer)
        for (const auto& name : instr.op->Input(slot)) no_buffer.insert(name);
    for (const auto& name : instr.op->InputArgumentNames())
      if (!no_buffer.count(name)) last_use[name] = i;
    for (const auto& name : instr.op->OutputArgumentNames()) last_use[name] = i;
  }
  for (const auto& [name, index] : last_use) {
    if (kept.count(name) || name == framework::kEmptyVarName) continue;
    framework::Variable* var = local_scope_->FindLocalVar(name);
    if (var == nullptr) continue;  // persistable or outer: never freed
    instructions_[index].free_after.push_back(var->GetMutable<phi::DenseTensor>());
  }
}

MemoryPlan Interpreter::PlanMemory(int64_t batch_size) {
  PD_CHECK(batch_size >= 1, InvalidArgument, "expected a batch size of at least 1 for the memory ",
           "plan, but got ", batch_size);
  auto mul = [](int64_t a, int64_t b, const std::string& name) {
    int64_t r = 0;
    PD_CHECK(!__builtin_mul_overflow(a, b, &r), ResourceExhausted, "expected the byte size of '",
             name, "' in the memory plan to fit 64 bits, but it overflows");
    return r;
  };
  std::unordered_set<std::string> fed;
  for (const auto& entry : must_feed_) fed.insert(entry.first);
  // Bytes of each temporary, from its VarDesc.
  std::unordered_map<std::string, int64_t> bytes;
  std::unordered_map<const phi::DenseTensor*, std::string> name_of;
  for (const VarDesc* var : block_->AllVars()) {
    if (var->Persistable() || fed.count(var->Name()) || !var->HasTensorDesc()) continue;
    framework::Variable* local = local_scope_->FindLocalVar(var->Name());
    if (local == nullptr) continue;
    int64_t count = 1;
    for (int64_t d : var->GetShape()) count = mul(count, d < 0 ? batch_size : d, var->Name());
    size_t elem = phi::SizeOf(framework::VarTypeToDataType(var->GetDataType()));
    bytes[var->Name()] = mul(count, static_cast<int64_t>(elem), var->Name());
    name_of[local->GetMutable<phi::DenseTensor>()] = var->Name();
  }
  const size_t n = instructions_.size();
  // Definition and last use of each temporary (reads of no-need-buffer slots do not count).
  std::unordered_map<std::string, size_t> def, last;
  std::unordered_map<std::string, size_t> planned_free;
  for (size_t i = 0; i < n; ++i) {
    const Instruction& instr = instructions_[i];
    if (instr.skip) continue;
    std::unordered_set<std::string> no_buffer;
    if (instr.record != nullptr)
      for (const auto& slot : instr.record->no_need_buffer)
        for (const auto& name : instr.op->Input(slot)) no_buffer.insert(name);
    for (const auto& name : instr.op->OutputArgumentNames()) {
      if (!bytes.count(name)) continue;
      if (!def.count(name)) def[name] = i;
      last[name] = i;
    }
    for (const auto& name : instr.op->InputArgumentNames())
      if (bytes.count(name) && def.count(name) && !no_buffer.count(name)) last[name] = i;
    for (const phi::DenseTensor* t : instr.free_after) {
      auto it = name_of.find(t);
      if (it != name_of.end()) planned_free[it->second] = i;
    }
  }
  auto peak = [&](auto free_index) {
    std::vector<int64_t> delta(n + 1, 0);
    for (const auto& [name, start] : def) {
      delta[start] += bytes[name];
      delta[free_index(name) + 1] -= bytes[name];
    }
    int64_t held = 0, best = 0;
    for (size_t i = 0; i < n; ++i) best = std::max(best, held += delta[i]);
    return best;
  };
  MemoryPlan plan;
  // A temporary the interpreter never frees (a fetch target) is held to the end.
  plan.planned_bytes = peak([&](const std::string& name) {
    auto it = planned_free.find(name);
    return it == planned_free.end() ? n - 1 : it->second;
  });
  std::unordered_set<std::string> kept(keep_.begin(), keep_.end());
  plan.lower_bound_bytes = peak([&](const std::string& name) {
    return kept.count(name) ? n - 1 : last[name];  // a fetch target must outlive the run
  });
  std::unordered_set<std::string> used;
  for (const Instruction& instr : instructions_) {
    for (const auto& name : instr.op->InputArgumentNames()) used.insert(name);
    for (const auto& name : instr.op->OutputArgumentNames()) used.insert(name);
  }
  for (const auto& name : used) {
    const VarDesc* var = block_->FindVarRecursive(name);
    if (var == nullptr || !var->Persistable()) continue;
    framework::Variable* v = scope_->FindVar(name);
    if (v != nullptr && v->IsType<phi::DenseTensor>()) {
      const auto& t = v->Get<phi::DenseTensor>();
      if (t.initialized()) plan.parameter_bytes += static_cast<int64_t>(t.nbytes());
    }
  }
  plan.last_peak_bytes = last_peak_bytes_;
  return plan;
}

void Interpreter::CheckFeed(const std::string& name, const phi::DenseTensor& tensor) const {
  const VarDesc* desc = block_->FindVarRecursive(name);
  PD_CHECK(desc != nullptr, NotFound, "expected fed variable '", name,
           "' to be declared in the program, but it is not");
  if (!desc->HasTensorDesc()) return;
  std::vector<int64_t> expected = desc->GetShape();
  const phi::DDim& actual = tensor.dims();
  auto shape_str = [](const std::vector<int64_t>& s) { return phi::DDim(s).to_str(); };
  PD_CHECK(static_cast<int>(expected.size()) == actual.size(), InvalidArgument,
           "expected feed '", name, "' to have rank ", expected.size(), " (shape ",
           shape_str(expected), "), but got rank ", actual.size(), " (shape ", actual, ")");
  for (int i = 0; i < actual.size(); ++i) {
    PD_CHECK(expected[i] < 0 || expected[i] == actual[i], InvalidArgument, "expected feed '",
             name, "' to have shape ", shape_str(expected), ", but got ", actual,
             " (dimension ", i, " differs)");
  }
  phi::DataType want = framework::VarTypeToDataType(desc->GetDataType());
  PD_CHECK(want == tensor.dtype(), InvalidArgument, "expected feed '", name, "' to have dtype ",
           want, ", but got ", tensor.dtype());
}

std::vector<phi::DenseTensor> Interpreter::Run(
    const std::vector<std::pair<std::string, phi::DenseTensor>>& feeds,
    const std::vector<std::string>& fetch_names) {
  std::unordered_set<std::string> fed;
  for (const auto& [name, tensor] : feeds) {
    CheckFeed(name, tensor);
    TensorOf(name)->ShareDataWith(tensor);
    fed.insert(name);
  }
  for (const auto& [name, reader] : must_feed_) {
    if (fed.count(name)) continue;
    const phi::DenseTensor* t = TensorOf(name);
    PD_CHECK(t->initialized(), InvalidArgument, "expected variable '", name,
             "' in the feed: op '", block_->Op(reader)->Type(), "' (#", reader,
             ") reads it and no op before writes it, but the feed has no entry for it");
  }
  MovePersistablesHome();
  phi::MemoryStats& stats = phi::GetCPUAllocator()->stats();
  stats.ResetPeak();
  int64_t base = stats.current.load();
  try {
    for (Instruction& instr : instructions_) {
      if (instr.skip) continue;
      RunInstruction(&instr);
    }
  } catch (...) {
    // Leave no half-state: drop temporaries so the next run starts clean.
    for (Instruction& instr : instructions_)
      for (phi::DenseTensor* t : instr.free_after) t->clear();
    throw;
  }
  last_peak_bytes_ = stats.peak.load() - base;
  std::vector<phi::DenseTensor> fetched;
  fetched.reserve(fetch_names.size());
  for (const auto& name : fetch_names) {
    framework::Variable* var = local_scope_->FindVar(name);
    PD_CHECK(var != nullptr && var->IsType<phi::DenseTensor>(), NotFound,
             "expected fetch target '", name, "' to be a variable of the program, but it is not");
    phi::DenseTensor* t = var->GetMutable<phi::DenseTensor>();
    PD_CHECK(t->initialized() || t->numel() == 0, PreconditionNotMet, "expected fetch target '",
             name, "' to hold data after the run, but it is empty (freed or never written)");
    // The caller owns what it fetched: a later run must not write into it. A temporary hands
    // its storage over (the next run allocates afresh); a persistable, which ops such as an
    // optimizer update in place, is copied.
    // Fetches are host tensors: a device tensor is copied (the copy waits for the device).
    const bool temporary = local_scope_->FindLocalVar(name) == var;
    if (temporary && !t->place().is_gpu()) {
      fetched.push_back(*t);
    } else {
      phi::DenseTensor copy;
      phi::Copy(*t, phi::CPUPlace(), &copy);
      fetched.push_back(std::move(copy));
    }
    if (temporary) t->clear();
  }
  return fetched;
}

void Interpreter::MovePersistablesHome() {
  for (auto& [tensor, home] : persistable_homes_) {
    if (tensor->initialized() && tensor->place() != home) phi::Copy(*tensor, home, tensor);
  }
}

bool Interpreter::ConditionHolds(const std::string& name, bool scalar) const {
  framework::Variable* var = local_scope_->FindVar(name);
  PD_CHECK(var != nullptr && var->IsType<phi::DenseTensor>(), NotFound,
           "expected condition variable '", name, "', but it is not in the scope");
  const phi::DenseTensor cond = phi::ToHost(var->Get<phi::DenseTensor>());
  if (!scalar) return cond.numel() > 0;
  PD_CHECK(cond.numel() == 1 && cond.dtype() == phi::DataType::BOOL, InvalidArgument,
           "expected condition '", name, "' to be a bool tensor of one element, but got ",
           cond.dims(), " ", cond.dtype());
  return cond.data<bool>()[0];
}

void Interpreter::RunControlFlow(Instruction* instr) {
  const OpDesc& op = *instr->op;
  auto child = [&]() -> Interpreter* {
    if (instr->child == nullptr) {
      std::vector<std::string> keep = op.OutputArgumentNames();
      instr->child = std::make_unique<Interpreter>(program_, instr->sub_block,
                                                   local_scope_.get(), place_, keep,
                                                   plan_ != nullptr ? &plan_->homes : nullptr);
    }
    return instr->child.get();
  };
  if (op.Type() == "conditional_block") {
    bool scalar = op.HasAttr("is_scalar_condition") && op.GetAttrAs<bool>("is_scalar_condition");
    bool run = true;
    for (const auto& name : op.Input("Cond")) run = run && ConditionHolds(name, scalar);
    if (run) child()->Run({}, {});
    return;
  }
  const std::string cond = op.Input("Condition").at(0);
  constexpr int64_t kMaxIterations = int64_t{1} << 40;
  for (int64_t i = 0; ConditionHolds(cond, true); ++i) {
    PD_CHECK(i < kMaxIterations, ResourceExhausted, "while loop exceeded ", kMaxIterations,
             " iterations");
    child()->Run({}, {});
  }
}

void Interpreter::RunInstruction(Instruction* instr) {
  namespace prof = common::profiler;
  prof::RecordEvent event;
  if (prof::Enabled()) {
    event.Begin(instr->op->Type(), prof::EventType::kOperator,
                framework::InputShapes(*instr->op, [this](const std::string& name) {
                  framework::Variable* var = local_scope_->FindVar(name);
                  return var != nullptr && var->IsType<phi::DenseTensor>()
                             ? &var->Get<phi::DenseTensor>()
                             : nullptr;
                }));
  }
  if (instr->sub_block >= 0) {
    try {
      RunControlFlow(instr);
    } catch (const std::exception& e) {
      common::RethrowWithContext(e, Describe(*instr));
    }
    for (phi::DenseTensor* t : instr->free_after) t->clear();
    return;
  }
  try {
    instr->prepared->Run();
  } catch (const std::exception& e) {
    common::RethrowWithContext(e, Describe(*instr));
  }
  for (phi::DenseTensor* t : instr->free_after) t->clear();
  VLOG(3) << "ran op #" << instr->op_index << " " << instr->op->Type() << ", CPU bytes held: "
          << phi::GetCPUAllocator()->stats().current.load() << ", peak "
          << phi::GetCPUAllocator()->stats().peak.load();
}

std::string Interpreter::Describe(const Instruction& instr) const {
  std::ostringstream os;
  const OpDesc& op = *instr.op;
  os << "operator '" << op.Type() << "' (#" << instr.op_index << " in block " << block_->ID()
     << "), kernel " << (instr.record ? instr.record->kernel_name : "?");
  if (instr.prepared) os << instr.prepared->kernel_key();
  os << ", inputs:";
  for (const auto& [slot, args] : op.Inputs()) {
    for (const auto& name : args) {
      os << " " << slot << "=" << name;
      framework::Variable* var = local_scope_->FindVar(name);
      if (var != nullptr && var->IsType<phi::DenseTensor>()) {
        const auto& t = var->Get<phi::DenseTensor>();
        os << " " << t.dims() << " " << t.dtype();
      }
    }
  }
  if (const framework::Attr* stack = op.FindAttr("op_callstack")) {
    if (stack->strings_size() > 0) {
      os << "; created at:";
      for (const auto& line : stack->strings()) os << "\n    " << line;
    }
  }
  return os.str();
}

}  // namespace executor
}  // namespace paddle
