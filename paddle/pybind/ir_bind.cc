// Bindings of the IR pass manager: apply named passes to a program.
#include "paddle/ir/pass.h"
#include "paddle/pybind/pybind_common.h"

namespace paddle {
namespace pybind {

void BindIR(py::module_* module) {
  py::module_& m = *module;
  m.def("apply_passes",
        [](const framework::ProgramDesc& program, const std::vector<std::string>& passes,
           framework::Scope* scope, const std::vector<std::string>& protected_vars,
           bool verify, const std::vector<std::string>& disabled, int max_rounds) {
          ir::PassManagerOptions options;
          options.verify = verify;
          options.disabled = {disabled.begin(), disabled.end()};
          options.max_rounds = max_rounds;
          return ir::ApplyPasses(program, passes, scope, {protected_vars.begin(), protected_vars.end()},
                                 options);
        },
        py::arg("program"), py::arg("passes"), py::arg("scope") = nullptr,
        py::arg("protected_vars") = std::vector<std::string>{}, py::arg("verify") = false,
        py::arg("disabled") = std::vector<std::string>{}, py::arg("max_rounds") = 1);
  m.def("registered_passes", [] { return ir::PassRegistry::Instance().Names(); });
}

}  // namespace pybind
}  // namespace paddle
