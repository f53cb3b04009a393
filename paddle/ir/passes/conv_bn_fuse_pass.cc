// conv_bn_fuse_pass (inference): conv2d / depthwise_conv2d [-> elementwise_add(axis=1) of a
// bias] -> batch_norm in test mode becomes conv2d with a folded filter plus elementwise_add
// (axis=1) of a folded bias. With alpha = scale / sqrt(variance + epsilon) per output channel:
// filter' = filter * alpha, bias' = (bias - mean) * alpha + bn_bias. The folded parameters are
// new persistable variables in the parameter scope; the originals stay as they are, since
// other ops may share them.
#include <cmath>

#include "paddle/framework/var_type.h"
#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"
#include "paddle/phi/core/device_context.h"

namespace paddle {
namespace ir {

namespace {

// The parameter tensor `name` in `scope`: an initialized CPU DenseTensor, else nullptr.
const phi::DenseTensor* ParamTensor(const framework::Scope* scope, const std::string& name) {
  if (name.empty()) return nullptr;
  const framework::Variable* var = scope->FindVar(name);
  if (var == nullptr || !var->IsType<phi::DenseTensor>()) return nullptr;
  const phi::DenseTensor& t = var->Get<phi::DenseTensor>();
  return t.initialized() && t.place().is_cpu() ? &t : nullptr;
}

struct ConvBnParams {
  const phi::DenseTensor* filter = nullptr;
  const phi::DenseTensor* conv_bias = nullptr;  // may be null: no bias add before the norm
  const phi::DenseTensor* scale = nullptr;
  const phi::DenseTensor* bias = nullptr;
  const phi::DenseTensor* mean = nullptr;
  const phi::DenseTensor* variance = nullptr;
  float epsilon = 1e-5f;
};

template <typename T>
void Fold(const ConvBnParams& p, phi::DenseTensor* filter, phi::DenseTensor* bias) {
  const int64_t channels = p.filter->dims()[0];
  const int64_t per_channel = p.filter->numel() / channels;
  const auto& ctx = phi::CPUContext::Default();
  T* f = ctx.Alloc<T>(filter);
  T* b = ctx.Alloc<T>(bias);
  const T* src = p.filter->data<T>();
  for (int64_t c = 0; c < channels; ++c) {
    const double alpha = static_cast<double>(p.scale->data<T>()[c]) /
                         std::sqrt(static_cast<double>(p.variance->data<T>()[c]) + p.epsilon);
    for (int64_t i = 0; i < per_channel; ++i)
      f[c * per_channel + i] = static_cast<T>(src[c * per_channel + i] * alpha);
    const double conv_bias = p.conv_bias != nullptr ? p.conv_bias->data<T>()[c] : 0.0;
    b[c] = static_cast<T>((conv_bias - p.mean->data<T>()[c]) * alpha + p.bias->data<T>()[c]);
  }
}

class ConvBnFusePass : public Pass {
 public:
  std::string Name() const override { return "conv_bn_fuse_pass"; }

  bool Apply(Graph* graph) override {
    if (graph->param_scope() == nullptr) return false;
    return FuseUntilNoneLeft(graph, [graph](Node* bn) {
      return bn->Op()->Type() == "batch_norm" && TryFuse(graph, bn);
    });
  }

