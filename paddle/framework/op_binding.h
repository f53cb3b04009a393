// Binds an op's variables and attributes to a kernel's or InferMeta's arguments, in the
// order its record gives, converting each attribute to the exact C++ type the function
// takes. Used by the executor (once per op at build time) and by build-time shape inference.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "paddle/framework/op_desc.h"
#include "paddle/framework/op_record.h"
#include "paddle/phi/core/kernel_context.h"

namespace paddle {
namespace framework {

// The stored attribute, or the record's default; throws InvalidArgument when a required
// attribute is missing.
const Attr& ResolveAttr(const OpDesc& op, const AttrDef& def);

// Tensors of one slot; nullptr entries stand for absent (e.g. @EMPTY@) variables.
using SlotTensors = std::function<std::vector<phi::DenseTensor*>(const std::string& slot)>;

// Fills `ctx` for `refs` against a function with argument kinds `args`.
void BindArguments(const OpDesc& op, const OpRecord& record, const std::vector<ArgRef>& refs,
                   const phi::KernelArgsDef& args, const SlotTensors& inputs,
                   const SlotTensors& outputs, phi::KernelContext* ctx);

// The value that tensors give a tensor-fed attribute (OpRecord::tensor_attrs), read on the
// host: `tensor` (all the values; a scalar attribute's one element) when present, else `list`
// (one value a tensor; must not be empty). Returned as an Attr that ConvertAttr turns into
// the parameter's type: an integer list as LONGS, a float as FLOAT64 (exact for a double
// parameter), fill_constant's str_value written out exactly, others in their stored type.
// Integer attributes and lists take int32 / int64 tensors, bool ones bool too, float and text
// ones any number type. Throws InvalidArgument naming the op and slot for a wrong dtype, rank,
// count, range or place.
Attr ReadTensorAttr(const OpRecord& record, const TensorAttrDef& def,
                    const phi::DenseTensor* tensor,
                    const std::vector<const phi::DenseTensor*>& list);

// Checks that an op desc fits its record: known slots present where required, arguments
// counts fit (non-duplicable slots hold at most one variable).
void CheckOpAgainstRecord(const OpDesc& op, const OpRecord& record);

}  // namespace framework
}  // namespace paddle
