#include "paddle/executor/execution_plan.h"

#include <map>
#include <set>
#include <sstream>

#include "paddle/common/errors.h"
#include "paddle/framework/backward.h"
#include "paddle/framework/op_record.h"
#include "paddle/framework/prepared_op.h"

namespace paddle {
namespace executor {

using framework::BlockDesc;
using framework::OpDesc;
using framework::OpRecord;
using framework::VarDesc;

namespace {

// Where an op on `place` leaves its outputs: memcpy_d2h writes host memory from the device.
phi::Place WritePlace(const OpDesc& op, const phi::Place& place) {
  return op.Type() == "memcpy_d2h" ? phi::Place(phi::CPUPlace()) : place;
}

std::string PlaceName(const phi::Place& place) {
  if (place.is_gpu()) return "gpu:" + std::to_string(place.GetDeviceId());
  return "cpu";
}

// The place an `op_device` attribute names ("cpu", "gpu", "gpu:1"); false when it is empty.
bool AnnotatedPlace(const OpDesc& op, const phi::Place& default_place, phi::Place* place) {
  const framework::Attr* attr = op.FindAttr("op_device");
  if (attr == nullptr || attr->s().empty()) return false;
  const std::string& device = attr->s();
  if (device == "cpu") {
    *place = phi::CPUPlace();
    return true;
  }
  if (device.rfind("gpu", 0) == 0) {
    int id = default_place.is_gpu() ? default_place.GetDeviceId() : 0;
    if (device.size() > 4 && device[3] == ':' && device.substr(4) != "all") {
      try {
        id = std::stoi(device.substr(4));
      } catch (const std::exception&) {
        PD_THROW(InvalidArgument, "expected op_device 'cpu', 'gpu' or 'gpu:N' on op '", op.Type(),
                 "', but got '", device, "'");
      }
    }
    *place = phi::GPUPlace(id);
    return true;
  }
  PD_THROW(InvalidArgument, "expected op_device 'cpu', 'gpu' or 'gpu:N' on op '", op.Type(),
           "', but got '", device, "'");
}

// A dense tensor variable: the only kind the plan copies between places.
bool IsDenseVar(const BlockDesc& block, const std::string& name) {
  const VarDesc* var = block.FindVarRecursive(name);
  return var != nullptr && var->GetType() == framework::proto::VarType::LOD_TENSOR;
}

class Planner {
 public:
  Planner(const framework::ProgramDesc& program, int block_id, const PlacementOptions& options)
      : options_(options) {
    plan_.program = program;
    plan_.block_id = block_id;
    PD_CHECK(block_id >= 0 && static_cast<size_t>(block_id) < plan_.program.Size(), OutOfRange,
             "expected a block index in [0, ", plan_.program.Size(), "), but got ", block_id);
    block_ = plan_.program.MutableBlock(block_id);
  }

  ExecutionPlan Run() {
    ChoosePlaces();
    ChooseHomes();
    Rewrite();
    return std::move(plan_);
  }

 private:
  bool HasKernel(const std::string& kernel, const phi::KernelKey& key) const {
    if (options_.has_kernel) return options_.has_kernel(kernel, key);
    return phi::KernelRegistry::Instance().Find(kernel, key) != nullptr;
  }

  void ChoosePlaces() {
    const phi::Place& fallback = options_.default_place;
    for (size_t i = 0; i < block_->OpSize(); ++i) {
      const OpDesc& op = *block_->Op(i);
      phi::Place place = fallback;
      std::string reason = "default device";
      const OpRecord* record = framework::OpRecordRegistry::Instance().Find(op.Type());
      if (IsFeedOrFetch(op.Type())) {
        place = phi::CPUPlace();
        reason = "feed/fetch: bound by the interpreter on the host";
      } else if (record == nullptr || record->no_kernel) {
        place = phi::CPUPlace();
        reason = "control flow: runs its sub-block on the host's schedule";
      } else {
        bool annotated = AnnotatedPlace(op, fallback, &place);
        if (annotated) reason = "op_device '" + op.FindAttr("op_device")->s() + "'";
        if (place.is_gpu()) {
          phi::KernelKey key = framework::ChooseKernelKey(op, *record, *block_, place);
          if (!HasKernel(record->kernel_name, key)) {
            std::ostringstream why;
            why << "no GPU kernel for " << record->kernel_name << " " << key.dtype;
            if (annotated) why << " (op_device asked for " << PlaceName(place) << ")";
            place = phi::CPUPlace();
            reason = why.str();
          }
        }
      }
      places_.push_back(place);
      reasons_.push_back(reason);
    }
  }

