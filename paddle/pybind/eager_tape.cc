// The autograd tape of eager mode. A TapeNode is one recorded call; backward walks the
// nodes latest first, running each node's grad ops (made once per node kind by the op
// records' grad makers, see CachedEagerOp::GradOps) through the one op-execution core.
#include <cstring>
#include <stdexcept>
#include <unordered_set>

#include "paddle/pybind/eager_op_cache.h"

namespace paddle {
namespace pybind {

namespace {

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
    uint32_t version;  // the value's in-place version when saved
  };
  struct Output {
    std::string name;
    int64_t uid;
    phi::DenseTensor value;
    uint32_t version;
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
  in.version = InplaceVersion(in.value);
  return in;
}

// Marks `tensor` (a floating output) as produced by `node`: it now needs a gradient.
void Attach(PyObject* tensor, const std::shared_ptr<TapeNode>& node) {
  TapeState& st = TapeState::Get();
  if (!IsFloating(GetAttr(tensor, st.attr_t).cast<phi::DenseTensor*>()->dtype())) return;
  SetAttr(tensor, st.attr_stop, py::bool_(false));
  SetAttr(tensor, st.attr_node, py::cast(node));
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
    const phi::DenseTensor& value = *GetAttr(t, st.attr_t).cast<phi::DenseTensor*>();
    node->outputs.push_back({SlotName(item.first), GetAttr(t, st.attr_uid).cast<int64_t>(), value,
                             InplaceVersion(value)});
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

// elementwise_add on "X#0", "Y#0" -> "Out#0" (a shared_ptr: create_graph records it).
const std::shared_ptr<CachedEagerOp>& AddOp() {
  static auto* op = new std::shared_ptr<CachedEagerOp>(
      std::make_shared<CachedEagerOp>(MakeHelperOp("elementwise_add", py::dict(), {"X", "Y"})));
  return *op;
}

phi::DenseTensor AddTensors(const phi::DenseTensor& a, const phi::DenseTensor& b) {
  phi::DenseTensor out;
  AddOp()->Run({const_cast<phi::DenseTensor*>(&a), const_cast<phi::DenseTensor*>(&b)}, {&out});
  return out;
}

// Checks that nothing wrote the storage of `value` (input or output `var` of `node`, a
// tensor with identity `uid`, `leaf` when a leaf) in place since the node saved it at
// `version`: a grad op reading it would silently use the changed value.
void CheckSaved(const TapeNode& node, const std::string& var, const phi::DenseTensor& value,
                uint32_t version, int64_t uid, const py::object& leaf) {
  uint32_t now = InplaceVersion(value);
  if (now == version) return;
  std::string name = leaf.is_none()
                         ? "eager_tmp_" + std::to_string(uid)
                         : GetAttr(leaf.ptr(), TapeState::Get().attr_name).cast<std::string>();
  throw std::runtime_error(
      "Tensor '" + name + "' used in gradient computation of '" + node.op->desc().Type() +
      "' (its variable " + var.substr(0, var.find('#')) +
      ") has been modified by an inplace operation: its version is " + std::to_string(now) +
      " but the expected version is " + std::to_string(version));
}

phi::DenseTensor ZerosLike(const phi::DenseTensor& value) {
  static CachedEagerOp* op =
      new CachedEagerOp(MakeHelperOp("fill_any_like", py::dict(py::arg("value") = 0.0), {"X"}));
  phi::DenseTensor out;
  op->Run({const_cast<phi::DenseTensor*>(&value)}, {&out});
  return out;
}

}  // namespace


// Runs the prepared `op` on eager Tensors (`in_objs`/`out_objs`, None entries included, with
// their DenseTensors `ins`/`outs`, in the op's input_names / output_names order) and records
// a node. An output that is also an input (an in-place op) gets fresh storage, so the node
// keeps the input's value as it was; the tensor then takes the new value and identity. Such
// an output that is a stop-gradient leaf (batch_norm's running statistics) takes the new
// value but stays outside the graph.
void RecordPrepared(const std::shared_ptr<CachedEagerOp>& op, std::vector<phi::DenseTensor*> ins,
                    std::vector<phi::DenseTensor*> outs, const std::vector<PyObject*>& in_objs,
                    const std::vector<PyObject*>& out_objs) {
  TapeState& st = TapeState::Get();
  const std::string& type = op->desc().Type();
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
      // The tensor takes fresh storage, which counts as its in-place write.
      MarkWrittenInPlace(outs[o], InplaceVersion(*GetAttr(t, st.attr_t).cast<phi::DenseTensor*>()));
      bool is_leaf = GetAttr(t, st.attr_node).is_none();
      if (is_leaf && GetAttr(t, st.attr_stop).ptr() == Py_True) {
        SetAttr(t, st.attr_t, fresh[o]);
        constant[o] = true;
        node->outputs.push_back({out_names[o], st.NextUid(), *outs[o], InplaceVersion(*outs[o])});
        continue;
      }
      if (is_leaf) {
        throw std::runtime_error("leaf tensor '" + GetAttr(t, st.attr_name).cast<std::string>() +
                                 "' needs a gradient and cannot be changed in place by '" + type +
                                 "'");
      }
      SetAttr(t, st.attr_t, fresh[o]);
      SetAttr(t, st.attr_uid, py::int_(st.NextUid()));
    }
    node->outputs.push_back({out_names[o], GetAttr(t, st.attr_uid).cast<int64_t>(), *outs[o],
                             InplaceVersion(*outs[o])});
  }
  for (size_t o = 0; o < out_objs.size(); ++o) {
    if (!constant[o]) Attach(out_objs[o], node);
  }
}

