// Eager (dygraph) calls and the autograd tape. Each call runs through the one op-execution
// core (framework::PreparedOp), prepared once per call signature (CachedEagerOp); a call
// whose inputs need gradients is recorded as a TapeNode, and backward runs the grad ops the
// op records' grad makers build (the makers append_backward uses), prepared once per node
// kind. So eager mode has no op system or gradient formula of its own.
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/common/profiler.h"
#include "paddle/framework/backward.h"
#include "paddle/framework/prepared_op.h"
#include "paddle/pybind/pybind_common.h"

namespace paddle {
namespace pybind {

namespace {

using framework::OpDesc;

// Calls `fn(slot, entries)` for each slot of a call's dict: a list or tuple of entries, or
// one entry; a None or empty slot is left out (as the Python tracer does). The entries are
// borrowed from the dict.
template <typename Fn>
void ForEachSlot(const py::dict& slots, Fn&& fn) {
  std::vector<PyObject*> entries;
  for (auto item : slots) {
    PyObject* value = item.second.ptr();
    if (value == Py_None) continue;
    entries.clear();
    if (PyList_Check(value)) {
      for (Py_ssize_t i = 0; i < PyList_GET_SIZE(value); ++i)
        entries.push_back(PyList_GET_ITEM(value, i));
    } else if (PyTuple_Check(value)) {
      for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(value); ++i)
        entries.push_back(PyTuple_GET_ITEM(value, i));
    } else {
      entries.push_back(value);
    }
    if (!entries.empty()) fn(item.first, entries);
  }
}

std::string SlotName(const py::handle& slot) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_Check(slot.ptr()) ? PyUnicode_AsUTF8AndSize(slot.ptr(), &size)
                                                 : nullptr;
  PD_CHECK(data != nullptr, InvalidArgument, "expected slot names to be strings, but got ",
           std::string(py::str(py::type::of(slot))));
  return std::string(data, static_cast<size_t>(size));
}

// Names each entry of `slots` "<slot>#<i>" in `op` (None entries become @EMPTY@).
void AddSlots(const py::dict& slots, bool input, OpDesc* op) {
  ForEachSlot(slots, [&](const py::handle& key, const std::vector<PyObject*>& entries) {
    std::string slot = SlotName(key);
    std::vector<std::string> names;
    for (size_t i = 0; i < entries.size(); ++i) {
      names.push_back(entries[i] == Py_None ? std::string(framework::kEmptyVarName)
                                            : slot + "#" + std::to_string(i));
    }
    if (input) {
      op->SetInput(slot, names);
    } else {
      op->SetOutput(slot, names);
    }
  });
}

// Builds the desc of op `type` over the given tensors (variables named "<slot>#<i>").
OpDesc BuildEagerDesc(const std::string& type, const py::dict& inputs, const py::dict& outputs,
                      const py::dict& attrs) {
  const framework::OpRecord& record = framework::OpRecordRegistry::Instance().Get(type);
  OpDesc op(type);
  AddSlots(inputs, true, &op);
  AddSlots(outputs, false, &op);
  for (auto item : attrs) {
    if (item.second.is_none()) continue;
    std::string name = py::str(item.first);
    if (framework::IsCommonAttr(name)) continue;
    SetAttrFromPython(&op, name, item.second, &record);
  }
  return op;
}

// Appends a Python attribute value to a cache key: exact for bool/int/float/str/None and
// lists of them, repr() for anything else (numpy scalars, dtypes).
void AppendValueKey(const py::handle& value, std::string* key) {
  PyObject* v = value.ptr();
  if (v == Py_None) {
    key->push_back('N');
  } else if (PyBool_Check(v)) {
    key->push_back(v == Py_True ? 'T' : 'F');
  } else if (PyLong_Check(v)) {
    int overflow = 0;
    long long i = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (overflow != 0) {
      key->append("L").append(py::repr(value).cast<std::string>());
    } else {
      key->push_back('i');
      key->append(reinterpret_cast<const char*>(&i), sizeof(i));
    }
  } else if (PyFloat_Check(v)) {
    double d = PyFloat_AS_DOUBLE(v);
    key->push_back('f');
    key->append(reinterpret_cast<const char*>(&d), sizeof(d));
  } else if (PyUnicode_Check(v)) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(v, &size);
    key->push_back('s');
    key->append(std::to_string(size)).push_back(':');
    key->append(data, static_cast<size_t>(size));
  } else if (PyList_Check(v) || PyTuple_Check(v)) {
    key->push_back('[');
    for (auto item : py::reinterpret_borrow<py::sequence>(value)) AppendValueKey(item, key);
    key->push_back(']');
  } else {
    key->append("r").append(py::repr(value).cast<std::string>()).push_back(';');
  }
}

