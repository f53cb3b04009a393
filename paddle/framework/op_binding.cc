#include "paddle/framework/op_binding.h"

#include <cstdint>
#include <cstdio>
#include <string>

#include "paddle/common/errors.h"

namespace paddle {
namespace framework {

const Attr& ResolveAttr(const OpDesc& op, const AttrDef& def) {
  if (const Attr* attr = op.FindAttr(def.name)) return *attr;
  PD_CHECK(!def.required, InvalidArgument, "expected op '", op.Type(), "' to set attribute '",
           def.name, "', but it is missing");
  return def.default_value;
}

void BindArguments(const OpDesc& op, const OpRecord& record, const std::vector<ArgRef>& refs,
                   const phi::KernelArgsDef& args, const SlotTensors& inputs,
                   const SlotTensors& outputs, phi::KernelContext* ctx) {
  PD_CHECK(refs.size() == args.size(), Internal, "op '", op.Type(), "': the record names ",
           refs.size(), " arguments but the function takes ", args.size());
  for (size_t i = 0; i < refs.size(); ++i) {
    const ArgRef& ref = refs[i];
    phi::KernelArgKind kind = args[i].kind;
    switch (ref.kind) {
      case ArgRef::kInput: {
        const SlotDef& slot = record.inputs[ref.index];
        std::vector<phi::DenseTensor*> tensors = inputs(slot.name);
        if (kind == phi::KernelArgKind::kInputList) {
          ctx->EmplaceBackInputs({tensors.begin(), tensors.end()});
        } else {
          PD_CHECK(kind == phi::KernelArgKind::kInput || kind == phi::KernelArgKind::kOptionalInput,
                   Internal, "op '", op.Type(), "': argument ", i, " (input ", slot.name,
                   ") is not a tensor input of the function");
          PD_CHECK(tensors.size() <= 1, InvalidArgument, "expected at most one variable in input ",
                   slot.name, " of op '", op.Type(), "', but got ", tensors.size());
          const phi::DenseTensor* t = tensors.empty() ? nullptr : tensors[0];
          PD_CHECK(t != nullptr || kind == phi::KernelArgKind::kOptionalInput || slot.dispensable,
                   InvalidArgument, "expected op '", op.Type(), "' to have input ", slot.name,
                   ", but it is missing");
          ctx->EmplaceBackInput(t);
        }
        break;
      }
      case ArgRef::kOutput: {
        const SlotDef& slot = record.outputs[ref.index];
        std::vector<phi::DenseTensor*> tensors = outputs(slot.name);
        if (kind == phi::KernelArgKind::kOutputList) {
          ctx->EmplaceBackOutputs(tensors);
        } else {
          PD_CHECK(kind == phi::KernelArgKind::kOutput, Internal, "op '", op.Type(),
                   "': argument ", i, " (output ", slot.name, ") is not a tensor output");
          PD_CHECK(tensors.size() <= 1, InvalidArgument, "expected at most one variable in output ",
                   slot.name, " of op '", op.Type(), "', but got ", tensors.size());
          phi::DenseTensor* t = tensors.empty() ? nullptr : tensors[0];
          PD_CHECK(t != nullptr || slot.dispensable, InvalidArgument, "expected op '", op.Type(),
                   "' to have output ", slot.name, ", but it is missing");
          ctx->EmplaceBackOutput(t);
        }
        break;
      }
      case ArgRef::kAttr: {
        PD_CHECK(kind == phi::KernelArgKind::kAttr, Internal, "op '", op.Type(), "': argument ",
                 i, " is an attribute in the record but a tensor in the function");
        const AttrDef& def = record.attrs[ref.index];
        try {
          ctx->EmplaceBackAttr(ConvertAttr(ResolveAttr(op, def), args[i].attr_type_index));
        } catch (const std::exception& e) {
          common::RethrowWithContext(e, "in op '" + op.Type() + "'");
        }
        break;
      }
    }
  }
}

namespace {

// Element i of a host tensor of a number type.
template <typename R>
R ElementAt(const phi::DenseTensor& t, int64_t i) {
  switch (t.dtype()) {
    case phi::DataType::INT32:
      return static_cast<R>(t.data<int32_t>()[i]);
    case phi::DataType::INT64:
      return static_cast<R>(t.data<int64_t>()[i]);
    case phi::DataType::FLOAT32:
      return static_cast<R>(t.data<float>()[i]);
    case phi::DataType::FLOAT64:
      return static_cast<R>(t.data<double>()[i]);
    case phi::DataType::BOOL:
      return static_cast<R>(t.data<bool>()[i]);
    default:
      PD_THROW(Internal, "no element reader for ", t.dtype());
  }
}

// What a tensor giving an attribute may hold: integers (int32, int64) for integer attributes
// and lists, also bool for a bool attribute, any number type for a float or text one.
enum class Values { kIntegers, kFlags, kNumbers };

void CheckHostValues(const phi::DenseTensor& t, const std::string& op, const std::string& slot,
                     Values values) {
  PD_CHECK(t.initialized(), InvalidArgument, "expected input ", slot, " of op '", op,
           "' to hold values, but it is not initialized");
  PD_CHECK(t.place().is_cpu(), InvalidArgument, "expected input ", slot, " of op '", op,
           "' on the host (it gives an attribute), but it is on ", t.place());
  const phi::DataType d = t.dtype();
  const bool is_int = d == phi::DataType::INT32 || d == phi::DataType::INT64;
  const bool is_bool = d == phi::DataType::BOOL;
  const bool is_float = d == phi::DataType::FLOAT32 || d == phi::DataType::FLOAT64;
  const bool ok = is_int || (values == Values::kFlags && is_bool) ||
                  (values == Values::kNumbers && (is_bool || is_float));
  PD_CHECK(ok, InvalidArgument, "expected input ", slot, " of op '", op, "' to be ",
           values == Values::kIntegers ? "int32 or int64"
           : values == Values::kFlags  ? "bool, int32 or int64"
                                       : "a number type",
           ", but got ", d);
}

// The one element of a host tensor written out exactly: an integer in full, a float with 17
// significant digits (which reads back to the same double), bool as True / False.
std::string ExactText(const phi::DenseTensor& t) {
  switch (t.dtype()) {
    case phi::DataType::BOOL:
      return ElementAt<int64_t>(t, 0) != 0 ? "True" : "False";
    case phi::DataType::INT32:
    case phi::DataType::INT64:
      return std::to_string(ElementAt<int64_t>(t, 0));
    default: {
      char text[40];
      std::snprintf(text, sizeof(text), "%.17g", ElementAt<double>(t, 0));
      return text;
    }
  }
}

}  // namespace

Attr ReadTensorAttr(const OpRecord& record, const TensorAttrDef& def,
                    const phi::DenseTensor* tensor,
                    const std::vector<const phi::DenseTensor*>& list) {
  const AttrDef& attr = record.attrs[def.attr];
  const bool from_tensor = tensor != nullptr;
  const std::string& slot = record.inputs[from_tensor ? def.tensor : def.list].name;
  const bool is_list = attr.type == proto::INTS || attr.type == proto::LONGS;
  if (!is_list) {
    PD_CHECK(from_tensor || list.size() == 1, InvalidArgument, "expected one tensor in input ",
             slot, " of op '", record.type, "' (it gives attribute ", attr.name, "), but got ",
             list.size());
    const phi::DenseTensor& t = from_tensor ? *tensor : *list[0];
    const bool integer = attr.type == proto::INT || attr.type == proto::LONG;
    CheckHostValues(t, record.type, slot,
                    integer                       ? Values::kIntegers
                    : attr.type == proto::BOOLEAN ? Values::kFlags
                                                  : Values::kNumbers);
    PD_CHECK(t.numel() == 1, InvalidArgument, "expected input ", slot, " of op '", record.type,
             "' to hold one value (attribute ", attr.name, "), but got dims ", t.dims());
    switch (attr.type) {
      case proto::INT: {
        const int64_t v = ElementAt<int64_t>(t, 0);
        PD_CHECK(v >= INT32_MIN && v <= INT32_MAX, InvalidArgument, "expected input ", slot,
                 " of op '", record.type, "' to fit attribute ", attr.name, " (int32), but got ",
                 v);
        return MakeAttr(attr.name, static_cast<int>(v));
      }
      case proto::LONG:
        return MakeAttr(attr.name, ElementAt<int64_t>(t, 0));
      case proto::FLOAT:  // kept as a double: a kernel taking double reads it exactly
      case proto::FLOAT64:
        return MakeAttr(attr.name, ElementAt<double>(t, 0));
      case proto::BOOLEAN:
        return MakeAttr(attr.name, ElementAt<int64_t>(t, 0) != 0);
      case proto::STRING:  // fill_constant's str_value: the value written out exactly
        return MakeAttr(attr.name, ExactText(t));
      default:
        PD_THROW(Internal, "op '", record.type, "': attribute ", attr.name,
                 " cannot be given by a tensor");
    }
  }
  std::vector<int64_t> values;
  if (from_tensor) {
    CheckHostValues(*tensor, record.type, slot, Values::kIntegers);
    PD_CHECK(tensor->dims().size() <= 1, InvalidArgument, "expected input ", slot, " of op '",
             record.type, "' to be 1-D (attribute ", attr.name, "), but got dims ", tensor->dims());
    for (int64_t i = 0; i < tensor->numel(); ++i) values.push_back(ElementAt<int64_t>(*tensor, i));
  } else {
    for (size_t i = 0; i < list.size(); ++i) {
      PD_CHECK(list[i] != nullptr, InvalidArgument, "expected input ", slot, "[", i, "] of op '",
               record.type, "', but it is missing");
      CheckHostValues(*list[i], record.type, slot, Values::kIntegers);
      PD_CHECK(list[i]->numel() == 1, InvalidArgument, "expected each tensor of input ", slot,
               " of op '", record.type, "' to hold one value, but ", slot, "[", i, "] has dims ",
               list[i]->dims());
      values.push_back(ElementAt<int64_t>(*list[i], 0));
    }
  }
  return MakeAttr(attr.name, values);  // LONGS: ConvertAttr checks an int32 target's range
}

void CheckOpAgainstRecord(const OpDesc& op, const OpRecord& record) {
  for (const SlotDef& slot : record.inputs) {
    const auto& args = op.Input(slot.name);
    PD_CHECK(!args.empty() || slot.dispensable, InvalidArgument, "expected op '", op.Type(),
             "' to have input ", slot.name, ", but it is missing");
    PD_CHECK(args.size() <= 1 || slot.duplicable, InvalidArgument, "expected one variable in input ",
             slot.name, " of op '", op.Type(), "', but got ", args.size());
  }
  for (const SlotDef& slot : record.outputs) {
    const auto& args = op.Output(slot.name);
    PD_CHECK(!args.empty() || slot.dispensable, InvalidArgument, "expected op '", op.Type(),
             "' to have output ", slot.name, ", but it is missing");
    PD_CHECK(args.size() <= 1 || slot.duplicable, InvalidArgument,
             "expected one variable in output ", slot.name, " of op '", op.Type(), "', but got ",
             args.size());
  }
}

}  // namespace framework
}  // namespace paddle
