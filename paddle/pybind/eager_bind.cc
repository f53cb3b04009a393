// Eager (dygraph) calls: one op run at once on given tensors through the one op-execution
// core (framework::RunOpOnTensors). The Python tracer (paddle/base/eager.py) calls
// `eager_run_op` for every forward op and `run_op_desc` for the grad ops that the op
// records' grad makers produce, so eager mode has no op system or gradient formula of its own.
#include <unordered_map>

#include "paddle/common/errors.h"
#include "paddle/framework/backward.h"
#include "paddle/framework/prepared_op.h"
#include "paddle/pybind/pybind_common.h"

namespace paddle {
namespace pybind {

namespace {

using framework::OpDesc;
using TensorMap = std::unordered_map<std::string, phi::DenseTensor*>;

// Names each tensor of `slots` ("<slot>#<i>") in `op`, recording them in `tensors`;
// None entries become @EMPTY@.
void AddSlots(const py::dict& slots, bool input, OpDesc* op, TensorMap* tensors) {
  for (auto item : slots) {
    std::string slot = py::str(item.first);
    std::vector<std::string> names;
    size_t i = 0;
    for (auto value : py::reinterpret_borrow<py::sequence>(item.second)) {
      if (value.is_none()) {
        names.emplace_back(framework::kEmptyVarName);
        ++i;
        continue;
      }
      PD_CHECK(py::isinstance<phi::DenseTensor>(value), InvalidArgument, "expected ",
               input ? "input" : "output", " slot ", slot, " to hold DenseTensors, but got ",
               std::string(py::str(py::type::of(value))));
      std::string name = slot + "#" + std::to_string(i++);
      (*tensors)[name] = value.cast<phi::DenseTensor*>();
      names.push_back(std::move(name));
    }
    if (input) {
      op->SetInput(slot, names);
    } else {
      op->SetOutput(slot, names);
    }
  }
}

void Run(const OpDesc& op, const TensorMap& tensors) {
  auto tensor_of = [&](const std::string& name, bool input) -> phi::DenseTensor* {
    auto it = tensors.find(name);
    PD_CHECK(it != tensors.end(), NotFound, "expected a tensor for ", input ? "input" : "output",
             " variable '", name, "' of op '", op.Type(), "', but none was given");
    return it->second;
  };
  framework::RunOpOnTensors(op, tensor_of, phi::CPUPlace());
}

// Builds the desc of op `type` over the given tensors and runs it.
OpDesc RunEager(const std::string& type, const py::dict& inputs, const py::dict& outputs,
                const py::dict& attrs) {
  const framework::OpRecord& record = framework::OpRecordRegistry::Instance().Get(type);
  OpDesc op(type);
  TensorMap tensors;
  AddSlots(inputs, true, &op, &tensors);
  AddSlots(outputs, false, &op, &tensors);
  for (auto item : attrs) {
    if (item.second.is_none()) continue;
    std::string name = py::str(item.first);
    if (framework::IsCommonAttr(name)) continue;
    SetAttrFromPython(&op, name, item.second, &record);
  }
  Run(op, tensors);
  return op;
}

}  // namespace

void BindEager(py::module_* module) {
  py::module_& m = *module;
  // Runs op `type` now: `inputs` and `outputs` map slot names to lists of DenseTensors (the
  // outputs are written in place), `attrs` maps attribute names to Python values (typed by
  // the op's record; absent ones take the record's defaults).
  m.def("eager_run_op", [](const std::string& type, const py::dict& inputs,
                           const py::dict& outputs, const py::dict& attrs) {
    RunEager(type, inputs, outputs, attrs);
  }, py::arg("type"), py::arg("inputs"), py::arg("outputs"), py::arg("attrs"));
  // The same, returning the op desc it ran (variables named "<slot>#<i>") for the tape.
  m.def("eager_run_op_desc", &RunEager, py::arg("type"), py::arg("inputs"), py::arg("outputs"),
        py::arg("attrs"));
  // Runs an op desc (a grad op from get_grad_op_descs) with its variables resolved by name
  // in `tensors`; every output variable must be given a (possibly empty) DenseTensor.
  m.def("run_op_desc", [](const OpDesc& op, const py::dict& tensors) {
    TensorMap map;
    for (auto item : tensors) map[py::str(item.first)] = item.second.cast<phi::DenseTensor*>();
    Run(op, map);
  }, py::arg("op"), py::arg("tensors"));
}

}  // namespace pybind
}  // namespace paddle