  // The input variables of `op` in the record's slot list `slots`: host_inputs (read on the
  // host wherever the op runs) or no_need_buffer (only their dims are read).
  static std::set<std::string> InputsIn(const OpDesc& op,
                                        std::vector<std::string> OpRecord::*slots) {
    std::set<std::string> names;
    const OpRecord* record = framework::OpRecordRegistry::Instance().Find(op.Type());
    if (record == nullptr) return names;
    for (const auto& slot : record->*slots)
      for (const auto& name : op.Input(slot)) names.insert(name);
    return names;
  }

  void ChooseHomes() {
    // Persistables live where a device op uses them (parameters on the GPU), fed and outer
    // variables where they come from, everything else where its first writer runs.
    std::set<std::string> written;
    std::map<std::string, bool> persistable_on_device;
    for (size_t i = 0; i < block_->OpSize(); ++i) {
      const OpDesc& op = *block_->Op(i);
      const phi::Place& place = places_[i];
      std::set<std::string> host = InputsIn(op, &OpRecord::host_inputs);
      bool control = !IsFeedOrFetch(op.Type()) && !IsPlainOp(op);
      auto touch = [&](const std::string& name, bool is_write, bool on_host) {
        if (name == framework::kEmptyVarName || !IsDenseVar(*block_, name)) return;
        const VarDesc* var = block_->FindVarRecursive(name);
        if (var->Persistable()) {
          bool device = place.is_gpu() && !on_host;
          persistable_on_device[name] = persistable_on_device[name] || device;
          return;
        }
        if (plan_.homes.count(name)) return;
        auto outer = options_.outer_homes.find(name);
        if (outer != options_.outer_homes.end() && !block_->HasVar(name)) {
          plan_.homes[name] = outer->second;
        } else if (!is_write && !written.count(name)) {
          plan_.homes[name] = phi::CPUPlace();  // fed: arrives from the host
        } else if (is_write) {
          // Outputs of control flow are written by its sub-block: the default device.
          plan_.homes[name] = control ? options_.default_place : WritePlace(op, place);
        }
      };
      for (const auto& [slot, args] : op.Inputs())
        for (const auto& name : args) touch(name, false, host.count(name) > 0);
      for (const auto& [slot, args] : op.Outputs()) {
        for (const auto& name : args) {
          touch(name, true, false);
          written.insert(name);
        }
      }
    }
    for (const auto& [name, on_device] : persistable_on_device) {
      auto outer = options_.outer_homes.find(name);
      if (outer != options_.outer_homes.end() && !block_->HasVar(name)) {
        plan_.homes[name] = outer->second;
      } else {
        plan_.homes[name] = on_device ? options_.default_place : phi::Place(phi::CPUPlace());
      }
    }
  }

  bool IsPlainOp(const OpDesc& op) const {
    const OpRecord* record = framework::OpRecordRegistry::Instance().Find(op.Type());
    return record != nullptr && !record->no_kernel;
  }

  // The name of `name`'s copy on `place`, declared in the block on first use.
  std::string CopyName(const std::string& name, const phi::Place& place) {
    std::string copy = name + (place.is_gpu() ? "@GPU" : "@CPU");
    if (!block_->HasVar(copy)) {
      const VarDesc* source = block_->FindVarRecursive(name);
      VarDesc* var = block_->Var(copy);
      var->SetType(framework::proto::VarType::LOD_TENSOR);
      var->SetDataType(source->GetDataType());
      var->SetShape(source->GetShape());
      var->SetPersistable(false);
    }
    return copy;
  }

  // Inserts a copy of `from` (on `from_place`) into `to` at `index` of the block.
  void InsertCopy(size_t index, const std::string& from, const phi::Place& from_place,
                  const std::string& to, const phi::Place& to_place) {
    bool h2d = to_place.is_gpu();
    OpDesc* copy = block_->InsertOp(index);
    copy->SetType(h2d ? "memcpy_h2d" : "memcpy_d2h");
    copy->SetInput("X", {from});
    copy->SetOutput("Out", {to});
    copy->SetAttr("dst_place_type", h2d ? 1 : 0);
    // The device side's stream orders the copy; a CPU-to-CPU copy never arises.
    out_places_.insert(out_places_.begin() + index, h2d ? to_place : from_place);
    out_reasons_.insert(out_reasons_.begin() + index,
                        std::string("copy ") + from + " -> " + to);
    for (auto& c : plan_.copies)
      if (c.op_index >= index) ++c.op_index;
    plan_.copies.push_back({copy->Type(), from, to, index});
  }

