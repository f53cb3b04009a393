// Consistency of the op schema registry (generated from paddle/ops/yaml) with the kernel
// registry: every op with a kernel has a CPU kernel whose signature fits the record's
// argument order, InferMeta fits too, grad ops exist and their slots resolve. This is the
// check that fails the build when a schema op lacks a kernel. Also: attribute defaults fill
// in for programs that omit them, and unknown extra attributes are tolerated.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "paddle/executor/executor.h"
#include "paddle/framework/op_record.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "test/cpp/executor/program_builder.h"

namespace paddle {
namespace framework {
namespace {

using phi::KernelArgKind;

bool EndsWithGrad(const std::string& s) {
  return s.size() > 5 && s.compare(s.size() - 5, 5, "@GRAD") == 0;
}
std::string StripGrad(const std::string& s) { return s.substr(0, s.size() - 5); }

// Checks `refs` (record order) against a function's argument kinds `args`.
void CheckArgs(const OpRecord& r, const std::vector<ArgRef>& refs, const phi::KernelArgsDef& args,
               const std::string& what) {
  ASSERT_EQ(refs.size(), args.size())
      << "op '" << r.type << "': " << what << " takes " << args.size()
      << " arguments but the record names " << refs.size();
  for (size_t i = 0; i < refs.size(); ++i) {
    const ArgRef& ref = refs[i];
    KernelArgKind kind = args[i].kind;
    std::string where = "op '" + r.type + "' " + what + " argument " + std::to_string(i);
    switch (ref.kind) {
      case ArgRef::kInput: {
        ASSERT_GE(ref.index, 0) << where;
        ASSERT_LT(ref.index, static_cast<int>(r.inputs.size())) << where;
        const SlotDef& slot = r.inputs[ref.index];
        EXPECT_TRUE(kind == KernelArgKind::kInput || kind == KernelArgKind::kOptionalInput ||
                    kind == KernelArgKind::kInputList)
            << where << " (input " << slot.name << ") is not a tensor input";
        EXPECT_EQ(slot.duplicable, kind == KernelArgKind::kInputList)
            << where << ": duplicable slot " << slot.name << " must bind to a tensor list";
        break;
      }
      case ArgRef::kOutput: {
        ASSERT_GE(ref.index, 0) << where;
        ASSERT_LT(ref.index, static_cast<int>(r.outputs.size())) << where;
        const SlotDef& slot = r.outputs[ref.index];
        EXPECT_TRUE(kind == KernelArgKind::kOutput || kind == KernelArgKind::kOutputList)
            << where << " (output " << slot.name << ") is not a tensor output";
        EXPECT_EQ(slot.duplicable, kind == KernelArgKind::kOutputList)
            << where << ": duplicable slot " << slot.name << " must bind to a tensor list";
        break;
      }
      case ArgRef::kAttr: {
        ASSERT_GE(ref.index, 0) << where;
        ASSERT_LT(ref.index, static_cast<int>(r.attrs.size())) << where;
        const AttrDef& def = r.attrs[ref.index];
        ASSERT_EQ(kind, KernelArgKind::kAttr) << where << " (attribute " << def.name << ")";
        ASSERT_GE(args[i].attr_type_index, 0) << where << ": parameter type is no Attribute";
        if (!def.required) {
          EXPECT_NO_THROW(ConvertAttr(def.default_value, args[i].attr_type_index))
              << where << ": default of '" << def.name << "' does not convert to "
              << AttributeTypeName(args[i].attr_type_index);
        }
        break;
      }
    }
  }
}

TEST(OpRecords, EveryOpWithAKernelHasAMatchingCpuKernel) {
  const auto& registry = OpRecordRegistry::Instance();
  std::vector<std::string> types = registry.Types();
  ASSERT_FALSE(types.empty());
  int checked = 0;
  for (const std::string& type : types) {
    const OpRecord& r = registry.Get(type);
    EXPECT_EQ(r.type, type);
    if (r.no_kernel) continue;
    ++checked;
    ASSERT_TRUE(phi::KernelRegistry::Instance().HasKernel(r.kernel_name))
        << "op '" << type << "' names kernel '" << r.kernel_name << "', which is not registered";
    int cpu_kernels = 0;
    for (const phi::KernelKey& key : phi::KernelRegistry::Instance().KeysOf(r.kernel_name)) {
      if (key.backend != phi::Backend::CPU) continue;
      ++cpu_kernels;
      const phi::Kernel* kernel = phi::KernelRegistry::Instance().Find(r.kernel_name, key);
      ASSERT_NE(kernel, nullptr);
      CheckArgs(r, r.kernel_args, kernel->args_def(), "kernel " + r.kernel_name);
    }
    EXPECT_GT(cpu_kernels, 0) << "op '" << type << "' has no CPU kernel";
  }
  EXPECT_GT(checked, 10);
}

TEST(OpRecords, InferMetaFitsTheRecord) {
  const auto& registry = OpRecordRegistry::Instance();
  for (const std::string& type : registry.Types()) {
    const OpRecord& r = registry.Get(type);
    if (!r.infer_meta.valid()) {
      EXPECT_TRUE(r.infer_meta_args.empty()) << type;
      EXPECT_TRUE(r.no_kernel) << "op '" << type << "' runs a kernel but has no InferMeta";
      continue;
    }
    CheckArgs(r, r.infer_meta_args, r.infer_meta.args, "InferMeta");
  }
}

TEST(OpRecords, SlotsAttrsAndDtypeSourcesResolve) {
  const auto& registry = OpRecordRegistry::Instance();
  for (const std::string& type : registry.Types()) {
    const OpRecord& r = registry.Get(type);
    for (const AttrDef& def : r.attrs) {
      if (def.required) continue;
      EXPECT_EQ(def.default_value.name(), def.name) << type;
      EXPECT_EQ(def.default_value.type(), def.type) << type << "." << def.name;
    }
    if (!r.kernel_dtype_from.empty()) {
      EXPECT_TRUE(r.InputIndex(r.kernel_dtype_from) >= 0 || r.AttrIndex(r.kernel_dtype_from) >= 0)
          << "op '" << type << "' picks its kernel dtype from unknown '" << r.kernel_dtype_from
          << "'";
    }
    for (const auto& [out, in] : r.inplace) {
      EXPECT_GE(r.OutputIndex(out), 0) << type << " inplace " << out;
      EXPECT_GE(r.InputIndex(in), 0) << type << " inplace " << in;
    }
    for (const auto& slot : r.no_need_buffer) EXPECT_GE(r.InputIndex(slot), 0) << type << " " << slot;
  }
}

TEST(OpRecords, GradOpsExistAndTheirSlotsResolve) {
  const auto& registry = OpRecordRegistry::Instance();
  int with_grad = 0;
  for (const std::string& type : registry.Types()) {
    const OpRecord& fwd = registry.Get(type);
    const GradSpec& spec = fwd.grad;
    if (spec.op_type.empty()) continue;
    ++with_grad;
    const OpRecord* grad = registry.Find(spec.op_type);
    ASSERT_NE(grad, nullptr) << "op '" << type << "' names grad op '" << spec.op_type
                             << "', which has no record";
    EXPECT_FALSE(grad->no_kernel) << spec.op_type;
    auto inputs = spec.inputs, outputs = spec.outputs;
    if (inputs.empty() && outputs.empty()) {
      for (const SlotDef& s : grad->inputs) inputs.emplace_back(s.name, s.name);
      for (const SlotDef& s : grad->outputs) outputs.emplace_back(s.name, s.name);
    }
    for (const auto& [slot, source] : inputs) {
      EXPECT_GE(grad->InputIndex(slot), 0) << type << ": grad input slot " << slot;
      // An input or output slot of the forward op (a grad op's own Out@GRAD or X@GRAD when
      // it is differentiated again), else the gradient of an output.
      bool ok = fwd.InputIndex(source) >= 0 || fwd.OutputIndex(source) >= 0 ||
                (EndsWithGrad(source) && fwd.OutputIndex(StripGrad(source)) >= 0);
      EXPECT_TRUE(ok) << type << ": grad input " << slot << " reads unknown '" << source << "'";
    }
    ASSERT_FALSE(outputs.empty()) << type;
    for (const auto& [slot, source] : outputs) {
      EXPECT_GE(grad->OutputIndex(slot), 0) << type << ": grad output slot " << slot;
      EXPECT_TRUE(EndsWithGrad(source) && fwd.InputIndex(StripGrad(source)) >= 0)
          << type << ": grad output " << slot << " is not the gradient of an input: " << source;
    }
    for (const auto& [grad_attr, fwd_attr] : spec.attr_refs) {
      EXPECT_GE(grad->AttrIndex(grad_attr), 0) << type << ": grad attr " << grad_attr;
      EXPECT_GE(fwd.AttrIndex(fwd_attr), 0) << type << ": forward attr " << fwd_attr;
    }
    for (const Attr& literal : spec.attr_literals)
      EXPECT_GE(grad->AttrIndex(literal.name()), 0) << type << ": grad attr " << literal.name();
  }
  EXPECT_GT(with_grad, 5);
}

TEST(OpRecords, UnknownTypeIsNotFound) {
  EXPECT_EQ(OpRecordRegistry::Instance().Find("no_such_op_type"), nullptr);
  try {
    OpRecordRegistry::Instance().Get("no_such_op_type");
    FAIL() << "no error";
  } catch (const common::NotFoundError& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_op_type"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(IsCommonAttr("op_callstack"));
  EXPECT_TRUE(IsCommonAttr("op_role"));
  EXPECT_FALSE(IsCommonAttr("axis"));
}

phi::DenseTensor Tensor(const std::vector<float>& values, const phi::DDim& dims) {
  phi::DenseTensor t(phi::DataType::FLOAT32, dims);
  float* data = phi::CPUContext::Default().Alloc<float>(&t);
  std::copy(values.begin(), values.end(), data);
  return t;
}

std::vector<float> Values(const phi::DenseTensor& t) {
  return std::vector<float>(t.data<float>(), t.data<float>() + t.numel());
}

// elementwise_add of x [2, 3] and y [3], with `extra` attributes and no `axis`.
ProgramDesc AddProgram(const std::vector<Attr>& extra) {
  ProgramDesc program;
  test::ProgramBuilder b(&program);
  b.Data("x", {2, 3});
  b.Data("y", {3});
  b.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"y"}}}, {{"Out", {"out"}}}, extra);
  return program;
}

