// The eager op cache: one prepared op (framework::PreparedOp over placeholder tensors) per
// eager call signature, shared by eager calls (eager_bind.cc) and the autograd tape
// (eager_tape.cc).
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/common/profiler.h"
#include "paddle/framework/backward.h"
#include "paddle/framework/prepared_op.h"
#include "paddle/phi/core/tensor_copy.h"
#include "paddle/pybind/pybind_common.h"

namespace paddle {
namespace pybind {

using framework::OpDesc;

// A slot (or variable) name given from Python, which must be a str.
std::string SlotName(const py::handle& slot);
void AppendSlotName(const py::handle& slot, std::string* out);

// The DenseTensor held by a Python DenseTensor object, nullptr for any other object. The
// exact type is read straight from pybind11's simple instance layout; anything else (a
// subclass) goes through pybind11's cast.
phi::DenseTensor* DenseTensorOf(PyObject* obj);

// The place eager calls without inputs run on (creation ops, initializers): what
// paddle.set_device chose; the CPU unless a GPU was asked for.
const phi::Place& EagerExpectedPlace();

// In-place version counting (Tensor.inplace_version). The count lives with the storage, so
// every DenseTensor sharing it (a detached view, a tape node's saved copy) sees one count.
inline uint32_t InplaceVersion(const phi::DenseTensor& t) {
  return t.Holder() ? t.Holder()->inplace_version() : 0;
}
// The one place an in-place write is counted: `t` was written in place when its version was
// `before`; its storage (the same, or new storage replacing it) now counts one more.
inline void MarkWrittenInPlace(phi::DenseTensor* t, uint32_t before) {
  if (t->Holder()) t->Holder()->set_inplace_version(std::max(InplaceVersion(*t), before + 1));
}

// One eager call signature (op type, slot arities, attributes), or one grad op of such a
// call, prepared once: the desc, and a PreparedOp bound to placeholder tensors on the first
// run. Each run shares the caller's tensors into the placeholders, runs, hands the outputs
// back and drops the references, so repeated calls skip the desc, the record lookup, kernel
// choice, argument binding and (for unchanged shapes) InferMeta. Outputs the caller gives
// with storage (in-place ops) are written in place, which counts as an in-place write
// (MarkWrittenInPlace). Grad ops are made once per set of inputs
// that need no gradient, from the op records' grad makers (as append_backward does).
class CachedEagerOp {
 public:
  // `in_names` / `out_names`: the desc's variables in the order run() takes their tensors
  // ("" for an absent entry).
  CachedEagerOp(OpDesc desc, std::vector<std::string> in_names, std::vector<std::string> out_names)
      : desc_(std::move(desc)),
        in_names_(std::move(in_names)),
        out_names_(std::move(out_names)),
        in_(in_names_.size()),
        out_(out_names_.size()) {}

  // The grad op's variables, without @EMPTY@ and repeats.
  static std::shared_ptr<CachedEagerOp> ForGradOp(OpDesc desc) {
    auto unique = [](const std::vector<std::string>& names) {
      std::vector<std::string> out;
      for (const auto& n : names) {
        if (n != framework::kEmptyVarName && std::find(out.begin(), out.end(), n) == out.end())
          out.push_back(n);
      }
      return out;
    };
    std::vector<std::string> ins = unique(desc.InputArgumentNames());
    std::vector<std::string> outs = unique(desc.OutputArgumentNames());
    return std::make_shared<CachedEagerOp>(std::move(desc), std::move(ins), std::move(outs));
  }

  const OpDesc& desc() const { return desc_; }
  // Whether the op's record names a grad op (a call needing gradients must be traced).
  bool differentiable() const {
    if (differentiable_ < 0) {
      differentiable_ =
          framework::OpRecordRegistry::Instance().Get(desc_.Type()).grad.op_type.empty() ? 0 : 1;
    }
    return differentiable_ == 1;
  }
  const std::vector<std::string>& input_names() const { return in_names_; }
  // Whether the kernel reads the data of input `i` (not only its meta: the record's
  // no_need_buffer slots), so that a tape node's saved value there must be unchanged.
  bool ReadsData(size_t i) { return input_kind(i) != InputKind::kMetaOnly; }
  const std::vector<std::string>& output_names() const { return out_names_; }

