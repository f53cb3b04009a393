// The op schema registry. Each op is described once, in a YAML record under paddle/ops/yaml
// (slots, attributes with defaults, InferMeta, PHI kernel and argument order, grad op,
// inplace pairs); tools/gen_op_records.py turns the records into C++ that fills this
// registry, and the Python API reads the same registry.
#pragma once

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "paddle/framework/attribute.h"
#include "paddle/framework/op_desc.h"
#include "paddle/phi/core/infermeta_utils.h"

namespace paddle {
namespace framework {

struct SlotDef {
  std::string name;
  bool duplicable = false;  // X[]: a list of variables
  bool dispensable = false;  // X?: may be absent
};

struct AttrDef {
  std::string name;
  proto::AttrType type;  // the type PaddlePaddle stores it as
  Attr default_value;    // its name and type set; used when a program omits the attribute
  bool required = false;  // no default: a program must set it
};

// A reference to one of the op's slots or attributes, in a kernel's or InferMeta's argument
// order.
struct ArgRef {
  enum Kind : int8_t { kInput, kAttr, kOutput } kind;
  int index;  // into OpRecord::inputs, attrs or outputs
};

// How to build the grad op from a forward op. In the default form every grad-op slot names
// its source: "X" (forward input or output X), "Out@GRAD" (gradient of forward output Out),
// and grad-op outputs "X@GRAD" (gradient of forward input X). Attributes map grad-op
// attribute names to a forward attribute name or a literal value.
struct GradSpec {
  std::string op_type;  // empty: not differentiable
  std::vector<std::pair<std::string, std::string>> inputs;   // grad slot -> source
  std::vector<std::pair<std::string, std::string>> outputs;  // grad slot -> "<fwd input>@GRAD"
  std::vector<std::pair<std::string, std::string>> attr_refs;  // grad attr <- forward attr
  std::vector<Attr> attr_literals;                              // grad attr = literal
  bool copy_all_attrs = true;  // the default form copies every forward attribute
};

// An attribute that a tensor input may give instead, as PaddlePaddle's ShapeTensor,
// StartsTensorList or AxisTensor do: where the op has `tensor` (one tensor holding all the
// values; a scalar attribute's one element) or else `list` (a duplicable slot, one value a
// tensor), the values are read on the host before each run and replace the attribute for
// InferMeta and the kernel (PreparedOp). Build-time shape inference cannot read them; it
// calls the record's build_infer_meta instead.
struct TensorAttrDef {
  int attr;         // into OpRecord::attrs
  int tensor = -1;  // into OpRecord::inputs; -1: none
  int list = -1;    // into OpRecord::inputs; -1: none
};

struct OpRecord {
  std::string type;
  std::vector<SlotDef> inputs;
  std::vector<SlotDef> outputs;
  std::vector<AttrDef> attrs;
  phi::InferMetaFn infer_meta;
  std::vector<ArgRef> infer_meta_args;
  std::vector<TensorAttrDef> tensor_attrs;
  // Build-time shape inference where a tensor gives an attribute (its values unknown until
  // run time); unset: infer_meta with the attribute as the program stores it.
  phi::InferMetaFn build_infer_meta;
  std::vector<ArgRef> build_infer_meta_args;
  std::string kernel_name;
  std::vector<ArgRef> kernel_args;
  // The slot (input name) or dtype attribute whose data type picks the kernel; empty: the
  // first input that is present.
  std::string kernel_dtype_from;
  GradSpec grad;
  std::vector<std::pair<std::string, std::string>> inplace;  // output slot <- input slot
  std::vector<std::string> no_need_buffer;  // inputs whose data the kernel never reads
  // Inputs read on the host by InferMeta or the kernel (shapes, scalar parameters): wherever
  // the op runs, the placement step keeps them on the CPU.
  std::vector<std::string> host_inputs;
  bool is_random = false;  // draws random numbers: random ops run in program order
  // Acts beyond its outputs (collectives: every rank must run them, in the same order):
  // never removed or folded by passes, and run in program order like random ops.
  bool has_side_effects = false;
  bool no_kernel = false;  // handled by the executor itself (feed, fetch, control flow)

  int InputIndex(const std::string& slot) const;
  int OutputIndex(const std::string& slot) const;
  int AttrIndex(const std::string& name) const;
  const AttrDef* FindAttr(const std::string& name) const;
  // Whether `op` gives attribute `name` by a tensor input it has (a tensor_attrs slot that is
  // present): passes must not read such an attribute as the op's value.
  bool AttrFedByTensor(const OpDesc& op, const std::string& name) const;
  // Whether `op` gives any attribute by a tensor input it has.
  bool AnyAttrFedByTensor(const OpDesc& op) const;
};

class OpRecordRegistry {
 public:
  static OpRecordRegistry& Instance();
  void Add(OpRecord record);
  // nullptr when unknown.
  const OpRecord* Find(const std::string& type) const;
  // Throws NotFound: "expected a registered op type, but got 'xyz'".
  const OpRecord& Get(const std::string& type) const;
  std::vector<std::string> Types() const;

 private:
  std::unordered_map<std::string, OpRecord> records_;
};

// Attributes every op may carry (op_role, op_callstack, ...); never required, never passed
// to kernels.
bool IsCommonAttr(const std::string& name);

// Registers all generated records (defined in the generated op_records.cc).
void RegisterGeneratedOpRecords(OpRecordRegistry* registry);

}  // namespace framework
}  // namespace paddle