  void Rewrite() {
    out_places_ = places_;
    out_reasons_ = reasons_;
    // (variable, place) -> a copy on that place that is up to date.
    std::map<std::pair<std::string, phi::Place>, std::string> fresh;
    auto invalidate = [&](const std::string& name) {
      for (auto it = fresh.begin(); it != fresh.end();) {
        it = it->first.first == name ? fresh.erase(it) : std::next(it);
      }
    };
    size_t i = 0;
    while (i < block_->OpSize()) {
      OpDesc* op = block_->Op(i);
      const phi::Place place = out_places_[i];
      if (IsFeedOrFetch(op->Type()) || !IsPlainOp(*op)) {
        // Control flow reads and writes through its sub-block, which plans its own copies.
        for (const auto& name : op->OutputArgumentNames()) invalidate(name);
        ++i;
        continue;
      }
      std::set<std::string> host = InputsIn(*op, &OpRecord::host_inputs);
      std::set<std::string> meta_only = InputsIn(*op, &OpRecord::no_need_buffer);
      // Inputs: read a fresh copy on the op's place, making one when there is none. An input
      // whose data the kernel never reads (no_need_buffer: only its dims) is not copied.
      for (const auto& name : op->InputArgumentNames()) {
        if (name == framework::kEmptyVarName || !IsDenseVar(*block_, name)) continue;
        if (meta_only.count(name) && !host.count(name)) continue;
        phi::Place want = host.count(name) ? phi::Place(phi::CPUPlace()) : place;
        auto home_it = plan_.homes.find(name);
        if (home_it == plan_.homes.end() || home_it->second == want) continue;
        auto key = std::make_pair(name, want);
        auto it = fresh.find(key);
        std::string copy;
        if (it != fresh.end()) {
          copy = it->second;
        } else {
          copy = CopyName(name, want);
          InsertCopy(i, name, home_it->second, copy, want);
          ++i;
          fresh[key] = copy;
        }
        op->RenameInput(name, copy);
      }
      // Outputs: written on the op's place; a variable at home elsewhere is written to a copy
      // that goes home right after.
      std::vector<std::pair<std::string, std::string>> send_home;
      const phi::Place written = WritePlace(*op, place);
      for (const auto& name : op->OutputArgumentNames()) {
        if (name == framework::kEmptyVarName || !IsDenseVar(*block_, name)) continue;
        auto home_it = plan_.homes.find(name);
        invalidate(name);
        if (home_it == plan_.homes.end() || home_it->second == written) continue;
        std::string copy = CopyName(name, written);
        op->RenameOutput(name, copy);
        send_home.emplace_back(name, copy);
      }
      ++i;
      for (const auto& [name, copy] : send_home) {
        InsertCopy(i, copy, written, name, plan_.homes[name]);
        ++i;
        fresh[std::make_pair(name, written)] = copy;
      }
    }
    plan_.op_places = std::move(out_places_);
    plan_.reasons = std::move(out_reasons_);
  }

  ExecutionPlan plan_;
  BlockDesc* block_ = nullptr;
  const PlacementOptions& options_;
  std::vector<phi::Place> places_;
  std::vector<std::string> reasons_;
  std::vector<phi::Place> out_places_;
  std::vector<std::string> out_reasons_;
};

}  // namespace

ExecutionPlan PlanPlacement(const framework::ProgramDesc& program, int block_id,
                            const PlacementOptions& options) {
  return Planner(program, block_id, options).Run();
}

std::string ExecutionPlan::ToString() const {
  std::ostringstream os;
  const BlockDesc& block = program.Block(block_id);
  os << "execution plan of block " << block_id << " (" << block.OpSize() << " ops, "
     << copies.size() << " copies)\n";
  for (size_t i = 0; i < block.OpSize(); ++i) {
    os << "  #" << i << " " << block.Op(i)->Type() << " @ " << PlaceName(op_places[i]) << " ("
       << reasons[i] << ")\n";
  }
  return os.str();
}

}  // namespace executor
}  // namespace paddle