  void Run(const std::vector<phi::DenseTensor*>& ins, const std::vector<phi::DenseTensor*>& outs) {
    PD_CHECK(ins.size() == in_.size() && outs.size() == out_.size(), InvalidArgument, "expected ",
             in_.size(), " inputs and ", out_.size(), " outputs for eager op '", desc_.Type(),
             "', but got ", ins.size(), " and ", outs.size());
    Placeholders release(this);
    const phi::Place place = PlaceFor(ins);
    for (size_t i = 0; i < ins.size(); ++i) {
      if (ins[i] == nullptr) continue;
      // An input away from where the kernel reads it is copied there for this call (a CPU
      // batch fed to a GPU layer, a GPU shape tensor read on the host, a CPU fallback).
      const InputKind kind = input_kind(i);
      if (kind != InputKind::kMetaOnly && ins[i]->initialized()) {
        const phi::Place want = kind == InputKind::kHost ? phi::Place(phi::CPUPlace()) : place;
        if (ins[i]->place() != want) {
          phi::Copy(*ins[i], want, &in_[i]);
          continue;
        }
      }
      in_[i] = *ins[i];
    }
    for (size_t i = 0; i < outs.size(); ++i) {
      if (outs[i] != nullptr && outs[i]->initialized()) out_[i] = *outs[i];
    }
    framework::PreparedOp* prepared = PreparedOn(place);
    namespace prof = common::profiler;
    prof::RecordEvent event;
    if (prof::Enabled()) {
      auto find = [&](const std::string& name) -> const phi::DenseTensor* {
        for (size_t i = 0; i < in_names_.size(); ++i)
          if (in_names_[i] == name) return &in_[i];
        return nullptr;
      };
      event.Begin(desc_.Type(), prof::EventType::kOperator, framework::InputShapes(desc_, find));
    }
    prepared->Run();
    for (size_t i = 0; i < outs.size(); ++i) {
      if (outs[i] == nullptr) continue;
      // An output given with storage was written in place: count it (tape nodes that saved
      // that storage then refuse to use it in backward).
      bool in_place = outs[i]->initialized();
      uint32_t before = in_place ? InplaceVersion(*outs[i]) : 0;
      std::shared_ptr<phi::Allocation> old_storage = in_place ? outs[i]->Holder() : nullptr;
      *outs[i] = out_[i];
      if (in_place) {
        MarkWrittenInPlace(outs[i], before);
        // A kernel that wrote new storage (another place, or one that allocates afresh)
        // still changed this tensor: what saved its old storage sees the write too.
        if (old_storage != outs[i]->Holder())
          old_storage->set_inplace_version(std::max(old_storage->inplace_version(), before + 1));
      }
    }
  }

  const std::vector<std::shared_ptr<CachedEagerOp>>& GradOps(
      const std::vector<std::string>& no_grad) {
    std::string key;
    for (const auto& n : no_grad) key.append(n).push_back(';');
    auto it = grad_ops_.find(key);
    if (it == grad_ops_.end()) {
      std::vector<std::shared_ptr<CachedEagerOp>> ops;
      for (auto& g : framework::MakeGradOps(desc_, {no_grad.begin(), no_grad.end()}))
        ops.push_back(ForGradOp(std::move(*g)));
      it = grad_ops_.emplace(std::move(key), std::move(ops)).first;
    }
    return it->second;
  }

 private:
  // Drops the placeholders' storage (keeping their meta, so InferMeta can be skipped next
  // time) when a run ends, normally or by an error.
  struct Placeholders {
    explicit Placeholders(CachedEagerOp* op) : op_(op) {}
    ~Placeholders() {
      for (auto& t : op_->in_) t.clear();
      for (auto& t : op_->out_) t.clear();
    }
    CachedEagerOp* op_;
  };

  // How a kernel reads each input: on its own place, on the host wherever it runs (the
  // record's host_inputs: shape tensors, scalars steering the kernel), or only its meta (the
  // record's no_need_buffer slots: never copied between places).
  enum class InputKind : char { kDevice, kHost, kMetaOnly };
  InputKind input_kind(size_t i) {
    if (input_kinds_.empty()) {
      const auto& record = framework::OpRecordRegistry::Instance().Get(desc_.Type());
      auto in_slots = [&](const std::vector<std::string>& slots, const std::string& name) {
        for (const auto& slot : slots) {
          const auto& names = desc_.Input(slot);
          if (std::find(names.begin(), names.end(), name) != names.end()) return true;
        }
        return false;
      };
      input_kinds_.resize(in_names_.size(), InputKind::kDevice);
      for (size_t k = 0; k < in_names_.size(); ++k) {
        if (in_slots(record.host_inputs, in_names_[k])) {
          input_kinds_[k] = InputKind::kHost;
        } else if (in_slots(record.no_need_buffer, in_names_[k])) {
          input_kinds_[k] = InputKind::kMetaOnly;
        }
      }
    }
    return input_kinds_[i];
  }

