// Bindings for model files: atomic writes, combined parameter files, tensor records.
#include "paddle/framework/model_io.h"
#include "paddle/framework/scope.h"
#include "paddle/framework/tensor_io.h"
#include "paddle/pybind/pybind_common.h"

namespace paddle {
namespace pybind {

void BindIO(py::module_* module) {
  py::module_& m = *module;
  m.def("write_file_atomic", [](const std::string& path, py::bytes data) {
    framework::WriteFileAtomic(path, std::string(data));
  });
  m.def("read_file", [](const std::string& path) { return py::bytes(framework::ReadFile(path)); });
  m.def("persistable_names", &framework::PersistableNames);
  m.def("serialize_tensors", [](const std::vector<phi::DenseTensor>& tensors) {
    std::vector<const phi::DenseTensor*> ptrs;
    for (const auto& t : tensors) ptrs.push_back(&t);
    return py::bytes(framework::SerializeTensors(ptrs));
  });
  m.def("serialize_scope_vars", [](framework::Scope* scope, const std::vector<std::string>& names) {
    std::vector<const phi::DenseTensor*> ptrs;
    for (const auto& name : names) {
      framework::Variable* var = scope->FindVar(name);
      PD_CHECK(var != nullptr && var->IsType<phi::DenseTensor>(), NotFound,
               "expected variable '", name, "' in the scope to save, but it is not there (did the "
               "startup program run?)");
      const auto& t = var->Get<phi::DenseTensor>();
      PD_CHECK(t.initialized() || t.numel() == 0, PreconditionNotMet, "expected variable '",
               name, "' to hold data to save, but it is empty");
      ptrs.push_back(&t);
    }
    return py::bytes(framework::SerializeTensors(ptrs));
  });
  m.def("load_combined", [](py::bytes data, const std::string& source,
                            const framework::ProgramDesc& program,
                            const std::vector<std::string>& names) {
    return framework::LoadCombined(std::string(data), source, program, names);
  });
  m.def("set_scope_vars", [](framework::Scope* scope, const std::vector<std::string>& names,
                             const std::vector<phi::DenseTensor>& tensors) {
    PD_CHECK(names.size() == tensors.size(), InvalidArgument, "expected one tensor per name (",
             names.size(), "), but got ", tensors.size());
    for (size_t i = 0; i < names.size(); ++i)
      *scope->Var(names[i])->GetMutable<phi::DenseTensor>() = tensors[i];
  });
}

}  // namespace pybind
}  // namespace paddle
