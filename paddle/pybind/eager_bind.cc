// Eager (dygraph) calls and the autograd tape. Each call runs through the one op-execution
// core (framework::PreparedOp), prepared once per call signature (CachedEagerOp); a call
// whose inputs need gradients is recorded as a TapeNode, and backward runs the grad ops the
// op records' grad makers build (the makers append_backward uses), prepared once per node
// kind. So eager mode has no op system or gradient formula of its own.
#include <Python.h>
#include <structmember.h>  // needs Python.h first: PyMemberDef, T_OBJECT_EX

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "paddle/pybind/eager_op_cache.h"

namespace paddle {
namespace pybind {

namespace {

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

phi::Place& ExpectedPlace() {
  static phi::Place place = phi::CPUPlace();
  return place;
}

}  // namespace

const phi::Place& EagerExpectedPlace() { return ExpectedPlace(); }

std::string SlotName(const py::handle& slot) {
  std::string name;
  AppendSlotName(slot, &name);
  return name;
}

void AppendSlotName(const py::handle& slot, std::string* out) {
  Py_ssize_t size = 0;
  const char* data =
      PyUnicode_Check(slot.ptr()) ? PyUnicode_AsUTF8AndSize(slot.ptr(), &size) : nullptr;
  PD_CHECK(data != nullptr, InvalidArgument, "expected slot names to be strings, but got ",
           std::string(py::str(py::type::of(slot))));
  out->append(data, static_cast<size_t>(size));
}

phi::DenseTensor* DenseTensorOf(PyObject* obj) {
  static PyTypeObject* dense_type =
      reinterpret_cast<PyTypeObject*>(py::type::of<phi::DenseTensor>().ptr());
  if (Py_TYPE(obj) == dense_type) {
    auto* inst = reinterpret_cast<py::detail::instance*>(obj);
    if (inst->simple_layout) return static_cast<phi::DenseTensor*>(inst->simple_value_holder[0]);
  }
  py::handle value(obj);
  return py::isinstance<phi::DenseTensor>(value) ? value.cast<phi::DenseTensor*>() : nullptr;
}

namespace {

// The byte offset of slot `name` of `type` (a member descriptor of its __slots__), 0 if it
// has none.
Py_ssize_t SlotOffset(PyTypeObject* type, const char* name) {
  PyObject* descr = _PyType_Lookup(type, py::str(name).ptr());  // borrowed
  if (descr == nullptr || Py_TYPE(descr) != &PyMemberDescr_Type) return 0;
  PyMemberDef* member = reinterpret_cast<PyMemberDescrObject*>(descr)->d_member;
  return member->type == T_OBJECT_EX ? member->offset : 0;
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
    AppendSlotName(slot, key);
    key->push_back('(');
    for (PyObject* entry : entries) {
      if (entry == Py_None) {
        key->push_back('N');
        tensors->push_back(nullptr);
        continue;
      }
      phi::DenseTensor* value = DenseTensorOf(entry);
      PD_CHECK(value != nullptr, InvalidArgument, "expected slot ", SlotName(slot),
               " to hold DenseTensors, but got ", std::string(py::str(py::type::of(entry))));
      key->push_back('t');
      tensors->push_back(value);
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
  static PyObject* stop_attr = PyUnicode_InternFromString("_stop_gradient");
  bool ok = true;
  ForEachSlot(slots, [&](const py::handle& slot, const std::vector<PyObject*>& entries) {
    if (!ok) return;
    AppendSlotName(slot, key);
    key->push_back('(');
    for (PyObject* entry : entries) {
      if (objects != nullptr) objects->push_back(entry);
      if (entry == Py_None) {
        key->push_back('N');
        tensors->push_back(nullptr);
        continue;
      }
      // The Tensor (held by the caller's dict) keeps its DenseTensor alive.
      phi::DenseTensor* value = EagerOpCache::Instance().ValueOf(entry);
      if (value == nullptr) {
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
      tensors->push_back(value);
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

}  // namespace

EagerOpCache& EagerOpCache::Instance() {
  static EagerOpCache* cache = new EagerOpCache();  // never destroyed: outlives Python
  return *cache;
}

std::shared_ptr<CachedEagerOp> EagerOpCache::Run(const std::string& type, const py::dict& inputs,
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

int EagerOpCache::Call(const std::string& type, const py::dict& inputs, const py::dict& outputs,
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

py::object EagerOpCache::CallNew(const std::string& type, const py::dict& inputs,
                                 const py::dict& attrs, bool grad_enabled) {
  PD_CHECK(tensor_type_ && uid_counter_, PreconditionNotMet,
           "expected eager_set_tensor_type to be called before eager_call_new");
  std::vector<phi::DenseTensor*> ins;
  std::vector<PyObject*> in_objs;
  std::string key;
  key.reserve(128);  // one allocation for the key
  key.append(type).push_back('|');
  bool needs_grad = false;
  if (!CollectTensorSlots(inputs, &ins, &key, &needs_grad, &in_objs)) return py::none();
  key.append("|Out(t)");
  const std::shared_ptr<CachedEagerOp>* found = FindExisting(&key, attrs);
  if (found == nullptr) {
    py::dict outputs;  // the desc's output slot: one entry (any object but None)
    outputs["Out"] = py::make_tuple(py::str("Out"));
    found = &Insert(type, inputs, outputs, attrs, std::move(key));
  }
  std::shared_ptr<CachedEagerOp> op = *found;
  return RunNew(op, ins, in_objs, needs_grad && grad_enabled && op->differentiable());
}

py::object EagerOpCache::RunNew(const std::shared_ptr<CachedEagerOp>& op,
                                const std::vector<phi::DenseTensor*>& ins,
                                const std::vector<PyObject*>& in_objs, bool record) {
  // The output: a Tensor made as new_tensor() makes it (no __init__), with a new DenseTensor.
  py::object value = py::cast(phi::DenseTensor());
  py::object out = NewTensor(value);
  phi::DenseTensor* out_value = DenseTensorOf(value.ptr());
  if (record) {
    RecordPrepared(op, ins, {out_value}, in_objs, {out.ptr()});
  } else {
    op->Run(ins, {out_value});
  }
  return out;
}

void EagerOpCache::SetTensorType(py::object type, py::object uid_counter) {
  auto* tensor_type = reinterpret_cast<PyTypeObject*>(type.ptr());
  value_offset_ = SlotOffset(tensor_type, "_t");
  uid_offset_ = SlotOffset(tensor_type, "_uid");
  tensor_type_ = std::move(type);
  uid_counter_ = std::move(uid_counter);
}

phi::DenseTensor* EagerOpCache::ValueOf(PyObject* tensor) const {
  if (value_offset_ != 0 && PyObject_TypeCheck(tensor, tensor_type())) {
    PyObject* value =
        *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(tensor) + value_offset_);
    return value != nullptr ? DenseTensorOf(value) : nullptr;
  }
  static PyObject* value_attr = PyUnicode_InternFromString("_t");
  PyObject* value = PyObject_GetAttr(tensor, value_attr);
  if (value == nullptr) {
    PyErr_Clear();
    return nullptr;
  }
  phi::DenseTensor* result = DenseTensorOf(value);
  Py_DECREF(value);  // `tensor` still holds it
  return result;
}

py::object EagerOpCache::NewTensor(const py::object& value) {
  PyTypeObject* type = tensor_type();
  py::object out = py::reinterpret_steal<py::object>(type->tp_alloc(type, 0));
  if (!out) throw py::error_already_set();
  PyObject* uid = PyIter_Next(uid_counter_.ptr());
  if (uid == nullptr) throw py::error_already_set();
  if (value_offset_ != 0 && uid_offset_ != 0) {
    // A new object's slots are null: store the references (tp_alloc zeroed them).
    auto slot = [&](Py_ssize_t offset) {
      return reinterpret_cast<PyObject**>(reinterpret_cast<char*>(out.ptr()) + offset);
    };
    *slot(value_offset_) = value.inc_ref().ptr();
    *slot(uid_offset_) = uid;
    return out;
  }
  static PyObject* attr_t = PyUnicode_InternFromString("_t");
  static PyObject* attr_uid = PyUnicode_InternFromString("_uid");
  bool ok = PyObject_SetAttr(out.ptr(), attr_t, value.ptr()) == 0 &&
            PyObject_SetAttr(out.ptr(), attr_uid, uid) == 0;
  Py_DECREF(uid);
  if (!ok) throw py::error_already_set();
  return out;
}

std::shared_ptr<CachedEagerOp> EagerOpCache::Prepare(
    const std::string& type, const py::dict& inputs, const py::dict& outputs, const py::dict& attrs,
    std::vector<phi::DenseTensor*>* ins, std::vector<phi::DenseTensor*>* outs,
    std::vector<PyObject*>* in_objs, std::vector<PyObject*>* out_objs) {
  std::string key = type;
  key.push_back('|');
  bool ok = CollectTensorSlots(inputs, ins, &key, nullptr, in_objs);
  key.push_back('|');
  ok = ok && CollectTensorSlots(outputs, outs, &key, nullptr, out_objs);
  if (!ok)
    throw py::type_error("expected eager Tensors (or None) in the slots of op '" + type + "'");
  return Find(type, inputs, outputs, attrs, &key);
}

const std::shared_ptr<CachedEagerOp>* EagerOpCache::FindExisting(std::string* key,
                                                                 const py::dict& attrs) {
  key->push_back('|');
  for (auto item : attrs) {
    if (item.second.is_none()) continue;
    AppendSlotName(item.first, key);
    key->push_back('=');
    AppendValueKey(item.second, key);
  }
  auto it = ops_.find(*key);
  return it == ops_.end() ? nullptr : &it->second;
}

const std::shared_ptr<CachedEagerOp>& EagerOpCache::Insert(const std::string& type,
                                                           const py::dict& inputs,
                                                           const py::dict& outputs,
                                                           const py::dict& attrs, std::string key) {
  std::shared_ptr<CachedEagerOp> op = Make(type, inputs, outputs, attrs);
  if (ops_.size() >= kMaxOps) ops_.clear();
  return ops_.emplace(std::move(key), std::move(op)).first->second;
}

std::shared_ptr<CachedEagerOp> EagerOpCache::Make(const std::string& type, const py::dict& inputs,
                                                  const py::dict& outputs, const py::dict& attrs) {
  return std::make_shared<CachedEagerOp>(BuildEagerDesc(type, inputs, outputs, attrs),
                                         SlotNames(inputs), SlotNames(outputs));
}

const std::shared_ptr<CachedEagerOp>& EagerOpCache::Find(const std::string& type,
                                                         const py::dict& inputs,
                                                         const py::dict& outputs,
                                                         const py::dict& attrs, std::string* key) {
  const std::shared_ptr<CachedEagerOp>* found = FindExisting(key, attrs);
  return found != nullptr ? *found : Insert(type, inputs, outputs, attrs, std::move(*key));
}

void BindEager(py::module_* module) {
  py::module_& m = *module;
  // Runs op `type` now: `inputs` and `outputs` map slot names to lists of DenseTensors (the
  // outputs are written in place), `attrs` maps attribute names to Python values (typed by
  // the op's record; absent ones take the record's defaults).
  // Calls with the same signature (type, slot arities, attributes) reuse one prepared op.
  m.def(
      "eager_run_op",
      [](const std::string& type, const py::dict& inputs, const py::dict& outputs,
         const py::dict& attrs) { EagerOpCache::Instance().Run(type, inputs, outputs, attrs); },
      py::arg("type"), py::arg("inputs"), py::arg("outputs"), py::arg("attrs"));
  // The same, returning the prepared op it ran (its desc names the variables
  // "<slot>#<i>"): the tape keeps it for the grad ops.
  m.def(
      "eager_trace_op",
      [](const std::string& type, const py::dict& inputs, const py::dict& outputs,
         const py::dict& attrs) {
        return EagerOpCache::Instance().Run(type, inputs, outputs, attrs);
      },
      py::arg("type"), py::arg("inputs"), py::arg("outputs"), py::arg("attrs"));
  py::class_<CachedEagerOp, std::shared_ptr<CachedEagerOp>>(m, "EagerOp")
      .def_property_readonly("desc", &CachedEagerOp::desc)
      .def_property_readonly("input_names", &CachedEagerOp::input_names)
      .def_property_readonly("output_names", &CachedEagerOp::output_names)
      // The grad ops of this call with the given input variables needing no gradient, made
      // once by the op record's grad maker; their variables are this desc's names + @GRAD.
      .def("grad_ops", &CachedEagerOp::GradOps, py::arg("no_grad"),
           py::return_value_policy::reference_internal)
      // Runs on tensors given in input_names / output_names order (None: absent input).
      .def(
          "run",
          [](CachedEagerOp& op, const py::list& ins, const py::list& outs) {
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
          },
          py::arg("inputs"), py::arg("outputs"));
  // eager_run_op on eager Tensors (see EagerOpCache::Call): 0 ran, 1 must be traced
  // (nothing ran), 2 an argument is not an eager Tensor (nothing ran).
  m.def(
      "eager_call",
      [](const std::string& type, const py::dict& inputs, const py::dict& outputs,
         const py::dict& attrs, bool grad_enabled) {
        return EagerOpCache::Instance().Call(type, inputs, outputs, attrs, grad_enabled);
      },
      py::arg("type"), py::arg("inputs"), py::arg("outputs"), py::arg("attrs"),
      py::arg("grad_enabled"));
  // A one-output ("Out") op on eager Tensors returning its new output Tensor, made without
  // Python (see EagerOpCache::CallNew); None when nothing ran (the tracer takes over).
  m.def(
      "eager_call_new",
      [](const std::string& type, const py::dict& inputs, const py::dict& attrs,
         bool grad_enabled) {
        return EagerOpCache::Instance().CallNew(type, inputs, attrs, grad_enabled);
      },
      py::arg("type"), py::arg("inputs"), py::arg("attrs"), py::arg("grad_enabled"));
  m.def(
      "eager_set_tensor_type",
      [](py::object type, py::object uid_counter) {
        PD_CHECK(PyType_Check(type.ptr()), InvalidArgument, "expected a type, but got ",
                 std::string(py::str(type)));
        EagerOpCache::Instance().SetTensorType(std::move(type), std::move(uid_counter));
      },
      py::arg("type"), py::arg("uid_counter"));
  // In-place version counting (see MarkWrittenInPlace): the count of a DenseTensor's storage.
  m.def("eager_inplace_version", [](const phi::DenseTensor& t) { return InplaceVersion(t); });
  // Writes `value` into `dst` in place (its storage when the bytes fit, else new storage
  // replacing it) as an in-place write: Tensor.set_value and zeroing a gradient.
  m.def(
      "eager_write_value",
      [](phi::DenseTensor* dst, const phi::DenseTensor& value) {
        bool in_place = dst->initialized();
        uint32_t before = InplaceVersion(*dst);
        if (in_place && value.initialized() && dst->dtype() == value.dtype() &&
            dst->numel() == value.numel() && dst->capacity() >= value.nbytes()) {
          phi::CopyInto(value, dst);  // its storage, on its place
        } else if (in_place && value.initialized() && dst->place() != value.place()) {
          phi::Copy(value, dst->place(), dst);  // new storage, where the tensor lives
        } else {
          *dst = value;
        }
        if (in_place) MarkWrittenInPlace(dst, before);
      },
      py::arg("dst"), py::arg("value"));
  // The place of eager calls without inputs (paddle.set_device), and a copy of a tensor on
  // a place (Tensor.cpu() / cuda() / paddle.to_tensor(place=...)).
  m.def("eager_set_expected_place", [](const phi::Place& place) { ExpectedPlace() = place; });
  m.def("eager_expected_place", []() { return ExpectedPlace(); });
  m.def("tensor_copy", [](const phi::DenseTensor& t, const phi::Place& place) {
    phi::DenseTensor out;
    phi::Copy(t, place, &out);
    return out;
  }, py::arg("tensor"), py::arg("place"));
  // Counts a write to `t` that replaced its storage, its version having been `before`.
  m.def(
      "eager_mark_written",
      [](phi::DenseTensor* t, uint32_t before) { MarkWrittenInPlace(t, before); },
      py::arg("tensor"), py::arg("before"));
  BindEagerTape(&m);
  BindEagerOperators(&m);
  m.def("eager_op_cache_size", [] { return EagerOpCache::Instance().size(); });
}

}  // namespace pybind
}  // namespace paddle