  // Where this call runs (framework::ChooseEagerPlace): with the inputs' data, else on the
  // expected place (paddle.set_device), on the CPU where the GPU has no kernel for the call.
  phi::Place PlaceFor(const std::vector<phi::DenseTensor*>& ins) {
    places_.clear();
    for (size_t i = 0; i < ins.size(); ++i) {
      if (ins[i] != nullptr && ins[i]->initialized() && input_kind(i) != InputKind::kHost)
        places_.push_back(ins[i]->place());
    }
    return framework::ChooseEagerPlace(places_, EagerExpectedPlace(), [&](const phi::Place& gpu) {
      return HasKernelOn(gpu, ins);
    });
  }

  // Whether a kernel exists on `place` for this call's kernel dtype (an attribute's, or the
  // dtype of one input: the answer is kept per dtype of that input).
  bool HasKernelOn(const phi::Place& place, const std::vector<phi::DenseTensor*>& ins) {
    const auto& record = framework::OpRecordRegistry::Instance().Get(desc_.Type());
    auto dtype_of = [&](const std::string& name) {
      for (size_t k = 0; k < in_names_.size(); ++k) {
        if (in_names_[k] == name && ins[k] != nullptr) return ins[k]->dtype();
      }
      return phi::DataType::UNDEFINED;
    };
    if (dtype_index_ == -2) {
      std::string dtype_input;
      framework::ChooseKernelKey(desc_, record, place, dtype_of, &dtype_input);
      auto it = std::find(in_names_.begin(), in_names_.end(), dtype_input);
      dtype_index_ = it == in_names_.end() ? -1 : static_cast<int>(it - in_names_.begin());
    }
    phi::DataType seen = dtype_index_ >= 0 && ins[dtype_index_] != nullptr
                             ? ins[dtype_index_]->dtype()
                             : phi::DataType::UNDEFINED;
    for (const auto& [dtype, found] : has_kernel_)
      if (dtype == seen) return found;
    phi::KernelKey key = framework::ChooseKernelKey(desc_, record, place, dtype_of);
    bool found = phi::KernelRegistry::Instance().Find(record.kernel_name, key) != nullptr;
    has_kernel_.emplace_back(seen, found);
    return found;
  }

  // The PreparedOp of this call on `place` (one per place the call has run on), bound to
  // the placeholders.
  framework::PreparedOp* PreparedOn(const phi::Place& place) {
    for (auto& [on, op] : prepared_)
      if (on == place) return op.get();
    // Inputs and outputs apart: a double grad op may write the gradient of a variable under
    // the name of an input (the gradient of tanh_grad's Out is Out@GRAD, also its input).
    std::unordered_map<std::string, phi::DenseTensor*> by_name[2];
    for (size_t i = 0; i < in_names_.size(); ++i) by_name[1][in_names_[i]] = &in_[i];
    for (size_t i = 0; i < out_names_.size(); ++i) by_name[0][out_names_[i]] = &out_[i];
    auto op = framework::PrepareOpOnTensors(
        desc_,
        [&](const std::string& name, bool input) -> phi::DenseTensor* {
          auto it = by_name[input].find(name);
          PD_CHECK(it != by_name[input].end(), NotFound, "expected a tensor for ",
                   input ? "input" : "output", " variable '", name, "' of op '", desc_.Type(),
                   "', but none was given");
          return it->second;
        },
        place);
    prepared_.emplace_back(place, std::move(op));
    return prepared_.back().second.get();
  }

  OpDesc desc_;
  std::vector<std::string> in_names_, out_names_;
  std::vector<phi::DenseTensor> in_, out_;  // sized once: the PreparedOp holds their addresses
  std::vector<std::pair<phi::Place, std::unique_ptr<framework::PreparedOp>>> prepared_;
  std::vector<phi::Place> places_;  // PlaceFor's scratch
  std::vector<std::pair<phi::DataType, bool>> has_kernel_;  // HasKernelOn's answers
  int dtype_index_ = -2;  // the input giving the kernel dtype (-1: none; -2: not known yet)
  std::unordered_map<std::string, std::vector<std::shared_ptr<CachedEagerOp>>> grad_ops_;
  mutable int differentiable_ = -1;
  std::vector<InputKind> input_kinds_;  // see input_kind; empty until first asked
};

// Eager call signatures -> prepared ops. Bounded: when full it starts over (calls whose
// attributes change every time, e.g. a slice at a moving offset, must not grow it forever).
class EagerOpCache {
 public:
  static EagerOpCache& Instance();

  // Runs op `type` on the given tensors (slot dicts of DenseTensors); returns the prepared
  // op (its desc names the variables "<slot>#<i>").
  std::shared_ptr<CachedEagerOp> Run(const std::string& type, const py::dict& inputs,
                                     const py::dict& outputs, const py::dict& attrs);

