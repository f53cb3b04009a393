// The eager fast paths in plain C entry points. Tensor's binary operators (+ - * / @ between
// two eager Tensors) are C methods on the Tensor type. They run the same op, slots and
// attributes as the API functions, through the one prepared-op path (CachedEagerOp) and the
// one tape (RecordPrepared), without a Python frame, argument dicts or pybind11's dispatcher:
// the per-op cost a Python user sees on small tensors. Anything else (a scalar operand,
// static mode, an error) goes to the general Python method, so behaviour and error messages
// stay those of the one API path.
#include <array>
#include <memory>
#include <string>

#include "paddle/pybind/eager_op_cache.h"

namespace paddle {
namespace pybind {

namespace {

// Mirrors of Python state the methods read (set by paddle.base.framework._set_static_mode
// and eager's grad switches, which keep their own Python copies for Python readers).
bool static_mode = false;
thread_local bool grad_enabled = true;
bool amp_active = false;  // paddle.amp.auto_cast in eager mode: calls go through its casts

struct BinaryOperator {
  std::string op_type;
  py::dict attrs;       // the API's attributes (axis -1; matmul_v2 without transposes)
  py::object fallback;  // the general Python method (self, other) -> result
  std::shared_ptr<CachedEagerOp> op;  // prepared on the first untraced call
};

constexpr int kOperators = 5;
// Never destroyed: they hold Python objects, which must not be released after Python ends.
auto& operators = *new std::array<BinaryOperator, kOperators>();
auto& method_names = *new std::array<std::string, kOperators>();

// The call on two Tensors, or nullptr (no Python error set) when the general method must
// take it. C++ errors propagate to the caller.
PyObject* RunOperator(BinaryOperator* spec, PyObject* self, PyObject* other) {
  EagerOpCache& cache = EagerOpCache::Instance();
  if (static_mode || amp_active || !PyObject_TypeCheck(other, cache.tensor_type())) return nullptr;
  phi::DenseTensor* x = cache.ValueOf(self);
  phi::DenseTensor* y = cache.ValueOf(other);
  if (x == nullptr || y == nullptr) return nullptr;
  bool record = false;  // an operand needs a gradient: the call goes on the tape
  if (grad_enabled) {
    static PyObject* stop_attr = PyUnicode_InternFromString("_stop_gradient");
    for (PyObject* t : {self, other}) {
      PyObject* stop = PyObject_GetAttr(t, stop_attr);
      if (stop == nullptr) throw py::error_already_set();
      Py_DECREF(stop);  // a bool singleton
      record = record || stop == Py_False;
    }
  }
  if (spec->op == nullptr) {
    py::dict inputs, outputs;
    inputs["X"] = py::make_tuple(py::handle(self));
    inputs["Y"] = py::make_tuple(py::handle(other));
    outputs["Out"] = py::make_tuple(py::handle(self));  // only the slot's arity matters
    spec->op = EagerOpCache::Make(spec->op_type, inputs, outputs, spec->attrs);
  }
  return cache.RunNew(spec->op, {x, y}, {self, other}, record).release().ptr();
}

template <int K>
PyObject* OperatorMethod(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  BinaryOperator* spec = &operators[K];
  if (nargs != 1) {
    PyErr_Format(PyExc_TypeError, "expected 1 argument for Tensor.%s, but got %zd",
                 method_names[K].c_str(), nargs);
    return nullptr;
  }
  try {
    PyObject* result = RunOperator(spec, self, args[0]);
    if (result != nullptr) return result;
  } catch (py::error_already_set& e) {
    e.restore();
    return nullptr;
  } catch (...) {
    // A C++ error (a shape mismatch, ...): the general path raises its typed error.
  }
  std::array<PyObject*, 2> call_args{self, args[0]};
  return PyObject_Vectorcall(spec->fallback.ptr(), call_args.data(), 2, nullptr);
}

std::array<PyMethodDef, kOperators> method_defs{{
    {"", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&OperatorMethod<0>)),
     METH_FASTCALL, nullptr},
    {"", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&OperatorMethod<1>)),
     METH_FASTCALL, nullptr},
    {"", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&OperatorMethod<2>)),
     METH_FASTCALL, nullptr},
    {"", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&OperatorMethod<3>)),
     METH_FASTCALL, nullptr},
    {"", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&OperatorMethod<4>)),
     METH_FASTCALL, nullptr},
}};

