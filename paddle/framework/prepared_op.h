// The one op-execution core: an op resolved against its record (kernel chosen by place and
// dtype, InferMeta and kernel arguments bound to tensors) and run. The interpreter keeps one
// per instruction; single-op runs (constant folding, weight rewrites) and eager calls make one
// per call. Nothing else binds kernel arguments.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "paddle/framework/op_binding.h"
#include "paddle/framework/op_record.h"
#include "paddle/phi/core/kernel_registry.h"

namespace paddle {
namespace framework {

class PreparedOp {
 public:
  // `key` is the kernel key chosen ahead (its dtype a first guess when `dtype_source` is set:
  // the tensor whose runtime dtype the kernel must match, re-checked on every run).
  PreparedOp(const OpDesc& op, const OpRecord& record, const phi::KernelKey& key,
             const phi::DenseTensor* dtype_source, const SlotTensors& inputs,
             const SlotTensors& outputs, const phi::DeviceContext* dev_ctx);
  PreparedOp(const PreparedOp&) = delete;
  PreparedOp& operator=(const PreparedOp&) = delete;

  // InferMeta (skipped when no tensor it reads or writes changed meta since its last call),
  // the kernel re-chosen if the dtype source changed dtype, then the kernel.
  void Run();

  const OpRecord& record() const { return *record_; }
  const phi::KernelKey& kernel_key() const { return key_; }
  // How many times InferMeta ran (tests check that unchanged shapes skip it).
  int64_t infer_meta_calls() const { return infer_meta_calls_; }

 private:
  // A tensor-fed attribute this op has (OpRecord::tensor_attrs with a slot present): its
  // tensors, and where its value sits among each context's attributes (position, type index).
  struct FedAttr {
    const TensorAttrDef* def;
    const phi::DenseTensor* tensor = nullptr;
    std::vector<const phi::DenseTensor*> list;
    std::vector<std::pair<int, int>> infer_at, kernel_at;
    Attr last;  // the value bound now
    bool bound = false;
  };

  bool MetaUnchanged() const;
  void RememberMeta();
  // Reads each tensor-fed attribute; a changed value is bound and makes InferMeta rerun.
  void BindFedAttrs();

  const OpRecord* record_;
  phi::KernelKey key_;
  const phi::Kernel* kernel_;
  const phi::DenseTensor* dtype_source_;
  phi::KernelContext infer_ctx_;
  phi::KernelContext kernel_ctx_;
  std::vector<FedAttr> fed_;
  // Metas of InferMeta's inputs, then outputs, as they were after its last call.
  std::vector<phi::DenseTensorMeta> seen_meta_;
  bool seen_valid_ = false;
  int64_t infer_meta_calls_ = 0;
};

// The data type of an input variable by name (UNDEFINED when not known yet).
using DtypeOf = std::function<phi::DataType(const std::string& name)>;

// The kernel's data type comes from the record's dtype attribute, its named input, or the
// first input present (float32 when the op has none or its dtype is unknown); `dtype_input`
// receives the input variable name used, if any.
phi::KernelKey ChooseKernelKey(const OpDesc& op, const OpRecord& record, const phi::Place& place,
                               const DtypeOf& dtype_of, std::string* dtype_input = nullptr);
// The same, with input dtypes read from the block's variable descs.
phi::KernelKey ChooseKernelKey(const OpDesc& op, const OpRecord& record, const BlockDesc& block,
                               const phi::Place& place, std::string* dtype_input = nullptr);

// Resolves one variable of an op to its tensor (nullptr: absent).
using TensorOf = std::function<phi::DenseTensor*(const std::string& name, bool is_input)>;

// A PreparedOp for `op` on `place`, its variables resolved once by `tensor_of` (the tensors
// it binds must outlive it). Eager mode keeps one per call signature.
std::unique_ptr<PreparedOp> PrepareOpOnTensors(const OpDesc& op, const TensorOf& tensor_of,
                                               const phi::Place& place);

// Runs `op` once on `place` through a PreparedOp, its variables resolved by `tensor_of`
// (@EMPTY@ names are absent without asking). Single-op runs and eager calls use this.
void RunOpOnTensors(const OpDesc& op, const TensorOf& tensor_of, const phi::Place& place);

// Where an eager call runs, as PaddlePaddle's dygraph decides it: where the data is. `inputs`
// are the places of the call's initialized inputs that a kernel reads on its own place (not
// host_inputs): the first GPU among them wins, else the CPU when there are any, else
// `expected` (paddle.set_device: creation ops). A GPU choice for which `has_kernel` finds no
// kernel runs on the CPU (its inputs copied to the host).
phi::Place ChooseEagerPlace(const std::vector<phi::Place>& inputs, const phi::Place& expected,
                            const std::function<bool(const phi::Place&)>& has_kernel);

// "X=[2, 3], Y=[[3], None]": the shapes of an op's inputs, for profiler events.
std::string InputShapes(const OpDesc& op,
                        const std::function<const phi::DenseTensor*(const std::string&)>& find);

}  // namespace framework
}  // namespace paddle