 private:
  static bool TryFuse(Graph* graph, Node* bn) {
    const framework::OpDesc& bn_desc = *bn->Op();
    if (!AttrOr<bool>(bn_desc, "is_test", false) &&
        !AttrOr<bool>(bn_desc, "use_global_stats", false))
      return false;
    if (AttrOr<std::string>(bn_desc, "data_layout", "NCHW") != "NCHW") return false;
    const std::string bn_x = SingleInput(bn_desc, "X");
    const std::string bn_y = SingleOutput(bn_desc, "Y");
    if (bn_x.empty() || bn_y.empty()) return false;
    // conv [-> add] -> bn
    Node* add = nullptr;
    Node* conv = SoleWriter(graph->VarNode(bn_x));
    std::string conv_bias;
    if (conv != nullptr && conv->Op()->Type() == "elementwise_add") {
      add = conv;
      if (AttrOr<int>(*add->Op(), "axis", -1) != 1) return false;
      conv_bias = SingleInput(*add->Op(), "Y");
      if (!IsPersistable(graph->VarNode(conv_bias))) return false;
      conv = SoleWriter(graph->VarNode(SingleInput(*add->Op(), "X")));
    }
    if (conv == nullptr) return false;
    const framework::OpDesc& conv_desc = *conv->Op();
    if (conv_desc.Type() != "conv2d" && conv_desc.Type() != "depthwise_conv2d") return false;
    const std::string format = AttrOr<std::string>(conv_desc, "data_format", "NCHW");
    if (format != "NCHW" && format != "AnyLayout") return false;
    // The conv's output changes meaning: only the add or the norm may read it.
    const std::string conv_out = SingleOutput(conv_desc, "Output");
    Node* conv_out_node = graph->VarNode(conv_out);
    if (conv_out.empty() || !IsTemporary(*graph, conv_out_node) ||
        SoleWriter(conv_out_node) != conv || SoleReader(conv_out_node) != (add ? add : bn) ||
        UsedInSubBlocks(*graph, conv_out))
      return false;
    const std::string filter = SingleInput(conv_desc, "Filter");
    if (!IsPersistable(graph->VarNode(filter))) return false;

    framework::Scope* scope = graph->param_scope();
    ConvBnParams p;
    p.filter = ParamTensor(scope, filter);
    p.scale = ParamTensor(scope, SingleInput(bn_desc, "Scale"));
    p.bias = ParamTensor(scope, SingleInput(bn_desc, "Bias"));
    p.mean = ParamTensor(scope, SingleInput(bn_desc, "Mean"));
    p.variance = ParamTensor(scope, SingleInput(bn_desc, "Variance"));
    p.conv_bias = add != nullptr ? ParamTensor(scope, conv_bias) : nullptr;
    p.epsilon = AttrOr<float>(bn_desc, "epsilon", 1e-5f);
    if (!p.filter || !p.scale || !p.bias || !p.mean || !p.variance || (add && !p.conv_bias))
      return false;
    const phi::DataType dtype = p.filter->dtype();
    if (dtype != phi::DataType::FLOAT32 && dtype != phi::DataType::FLOAT64) return false;
    if (p.filter->dims().size() != 4) return false;
    const int64_t channels = p.filter->dims()[0];
    for (const phi::DenseTensor* t : {p.scale, p.bias, p.mean, p.variance, p.conv_bias}) {
      if (t != nullptr && (t->dtype() != dtype || t->dims() != phi::DDim({channels}))) return false;
    }

    // In test mode the running statistics written back are the ones read: they may go.
    std::set<std::string> droppable;
    if (SingleOutput(bn_desc, "MeanOut") == SingleInput(bn_desc, "Mean"))
      droppable.insert(SingleInput(bn_desc, "Mean"));
    if (SingleOutput(bn_desc, "VarianceOut") == SingleInput(bn_desc, "Variance"))
      droppable.insert(SingleInput(bn_desc, "Variance"));

    const std::string new_filter = UniqueVarName(*graph, scope, filter + ".bn_folded");
    const std::string new_bias = UniqueVarName(*graph, scope, filter + ".bn_folded_bias");
    Fusion f;
    if (add != nullptr) f.ops.push_back(add);
    f.ops.push_back(bn);
    f.fused.SetType("elementwise_add");
    f.fused.SetInput("X", {conv_out});
    f.fused.SetInput("Y", {new_bias});
    f.fused.SetOutput("Out", {bn_y});
    f.fused.SetAttr("axis", 1);
    CopyCommonAttrs(bn_desc, &f.fused);
    if (!CanFuse(*graph, {f}, droppable)) return false;

    // Fold into the scope, declare, then rewire the conv and replace [add,] bn.
    phi::DenseTensor folded_filter(dtype, p.filter->dims());
    phi::DenseTensor folded_bias(dtype, phi::DDim({channels}));
    if (dtype == phi::DataType::FLOAT32) {
      Fold<float>(p, &folded_filter, &folded_bias);
    } else {
      Fold<double>(p, &folded_filter, &folded_bias);
    }
    const framework::VarDesc* filter_desc = graph->VarNode(filter)->Var();
    for (const auto& [name, tensor] :
         {std::pair<std::string, const phi::DenseTensor*>{new_filter, &folded_filter},
          {new_bias, &folded_bias}}) {
      framework::VarDesc* var = graph->BlockDesc(0)->Var(name);
      var->SetShape(tensor->dims().ToVector());
      var->SetDataType(filter_desc->GetDataType());
      var->SetPersistable(true);
      *scope->Var(name)->GetMutable<phi::DenseTensor>() = *tensor;
    }
    conv->Op()->SetInput("Filter", {new_filter});
    graph->RelinkOp(conv);
    ApplyFusions(graph, {f});
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(conv_bn_fuse_pass, ConvBnFusePass);

}  // namespace ir
}  // namespace paddle
