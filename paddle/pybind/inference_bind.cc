// Bindings of the paddle_infer Predictor API as paddle.inference (PaddlePaddle's snake_case
// names): Config, create_predictor, Predictor, Tensor.
#include "paddle/inference/paddle_inference_api.h"
#include "paddle/inference/predictor_impl.h"
#include "paddle/phi/core/allocator.h"
#include "paddle/pybind/pybind_common.h"

namespace paddle {
namespace pybind {

namespace {
using paddle_infer::Config;
using paddle_infer::DataType;
using paddle_infer::Predictor;
using paddle_infer::Tensor;

template <typename T>
void CopyIn(Tensor& t, const py::array& a) {
  py::array_t<T, py::array::c_style | py::array::forcecast> c(a);
  std::vector<int> shape(c.shape(), c.shape() + c.ndim());
  t.Reshape(shape);
  t.CopyFromCpu(c.data());
}

template <typename T>
py::array CopyOut(const Tensor& t) {
  std::vector<int> shape = t.shape();
  py::array_t<T> out(std::vector<py::ssize_t>(shape.begin(), shape.end()));
  t.CopyToCpu(out.mutable_data());
  return out;
}

// The element type of NumPy dtype `dtype`, UNDEFINED for those the API has no name for.
phi::DataType DataTypeOf(const py::dtype& dtype) {
  const char kind = dtype.kind();
  const size_t size = dtype.itemsize();
  if (kind == 'f' && size == 4) return phi::DataType::FLOAT32;
  if (kind == 'f' && size == 8) return phi::DataType::FLOAT64;
  if (kind == 'i' && size == 8) return phi::DataType::INT64;
  if (kind == 'i' && size == 4) return phi::DataType::INT32;
  if (kind == 'u' && size == 1) return phi::DataType::UINT8;
  if (kind == 'i' && size == 1) return phi::DataType::INT8;
  if (kind == 'b') return phi::DataType::BOOL;
  return phi::DataType::UNDEFINED;
}

void CopyFromCpu(Tensor& t, const py::array& a) {
  switch (DataTypeOf(a.dtype())) {
    case phi::DataType::FLOAT32:
      return CopyIn<float>(t, a);
    case phi::DataType::FLOAT64:
      return CopyIn<double>(t, a);
    case phi::DataType::INT64:
      return CopyIn<int64_t>(t, a);
    case phi::DataType::INT32:
      return CopyIn<int32_t>(t, a);
    case phi::DataType::UINT8:
      return CopyIn<uint8_t>(t, a);
    case phi::DataType::INT8:
      return CopyIn<int8_t>(t, a);
    case phi::DataType::BOOL:
      return CopyIn<bool>(t, a);
    default:
      throw py::type_error("copy_from_cpu: unsupported numpy dtype " +
                           std::string(py::str(a.dtype())));
  }
}

// Binds input `t` to `a`'s memory (Tensor::ShareExternalData), the array kept alive by the
// storage until the input is set again or the predictor is gone. `a` must be C-contiguous.
void ShareArray(Tensor& t, const py::array& a, const char* call) {
  std::vector<int> shape(a.shape(), a.shape() + a.ndim());
  PyObject* keep = a.ptr();
  Py_INCREF(keep);
  std::shared_ptr<phi::Allocation> storage(
      new phi::Allocation(const_cast<void*>(a.data()), static_cast<size_t>(a.nbytes()),
                          phi::CPUPlace(), nullptr),
      [keep](phi::Allocation* allocation) {
        delete allocation;
        // The last holder may let go inside Run, with the GIL released.
        if (Py_IsInitialized()) {
          py::gil_scoped_acquire gil;
          Py_DECREF(keep);
        }
      });
  paddle::inference::ShareExternalStorage(&t, std::move(storage), DataTypeOf(a.dtype()), shape,
                                          call);
}

// Whether `a`'s elements are in this machine's byte order.
bool NativeOrder(const py::array& a) {
  const char order = a.dtype().byteorder();
  const uint16_t one = 1;
  const bool little = *reinterpret_cast<const uint8_t*>(&one) == 1;
  return order == '=' || order == '|' || order == (little ? '<' : '>');
}

// Whether `a`'s elements lie at addresses that are multiples of their size.
bool Aligned(const py::array& a) {
  return (a.flags() & py::detail::npy_api::NPY_ARRAY_ALIGNED_) != 0;
}

// Whether `a` can be bound to input `t` as it is: C-contiguous, aligned, of the input's element
// type, in this machine's byte order.
bool Shareable(const Tensor& t, const py::array& a) {
  return (a.flags() & py::array::c_style) != 0 && Aligned(a) && NativeOrder(a) &&
         DataTypeOf(a.dtype()) == paddle::inference::ToPhiDataType(t.type());
}

py::array CopyToCpu(const Tensor& t) {
  switch (t.type()) {
    case DataType::FLOAT32: return CopyOut<float>(t);
    case DataType::FLOAT64: return CopyOut<double>(t);
    case DataType::INT64: return CopyOut<int64_t>(t);
    case DataType::INT32: return CopyOut<int32_t>(t);
    case DataType::UINT8: return CopyOut<uint8_t>(t);
    case DataType::INT8: return CopyOut<int8_t>(t);
    case DataType::BOOL: return CopyOut<bool>(t);
    default: throw py::type_error("copy_to_cpu: unsupported tensor type");
  }
}
}  // namespace

void BindInference(py::module_* module) {
  py::module_ m = module->def_submodule("inference", "the paddle_infer Predictor API");
  py::enum_<DataType>(m, "DataType")
      .value("FLOAT32", DataType::FLOAT32).value("INT64", DataType::INT64)
      .value("INT32", DataType::INT32).value("UINT8", DataType::UINT8)
      .value("INT8", DataType::INT8).value("FLOAT16", DataType::FLOAT16)
      .value("BOOL", DataType::BOOL).value("FLOAT64", DataType::FLOAT64)
      .value("BFLOAT16", DataType::BFLOAT16);
  py::enum_<paddle_infer::PrecisionType>(m, "PrecisionType")
      .value("Float32", paddle_infer::PrecisionType::kFloat32)
      .value("Half", paddle_infer::PrecisionType::kHalf)
      .value("Int8", paddle_infer::PrecisionType::kInt8)
      .value("Bfloat16", paddle_infer::PrecisionType::kBf16);

  py::class_<paddle_infer::PaddlePassBuilder>(m, "PaddlePassBuilder")
      .def("append_pass", &paddle_infer::PaddlePassBuilder::AppendPass)
      .def("insert_pass", &paddle_infer::PaddlePassBuilder::InsertPass)
      .def("delete_pass", py::overload_cast<const std::string&>(&paddle_infer::PaddlePassBuilder::DeletePass))
      .def("all_passes", &paddle_infer::PaddlePassBuilder::AllPasses)
      .def("clear_passes", &paddle_infer::PaddlePassBuilder::ClearPasses);

  py::class_<Config>(m, "Config")
      .def(py::init<>())
      .def(py::init<const std::string&>())
      .def(py::init<const std::string&, const std::string&>())
      .def("set_model", py::overload_cast<const std::string&>(&Config::SetModel))
      .def("set_model", py::overload_cast<const std::string&, const std::string&>(&Config::SetModel))
      .def("set_prog_file", &Config::SetProgFile)
      .def("set_params_file", &Config::SetParamsFile)
      .def("prog_file", &Config::prog_file)
      .def("params_file", &Config::params_file)
      .def("model_dir", &Config::model_dir)
      .def("set_model_buffer", [](Config& c, py::bytes prog, size_t, py::bytes params, size_t) {
        std::string p(prog), q(params);
        c.SetModelBuffer(p.data(), p.size(), q.data(), q.size());
      })
      .def("model_from_memory", &Config::model_from_memory)
      .def("enable_use_gpu", &Config::EnableUseGpu, py::arg("memory_pool_init_size_mb"),
           py::arg("device_id") = 0, py::arg("precision") = paddle_infer::PrecisionType::kFloat32)
      .def("disable_gpu", &Config::DisableGpu)
      .def("use_gpu", &Config::use_gpu)
      .def("set_cpu_math_library_num_threads", &Config::SetCpuMathLibraryNumThreads)
      .def("cpu_math_library_num_threads", &Config::cpu_math_library_num_threads)
      .def("enable_mkldnn", &Config::EnableMKLDNN)
      .def("disable_mkldnn", &Config::DisableMKLDNN)
      .def("switch_ir_optim", &Config::SwitchIrOptim, py::arg("x") = true)
      .def("ir_optim", &Config::ir_optim)
      .def("switch_ir_debug", &Config::SwitchIrDebug, py::arg("x") = true)
      .def("enable_memory_optim", &Config::EnableMemoryOptim, py::arg("x") = true)
      .def("enable_memory_optim_enabled", &Config::enable_memory_optim)
      .def("switch_use_feed_fetch_ops", &Config::SwitchUseFeedFetchOps, py::arg("x") = true)
      .def("switch_specify_input_names", &Config::SwitchSpecifyInputNames, py::arg("x") = true)
      .def("disable_glog_info", &Config::DisableGlogInfo)
      .def("delete_pass", [](Config& c, const std::string& name) { c.pass_builder()->DeletePass(name); })
      .def("pass_builder", py::overload_cast<>(&Config::pass_builder), py::return_value_policy::reference_internal)
      .def("summary", &Config::Summary);

  py::class_<Tensor>(m, "Tensor")
      .def("reshape", [](Tensor& t, const std::vector<int>& shape) { t.Reshape(shape); })
      .def("copy_from_cpu", &CopyFromCpu)
      .def("copy_to_cpu", &CopyToCpu)
      .def(
          "share_external_data",
          [](Tensor& t, const py::array& a) {
            if (!NativeOrder(a)) {
              throw py::value_error(
                  "share_external_data: expected an array in this machine's byte order for "
                  "input '" +
                  t.name() + "', but got dtype " + std::string(py::str(a.dtype())) +
                  " (use copy_from_cpu, or array.astype(array.dtype.newbyteorder('=')))");
            }
            if (!Aligned(a)) {
              throw py::value_error(
                  "share_external_data: expected an array whose elements are aligned to their "
                  "size for input '" +
                  t.name() +
                  "', but got an unaligned one (use "
                  "copy_from_cpu, or numpy.require(array, requirements='A'))");
            }
            if ((a.flags() & py::array::c_style) == 0) {
              throw py::value_error(
                  "share_external_data: expected a C-contiguous array for input '" + t.name() +
                  "', but got a non-contiguous one (use copy_from_cpu, or " +
                  "numpy.ascontiguousarray)");
            }
            ShareArray(t, a, "share_external_data()");
          },
          "Binds the input to the array's memory without a copy; run() reads the array as it "
          "is then (keep it unchanged until the input is set again).")
      .def("shape", &Tensor::shape)
      .def("type", &Tensor::type)
      .def("name", &Tensor::name);

  py::class_<Predictor, std::shared_ptr<Predictor>>(m, "Predictor")
      .def("get_input_names", &Predictor::GetInputNames)
      .def("get_output_names", &Predictor::GetOutputNames)
      .def("get_input_handle", &Predictor::GetInputHandle)
      .def("get_output_handle", &Predictor::GetOutputHandle)
      .def("run", [](Predictor& p) {
        bool ok;
        {
          py::gil_scoped_release release;
          ok = p.Run();
        }
        if (!ok) throw std::runtime_error("Predictor.run failed: " + p.GetLastError());
        return ok;
      })
      .def("run", [](Predictor& p, const std::vector<py::array>& inputs) {
        auto names = p.GetInputNames();
        if (inputs.size() != names.size())
          throw py::value_error("expected " + std::to_string(names.size()) + " inputs, but got " +
                                std::to_string(inputs.size()));
        // Arrays of the inputs' element types, C-contiguous, are read where they are (no
        // copy): the run only reads them, and they are held until the inputs are set again.
        for (size_t i = 0; i < names.size(); ++i) {
          auto handle = p.GetInputHandle(names[i]);
          if (Shareable(*handle, inputs[i])) {
            ShareArray(*handle, inputs[i], "run()");
          } else {
            CopyFromCpu(*handle, inputs[i]);
          }
        }
        bool ok;
        {
          py::gil_scoped_release release;
          ok = p.Run();
        }
        if (!ok) throw std::runtime_error("Predictor.run failed: " + p.GetLastError());
        py::list out;
        for (const auto& name : p.GetOutputNames()) out.append(CopyToCpu(*p.GetOutputHandle(name)));
        return out;
      })
      .def("clone", [](Predictor& p) { return std::shared_ptr<Predictor>(p.Clone()); })
      .def("clear_intermediate_tensor", &Predictor::ClearIntermediateTensor)
      .def("try_shrink_memory", &Predictor::TryShrinkMemory);

  m.def("create_predictor", &paddle_infer::CreatePredictor);
  m.def("get_version", &paddle_infer::GetVersion);
}

}  // namespace pybind
}  // namespace paddle