// A call's tensors in slot order (nullptr for None); the key's slot part records the
// arity and the None positions so that one key always means one desc.
void CollectSlots(const py::dict& slots, std::vector<phi::DenseTensor*>* tensors,
                  std::string* key) {
  ForEachSlot(slots, [&](const py::handle& slot, const std::vector<PyObject*>& entries) {
    key->append(SlotName(slot)).push_back('(');
    for (PyObject* entry : entries) {
      if (entry == Py_None) {
        key->push_back('N');
        tensors->push_back(nullptr);
        continue;
      }
      py::handle value(entry);
      PD_CHECK(py::isinstance<phi::DenseTensor>(value), InvalidArgument, "expected slot ",
               SlotName(slot), " to hold DenseTensors, but got ",
               std::string(py::str(py::type::of(value))));
      key->push_back('t');
      tensors->push_back(value.cast<phi::DenseTensor*>());
    }
    key->push_back(')');
  });
}

// CollectSlots over eager Tensors: each entry is None or an object whose `_t` is a
// DenseTensor; `needs_grad` (when given) is set if one has `_stop_gradient` False. Returns
// false when an entry is anything else.
bool CollectTensorSlots(const py::dict& slots, std::vector<phi::DenseTensor*>* tensors,
                        std::string* key, bool* needs_grad,
                        std::vector<PyObject*>* objects = nullptr) {
  static PyObject* value_attr = PyUnicode_InternFromString("_t");
  static PyObject* stop_attr = PyUnicode_InternFromString("_stop_gradient");
  bool ok = true;
  ForEachSlot(slots, [&](const py::handle& slot, const std::vector<PyObject*>& entries) {
    if (!ok) return;
    key->append(SlotName(slot)).push_back('(');
    for (PyObject* entry : entries) {
      if (objects != nullptr) objects->push_back(entry);
      if (entry == Py_None) {
        key->push_back('N');
        tensors->push_back(nullptr);
        continue;
      }
      // The Tensor (held by the caller's dict) keeps its DenseTensor alive.
      py::object value = py::reinterpret_steal<py::object>(PyObject_GetAttr(entry, value_attr));
      if (!value || !py::isinstance<phi::DenseTensor>(value)) {
        PyErr_Clear();
        ok = false;
        return;
      }
      if (needs_grad != nullptr && !*needs_grad) {
        PyObject* stop = PyObject_GetAttr(entry, stop_attr);
        if (stop == nullptr) {
          PyErr_Clear();
          ok = false;
          return;
        }
        *needs_grad = stop == Py_False;
        Py_DECREF(stop);
      }
      key->push_back('t');
      tensors->push_back(value.cast<phi::DenseTensor*>());
    }
    key->push_back(')');
  });
  return ok;
}

// The variable names BuildEagerDesc gives a slot dict's entries, in the same order as
// CollectSlots ("" for None).
std::vector<std::string> SlotNames(const py::dict& slots) {
  std::vector<std::string> names;
  ForEachSlot(slots, [&](const py::handle& key, const std::vector<PyObject*>& entries) {
    std::string slot = SlotName(key);
    for (size_t i = 0; i < entries.size(); ++i)
      names.push_back(entries[i] == Py_None ? std::string() : slot + "#" + std::to_string(i));
  });
  return names;
}