// core.eager_call_new without pybind11's dispatcher (argument casters, overload search),
// which cost as much as the rest of a small op's call. pybind11 translates our errors to
// their Python types only in functions it binds, so a C++ error re-runs the call through the
// bound eager_call_new (the op fails again before writing anything, there with its typed
// error); so do arguments of unexpected types.
py::object* bound_call_new = nullptr;

PyObject* CallNewFast(PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs == 4 && PyUnicode_Check(args[0]) && PyDict_Check(args[1]) && PyDict_Check(args[2])) {
    try {
      Py_ssize_t size = 0;
      const char* data = PyUnicode_AsUTF8AndSize(args[0], &size);
      if (data == nullptr) return nullptr;
      py::object out = EagerOpCache::Instance().CallNew(
          std::string(data, static_cast<size_t>(size)), py::reinterpret_borrow<py::dict>(args[1]),
          py::reinterpret_borrow<py::dict>(args[2]), PyObject_IsTrue(args[3]) == 1);
      return out.release().ptr();
    } catch (py::error_already_set& e) {
      e.restore();
      return nullptr;
    } catch (...) {
    }
  }
  return PyObject_Vectorcall(bound_call_new->ptr(), args, nargs, nullptr);
}

PyMethodDef call_new_def{
    "eager_call_new_fast",
    reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&CallNewFast)), METH_FASTCALL,
    "eager_call_new(type, inputs, attrs, grad_enabled) without pybind11's dispatcher"};

}  // namespace

void BindEagerOperators(py::module_* module) {
  py::module_& m = *module;
  // Installs the operators on the eager Tensor type: `specs` is a list of (method name, op
  // type, attribute dict, general method) tuples, at most five.
  m.def(
      "eager_install_operators",
      [](py::object type, const py::list& specs) {
        PD_CHECK(
            PyType_Check(type.ptr()) &&
                type.ptr() == reinterpret_cast<PyObject*>(EagerOpCache::Instance().tensor_type()),
            InvalidArgument, "expected the eager Tensor type, but got ",
            std::string(py::str(type)));
        PD_CHECK(specs.size() <= operators.size(), InvalidArgument, "expected at most ",
                 operators.size(), " operators, but got ", specs.size());
        for (size_t k = 0; k < specs.size(); ++k) {
          auto spec = specs[k].cast<py::tuple>();
          method_names[k] = spec[0].cast<std::string>();
          operators[k] = {spec[1].cast<std::string>(), spec[2].cast<py::dict>(),
                          py::reinterpret_borrow<py::object>(spec[3]), nullptr};
          method_defs[k].ml_name = method_names[k].c_str();
          py::object descr = py::reinterpret_steal<py::object>(
              PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(type.ptr()), &method_defs[k]));
          if (!descr) throw py::error_already_set();
          type.attr(method_names[k].c_str()) = descr;
        }
      },
      py::arg("type"), py::arg("specs"));
  bound_call_new = new py::object(m.attr("eager_call_new"));  // never released (see above)
  py::object fast =
      py::reinterpret_steal<py::object>(PyCFunction_NewEx(&call_new_def, nullptr, nullptr));
  if (!fast) throw py::error_already_set();
  m.attr("eager_call_new_fast") = fast;
  m.def("eager_set_static_mode", [](bool flag) { static_mode = flag; });
  m.def("eager_set_grad_enabled", [](bool flag) { grad_enabled = flag; });
  m.def("eager_set_amp_active", [](bool flag) { amp_active = flag; });
}

}  // namespace pybind
}  // namespace paddle
