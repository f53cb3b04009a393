// paddle.distributed's core: the TCP rendezvous store and process groups registered per
// ring id, which the collective ops' kernels use (phi/core/distributed/process_group.h).
#include <chrono>
#include <memory>
#include <string>

#include "paddle/phi/core/distributed/process_group.h"
#include "paddle/pybind/pybind_common.h"
#ifdef PADDLE_WITH_GLOO
#include "paddle/distributed/process_group_gloo.h"
#include "paddle/distributed/tcp_store.h"
#endif
#ifdef PADDLE_WITH_NCCL
#include "paddle/distributed/process_group_nccl.h"
#endif

namespace paddle {
namespace pybind {

namespace {
std::chrono::milliseconds Millis(double seconds) {
  PD_CHECK(seconds > 0, InvalidArgument, "expected a positive timeout in seconds, but got ",
           seconds);
  return std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000));
}
}  // namespace

void BindDistributed(py::module_* module) {
  py::module_& m = *module;
  namespace pd = phi::distributed;
  py::class_<pd::ProcessGroup, std::shared_ptr<pd::ProcessGroup>>(m, "ProcessGroup")
      .def_property_readonly("rank", &pd::ProcessGroup::rank)
      .def_property_readonly("size", &pd::ProcessGroup::size)
      .def_property_readonly("backend", &pd::ProcessGroup::backend);
  m.def("register_process_group", &pd::RegisterProcessGroup, py::arg("ring_id"), py::arg("group"));
  m.def("remove_process_group", &pd::RemoveProcessGroup, py::arg("ring_id"));
  m.def("has_process_group", &pd::HasProcessGroup, py::arg("ring_id"));
#ifdef PADDLE_WITH_GLOO
  m.attr("with_gloo") = true;
  using paddle::distributed::TCPStore;
  py::class_<TCPStore, std::shared_ptr<TCPStore>>(m, "TCPStore")
      .def(
          py::init([](const std::string& host, int port, bool is_master, int rank, double timeout) {
            py::gil_scoped_release release;
            return std::make_shared<TCPStore>(host, port, is_master, rank, Millis(timeout));
          }),
          py::arg("host"), py::arg("port"), py::arg("is_master"), py::arg("rank") = -1,
          py::arg("timeout") = 1800.0)
      .def_property_readonly("port", &TCPStore::port)
      .def("set",
           [](TCPStore& s, const std::string& key, const py::bytes& value) {
             std::string v = value;
             py::gil_scoped_release release;
             s.set(key, std::vector<char>(v.begin(), v.end()));
           })
      .def("get",
           [](TCPStore& s, const std::string& key) {
             std::vector<char> v;
             {
               py::gil_scoped_release release;
               v = s.get(key);
             }
             return py::bytes(v.data(), v.size());
           })
      .def("add",
           [](TCPStore& s, const std::string& key, int64_t delta) {
             py::gil_scoped_release release;
             return s.add(key, delta);
           })
      .def("check", [](TCPStore& s, const std::vector<std::string>& keys) { return s.check(keys); })
      .def("dead_ranks", &TCPStore::dead_ranks);
  m.def(
      "new_gloo_process_group",
      [](std::shared_ptr<TCPStore> store, int rank, int size, const std::string& name,
         const std::string& host, double timeout) -> std::shared_ptr<pd::ProcessGroup> {
        py::gil_scoped_release release;
        return std::make_shared<paddle::distributed::ProcessGroupGloo>(store, rank, size, name,
                                                                       host, Millis(timeout));
      },
      py::arg("store"), py::arg("rank"), py::arg("size"), py::arg("name"), py::arg("host"),
      py::arg("timeout"));
#else
  m.attr("with_gloo") = false;
#endif
#ifdef PADDLE_WITH_NCCL
  m.attr("with_nccl") = true;
  m.def(
      "new_nccl_process_group",
      [](std::shared_ptr<paddle::distributed::TCPStore> store, int rank, int size,
         const std::string& name, int device, double timeout) -> std::shared_ptr<pd::ProcessGroup> {
        py::gil_scoped_release release;
        return std::make_shared<paddle::distributed::ProcessGroupNCCL>(store, rank, size, name,
                                                                       device, Millis(timeout));
      },
      py::arg("store"), py::arg("rank"), py::arg("size"), py::arg("name"), py::arg("device"),
      py::arg("timeout"));
#else
  m.attr("with_nccl") = false;
#endif
}

}  // namespace pybind
}  // namespace paddle
