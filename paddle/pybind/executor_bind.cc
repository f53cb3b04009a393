// Bindings of the Executor and of the op record registry (read by the Python API so that
// slots, attributes and defaults come from the one record of each op).
#include <algorithm>
#include <optional>
#include <set>

#include "paddle/executor/execution_plan.h"
#include "paddle/executor/executor.h"
#include "paddle/framework/op_record.h"
#include "paddle/framework/var_type.h"
#include "paddle/pybind/pybind_common.h"

namespace paddle {
namespace pybind {

void BindExecutor(py::module_* module) {
  py::module_& m = *module;
  py::class_<executor::Executor>(m, "Executor")
      .def(py::init([](const phi::Place& place, size_t capacity) {
             return std::make_unique<executor::Executor>(place, capacity);
           }),
           py::arg("place"), py::arg("cache_capacity") = 16)
      .def(
          "run",
          [](executor::Executor& exe, const framework::ProgramDesc& program,
             framework::Scope* scope, const py::dict& feed,
             const std::vector<std::string>& fetch_names) {
            std::vector<std::pair<std::string, phi::DenseTensor>> feeds;
            for (auto item : feed) {
              std::string name = py::str(item.first);
              if (py::isinstance<phi::DenseTensor>(item.second)) {
                feeds.emplace_back(name, item.second.cast<phi::DenseTensor>());
              } else {
                py::array array = py::array::ensure(item.second);
                PD_CHECK(array, InvalidArgument, "expected feed '", name,
                         "' to be a numpy array or a DenseTensor, but got ",
                         std::string(py::str(py::type::of(item.second))));
                feeds.emplace_back(name, NumpyToTensor(array));
              }
            }
            std::vector<phi::DenseTensor> out;
            {
              py::gil_scoped_release release;
              out = exe.Run(program, scope, feeds, fetch_names);
            }
            return out;
          },
          py::arg("program"), py::arg("scope"), py::arg("feed"), py::arg("fetch_names"))
      .def(
          "execution_plan",
          [](executor::Executor& exe, const framework::ProgramDesc& program,
             framework::Scope* scope, const std::vector<std::string>& fetch_names) {
            const executor::ExecutionPlan* plan =
                exe.GetOrBuild(program, scope, fetch_names)->plan();
            return plan == nullptr ? std::string() : plan->ToString();
          },
          py::arg("program"), py::arg("scope"), py::arg("fetch_names"))
      .def("cache_size", &executor::Executor::cache_size)
      .def("clear_cache", &executor::Executor::ClearCache)
      .def("last_peak_bytes", &executor::Executor::last_peak_bytes)
      .def(
          "memory_plan",
          [](executor::Executor& exe, const framework::ProgramDesc& program,
             framework::Scope* scope, const std::vector<std::string>& fetch_names,
             int64_t batch_size) {
            executor::MemoryPlan plan =
                exe.GetOrBuild(program, scope, fetch_names)->PlanMemory(batch_size);
            py::dict d;
            d["planned_bytes"] = plan.planned_bytes;
            d["lower_bound_bytes"] = plan.lower_bound_bytes;
            d["parameter_bytes"] = plan.parameter_bytes;
            d["last_peak_bytes"] = plan.last_peak_bytes;
            return d;
          },
          py::arg("program"), py::arg("scope"), py::arg("fetch_names"), py::arg("batch_size") = 1);
}

void BindRegistry(py::module_* module) {
  py::module_& m = *module;
  // Whether kernel `kernel` has a GPU implementation for a dtype (AMP asks which ops can run
  // in 16 bits); false in a CPU-only build.
  m.def("has_gpu_kernel", [](const std::string& kernel, framework::proto::VarType::Type dtype) {
    phi::KernelKey key{phi::Backend::GPU, phi::DataLayout::ANY,
                       framework::VarTypeToDataType(dtype)};
    return phi::KernelRegistry::Instance().Find(kernel, key) != nullptr;
  });
  // The placement of block `block_id` on `place`. `gpu_kernels`, when given, lists the
  // kernels taken to exist on the GPU ("name" for every dtype or "name:dtype", dtype as
  // phi prints it, e.g. "float32"), so that plans can be tested on machines without one.
  m.def(
      "plan_placement",
      [](const framework::ProgramDesc& program, int block_id, const phi::Place& place,
         std::optional<std::vector<std::string>> gpu_kernels) {
        executor::PlacementOptions options;
        options.default_place = place;
        if (gpu_kernels) {
          std::set<std::string> known(gpu_kernels->begin(), gpu_kernels->end());
          options.has_kernel = [known](const std::string& kernel, const phi::KernelKey& key) {
            if (key.backend != phi::Backend::GPU)
              return phi::KernelRegistry::Instance().Find(kernel, key) != nullptr;
            return known.count(kernel) > 0 ||
                   known.count(kernel + ":" + phi::DataTypeToString(key.dtype)) > 0;
          };
        }
        executor::ExecutionPlan plan = executor::PlanPlacement(program, block_id, options);
        py::dict d;
        d["program"] = plan.program;
        d["text"] = plan.ToString();
        std::vector<std::string> places, types;
        const auto& block = plan.program.Block(block_id);
        for (size_t i = 0; i < plan.op_places.size(); ++i) {
          places.push_back(plan.op_places[i].is_gpu() ? "gpu" : "cpu");
          types.push_back(block.Op(i)->Type());
        }
        d["op_types"] = types;
        d["op_places"] = places;
        d["reasons"] = plan.reasons;
        py::list copies;
        for (const auto& c : plan.copies)
          copies.append(py::make_tuple(c.op_type, c.from, c.to, c.op_index));
        d["copies"] = copies;
        py::dict homes;
        for (const auto& [name, home] : plan.homes) homes[py::str(name)] = home.is_gpu() ? "gpu" : "cpu";
        d["homes"] = homes;
        return d;
      },
      py::arg("program"), py::arg("block_id"), py::arg("place"),
      py::arg("gpu_kernels") = std::nullopt);
  m.def("op_types", [] { return framework::OpRecordRegistry::Instance().Types(); });
  // The kernel registry's use log (tools/tailor_list.py): on clears and starts it; off stops
  // it; both return the kernels selected since it started, "<name> <backend> <dtype>".
  m.def("kernel_use_log", [](bool on) {
    auto& registry = phi::KernelRegistry::Instance();
    std::vector<std::string> log = registry.UseLog();
    registry.SetUseLog(on);
    return log;
  });
  // The op types whose records run one of the given kernels.
  m.def("op_types_of_kernels", [](const std::vector<std::string>& kernels) {
    std::vector<std::string> types;
    auto& registry = framework::OpRecordRegistry::Instance();
    for (const auto& type : registry.Types()) {
      const std::string& kernel = registry.Get(type).kernel_name;
      if (std::find(kernels.begin(), kernels.end(), kernel) != kernels.end()) types.push_back(type);
    }
    return types;
  });
  m.def("has_op", [](const std::string& type) {
    return framework::OpRecordRegistry::Instance().Find(type) != nullptr;
  });
  m.def("op_record", [](const std::string& type) {
    const framework::OpRecord& r = framework::OpRecordRegistry::Instance().Get(type);
    py::dict d;
    d["type"] = r.type;
    auto slots = [](const std::vector<framework::SlotDef>& defs) {
      py::list out;
      for (const auto& s : defs) out.append(py::make_tuple(s.name, s.duplicable, s.dispensable));
      return out;
    };
    d["inputs"] = slots(r.inputs);
    d["outputs"] = slots(r.outputs);
    py::list attrs;
    for (const auto& a : r.attrs)
      attrs.append(py::make_tuple(a.name, static_cast<int>(a.type),
                                  a.required ? py::none() : AttrToPython(a.default_value),
                                  a.required));
    d["attrs"] = attrs;
    d["grad_op_type"] = r.grad.op_type;
    d["kernel"] = r.kernel_name;
    d["is_random"] = r.is_random;
    return d;
  });
}

}  // namespace pybind
}  // namespace paddle
