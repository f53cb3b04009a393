// Attribute and tensor conversions between the runtime and Python.
#include <limits>

#include "paddle/common/errors.h"
#include "paddle/framework/op_record.h"
#include "paddle/framework/var_type.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/tensor_copy.h"
#include "paddle/pybind/pybind_common.h"

namespace paddle {
namespace pybind {

using framework::Attr;
namespace proto = framework::proto;

py::object AttrToPython(const Attr& a) {
  switch (a.type()) {
    case proto::INT: return py::int_(a.i());
    case proto::FLOAT: return py::float_(a.f());
    case proto::STRING: return py::str(a.s());
    case proto::INTS: return py::cast(std::vector<int>(a.ints().begin(), a.ints().end()));
    case proto::FLOATS: return py::cast(std::vector<float>(a.floats().begin(), a.floats().end()));
    case proto::STRINGS:
      return py::cast(std::vector<std::string>(a.strings().begin(), a.strings().end()));
    case proto::BOOLEAN: return py::bool_(a.b());
    case proto::BOOLEANS: return py::cast(std::vector<bool>(a.bools().begin(), a.bools().end()));
    case proto::BLOCK: return py::int_(a.block_idx());
    case proto::LONG: return py::int_(a.l());
    case proto::BLOCKS:
      return py::cast(std::vector<int>(a.blocks_idx().begin(), a.blocks_idx().end()));
    case proto::LONGS: return py::cast(std::vector<int64_t>(a.longs().begin(), a.longs().end()));
    case proto::FLOAT64S:
      return py::cast(std::vector<double>(a.float64s().begin(), a.float64s().end()));
    case proto::FLOAT64: return py::float_(a.float64());
    case proto::VAR: return py::str(a.var_name());
    case proto::VARS:
      return py::cast(std::vector<std::string>(a.vars_name().begin(), a.vars_name().end()));
    case proto::SCALAR: {
      const auto& s = a.scalar();
      if (s.has_b()) return py::bool_(s.b());
      if (s.has_i()) return py::int_(s.i());
      return py::float_(s.r());
    }
    default: return py::none();
  }
}

proto::AttrType InferAttrType(const py::handle& v) {
  if (py::isinstance<py::bool_>(v)) return proto::BOOLEAN;
  if (py::isinstance<py::int_>(v)) {
    int64_t x = v.cast<int64_t>();
    return x >= std::numeric_limits<int>::min() && x <= std::numeric_limits<int>::max()
               ? proto::INT
               : proto::LONG;
  }
  if (py::isinstance<py::float_>(v)) return proto::FLOAT;
  if (py::isinstance<py::str>(v)) return proto::STRING;
  if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) {
    py::sequence seq = py::reinterpret_borrow<py::sequence>(v);
    if (seq.size() == 0) return proto::INTS;
    py::handle first = seq[0];
    if (py::isinstance<py::bool_>(first)) return proto::BOOLEANS;
    if (py::isinstance<py::int_>(first)) {
      for (auto item : seq) {
        if (py::isinstance<py::float_>(item)) return proto::FLOATS;
        int64_t x = item.cast<int64_t>();
        if (x < std::numeric_limits<int>::min() || x > std::numeric_limits<int>::max())
          return proto::LONGS;
      }
      return proto::INTS;
    }
    if (py::isinstance<py::float_>(first)) return proto::FLOATS;
    if (py::isinstance<py::str>(first)) return proto::STRINGS;
  }
  PD_THROW(InvalidArgument, "expected an attribute value of bool, int, float, str or a list of "
           "them, but got ", std::string(py::str(py::type::of(v))));
}

Attr PythonToAttr(const std::string& name, const py::handle& v, proto::AttrType type) {
  try {
    switch (type) {
      case proto::INT: return framework::MakeAttr(name, v.cast<int>());
      case proto::LONG: return framework::MakeAttr(name, v.cast<int64_t>());
      case proto::FLOAT: return framework::MakeAttr(name, v.cast<float>());
      case proto::FLOAT64: return framework::MakeAttr(name, v.cast<double>());
      case proto::BOOLEAN: return framework::MakeAttr(name, v.cast<bool>());
      case proto::STRING: return framework::MakeAttr(name, v.cast<std::string>());
      case proto::INTS: return framework::MakeAttr(name, v.cast<std::vector<int>>());
      case proto::LONGS: return framework::MakeAttr(name, v.cast<std::vector<int64_t>>());
      case proto::FLOATS: return framework::MakeAttr(name, v.cast<std::vector<float>>());
      case proto::FLOAT64S: return framework::MakeAttr(name, v.cast<std::vector<double>>());
      case proto::BOOLEANS: return framework::MakeAttr(name, v.cast<std::vector<bool>>());
      case proto::STRINGS: return framework::MakeAttr(name, v.cast<std::vector<std::string>>());
      case proto::BLOCK: return framework::MakeAttr(name, framework::BlockRef{v.cast<int>()});
      default: break;
    }
  } catch (const py::cast_error&) {
    PD_THROW(InvalidArgument, "expected attribute '", name, "' to be of type ",
             proto::AttrType_Name(type), ", but got ", std::string(py::repr(v)));
  }
  PD_THROW(Unimplemented, "setting attribute '", name, "' of type ", proto::AttrType_Name(type),
           " from Python is not supported");
}

void SetAttrFromPython(framework::OpDesc* op, const std::string& name, const py::handle& value,
                       const framework::OpRecord* record) {
  if (record == nullptr) record = framework::OpRecordRegistry::Instance().Find(op->Type());
  const framework::AttrDef* def = record ? record->FindAttr(name) : nullptr;
  proto::AttrType type = def ? def->type : InferAttrType(value);
  // Floats given where ints were declared (or the reverse) keep the declared type.
  op->SetAttr(PythonToAttr(name, value, type));
}

namespace {
phi::DataType NumpyDtype(const py::dtype& dt) {
  char kind = dt.kind();
  size_t size = dt.itemsize();
  if (kind == 'f' && size == 4) return phi::DataType::FLOAT32;
  if (kind == 'f' && size == 8) return phi::DataType::FLOAT64;
  if (kind == 'f' && size == 2) return phi::DataType::FLOAT16;
  if (kind == 'i' && size == 4) return phi::DataType::INT32;
  if (kind == 'i' && size == 8) return phi::DataType::INT64;
  if (kind == 'i' && size == 2) return phi::DataType::INT16;
  if (kind == 'i' && size == 1) return phi::DataType::INT8;
  if (kind == 'u' && size == 1) return phi::DataType::UINT8;
  if (kind == 'b') return phi::DataType::BOOL;
  if (kind == 'c' && size == 8) return phi::DataType::COMPLEX64;
  if (kind == 'c' && size == 16) return phi::DataType::COMPLEX128;
  PD_THROW(InvalidArgument, "expected a numpy array of a supported dtype, but got ",
           std::string(py::str(dt)));
}

py::dtype DtypeOf(phi::DataType dtype) {
  switch (dtype) {
    case phi::DataType::FLOAT32: return py::dtype("float32");
    case phi::DataType::FLOAT64: return py::dtype("float64");
    case phi::DataType::FLOAT16: return py::dtype("float16");
    case phi::DataType::BFLOAT16: return py::dtype("uint16");
    case phi::DataType::INT32: return py::dtype("int32");
    case phi::DataType::INT64: return py::dtype("int64");
    case phi::DataType::INT16: return py::dtype("int16");
    case phi::DataType::INT8: return py::dtype("int8");
    case phi::DataType::UINT8: return py::dtype("uint8");
    case phi::DataType::BOOL: return py::dtype("bool");
    case phi::DataType::COMPLEX64: return py::dtype("complex64");
    case phi::DataType::COMPLEX128: return py::dtype("complex128");
    default:
      PD_THROW(Unimplemented, "tensor dtype ", dtype, " has no numpy equivalent");
  }
}
}  // namespace

phi::DenseTensor NumpyToTensor(const py::array& input) {
  py::array array = py::array::ensure(input, py::array::c_style);
  PD_CHECK(array, InvalidArgument, "expected an array convertible to a C-contiguous numpy array");
  phi::DataType dtype = NumpyDtype(array.dtype());
  std::vector<int64_t> dims(array.shape(), array.shape() + array.ndim());
  phi::DenseTensor tensor(dtype, phi::DDim(dims));
  void* data = phi::CPUContext::Default().Alloc(&tensor, dtype);
  if (tensor.nbytes() > 0) std::memcpy(data, array.data(), tensor.nbytes());
  return tensor;
}

py::array TensorToNumpy(const phi::DenseTensor& tensor) {
  std::vector<py::ssize_t> shape(tensor.dims().data(), tensor.dims().data() + tensor.dims().size());
  py::array array(DtypeOf(tensor.dtype()), shape);
  if (tensor.nbytes() > 0) {
    PD_CHECK(tensor.initialized(), PreconditionNotMet,
             "expected an initialized tensor to convert to numpy, but its storage is empty");
    const phi::DenseTensor host = phi::ToHost(tensor);  // waits for the device
    std::memcpy(array.mutable_data(), host.raw_data(), host.nbytes());
  }
  return array;
}

}  // namespace pybind
}  // namespace paddle
