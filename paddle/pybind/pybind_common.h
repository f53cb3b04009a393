// Shared declarations of the Python extension module `paddle.base.libpaddle`: one binder
// function per topic, and conversions between attributes / tensors and Python values.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "paddle/framework/attribute.h"
#include "paddle/framework/op_desc.h"
#include "paddle/framework/op_record.h"
#include "paddle/phi/core/dense_tensor.h"

namespace paddle {
namespace pybind {

namespace py = pybind11;

void BindDescs(py::module_* m);
void BindTensorAndScope(py::module_* m);
void BindExecutor(py::module_* m);
void BindProfiler(py::module_* m);
void BindRegistry(py::module_* m);
void BindIO(py::module_* m);
void BindIR(py::module_* m);
void BindInference(py::module_* m);
void BindEager(py::module_* m);
void BindDistributed(py::module_* m);

// Attribute values <-> Python objects.
py::object AttrToPython(const framework::Attr& attr);
// Builds an attribute of `type` from a Python value (type from the op record, or inferred).
framework::Attr PythonToAttr(const std::string& name, const py::handle& value,
                             framework::proto::AttrType type);
framework::proto::AttrType InferAttrType(const py::handle& value);
// Sets an op attribute from Python with the type the op's record declares (`record`: the
// op's record when the caller has it).
void SetAttrFromPython(framework::OpDesc* op, const std::string& name, const py::handle& value,
                       const framework::OpRecord* record = nullptr);

// NumPy <-> DenseTensor (always copies).
phi::DenseTensor NumpyToTensor(const py::array& array);
py::array TensorToNumpy(const phi::DenseTensor& tensor);

}  // namespace pybind
}  // namespace paddle