namespace {

// A gradient during backward: its value and, under create_graph, the Tensor holding it (the
// output of recorded grad ops, so that it can be differentiated again).
struct Grad {
  phi::DenseTensor value;
  py::object tensor;  // null unless create_graph
};

// A Tensor standing for a value a node saved, with that variable's identity (uid) and
// producer, so that grad ops recorded under create_graph link back into the graph.
py::object SavedTensor(const phi::DenseTensor& value, int64_t uid,
                       const std::shared_ptr<TapeNode>& producer, bool needs_grad) {
  TapeState& st = TapeState::Get();
  py::object t = EagerOpCache::Instance().NewTensor(py::cast(value));
  SetAttr(t.ptr(), st.attr_uid, py::int_(uid));
  if (needs_grad && producer && IsFloating(value.dtype())) {
    SetAttr(t.ptr(), st.attr_node, py::cast(producer));
    SetAttr(t.ptr(), st.attr_stop, py::bool_(false));
  }
  return t;
}

// Runs grad op `grad_op` of `node` on Tensors (create_graph): recorded as a node of its own
// when one of them needs a gradient. Returns its output Tensors.
std::vector<py::object> RunRecorded(const std::shared_ptr<CachedEagerOp>& grad_op,
                                    const std::vector<py::object>& in_tensors) {
  TapeState& st = TapeState::Get();
  std::vector<phi::DenseTensor*> ins, outs;
  std::vector<PyObject*> in_objs, out_objs;
  bool needs_grad = false;
  for (const auto& t : in_tensors) {
    in_objs.push_back(t.ptr());
    ins.push_back(GetAttr(t.ptr(), st.attr_t).cast<phi::DenseTensor*>());
    needs_grad = needs_grad || GetAttr(t.ptr(), st.attr_stop).ptr() == Py_False;
  }
  std::vector<py::object> out_tensors;
  for (size_t i = 0; i < grad_op->output_names().size(); ++i) {
    out_tensors.push_back(EagerOpCache::Instance().NewTensor(py::cast(phi::DenseTensor())));
    out_objs.push_back(out_tensors.back().ptr());
    outs.push_back(GetAttr(out_objs.back(), st.attr_t).cast<phi::DenseTensor*>());
  }
  if (needs_grad) {
    RecordPrepared(grad_op, ins, outs, in_objs, out_objs);
  } else {
    grad_op->Run(ins, outs);
  }
  return out_tensors;
}

// Propagates gradients from the seeds [(Tensor, gradient)] through the tape. Gradients of
// tensors whose uid is in `blocked` stop there. `hooks` holds the uids with gradient hooks;
// apply_hook(uid, gradient) returns the gradient to use. Without create_graph the
// gradients are DenseTensors; with it they are Tensors, and every grad op runs recorded on the
// tape (the grad ops of grad ops come from the records' grad makers again: double grad ops).
// Returns ({uid: gradient}, {uid: leaf Tensor reached}).
py::tuple Backward(const py::list& seeds, bool retain_graph, const py::set& blocked,
                   const py::dict& hooks, const py::object& apply_hook, bool create_graph) {
  TapeState& st = TapeState::Get();
  std::unordered_map<int64_t, Grad> grads;
  py::dict leaves;
  auto make_grad = [&](phi::DenseTensor value) {  // a constant gradient
    Grad g{std::move(value), py::object()};
    if (create_graph) g.tensor = EagerOpCache::Instance().NewTensor(py::cast(g.value));
    return g;
  };
  auto tensor_grad = [&](py::object tensor) {
    return Grad{*GetAttr(tensor.ptr(), st.attr_t).cast<phi::DenseTensor*>(), std::move(tensor)};
  };
  auto accumulate = [&](int64_t uid, Grad g) {
    auto it = grads.find(uid);
    if (it == grads.end()) {
      grads.emplace(uid, std::move(g));
    } else if (create_graph) {
      it->second = tensor_grad(RunRecorded(AddOp(), {it->second.tensor, g.tensor})[0]);
    } else {
      it->second.value = AddTensors(it->second.value, g.value);
    }
  };
  auto hook = [&](int64_t uid) {
    auto it = grads.find(uid);
    if (it == grads.end() || hooks.empty()) return;
    py::int_ key(uid);
    if (!hooks.contains(key)) return;
    py::object arg = create_graph ? it->second.tensor : py::cast(it->second.value);
    py::object out = apply_hook(key, arg);
    if (out.ptr() == arg.ptr()) return;
    it->second = create_graph ? tensor_grad(out) : make_grad(*out.cast<phi::DenseTensor*>());
  };
  std::vector<std::shared_ptr<TapeNode>> stack;
  for (auto item : seeds) {
    auto pair = item.cast<py::tuple>();
    PyObject* t = pair[0].ptr();
    int64_t uid = GetAttr(t, st.attr_uid).cast<int64_t>();
    accumulate(uid,
               create_graph ? tensor_grad(pair[1]) : make_grad(*pair[1].cast<phi::DenseTensor*>()));
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
      throw std::runtime_error(
          "the graph of this tensor was freed by an earlier backward(); "
          "call backward(retain_graph=True) to run it twice");
    }
    for (const auto& in : node->inputs)
      if (in.producer && !seen.count(in.producer.get())) stack.push_back(in.producer);
    order.push_back(std::move(node));
  }
  std::sort(order.begin(), order.end(),
            [](const auto& a, const auto& b) { return a->seq > b->seq; });
  auto reached = [&](const TapeNode::Input& in, Grad g) {
    if (blocked.contains(py::int_(in.uid))) return;
    accumulate(in.uid, std::move(g));
    if (!in.leaf.is_none()) leaves[py::int_(in.uid)] = in.leaf;
  };
  const size_t k = std::strlen(framework::kGradSuffix);
  for (const auto& node : order) {
    bool any = false;
    for (const auto& out : node->outputs) any = any || grads.count(out.uid) > 0;
    if (!any) continue;
    for (const auto& out : node->outputs) hook(out.uid);
    if (!node->op) {
      py::dict out_grads;
      for (const auto& out : node->outputs) {
        auto it = grads.find(out.uid);
        out_grads[py::str(out.name)] = it == grads.end() ? py::none() : py::cast(it->second.value);
      }
      py::dict in_grads = node->backward_fn(out_grads);
      for (auto item : in_grads) {
        if (item.second.is_none()) continue;
        const TapeNode::Input* in = node->FindInput(SlotName(item.first));
        PD_CHECK(in != nullptr, InvalidArgument,
                 "expected a backward function to return "
                 "gradients of its node's inputs, but got '",
                 SlotName(item.first), "'");
        if (in->no_grad) continue;
        reached(*in, make_grad(*item.second.cast<phi::DenseTensor*>()));
      }
    } else {
      if (!node->op->differentiable()) {
        // Only grad ops recorded by create_graph lack a grad op of their own.
        PD_THROW(Unimplemented, "the gradient of op '", node->op->desc().Type(),
                 "' is not implemented (it has no double-grad op record), so a gradient "
                 "computed through it with paddle.grad(create_graph=True) cannot be "
                 "differentiated again");
      }
      for (const auto& grad_op : node->op->GradOps(node->no_grad)) {
        std::vector<phi::DenseTensor> zeros;
        zeros.reserve(grad_op->input_names().size());
        std::vector<phi::DenseTensor*> ins;
        std::vector<py::object> in_tensors;  // under create_graph
        for (size_t i = 0; i < grad_op->input_names().size(); ++i) {
          const std::string& name = grad_op->input_names()[i];
          size_t n = name.size();
          // The gradient of an output (a grad op of a grad op may also read an input whose
          // name ends with @GRAD: the gradient the first grad op read).
          const TapeNode::Output* grad_of =
              n > k && name.compare(n - k, k, framework::kGradSuffix) == 0
                  ? node->FindOutput(name.substr(0, n - k))
                  : nullptr;
          if (grad_of != nullptr) {
            auto it = grads.find(grad_of->uid);
            if (it == grads.end()) {
              zeros.push_back(ZerosLike(grad_of->value));
              ins.push_back(&zeros.back());
              if (create_graph) in_tensors.push_back(make_grad(zeros.back()).tensor);
            } else {
              ins.push_back(&it->second.value);
              if (create_graph) in_tensors.push_back(it->second.tensor);
            }
            continue;
          }
          const TapeNode::Input* in = node->FindInput(name);
          const TapeNode::Output* out = in ? nullptr : node->FindOutput(name);
          PD_CHECK(in != nullptr || out != nullptr, NotFound, "expected grad op '",
                   grad_op->desc().Type(), "' to read a variable of its forward op, but got '",
                   name, "'");
          const phi::DenseTensor& value = in ? in->value : out->value;
          if (grad_op->ReadsData(i)) {
            if (in) {
              CheckSaved(*node, name, value, in->version, in->uid, in->leaf);
            } else {
              CheckSaved(*node, name, value, out->version, out->uid, py::none());
            }
          }
          ins.push_back(const_cast<phi::DenseTensor*>(&value));
          if (!create_graph) continue;
          if (in && !in->leaf.is_none() && !in->no_grad &&
              GetAttr(in->leaf.ptr(), st.attr_t).cast<phi::DenseTensor*>()->Holder() ==
                  value.Holder()) {
            in_tensors.push_back(in->leaf);  // the leaf itself, still holding the saved value
          } else if (in) {
            in_tensors.push_back(SavedTensor(value, in->uid, in->producer, !in->no_grad));
          } else {
            in_tensors.push_back(SavedTensor(value, out->uid, node, true));
          }
        }
        std::vector<Grad> produced;
        if (create_graph) {
          for (auto& t : RunRecorded(grad_op, in_tensors)) produced.push_back(tensor_grad(t));
        } else {
          produced.resize(grad_op->output_names().size());
          std::vector<phi::DenseTensor*> outs;
          for (auto& g : produced) outs.push_back(&g.value);
          grad_op->Run(ins, outs);
        }
        for (size_t i = 0; i < produced.size(); ++i) {
          const std::string& name = grad_op->output_names()[i];
          const TapeNode::Input* in = node->FindInput(name.substr(0, name.size() - k));
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
  for (auto& [uid, g] : grads)
    out[py::int_(uid)] = create_graph ? g.tensor : py::cast(std::move(g.value));
  return py::make_tuple(out, leaves);
}

}  // namespace

// Runs op `type` on eager Tensors and records a node (the tracer's path when an input needs
// a gradient; see RecordPrepared).
void RecordOp(const std::string& type, const py::dict& inputs, const py::dict& outputs,
              const py::dict& attrs) {
  std::vector<phi::DenseTensor*> ins, outs;
  std::vector<PyObject*> in_objs, out_objs;
  std::shared_ptr<CachedEagerOp> op = EagerOpCache::Instance().Prepare(
      type, inputs, outputs, attrs, &ins, &outs, &in_objs, &out_objs);
  RecordPrepared(op, std::move(ins), std::move(outs), in_objs, out_objs);
}

void BindEagerTape(py::module_* module) {
  py::module_& m = *module;
  // The tape (see TapeNode): Tensor._node holds a TapeNode.
  py::class_<TapeNode, std::shared_ptr<TapeNode>>(m, "TapeNode")
      .def_property_readonly("released", [](const TapeNode& n) { return n.released; });
  m.def("eager_set_uid_counter",
        [](py::object counter) { TapeState::Get().uid_counter = std::move(counter); });
  m.def("eager_record_op", &RecordOp, py::arg("type"), py::arg("inputs"), py::arg("outputs"),
        py::arg("attrs"));
  m.def("eager_record_py_func", &RecordPyFunc, py::arg("backward_fn"), py::arg("inputs"),
        py::arg("outputs"));
  m.def("eager_backward", &Backward, py::arg("seeds"), py::arg("retain_graph"), py::arg("blocked"),
        py::arg("hooks"), py::arg("apply_hook"), py::arg("create_graph") = false);
}

}  // namespace pybind
}  // namespace paddle
