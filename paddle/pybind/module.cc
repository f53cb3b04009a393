// The one Python extension module. Typed errors map to Python exception classes:
// InvalidArgument -> ValueError, NotFound -> KeyError... (see DESIGN.md, "Errors").
#include "paddle/common/flags.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/device_runtime.h"
#include "paddle/phi/kernels/funcs/random.h"
#include "paddle/pybind/pybind_common.h"

namespace paddle {
namespace pybind {

namespace {
PyObject* ExceptionClass(common::ErrorCode code) {
  switch (code) {
    case common::ErrorCode::kInvalidArgument: return PyExc_ValueError;
    case common::ErrorCode::kNotFound: return PyExc_KeyError;
    case common::ErrorCode::kOutOfRange: return PyExc_IndexError;
    case common::ErrorCode::kUnimplemented: return PyExc_NotImplementedError;
    case common::ErrorCode::kResourceExhausted: return PyExc_MemoryError;
    case common::ErrorCode::kUnavailable: return PyExc_ConnectionError;
    case common::ErrorCode::kExecutionTimeout: return PyExc_TimeoutError;
    default: return PyExc_RuntimeError;
  }
}
}  // namespace

PYBIND11_MODULE(libpaddle, m) {
  m.doc() = "Core of the paddle runtime: program descs, scope, tensors, executor, op records.";
  common::InitFlagsFromEnv();
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const common::Error& e) {
      PyErr_SetString(ExceptionClass(e.code()), e.what());
    }
  });
  BindDescs(&m);
  BindTensorAndScope(&m);
  BindExecutor(&m);
  BindProfiler(&m);
  BindRegistry(&m);
  BindIO(&m);
  BindIR(&m);
  BindInference(&m);
  BindEager(&m);
  BindDistributed(&m);
  m.def("set_seed", [](uint64_t seed) { phi::funcs::SetGlobalSeed(seed); });
  m.def("get_seed", [] { return phi::funcs::GetGlobalSeed(); });
  m.def("set_flag", &common::SetFlag);
  m.def("get_flag", &common::GetFlag);
  m.def("set_num_threads", &phi::SetNumCPUThreads);
  m.def("get_num_threads", &phi::GetNumCPUThreads);
  m.def("cpu_memory_current", [] { return phi::GetCPUAllocator()->stats().current.load(); });
  m.def("cpu_memory_peak", [] { return phi::GetCPUAllocator()->stats().peak.load(); });
  m.def("is_compiled_with_cuda", &phi::CompiledWithCuda);
  m.def("get_cuda_device_count", &phi::GpuDeviceCount);
  m.def("synchronize", &phi::Synchronize);
  m.def("gpu_memory_stats", [](int device_id) {
    phi::DeviceMemoryStats stats = phi::GpuMemoryStats(device_id);
    py::dict d;
    d["allocated"] = stats.allocated;
    d["peak_allocated"] = stats.peak_allocated;
    d["reserved"] = stats.reserved;
    return d;
  });
  m.def("reset_gpu_peak_memory", &phi::ResetGpuPeakMemory);
  m.def("empty_gpu_cache", &phi::ReleaseGpuMemoryCaches);
}

}  // namespace pybind
}  // namespace paddle
