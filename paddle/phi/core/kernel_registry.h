// The kernel registry: kernels by name and KernelKey (backend, layout, dtype). Kernels are
// free function templates registered with one line at the bottom of their backend file:
//   PD_REGISTER_KERNEL(relu, CPU, phi::ReluKernel, float, double);
#pragma once

#include <map>
#include <ostream>
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
  bool HasKernel(const std::string& name) const { return kernels_.count(name) > 0; }
  std::vector<KernelKey> KeysOf(const std::string& name) const;
  std::vector<std::string> Names() const;

 private:
  std::unordered_map<std::string, std::map<KernelKey, Kernel>> kernels_;
};

template <typename Fn>
Kernel MakeKernel(Fn fn) {
  using Caller = KernelCaller<Fn>;
  return Kernel(&Caller::Call, reinterpret_cast<const void*>(fn), Caller::ArgsDef());
}

// Registers instantiate(T*) -> kernel function pointer for every T in Ts.
template <typename... Ts>
struct KernelRegistrar {
  template <typename Instantiate>
  KernelRegistrar(const char* name, Backend backend, Instantiate instantiate) {
    (KernelRegistry::Instance().Register(
         name, KernelKey{backend, DataLayout::ANY, CppTypeToDataType<Ts>::value},
         MakeKernel(instantiate(static_cast<Ts*>(nullptr)))),
     ...);
  }
};

}  // namespace phi

#define PD_KERNEL_CONTEXT_CPU ::phi::CPUContext
#define PD_KERNEL_CONTEXT_GPU ::phi::GPUContext
#define PD_CONCAT_INNER(a, b) a##b
#define PD_CONCAT(a, b) PD_CONCAT_INNER(a, b)

// PD_REGISTER_KERNEL(name, backend, kernel_template, types...)
#define PD_REGISTER_KERNEL(name, backend, kernel_fn, ...)                              \
  static const ::phi::KernelRegistrar<__VA_ARGS__> PD_CONCAT(                          \
      pd_kernel_registrar_##name##_##backend##_, __LINE__)(                            \
      #name, ::phi::Backend::backend, [](auto* type_tag) {                             \
        using T = std::remove_pointer_t<decltype(type_tag)>;                           \
        return &kernel_fn<T, PD_KERNEL_CONTEXT_##backend>;                             \
      })