// One eager call signature (op type, slot arities, attributes), or one grad op of such a
// call, prepared once: the desc, and a PreparedOp bound to placeholder tensors on the first
// run. Each run shares the caller's tensors into the placeholders, runs, hands the outputs
// back and drops the references, so repeated calls skip the desc, the record lookup, kernel
// choice, argument binding and (for unchanged shapes) InferMeta. Outputs the caller gives
// with storage (in-place ops) are written in place. Grad ops are made once per set of inputs
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
  const std::vector<std::string>& output_names() const { return out_names_; }

  void Run(const std::vector<phi::DenseTensor*>& ins, const std::vector<phi::DenseTensor*>& outs) {
    PD_CHECK(ins.size() == in_.size() && outs.size() == out_.size(), InvalidArgument,
             "expected ", in_.size(), " inputs and ", out_.size(), " outputs for eager op '",
             desc_.Type(), "', but got ", ins.size(), " and ", outs.size());
    Placeholders release(this);
    for (size_t i = 0; i < ins.size(); ++i) {
      if (ins[i] != nullptr) in_[i] = *ins[i];
    }
    for (size_t i = 0; i < outs.size(); ++i) {
      if (outs[i] != nullptr && outs[i]->initialized()) out_[i] = *outs[i];
    }
    if (prepared_ == nullptr) Prepare();
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
    prepared_->Run();
    for (size_t i = 0; i < outs.size(); ++i) {
      if (outs[i] != nullptr) *outs[i] = out_[i];
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

  void Prepare() {
    std::unordered_map<std::string, phi::DenseTensor*> by_name;
    for (size_t i = 0; i < in_names_.size(); ++i) by_name[in_names_[i]] = &in_[i];
    for (size_t i = 0; i < out_names_.size(); ++i) by_name[out_names_[i]] = &out_[i];
    prepared_ = framework::PrepareOpOnTensors(
        desc_,
        [&](const std::string& name, bool input) -> phi::DenseTensor* {
          auto it = by_name.find(name);
          PD_CHECK(it != by_name.end(), NotFound, "expected a tensor for ",
                   input ? "input" : "output", " variable '", name, "' of op '", desc_.Type(),
                   "', but none was given");
          return it->second;
        },
        phi::CPUPlace());
  }

  OpDesc desc_;
  std::vector<std::string> in_names_, out_names_;
  std::vector<phi::DenseTensor> in_, out_;  // sized once: the PreparedOp holds their addresses
  std::unique_ptr<framework::PreparedOp> prepared_;
  std::unordered_map<std::string, std::vector<std::shared_ptr<CachedEagerOp>>> grad_ops_;
  mutable int differentiable_ = -1;
};

// Eager call signatures -> prepared ops. Bounded: when full it starts over (calls whose
// attributes change every time, e.g. a slice at a moving offset, must not grow it forever).
class EagerOpCache {
 public:
  static EagerOpCache& Instance() {
    static EagerOpCache cache;
    return cache;
  }

  // Runs op `type` on the given tensors; returns the prepared op (its desc names the
  // variables "<slot>#<i>").
  std::shared_ptr<CachedEagerOp> Run(const std::string& type, const py::dict& inputs,
                                     const py::dict& outputs, const py::dict& attrs) {
    std::vector<phi::DenseTensor*> ins, outs;
    std::string key = type;
    key.push_back('|');
    CollectSlots(inputs, &ins, &key);
    key.push_back('|');
    CollectSlots(outputs, &outs, &key);
    const std::shared_ptr<CachedEagerOp>& op = Find(type, inputs, outputs, attrs, &key);
    op->Run(ins, outs);
    return op;
  }

  // The same on eager Tensors (Python objects holding their DenseTensor in `_t`), unless
  // the call must be traced: gradients enabled, an input with `_stop_gradient` False and a
  // differentiable op. Returns kRan, kTrace (nothing ran) or kNotTensors (an argument is
  // not an eager Tensor; nothing ran: the caller reports it).
  enum CallResult { kRan = 0, kTrace = 1, kNotTensors = 2 };
  int Call(const std::string& type, const py::dict& inputs, const py::dict& outputs,
           const py::dict& attrs, bool grad_enabled) {
    std::vector<phi::DenseTensor*> ins, outs;
    std::string key = type;
    key.push_back('|');
    bool needs_grad = false;
    if (!CollectTensorSlots(inputs, &ins, &key, &needs_grad)) return kNotTensors;
    key.push_back('|');
    if (!CollectTensorSlots(outputs, &outs, &key, nullptr)) return kNotTensors;
    const std::shared_ptr<CachedEagerOp>& op = Find(type, inputs, outputs, attrs, &key);
    if (needs_grad && grad_enabled && op->differentiable()) return kTrace;
    op->Run(ins, outs);
    return kRan;
  }

  // The prepared op for a call on eager Tensors, without running it; `ins`/`outs` get the
  // DenseTensors and `in_objs`/`out_objs` the Tensor objects (None entries included), in the
  // op's input_names / output_names order.
  std::shared_ptr<CachedEagerOp> Prepare(const std::string& type, const py::dict& inputs,
                                         const py::dict& outputs, const py::dict& attrs,
                                         std::vector<phi::DenseTensor*>* ins,
                                         std::vector<phi::DenseTensor*>* outs,
                                         std::vector<PyObject*>* in_objs,
                                         std::vector<PyObject*>* out_objs) {
    std::string key = type;
    key.push_back('|');
    bool ok = CollectTensorSlots(inputs, ins, &key, nullptr, in_objs);
    key.push_back('|');
    ok = ok && CollectTensorSlots(outputs, outs, &key, nullptr, out_objs);
    if (!ok) throw py::type_error("expected eager Tensors (or None) in the slots of op '" + type + "'");
    return Find(type, inputs, outputs, attrs, &key);
  }

  size_t size() const { return ops_.size(); }

 private:
  // The prepared op for `key` (type and slots so far), made from the call on a miss.
  const std::shared_ptr<CachedEagerOp>& Find(const std::string& type, const py::dict& inputs,
                                             const py::dict& outputs, const py::dict& attrs,
                                             std::string* key) {
    key->push_back('|');
    for (auto item : attrs) {
      if (item.second.is_none()) continue;
      key->append(py::str(item.first).cast<std::string>()).push_back('=');
      AppendValueKey(item.second, key);
    }
    auto it = ops_.find(*key);
    if (it == ops_.end()) {
      OpDesc desc = BuildEagerDesc(type, inputs, outputs, attrs);
      auto op = std::make_shared<CachedEagerOp>(std::move(desc), SlotNames(inputs),
                                                SlotNames(outputs));
      if (ops_.size() >= kMaxOps) ops_.clear();
      it = ops_.emplace(std::move(*key), std::move(op)).first;
    }
    return it->second;
  }

  static constexpr size_t kMaxOps = 4096;
  std::unordered_map<std::string, std::shared_ptr<CachedEagerOp>> ops_;
};

// ---------------------------------------------------------------------------------------
// The autograd tape. A TapeNode is one recorded call: its prepared op (whose grad ops come
// from the op record's grad maker, as in append_backward) or, for a to_static program run, a
// Python backward function; and per variable what backward needs: the value, the tensor
// identity (uid), the producing node, and for leaf inputs the Python Tensor that receives
// .grad. Python tensors hold their node in `_node`.
struct TapeNode {
  struct Input {
    std::string name;
    int64_t uid;
    phi::DenseTensor value;
    std::shared_ptr<TapeNode> producer;
    py::object leaf;  // the Tensor when it is a leaf, else None
    bool no_grad;
  };
  struct Output {
    std::string name;
    int64_t uid;
    phi::DenseTensor value;
  };

  int64_t seq = 0;
  std::shared_ptr<CachedEagerOp> op;
  py::object backward_fn;  // for a Python-function node
  std::vector<Input> inputs;
  std::vector<Output> outputs;
  std::vector<std::string> no_grad;
  bool released = false;

  const Input* FindInput(const std::string& name) const {
    for (const auto& in : inputs)
      if (in.name == name) return &in;
    return nullptr;
  }
  const Output* FindOutput(const std::string& name) const {
    for (const auto& out : outputs)
      if (out.name == name) return &out;
    return nullptr;
  }
  void Release() {
    inputs.clear();
    outputs.clear();
    op.reset();
    backward_fn = py::none();
    released = true;
  }
};

struct TapeState {
  int64_t next_seq = 1;
  py::object uid_counter;  // paddle.base.eager._uids (one identity space with Python)
  PyObject* attr_t = PyUnicode_InternFromString("_t");
  PyObject* attr_uid = PyUnicode_InternFromString("_uid");
  PyObject* attr_node = PyUnicode_InternFromString("_node");
  PyObject* attr_stop = PyUnicode_InternFromString("_stop_gradient");
  PyObject* attr_name = PyUnicode_InternFromString("name");

  static TapeState& Get() {
    static TapeState* state = new TapeState();  // never destroyed: outlives the interpreter
    return *state;
  }
  int64_t NextUid() {
    PD_CHECK(uid_counter, PreconditionNotMet, "expected the eager uid counter to be set");
    PyObject* next = PyIter_Next(uid_counter.ptr());
    if (next == nullptr) throw py::error_already_set();
    int64_t uid = PyLong_AsLongLong(next);
    Py_DECREF(next);
    return uid;
  }
};

py::object GetAttr(PyObject* obj, PyObject* name) {
  PyObject* value = PyObject_GetAttr(obj, name);
  if (value == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(value);
}
void SetAttr(PyObject* obj, PyObject* name, const py::handle& value) {
  if (PyObject_SetAttr(obj, name, value.ptr()) != 0) throw py::error_already_set();
}

std::shared_ptr<TapeNode> NodeOf(PyObject* tensor) {
  py::object node = GetAttr(tensor, TapeState::Get().attr_node);
  if (node.is_none()) return nullptr;
  return node.cast<std::shared_ptr<TapeNode>>();
}

bool IsFloating(phi::DataType dtype) {
  switch (dtype) {
    case phi::DataType::FLOAT16:
    case phi::DataType::BFLOAT16:
    case phi::DataType::FLOAT32:
    case phi::DataType::FLOAT64:
    case phi::DataType::COMPLEX64:
    case phi::DataType::COMPLEX128:
      return true;
    default:
      return false;
  }
}

TapeNode::Input MakeInput(const std::string& name, PyObject* tensor) {
  TapeState& st = TapeState::Get();
  TapeNode::Input in;
  in.name = name;
  in.uid = GetAttr(tensor, st.attr_uid).cast<int64_t>();
  in.value = *GetAttr(tensor, st.attr_t).cast<phi::DenseTensor*>();
  in.producer = NodeOf(tensor);
  in.leaf = in.producer ? py::none() : py::reinterpret_borrow<py::object>(tensor);
  in.no_grad = GetAttr(tensor, st.attr_stop).ptr() == Py_True;
  return in;
}

// Marks `tensor` (a floating output) as produced by `node`: it now needs a gradient.
void Attach(PyObject* tensor, const std::shared_ptr<TapeNode>& node) {
  TapeState& st = TapeState::Get();
  if (!IsFloating(GetAttr(tensor, st.attr_t).cast<phi::DenseTensor*>()->dtype())) return;
  SetAttr(tensor, st.attr_stop, py::bool_(false));
  SetAttr(tensor, st.attr_node, py::cast(node));
}

// Runs op `type` on eager Tensors and records a node (the tracer's path when an input needs
// a gradient). An output that is also an input (an in-place op) gets fresh storage, so the
// node keeps the input's value as it was; the tensor then takes the new value and identity.
// Such an output that is a stop-gradient leaf (batch_norm's running statistics) takes the
// new value but stays outside the graph.
void RecordOp(const std::string& type, const py::dict& inputs, const py::dict& outputs,
              const py::dict& attrs) {
  TapeState& st = TapeState::Get();
  std::vector<phi::DenseTensor*> ins, outs;
  std::vector<PyObject*> in_objs, out_objs;
  std::shared_ptr<CachedEagerOp> op = EagerOpCache::Instance().Prepare(
      type, inputs, outputs, attrs, &ins, &outs, &in_objs, &out_objs);
  std::vector<bool> aliased(out_objs.size(), false);
  std::vector<py::object> fresh(out_objs.size());
  for (size_t o = 0; o < out_objs.size(); ++o) {
    PD_CHECK(out_objs[o] != Py_None, InvalidArgument, "expected output Tensors for op '", type,
             "', but got None");
    aliased[o] = std::find(in_objs.begin(), in_objs.end(), out_objs[o]) != in_objs.end();
    if (aliased[o]) {
      fresh[o] = py::cast(phi::DenseTensor());
      outs[o] = fresh[o].cast<phi::DenseTensor*>();
    }
  }
  auto node = std::make_shared<TapeNode>();
  node->op = op;
  const auto& in_names = op->input_names();
  for (size_t i = 0; i < in_objs.size(); ++i) {
    if (in_objs[i] == Py_None) continue;
    node->inputs.push_back(MakeInput(in_names[i], in_objs[i]));
    if (node->inputs.back().no_grad) node->no_grad.push_back(in_names[i]);
  }
  op->Run(ins, outs);
  node->seq = st.next_seq++;
  const auto& out_names = op->output_names();
  std::vector<bool> constant(out_objs.size(), false);
  for (size_t o = 0; o < out_objs.size(); ++o) {
    PyObject* t = out_objs[o];
    if (aliased[o]) {
      bool is_leaf = GetAttr(t, st.attr_node).is_none();
      if (is_leaf && GetAttr(t, st.attr_stop).ptr() == Py_True) {
        SetAttr(t, st.attr_t, fresh[o]);
        constant[o] = true;
        node->outputs.push_back({out_names[o], st.NextUid(), *outs[o]});
        continue;
      }
      if (is_leaf) {
        throw std::runtime_error("leaf tensor '" + GetAttr(t, st.attr_name).cast<std::string>() +
                                 "' needs a gradient and cannot be changed in place by '" +
                                 type + "'");
      }
      SetAttr(t, st.attr_t, fresh[o]);
      SetAttr(t, st.attr_uid, py::int_(st.NextUid()));
    }
    node->outputs.push_back({out_names[o], GetAttr(t, st.attr_uid).cast<int64_t>(), *outs[o]});
  }
  for (size_t o = 0; o < out_objs.size(); ++o) {
    if (!constant[o]) Attach(out_objs[o], node);
  }
}

// A node whose backward is the Python callable backward_fn({output name: gradient
// DenseTensor or None}) -> {input name: gradient DenseTensor or None}; `inputs`/`outputs`
// map names to Tensors. Floating outputs then need gradients.
std::shared_ptr<TapeNode> RecordPyFunc(const py::object& backward_fn, const py::dict& inputs,
                                       const py::dict& outputs) {
  TapeState& st = TapeState::Get();
  auto node = std::make_shared<TapeNode>();
  node->backward_fn = backward_fn;
  for (auto item : inputs) {
    std::string name = SlotName(item.first);
    node->inputs.push_back(MakeInput(name, item.second.ptr()));
    if (node->inputs.back().no_grad) node->no_grad.push_back(name);
  }
  for (auto item : outputs) {
    PyObject* t = item.second.ptr();
    node->outputs.push_back({SlotName(item.first), GetAttr(t, st.attr_uid).cast<int64_t>(),
                             *GetAttr(t, st.attr_t).cast<phi::DenseTensor*>()});
  }
  node->seq = st.next_seq++;
  for (auto item : outputs) Attach(item.second.ptr(), node);
  return node;
}

// elementwise_add and fill_any_like on DenseTensors, prepared once (backward's helpers).
CachedEagerOp MakeHelperOp(const std::string& type, const py::dict& attrs,
                           std::vector<std::string> in_slots) {
  const framework::OpRecord& record = framework::OpRecordRegistry::Instance().Get(type);
  OpDesc desc(type);
  std::vector<std::string> in_names;
  for (const auto& slot : in_slots) {
    desc.SetInput(slot, {slot + "#0"});
    in_names.push_back(slot + "#0");
  }
  desc.SetOutput("Out", {"Out#0"});
  for (auto item : attrs) SetAttrFromPython(&desc, SlotName(item.first), item.second, &record);
  return CachedEagerOp(std::move(desc), std::move(in_names), {"Out#0"});
}

phi::DenseTensor AddTensors(const phi::DenseTensor& a, const phi::DenseTensor& b) {
  static CachedEagerOp* op = new CachedEagerOp(MakeHelperOp("elementwise_add", py::dict(), {"X", "Y"}));
  phi::DenseTensor out;
  op->Run({const_cast<phi::DenseTensor*>(&a), const_cast<phi::DenseTensor*>(&b)}, {&out});
  return out;
}

phi::DenseTensor ZerosLike(const phi::DenseTensor& value) {
  static CachedEagerOp* op = new CachedEagerOp(
      MakeHelperOp("fill_any_like", py::dict(py::arg("value") = 0.0), {"X"}));
  phi::DenseTensor out;
  op->Run({const_cast<phi::DenseTensor*>(&value)}, {&out});
  return out;
}

// Propagates gradients from the seeds [(Tensor, gradient DenseTensor)] through the tape.
// Gradients of tensors whose uid is in `blocked` stop there. `hooks` holds the uids with
// gradient hooks; apply_hook(uid, DenseTensor) returns the gradient to use. Returns
// ({uid: gradient DenseTensor}, {uid: leaf Tensor reached}).
py::tuple Backward(const py::list& seeds, bool retain_graph, const py::set& blocked,
                   const py::dict& hooks, const py::object& apply_hook) {
  TapeState& st = TapeState::Get();
  std::unordered_map<int64_t, phi::DenseTensor> grads;
  py::dict leaves;
  auto accumulate = [&](int64_t uid, phi::DenseTensor value) {
    auto it = grads.find(uid);
    if (it == grads.end()) {
      grads.emplace(uid, std::move(value));
    } else {
      it->second = AddTensors(it->second, value);
    }
  };
  auto hook = [&](int64_t uid) {
    auto it = grads.find(uid);
    if (it == grads.end() || hooks.empty()) return;
    py::int_ key(uid);
    if (!hooks.contains(key)) return;
    py::object out = apply_hook(key, py::cast(it->second));
    it->second = *out.cast<phi::DenseTensor*>();
  };
  std::vector<std::shared_ptr<TapeNode>> stack;
  for (auto item : seeds) {
    auto pair = item.cast<py::tuple>();
    PyObject* t = pair[0].ptr();
    int64_t uid = GetAttr(t, st.attr_uid).cast<int64_t>();
    accumulate(uid, *pair[1].cast<phi::DenseTensor*>());
    std::shared_ptr<TapeNode> node = NodeOf(t);
    if (node) {
      stack.push_back(node);
    } else {
      leaves[py::int_(uid)] = pair[0];
    }
  }
  // Every node reachable from the seeds, latest first.
  std::vector<std::shared_ptr<TapeNode>> order;
  std::unordered_set<TapeNode*> seen;
  while (!stack.empty()) {
    std::shared_ptr<TapeNode> node = std::move(stack.back());
    stack.pop_back();
    if (!seen.insert(node.get()).second) continue;
    if (node->released) {
      throw std::runtime_error("the graph of this tensor was freed by an earlier backward(); "
                               "call backward(retain_graph=True) to run it twice");
    }
    for (const auto& in : node->inputs)
      if (in.producer && !seen.count(in.producer.get())) stack.push_back(in.producer);
    order.push_back(std::move(node));
  }
  std::sort(order.begin(), order.end(),
            [](const auto& a, const auto& b) { return a->seq > b->seq; });
  auto reached = [&](const TapeNode::Input& in, phi::DenseTensor value) {
    if (blocked.contains(py::int_(in.uid))) return;
    accumulate(in.uid, std::move(value));
    if (!in.leaf.is_none()) leaves[py::int_(in.uid)] = in.leaf;
  };
  for (const auto& node : order) {
    bool any = false;
    for (const auto& out : node->outputs) any = any || grads.count(out.uid) > 0;
    if (!any) continue;
    for (const auto& out : node->outputs) hook(out.uid);
    if (!node->op) {
      py::dict out_grads;
      for (const auto& out : node->outputs) {
        auto it = grads.find(out.uid);
        out_grads[py::str(out.name)] =
            it == grads.end() ? py::none() : py::cast(it->second);
      }
      py::dict in_grads = node->backward_fn(out_grads);
      for (auto item : in_grads) {
        if (item.second.is_none()) continue;
        const TapeNode::Input* in = node->FindInput(SlotName(item.first));
        PD_CHECK(in != nullptr, InvalidArgument, "expected a backward function to return "
                 "gradients of its node's inputs, but got '", SlotName(item.first), "'");
        if (in->no_grad) continue;
        reached(*in, *item.second.cast<phi::DenseTensor*>());
      }
    } else {
      for (const auto& grad_op : node->op->GradOps(node->no_grad)) {
        std::vector<phi::DenseTensor> zeros;
        zeros.reserve(grad_op->input_names().size());
        std::vector<phi::DenseTensor*> ins;
        for (const auto& name : grad_op->input_names()) {
          size_t n = name.size(), k = std::strlen(framework::kGradSuffix);
          if (n > k && name.compare(n - k, k, framework::kGradSuffix) == 0) {
            const TapeNode::Output* out = node->FindOutput(name.substr(0, n - k));
            PD_CHECK(out != nullptr, NotFound, "expected grad op '", grad_op->desc().Type(),
                     "' to read the gradient of an output, but got '", name, "'");
            auto it = grads.find(out->uid);
            if (it != grads.end()) {
              ins.push_back(&it->second);
            } else {
              zeros.push_back(ZerosLike(out->value));
              ins.push_back(&zeros.back());
            }
            continue;
          }
          const TapeNode::Input* in = node->FindInput(name);
          const TapeNode::Output* out = in ? nullptr : node->FindOutput(name);
          PD_CHECK(in != nullptr || out != nullptr, NotFound, "expected grad op '",
                   grad_op->desc().Type(), "' to read a variable of its forward op, but got '",
                   name, "'");
          ins.push_back(const_cast<phi::DenseTensor*>(in ? &in->value : &out->value));
        }
        std::vector<phi::DenseTensor> produced(grad_op->output_names().size());
        std::vector<phi::DenseTensor*> outs;
        for (auto& t : produced) outs.push_back(&t);
        grad_op->Run(ins, outs);
        for (size_t i = 0; i < produced.size(); ++i) {
          const std::string& name = grad_op->output_names()[i];
          const TapeNode::Input* in = node->FindInput(
              name.substr(0, name.size() - std::strlen(framework::kGradSuffix)));
          PD_CHECK(in != nullptr, NotFound, "expected grad op '", grad_op->desc().Type(),
                   "' to write the gradient of an input, but got '", name, "'");
          reached(*in, std::move(produced[i]));
        }
      }
    }
    if (!retain_graph) node->Release();
  }
  for (auto item : leaves) hook(item.first.cast<int64_t>());
  py::dict out;
  for (auto& [uid, value] : grads) out[py::int_(uid)] = py::cast(std::move(value));
  return py::make_tuple(out, leaves);
}

}  // namespace

void BindEager(py::module_* module) {
  py::module_& m = *module;
  // Runs op `type` now: `inputs` and `outputs` map slot names to lists of DenseTensors (the
  // outputs are written in place), `attrs` maps attribute names to Python values (typed by
  // the op's record; absent ones take the record's defaults).
  // Calls with the same signature (type, slot arities, attributes) reuse one prepared op.
  m.def("eager_run_op", [](const std::string& type, const py::dict& inputs,
                           const py::dict& outputs, const py::dict& attrs) {
    EagerOpCache::Instance().Run(type, inputs, outputs, attrs);
  }, py::arg("type"), py::arg("inputs"), py::arg("outputs"), py::arg("attrs"));
  // The same, returning the prepared op it ran (its desc names the variables
  // "<slot>#<i>"): the tape keeps it for the grad ops.
  m.def("eager_trace_op", [](const std::string& type, const py::dict& inputs,
                             const py::dict& outputs, const py::dict& attrs) {
    return EagerOpCache::Instance().Run(type, inputs, outputs, attrs);
  }, py::arg("type"), py::arg("inputs"), py::arg("outputs"), py::arg("attrs"));
  py::class_<CachedEagerOp, std::shared_ptr<CachedEagerOp>>(m, "EagerOp")
      .def_property_readonly("desc", &CachedEagerOp::desc)
      .def_property_readonly("input_names", &CachedEagerOp::input_names)
      .def_property_readonly("output_names", &CachedEagerOp::output_names)
      // The grad ops of this call with the given input variables needing no gradient, made
      // once by the op record's grad maker; their variables are this desc's names + @GRAD.
      .def("grad_ops", &CachedEagerOp::GradOps, py::arg("no_grad"),
           py::return_value_policy::reference_internal)
      // Runs on tensors given in input_names / output_names order (None: absent input).
      .def("run", [](CachedEagerOp& op, const py::list& ins, const py::list& outs) {
        auto tensors = [](const py::list& list, bool input) {
          std::vector<phi::DenseTensor*> out;
          out.reserve(list.size());
          for (auto v : list) {
            if (v.is_none()) {
              out.push_back(nullptr);
              continue;
            }
            PD_CHECK(py::isinstance<phi::DenseTensor>(v), InvalidArgument, "expected ",
                     input ? "inputs" : "outputs", " to be DenseTensors, but got ",
                     std::string(py::str(py::type::of(v))));
            out.push_back(v.cast<phi::DenseTensor*>());
          }
          return out;
        };
        op.Run(tensors(ins, true), tensors(outs, false));
      }, py::arg("inputs"), py::arg("outputs"));
  // eager_run_op on eager Tensors (see EagerOpCache::Call): 0 ran, 1 must be traced
  // (nothing ran), 2 an argument is not an eager Tensor (nothing ran).
  m.def("eager_call", [](const std::string& type, const py::dict& inputs,
                         const py::dict& outputs, const py::dict& attrs, bool grad_enabled) {
    return EagerOpCache::Instance().Call(type, inputs, outputs, attrs, grad_enabled);
  }, py::arg("type"), py::arg("inputs"), py::arg("outputs"), py::arg("attrs"),
        py::arg("grad_enabled"));
  // The tape (see TapeNode): Tensor._node holds a TapeNode.
  py::class_<TapeNode, std::shared_ptr<TapeNode>>(m, "TapeNode")
      .def_property_readonly("released", [](const TapeNode& n) { return n.released; });
  m.def("eager_set_uid_counter", [](py::object counter) {
    TapeState::Get().uid_counter = std::move(counter);
  });
  m.def("eager_record_op", &RecordOp, py::arg("type"), py::arg("inputs"), py::arg("outputs"),
        py::arg("attrs"));
  m.def("eager_record_py_func", &RecordPyFunc, py::arg("backward_fn"), py::arg("inputs"),
        py::arg("outputs"));
  m.def("eager_backward", &Backward, py::arg("seeds"), py::arg("retain_graph"),
        py::arg("blocked"), py::arg("hooks"), py::arg("apply_hook"));
  m.def("eager_op_cache_size", [] { return EagerOpCache::Instance().size(); });
}

}  // namespace pybind
}  // namespace paddle
