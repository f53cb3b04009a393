// Bindings of Place, DenseTensor (to and from NumPy), Variable and Scope.
#include "paddle/framework/scope.h"
#include "paddle/framework/var_type.h"
#include "paddle/phi/core/tensor_copy.h"
#include "paddle/pybind/pybind_common.h"

namespace paddle {
namespace pybind {

using framework::Scope;
using framework::Variable;

void BindTensorAndScope(py::module_* module) {
  py::module_& m = *module;
  py::class_<phi::Place>(m, "Place")
      .def("is_cpu_place", &phi::Place::is_cpu)
      .def("is_gpu_place", &phi::Place::is_gpu)
      .def("gpu_device_id", &phi::Place::GetDeviceId)
      .def("__eq__", [](const phi::Place& a, const phi::Place& b) { return a == b; })
      .def("__repr__", &phi::Place::DebugString);
  py::class_<phi::CPUPlace, phi::Place>(m, "CPUPlace").def(py::init<>());
  py::class_<phi::GPUPlace, phi::Place>(m, "CUDAPlace").def(py::init<int>(), py::arg("id") = 0);

  py::class_<phi::DenseTensor>(m, "DenseTensor")
      .def(py::init<>())
      .def("set", [](phi::DenseTensor& t, py::array array, const phi::Place& place) {
        t = NumpyToTensor(array);
        if (place.is_gpu()) phi::Copy(t, place, &t);
      }, py::arg("array"), py::arg("place") = phi::CPUPlace())
      .def("_place", &phi::DenseTensor::place)
      .def("shape", [](const phi::DenseTensor& t) { return t.dims().ToVector(); })
      .def("_dtype", [](const phi::DenseTensor& t) {
        return framework::DataTypeToVarType(t.dtype());
      })
      .def("numel", &phi::DenseTensor::numel)
      .def("_is_initialized", &phi::DenseTensor::initialized)
      .def("numpy", &TensorToNumpy)
      .def("__array__", [](const phi::DenseTensor& t, py::args, py::kwargs) { return TensorToNumpy(t); })
      .def("__repr__", [](const phi::DenseTensor& t) {
        return "DenseTensor(shape=" + t.dims().to_str() + ", dtype=" +
               phi::DataTypeToString(t.dtype()) + ")";
      });
  m.attr("LoDTensor") = m.attr("DenseTensor");

  py::class_<Variable>(m, "Variable")
      .def("get_tensor", [](Variable& v) { return v.GetMutable<phi::DenseTensor>(); },
           py::return_value_policy::reference_internal)
      .def("is_initialized", &Variable::IsInitialized)
      .def("kind", &Variable::KindName);

  py::class_<Scope>(m, "Scope")
      .def(py::init<>())
      .def("var", &Scope::Var, py::return_value_policy::reference_internal)
      .def("find_var", &Scope::FindVar, py::return_value_policy::reference_internal)
      .def("find_local_var", &Scope::FindLocalVar, py::return_value_policy::reference_internal)
      .def("local_var_names", &Scope::LocalVarNames)
      .def("erase_vars", &Scope::EraseVars)
      .def("new_scope", &Scope::NewScope, py::return_value_policy::reference_internal)
      .def("drop_kids", &Scope::DropKids)
      .def_property_readonly("id", &Scope::id);
}

}  // namespace pybind
}  // namespace paddle
