// Calls an InferMeta function `void F(const MetaTensor&..., attrs..., MetaTensor*...)` with
// arguments bound in a KernelContext (tensors as inputs/outputs, converted attributes), the
// same binding the kernel call uses; records the function's argument kinds too.
#pragma once

#include <vector>

#include "paddle/phi/core/kernel_utils.h"
#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// Holds a MetaTensor so that a `MetaTensor*` parameter can point at a temporary.
struct MetaTensorOut {
  MetaTensor meta;
  operator MetaTensor*() { return &meta; }  // NOLINT: conversion at the call site
};
struct MetaTensorList {
  std::vector<MetaTensor> storage;
  std::vector<const MetaTensor*> pointers;
  explicit MetaTensorList(const std::vector<const DenseTensor*>& tensors) {
    storage.reserve(tensors.size());
    for (const DenseTensor* t : tensors) storage.emplace_back(t);
    for (auto& m : storage) pointers.push_back(&m);
  }
  operator const std::vector<const MetaTensor*>&() const { return pointers; }  // NOLINT
};
struct MetaTensorOutList {
  std::vector<MetaTensor> storage;
  std::vector<MetaTensor*> pointers;
  explicit MetaTensorOutList(const std::vector<DenseTensor*>& tensors) {
    storage.reserve(tensors.size());
    for (DenseTensor* t : tensors) storage.emplace_back(t);
    for (auto& m : storage) pointers.push_back(&m);
  }
  operator std::vector<MetaTensor*>() const { return pointers; }  // NOLINT
};

template <typename Arg>
struct InferMetaArgTraits {
  using Value = std::decay_t<Arg>;
  static constexpr KernelArgKind kind = KernelArgKind::kAttr;
  static const Value& Get(const KernelContext* c, int i) { return c->AttrAt<Value>(i); }
};
template <>
struct InferMetaArgTraits<const MetaTensor&> {
  static constexpr KernelArgKind kind = KernelArgKind::kOptionalInput;
  static MetaTensor Get(const KernelContext* c, int i) { return MetaTensor(c->OptionalInputAt(i)); }
};
template <>
struct InferMetaArgTraits<const std::vector<const MetaTensor*>&> {
  static constexpr KernelArgKind kind = KernelArgKind::kInputList;
  static MetaTensorList Get(const KernelContext* c, int i) { return MetaTensorList(c->InputsBetween(i)); }
};
template <>
struct InferMetaArgTraits<MetaTensor*> {
  static constexpr KernelArgKind kind = KernelArgKind::kOutput;
  static MetaTensorOut Get(const KernelContext* c, int i) { return MetaTensorOut{MetaTensor(c->OutputAt(i))}; }
};
template <>
struct InferMetaArgTraits<std::vector<MetaTensor*>> {
  static constexpr KernelArgKind kind = KernelArgKind::kOutputList;
  static MetaTensorOutList Get(const KernelContext* c, int i) {
    return MetaTensorOutList(c->OutputsBetween(i));
  }
};

template <typename FnPtr>
struct InferMetaCaller;

template <typename... Args>
struct InferMetaCaller<void (*)(Args...)> {
  using Fn = void (*)(Args...);
  static constexpr std::array<KernelArgKind, sizeof...(Args)> kKinds = {
      InferMetaArgTraits<Args>::kind...};

  static void Call(const void* fn, KernelContext* ctx) {
    CallImpl(reinterpret_cast<Fn>(const_cast<void*>(fn)), ctx, std::index_sequence_for<Args...>{});
  }
  static KernelArgsDef ArgsDef() { return MakeArgsDef<InferMetaArgTraits, Args...>(); }

 private:
  template <size_t... I>
  static void CallImpl(Fn fn, KernelContext* ctx, std::index_sequence<I...>) {
    fn(InferMetaArgTraits<Args>::Get(ctx, IndexInGroup(kKinds, I))...);
  }
};

// A type-erased InferMeta function with its argument kinds.
struct InferMetaFn {
  void (*invoker)(const void* fn, KernelContext* ctx) = nullptr;
  const void* fn = nullptr;
  KernelArgsDef args;
  void operator()(KernelContext* ctx) const { invoker(fn, ctx); }
  bool valid() const { return invoker != nullptr; }
};

template <typename Fn>
InferMetaFn MakeInferMetaFn(Fn fn) {
  using Caller = InferMetaCaller<Fn>;
  return InferMetaFn{&Caller::Call, reinterpret_cast<const void*>(fn), Caller::ArgsDef()};
}

}  // namespace phi
