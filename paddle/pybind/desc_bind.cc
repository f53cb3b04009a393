// Bindings of ProgramDesc, BlockDesc, OpDesc and VarDesc. Blocks, ops and vars are views into
// their program (kept alive by it); Python never owns them separately.
#include "paddle/framework/backward.h"
#include "paddle/framework/block_desc.h"
#include "paddle/framework/infer_shape.h"
#include "paddle/framework/op_record.h"
#include "paddle/pybind/pybind_common.h"

namespace paddle {
namespace pybind {

using framework::BlockDesc;
using framework::OpDesc;
using framework::ProgramDesc;
using framework::VarDesc;
namespace proto = framework::proto;

namespace {
constexpr auto kRef = py::return_value_policy::reference;
constexpr auto kRefInternal = py::return_value_policy::reference_internal;

}  // namespace

void BindDescs(py::module_* module) {
  py::module_& m = *module;

  py::enum_<proto::VarType::Type>(m, "VarType")
      .value("BOOL", proto::VarType::BOOL).value("INT16", proto::VarType::INT16)
      .value("INT32", proto::VarType::INT32).value("INT64", proto::VarType::INT64)
      .value("FP16", proto::VarType::FP16).value("FP32", proto::VarType::FP32)
      .value("FP64", proto::VarType::FP64).value("LOD_TENSOR", proto::VarType::LOD_TENSOR)
      .value("SELECTED_ROWS", proto::VarType::SELECTED_ROWS)
      .value("FEED_MINIBATCH", proto::VarType::FEED_MINIBATCH)
      .value("FETCH_LIST", proto::VarType::FETCH_LIST)
      .value("STEP_SCOPES", proto::VarType::STEP_SCOPES)
      .value("LOD_TENSOR_ARRAY", proto::VarType::LOD_TENSOR_ARRAY)
      .value("READER", proto::VarType::READER).value("RAW", proto::VarType::RAW)
      .value("UINT8", proto::VarType::UINT8).value("INT8", proto::VarType::INT8)
      .value("BF16", proto::VarType::BF16).value("COMPLEX64", proto::VarType::COMPLEX64)
      .value("COMPLEX128", proto::VarType::COMPLEX128).value("STRING", proto::VarType::STRING)
      .value("STRINGS", proto::VarType::STRINGS)
      .export_values();

  py::class_<VarDesc>(m, "VarDesc")
      .def("name", &VarDesc::Name)
      .def("set_name", &VarDesc::SetName)
      .def("type", &VarDesc::GetType)
      .def("set_type", &VarDesc::SetType)
      .def("shape", &VarDesc::GetShape)
      .def("set_shape", &VarDesc::SetShape)
      .def("dtype", &VarDesc::GetDataType)
      .def("set_dtype", &VarDesc::SetDataType)
      .def("lod_level", &VarDesc::GetLoDLevel)
      .def("set_lod_level", &VarDesc::SetLoDLevel)
      .def("persistable", &VarDesc::Persistable)
      .def("set_persistable", &VarDesc::SetPersistable)
      .def("stop_gradient", &VarDesc::StopGradient)
      .def("set_stop_gradient", &VarDesc::SetStopGradient)
      .def("need_check_feed", &VarDesc::NeedCheckFeed)
      .def("set_need_check_feed", &VarDesc::SetNeedCheckFeed)
      .def("is_parameter", &VarDesc::IsParameter)
      .def("set_is_parameter", &VarDesc::SetIsParameter)
      .def("has_tensor_desc", &VarDesc::HasTensorDesc)
      .def("to_string", &VarDesc::DebugString);

  py::class_<OpDesc>(m, "OpDesc")
      .def(py::init<>())
      .def("type", &OpDesc::Type)
      .def("set_type", &OpDesc::SetType)
      .def("input", &OpDesc::Input)
      .def("output", &OpDesc::Output)
      .def("set_input", &OpDesc::SetInput)
      .def("set_output", &OpDesc::SetOutput)
      .def("remove_input", &OpDesc::RemoveInput)
      .def("remove_output", &OpDesc::RemoveOutput)
      .def("input_names", [](const OpDesc& op) {
        std::vector<std::string> names;
        for (const auto& e : op.Inputs()) names.push_back(e.first);
        return names;
      })
      .def("output_names", [](const OpDesc& op) {
        std::vector<std::string> names;
        for (const auto& e : op.Outputs()) names.push_back(e.first);
        return names;
      })
      .def("input_arg_names", &OpDesc::InputArgumentNames)
      .def("output_arg_names", &OpDesc::OutputArgumentNames)
      .def("rename_input", &OpDesc::RenameInput)
      .def("rename_output", &OpDesc::RenameOutput)
      .def("has_attr", &OpDesc::HasAttr)
      .def("attr", [](const OpDesc& op, const std::string& name) {
        return AttrToPython(op.GetAttr(name));
      })
      .def("attr_type", [](const OpDesc& op, const std::string& name) {
        return static_cast<int>(op.GetAttr(name).type());
      })
      .def("set_attr", [](OpDesc* op, const std::string& name, py::handle value) {
        SetAttrFromPython(op, name, value);
      })
      .def("set_attr_typed", [](OpDesc& op, const std::string& name, py::handle value, int type) {
        op.SetAttr(PythonToAttr(name, value, static_cast<proto::AttrType>(type)));
      })
      .def("set_block_attr", [](OpDesc& op, const std::string& name, int block_idx) {
        op.SetAttr(name, framework::BlockRef{block_idx});
      })
      .def("remove_attr", &OpDesc::RemoveAttr)
      .def("attr_names", [](const OpDesc& op) {
        std::vector<std::string> names;
        for (const auto& e : op.Attrs()) names.push_back(e.first);
        return names;
      })
      .def("infer_shape", [](const OpDesc& op, BlockDesc* block) {
        framework::InferShapeForOp(op, block);
      })
      .def("copy_from", [](OpDesc& op, const OpDesc& other) { op = other; })
      .def("block", &OpDesc::Block, kRef)
      .def("to_string", &OpDesc::DebugString)
      .def("serialize_to_string", [](const OpDesc& op) {
        return py::bytes(op.ToProto().SerializeAsString());
      });

  py::class_<BlockDesc>(m, "BlockDesc")
      .def_property_readonly("id", &BlockDesc::ID)
      .def_property_readonly("parent", &BlockDesc::Parent)
      .def("get_forward_block_idx", &BlockDesc::ForwardBlockID)
      .def("set_forward_block_idx", &BlockDesc::SetForwardBlockID)
      .def("var", &BlockDesc::Var, kRef)
      .def("find_var", &BlockDesc::FindVar, kRef)
      .def("find_var_recursive", &BlockDesc::FindVarRecursive, kRef)
      .def("has_var", &BlockDesc::HasVar)
      .def("has_var_recursive", [](const BlockDesc& b, const std::string& name) {
        return b.FindVarRecursive(name) != nullptr;
      })
      .def("remove_var", &BlockDesc::RemoveVar)
      .def("rename_var", &BlockDesc::RenameVar)
      .def("all_vars", &BlockDesc::AllVars, kRef)
      .def("append_op", &BlockDesc::AppendOp, kRef)
      .def("prepend_op", &BlockDesc::PrependOp, kRef)
      .def("insert_op", &BlockDesc::InsertOp, kRef)
      .def("remove_op", &BlockDesc::RemoveOps)
      .def("op", &BlockDesc::Op, kRef)
      .def("op_size", &BlockDesc::OpSize);

  py::class_<ProgramDesc>(m, "ProgramDesc")
      .def(py::init<>())
      .def(py::init<const ProgramDesc&>())
      .def_static("parse_from_string", [](py::bytes data) {
        return ProgramDesc::Parse(std::string(data));
      })
      .def("serialize_to_string", [](const ProgramDesc& p) { return py::bytes(p.Serialize()); })
      .def("block", &ProgramDesc::MutableBlock, kRefInternal)
      .def("num_blocks", &ProgramDesc::Size)
      .def("append_block", &ProgramDesc::AppendBlock, kRefInternal)
      .def("version", &ProgramDesc::Version)
      .def("uid", &ProgramDesc::uid)
      .def("generation", &ProgramDesc::generation)
      .def("set_version", &ProgramDesc::SetVersion)
      .def("get_feed_target_names", &ProgramDesc::GetFeedTargetNames)
      .def("get_fetch_target_names", &ProgramDesc::GetFetchTargetNames)
      .def("to_string", &ProgramDesc::DebugString);

  m.def("get_grad_op_descs", [](const OpDesc& op, const std::vector<std::string>& no_grad) {
    auto ops = framework::MakeGradOps(op, {no_grad.begin(), no_grad.end()});
    std::vector<OpDesc> out;
    for (auto& g : ops) out.push_back(*g);
    return out;
  });
  m.def("append_backward", [](BlockDesc* block, const std::vector<std::string>& targets,
                              const std::vector<std::string>& target_grads,
                              const std::vector<std::string>& no_grad) {
    return framework::AppendBackward(block, targets, target_grads, {no_grad.begin(), no_grad.end()});
  });
  m.def("grad_var_suffix", [] { return std::string(framework::kGradSuffix); });
  m.def("empty_var_name", [] { return std::string(framework::kEmptyVarName); });
}

}  // namespace pybind
}  // namespace paddle
