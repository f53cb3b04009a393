// Activations applied inside fused kernels (fused_elemwise_add_activation, fused_gemm_epilogue,
// fc). The formulas (fused_activation_functor.h, shared with the CUDA kernels) are written
// exactly as in the standalone relu / sigmoid / tanh / gelu kernels, so that a fused program
// computes bit for bit what the unfused one does.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/fused_activation_functor.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {
namespace funcs {

// "" / "none" / "identity", "relu", "sigmoid", "tanh", "gelu" or "gelu_tanh" (the tanh
// approximation, as cuBLASLt's GELU epilogue), "gelu_erf" (the exact gelu; each op's InferMeta
// says which it takes). A "_grad" suffix is accepted (fused_gemm_epilogue_grad's
// activation_grad). Throws InvalidArgument naming `op` for anything else.
inline FusedActivation ParseFusedActivation(std::string name, const char* op) {
  const std::string suffix = "_grad";
  if (name.size() > suffix.size() &&
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
    name.resize(name.size() - suffix.size());
  if (name.empty() || name == "none" || name == "identity") return FusedActivation::kNone;
  if (name == "relu") return FusedActivation::kRelu;
  if (name == "sigmoid") return FusedActivation::kSigmoid;
  if (name == "tanh") return FusedActivation::kTanh;
  if (name == "gelu" || name == "gelu_tanh") return FusedActivation::kGeluTanh;
  if (name == "gelu_erf") return FusedActivation::kGeluErf;
  PD_THROW(InvalidArgument, "expected ", op,
           "'s activation to be one of none, relu, sigmoid, tanh, gelu, gelu_tanh, gelu_erf, but "
           "got '",
           name, "'");
}

namespace detail {
template <typename T, typename Act>
inline void BiasActRows(T* rows, int64_t m, int64_t n, const T* bias, T* pre, Act act) {
  // Rows split over the pool (a row costs a few steps an element: the bias add, the copy,
  // the activation).
  ParallelRange(m, 4 * n, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      T* row = rows + i * n;
      T* pre_row = pre != nullptr ? pre + i * n : nullptr;
      if (bias != nullptr) {
        for (int64_t j = 0; j < n; ++j) row[j] += bias[j];
      }
      if (pre_row != nullptr) {
        for (int64_t j = 0; j < n; ++j) pre_row[j] = row[j];
      }
      for (int64_t j = 0; j < n; ++j) row[j] = act(row[j]);
    }
  });
}

// BiasActRows with the exact gelu through funcs::GeluErf, the gelu kernel's own loop (the same
// bits). Defined for float and double in fused_activation.cc.
template <typename T>
void BiasGeluErfRows(T* rows, int64_t m, int64_t n, const T* bias, T* pre);
}  // namespace detail

// rows[m, n] = act(rows + bias) row by row (bias [n] or nullptr), keeping the pre-activation
// values in `pre` when given: the GEMM epilogue of fc and fused_gemm_epilogue. The same
// arithmetic as ApplyFusedActivation element by element, with the activation chosen once so
// that each loop is branch-free and vectorizes.
template <typename T>
inline void ApplyBiasActivationRows(FusedActivation act, T* rows, int64_t m, int64_t n,
                                    const T* bias, T* pre = nullptr) {
  switch (act) {
    case FusedActivation::kNone:
      if (bias == nullptr && pre == nullptr) return;
      return detail::BiasActRows(rows, m, n, bias, pre, [](T v) { return v; });
    case FusedActivation::kRelu:
      return detail::BiasActRows(rows, m, n, bias, pre, [](T v) { return v < T(0) ? T(0) : v; });
    case FusedActivation::kGeluErf:
      return detail::BiasGeluErfRows(rows, m, n, bias, pre);
    default:
      return detail::BiasActRows(rows, m, n, bias, pre,
                                 [act](T v) { return ApplyFusedActivation(act, v); });
  }
}

// fused_elemwise_add_activation's functor_list: [act, "elementwise_add"] is
// Out = act(X + Y) (intermediate X + Y); ["elementwise_add", act] is Out = X + act(Y)
// (intermediate act(Y)); act is relu, sigmoid or tanh.
struct ElemwiseAddActFunctors {
  bool act_outside = true;  // act(X + Y) rather than X + act(Y)
  FusedActivation act = FusedActivation::kRelu;
};

inline ElemwiseAddActFunctors ParseElemwiseAddActFunctors(const std::vector<std::string>& list) {
  auto is_act = [](const std::string& s) { return s == "relu" || s == "sigmoid" || s == "tanh"; };
  ElemwiseAddActFunctors f;
  if (list.size() == 2 && is_act(list[0]) && list[1] == "elementwise_add") {
    f.act_outside = true;
    f.act = ParseFusedActivation(list[0], "fused_elemwise_add_activation");
    return f;
  }
  if (list.size() == 2 && list[0] == "elementwise_add" && is_act(list[1])) {
    f.act_outside = false;
    f.act = ParseFusedActivation(list[1], "fused_elemwise_add_activation");
    return f;
  }
  std::string got = "[";
  for (size_t i = 0; i < list.size(); ++i) got += (i ? ", \"" : "\"") + list[i] + "\"";
  got += "]";
  PD_THROW(InvalidArgument,
           "expected fused_elemwise_add_activation's functor_list to be [act, \"elementwise_add\"] "
           "or [\"elementwise_add\", act] with act one of relu, sigmoid, tanh, but got ",
           got);
}

}  // namespace funcs
}  // namespace phi
