// Turns a PHI-style kernel function `void Kernel(const Context&, inputs..., attrs...,
// outputs...)` into a uniform call over a KernelContext, and records its argument kinds.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "paddle/phi/core/kernel_context.h"

namespace phi {

enum class KernelArgKind : int8_t { kInput, kOptionalInput, kInputList, kAttr, kOutput, kOutputList };

// Kind of one kernel parameter type; attribute kinds carry the variant index of their type.
template <typename Arg>
struct KernelArgTraits {
  using Value = std::decay_t<Arg>;
  static constexpr KernelArgKind kind = KernelArgKind::kAttr;
  static const Value& Get(const KernelContext* c, int index) { return c->AttrAt<Value>(index); }
};
template <>
struct KernelArgTraits<const DenseTensor&> {
  static constexpr KernelArgKind kind = KernelArgKind::kInput;
  static const DenseTensor& Get(const KernelContext* c, int i) { return c->InputAt(i); }
};
template <>
struct KernelArgTraits<const DenseTensor*> {
  static constexpr KernelArgKind kind = KernelArgKind::kOptionalInput;
  static const DenseTensor* Get(const KernelContext* c, int i) { return c->OptionalInputAt(i); }
};
template <>
struct KernelArgTraits<const std::vector<const DenseTensor*>&> {
  static constexpr KernelArgKind kind = KernelArgKind::kInputList;
  static std::vector<const DenseTensor*> Get(const KernelContext* c, int i) {
    return c->InputsBetween(i);
  }
};
template <>
struct KernelArgTraits<DenseTensor*> {
  static constexpr KernelArgKind kind = KernelArgKind::kOutput;
  static DenseTensor* Get(const KernelContext* c, int i) { return c->OutputAt(i); }
};
template <>
struct KernelArgTraits<std::vector<DenseTensor*>> {
  static constexpr KernelArgKind kind = KernelArgKind::kOutputList;
  static std::vector<DenseTensor*> Get(const KernelContext* c, int i) {
    return c->OutputsBetween(i);
  }
};

constexpr int KernelArgGroup(KernelArgKind kind) {
  return kind == KernelArgKind::kAttr ? 1
         : (kind == KernelArgKind::kOutput || kind == KernelArgKind::kOutputList) ? 2
                                                                                   : 0;
}

// Index of argument `pos` within its group (inputs, attributes or outputs).
template <size_t N>
constexpr int IndexInGroup(const std::array<KernelArgKind, N>& kinds, size_t pos) {
  int index = 0;
  for (size_t i = 0; i < pos; ++i)
    if (KernelArgGroup(kinds[i]) == KernelArgGroup(kinds[pos])) ++index;
  return index;
}

struct KernelArgDef {
  KernelArgKind kind;
  int attr_type_index;  // index in phi::Attribute's variant; -1 for tensors
};
using KernelArgsDef = std::vector<KernelArgDef>;

template <typename T, size_t I = 0>
constexpr int AttributeIndexOf() {
  if constexpr (I == std::variant_size_v<Attribute>) {
    return -1;
  } else if constexpr (std::is_same_v<T, std::variant_alternative_t<I, Attribute>>) {
    return static_cast<int>(I);
  } else {
    return AttributeIndexOf<T, I + 1>();
  }
}

// The argument kinds of a function whose parameter types are Args, classified by Traits.
template <template <typename> class Traits, typename... Args>
KernelArgsDef MakeArgsDef() {
  KernelArgsDef def;
  (def.push_back({Traits<Args>::kind, Traits<Args>::kind == KernelArgKind::kAttr
                                          ? AttributeIndexOf<std::decay_t<Args>>()
                                          : -1}),
   ...);
  return def;
}

template <typename FnPtr>
struct KernelCaller;

template <typename Context, typename... Args>
struct KernelCaller<void (*)(const Context&, Args...)> {
  using Fn = void (*)(const Context&, Args...);
  static constexpr std::array<KernelArgKind, sizeof...(Args)> kKinds = {
      KernelArgTraits<Args>::kind...};

  static void Call(const void* fn, KernelContext* ctx) {
    CallImpl(reinterpret_cast<Fn>(const_cast<void*>(fn)), ctx,
             std::index_sequence_for<Args...>{});
  }

  static KernelArgsDef ArgsDef() { return MakeArgsDef<KernelArgTraits, Args...>(); }

 private:
  template <size_t... I>
  static void CallImpl(Fn fn, KernelContext* ctx, std::index_sequence<I...>) {
    fn(ctx->GetDeviceContext<Context>(),
       KernelArgTraits<Args>::Get(ctx, IndexInGroup(kKinds, I))...);
  }
};

}  // namespace phi
