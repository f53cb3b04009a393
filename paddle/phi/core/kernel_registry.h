// The kernel registry: kernels by name and KernelKey (backend, layout, dtype). Kernels are
// free function templates registered with one line at the bottom of their backend file:
//   PD_REGISTER_KERNEL(relu, CPU, phi::ReluKernel, float, double);
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <ostream>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "paddle/phi/core/kernel_utils.h"

namespace phi {

class CPUContext;
class GPUContext;

struct KernelKey {
  Backend backend = Backend::UNDEFINED;
  DataLayout layout = DataLayout::ANY;
  DataType dtype = DataType::UNDEFINED;

  bool operator<(const KernelKey& o) const {
    if (backend != o.backend) return backend < o.backend;
    if (layout != o.layout) return layout < o.layout;
    return dtype < o.dtype;
  }
  bool operator==(const KernelKey& o) const {
    return backend == o.backend && layout == o.layout && dtype == o.dtype;
  }
};
std::ostream& operator<<(std::ostream& os, const KernelKey& key);

class Kernel {
 public:
  using Invoker = void (*)(const void* fn, KernelContext* ctx);
  Kernel() = default;
  Kernel(Invoker invoker, const void* fn, KernelArgsDef args)
      : invoker_(invoker), fn_(fn), args_(std::move(args)) {}

  void operator()(KernelContext* ctx) const { invoker_(fn_, ctx); }
  const KernelArgsDef& args_def() const { return args_; }
  bool valid() const { return invoker_ != nullptr; }

 private:
  Invoker invoker_ = nullptr;
  const void* fn_ = nullptr;
  KernelArgsDef args_;
};

class KernelRegistry {
 public:
  static KernelRegistry& Instance();

  void Register(const std::string& name, const KernelKey& key, Kernel kernel);
  // Exact match on (backend, dtype); layout ANY matches any layout. Throws NotFound naming
  // the kernel and the registered keys.
  const Kernel& Select(const std::string& name, const KernelKey& key) const;
  const Kernel* Find(const std::string& name, const KernelKey& key) const;
  // While on, every kernel Select returns is noted (tools/tailor.sh lists what models use);
  // UseLog() gives them as "<name> <backend> <dtype>" lines, sorted.
  void SetUseLog(bool on);
  std::vector<std::string> UseLog() const;
  bool HasKernel(const std::string& name) const { return kernels_.count(name) > 0; }
  std::vector<KernelKey> KeysOf(const std::string& name) const;
  std::vector<std::string> Names() const;

 private:
  std::unordered_map<std::string, std::map<KernelKey, Kernel>> kernels_;
  std::atomic<bool> log_on_{false};
  mutable std::mutex log_mutex_;
  mutable std::set<std::string> log_;
};

// A library built by tools/tailor.sh holds only the kernels (and ops) of the models it was
// tailored to; lookups of anything else say so.
#ifdef PADDLE_TAILORED_FOR
inline const char* TailoredNote() {
  return "; this library was tailored by tools/tailor.sh to the models [" PADDLE_TAILORED_FOR
         "] and holds only what they use (tailor it again with a model that needs this)";
}
#else
inline const char* TailoredNote() { return ""; }
#endif

template <typename Fn>
Kernel MakeKernel(Fn fn) {
  using Caller = KernelCaller<Fn>;
  return Kernel(&Caller::Call, reinterpret_cast<const void*>(fn), Caller::ArgsDef());
}

// Registers instantiate(T*) -> kernel function pointer for every T in Ts; a T for which it
// returns nullptr_t (a tailored build leaving that kernel out) registers nothing.
template <typename... Ts>
struct KernelRegistrar {
  template <typename Instantiate>
  KernelRegistrar(const char* name, Backend backend, Instantiate instantiate) {
    (RegisterOne<Ts>(name, backend, instantiate), ...);
  }

 private:
  template <typename T, typename Instantiate>
  static void RegisterOne(const char* name, Backend backend, Instantiate instantiate) {
    using Fn = decltype(instantiate(static_cast<T*>(nullptr)));
    if constexpr (!std::is_same_v<Fn, std::nullptr_t>) {
      KernelRegistry::Instance().Register(
          name, KernelKey{backend, DataLayout::ANY, CppTypeToDataType<T>::value},
          MakeKernel(instantiate(static_cast<T*>(nullptr))));
    }
  }
};

// Whether a tailored build keeps kernel `name` for (backend, T): the generated list of
// tools/tailor.sh (phi/core/tailored_kernels.h), checked at compile time so that the kernels
// left out are never instantiated. Every kernel in a full build.
#ifdef PADDLE_TAILORED_FOR
namespace tailor {
struct Entry {
  const char* name;
  Backend backend;
  DataType dtype;
};
constexpr bool SameName(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}
}  // namespace tailor
}  // namespace phi
#include "phi/core/tailored_kernels.h"  // generated: phi::tailor::kKernels[]
namespace phi {
namespace tailor {
constexpr bool Keeps(const char* name, Backend backend, DataType dtype) {
  for (const Entry& e : kKernels) {
    if (e.backend == backend && e.dtype == dtype && SameName(e.name, name)) return true;
  }
  return false;
}
}  // namespace tailor
#define PD_KERNEL_KEPT(name, backend, T) \
  ::phi::tailor::Keeps(name, ::phi::Backend::backend, ::phi::CppTypeToDataType<T>::value)
#else
#define PD_KERNEL_KEPT(name, backend, T) true
#endif

}  // namespace phi

#define PD_KERNEL_CONTEXT_CPU ::phi::CPUContext
#define PD_KERNEL_CONTEXT_GPU ::phi::GPUContext
#define PD_CONCAT_INNER(a, b) a##b
#define PD_CONCAT(a, b) PD_CONCAT_INNER(a, b)

// PD_KERNEL_USES(kernel, used): kernel `kernel` calls kernel `used`'s function template
// directly, not through the registry, so a tailored build that keeps `kernel` for a dtype
// keeps `used` for it too (tools/tailor_list.py reads these lines). Written below the
// PD_REGISTER_KERNEL lines of the caller's file.
#define PD_KERNEL_USES(kernel, used) static_assert(true, #kernel " uses " #used)

// PD_REGISTER_KERNEL(name, backend, kernel_template, types...)
#define PD_REGISTER_KERNEL(name, backend, kernel_fn, ...)                              \
  static const ::phi::KernelRegistrar<__VA_ARGS__> PD_CONCAT(                          \
      pd_kernel_registrar_##name##_##backend##_, __LINE__)(                            \
      #name, ::phi::Backend::backend, [](auto* type_tag) {                             \
        using T = std::remove_pointer_t<decltype(type_tag)>;                           \
        if constexpr (PD_KERNEL_KEPT(#name, backend, T)) {                             \
          return &kernel_fn<T, PD_KERNEL_CONTEXT_##backend>;                           \
        } else {                                                                       \
          return nullptr;                                                              \
        }                                                                              \
      })