TEST(OpRecords, MissingAttributesTakeDefaultsAndExtrasAreTolerated) {
  const phi::DenseTensor x = Tensor({1, 2, 3, 4, 5, 6}, {2, 3});
  const phi::DenseTensor y = Tensor({10, 20, 30}, {3});
  const std::vector<float> expected = {11, 22, 33, 14, 25, 36};
  for (const auto& extra :
       {std::vector<Attr>{},
        std::vector<Attr>{MakeAttr("use_mkldnn", false), MakeAttr("some_future_attr", 42),
                          MakeAttr("op_role", 0), MakeAttr("op_namescope", "/"),
                          MakeAttr("op_callstack", std::vector<std::string>{"a.py:1"})}}) {
    ProgramDesc program = AddProgram(extra);
    ASSERT_FALSE(program.Block(0).Op(0)->HasAttr("axis"));
    // Through the wire format too, as a PaddlePaddle file that omits the attribute.
    auto parsed = ProgramDesc::Parse(program.Serialize());
    EXPECT_FALSE(parsed->Block(0).Op(0)->HasAttr("axis"));
    for (const ProgramDesc* p : {&program, parsed.get()}) {
      Scope scope;
      executor::Executor exe{phi::CPUPlace()};
      auto out = exe.Run(*p, &scope, {{"x", x}, {"y", y}}, {"out"});
      ASSERT_EQ(out.size(), 1u);
      EXPECT_EQ(out[0].dims(), phi::DDim({2, 3}));
      EXPECT_EQ(Values(out[0]), expected) << "extras: " << extra.size();
    }
  }
}

TEST(OpRecords, StoredAttributeOverridesDefault) {
  // axis = 0 aligns y [2] with the first dim of x [2, 3].
  ProgramDesc program;
  test::ProgramBuilder b(&program);
  b.Data("x", {2, 3});
  b.Data("y", {2});
  b.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"y"}}}, {{"Out", {"out"}}}, {MakeAttr("axis", 0)});
  Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  auto out = exe.Run(program, &scope,
                     {{"x", Tensor({1, 2, 3, 4, 5, 6}, {2, 3})}, {"y", Tensor({100, 200}, {2})}},
                     {"out"});
  EXPECT_EQ(Values(out[0]), (std::vector<float>{101, 102, 103, 204, 205, 206}));
}

}  // namespace
}  // namespace framework
}  // namespace paddle