  // The same on eager Tensors (Python objects holding their DenseTensor in `_t`), unless
  // the call must be traced: gradients enabled, an input with `_stop_gradient` False and a
  // differentiable op. Returns kRan, kTrace (nothing ran) or kNotTensors (an argument is
  // not an eager Tensor; nothing ran: the caller reports it).
  enum CallResult { kRan = 0, kTrace = 1, kNotTensors = 2 };
  int Call(const std::string& type, const py::dict& inputs, const py::dict& outputs,
           const py::dict& attrs, bool grad_enabled);

  // A call of a one-output ("Out") op on eager Tensors that makes its output Tensor itself
  // (NewTensor), recording it on the tape when an input needs a gradient. Returns None, with
  // nothing run, when an argument is not an eager Tensor.
  py::object CallNew(const std::string& type, const py::dict& inputs, const py::dict& attrs,
                     bool grad_enabled);
  // Runs `op` (one output) on `ins` (the Tensors `in_objs`, None for absent entries) into
  // a new Tensor, which it returns; with `record` the call goes on the tape.
  py::object RunNew(const std::shared_ptr<CachedEagerOp>& op,
                    const std::vector<phi::DenseTensor*>& ins,
                    const std::vector<PyObject*>& in_objs, bool record);
  // A prepared op for a call with these slots (Tensors, DenseTensors or None: only the
  // arities and None positions matter) and attributes, outside the cache.
  static std::shared_ptr<CachedEagerOp> Make(const std::string& type, const py::dict& inputs,
                                             const py::dict& outputs, const py::dict& attrs);
  // A new eager Tensor holding `value` (a DenseTensor object): of the type given to
  // SetTensorType, made without __init__ (`_t` and a new `_uid` set, the rest class defaults).
  py::object NewTensor(const py::object& value);
  // Also finds the type's `_t` / `_uid` slots (Tensor's __slots__), read and written
  // directly at their offsets.
  void SetTensorType(py::object type, py::object uid_counter);
  PyTypeObject* tensor_type() const { return reinterpret_cast<PyTypeObject*>(tensor_type_.ptr()); }
  // The DenseTensor of an eager Tensor (its `_t`), nullptr when `tensor` is not one; valid
  // while the Tensor lives and keeps that value.
  phi::DenseTensor* ValueOf(PyObject* tensor) const;

  // The prepared op for a call on eager Tensors, without running it; `ins`/`outs` get the
  // DenseTensors and `in_objs`/`out_objs` the Tensor objects (None entries included), in the
  // op's input_names / output_names order.
  std::shared_ptr<CachedEagerOp> Prepare(const std::string& type, const py::dict& inputs,
                                         const py::dict& outputs, const py::dict& attrs,
                                         std::vector<phi::DenseTensor*>* ins,
                                         std::vector<phi::DenseTensor*>* outs,
                                         std::vector<PyObject*>* in_objs,
                                         std::vector<PyObject*>* out_objs);

  size_t size() const { return ops_.size(); }

 private:
  // The prepared op for `key` (type and slots so far; the attributes are appended), made
  // from the call on a miss.
  const std::shared_ptr<CachedEagerOp>& Find(const std::string& type, const py::dict& inputs,
                                             const py::dict& outputs, const py::dict& attrs,
                                             std::string* key);
  // The lookup alone (nullptr on a miss) and the insertion.
  const std::shared_ptr<CachedEagerOp>* FindExisting(std::string* key, const py::dict& attrs);
  const std::shared_ptr<CachedEagerOp>& Insert(const std::string& type, const py::dict& inputs,
                                               const py::dict& outputs, const py::dict& attrs,
                                               std::string key);

  static constexpr size_t kMaxOps = 4096;
  std::unordered_map<std::string, std::shared_ptr<CachedEagerOp>> ops_;
  py::object tensor_type_;                        // paddle.base.eager.Tensor
  py::object uid_counter_;                        // its identity counter
  Py_ssize_t value_offset_ = 0, uid_offset_ = 0;  // of its `_t` / `_uid` slots (0: none)
};

// Runs prepared `op` on `ins` into `outs` and records it on the tape: `in_objs` /
// `out_objs` are the Tensors (None for an absent input) in the op's name order (eager_tape.cc).
void RecordPrepared(const std::shared_ptr<CachedEagerOp>& op, std::vector<phi::DenseTensor*> ins,
                    std::vector<phi::DenseTensor*> outs, const std::vector<PyObject*>& in_objs,
                    const std::vector<PyObject*>& out_objs);
// Runs op `type` on eager Tensors and records it on the tape (eager_tape.cc).
void RecordOp(const std::string& type, const py::dict& inputs, const py::dict& outputs,
              const py::dict& attrs);

// Binds the autograd tape (eager_tape.cc) and Tensor's operators (eager_operators.cc).
void BindEagerTape(py::module_* m);
void BindEagerOperators(py::module_* m);

}  // namespace pybind
}  // namespace paddle
