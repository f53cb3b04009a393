#include "paddle/phi/core/kernel_registry.h"

#include <sstream>

namespace phi {

std::ostream& operator<<(std::ostream& os, const KernelKey& key) {
  return os << "(" << BackendToString(key.backend) << ", " << DataTypeToString(key.dtype) << ")";
}

KernelRegistry& KernelRegistry::Instance() {
  static KernelRegistry* registry = new KernelRegistry();
  return *registry;
}

void KernelRegistry::Register(const std::string& name, const KernelKey& key, Kernel kernel) {
  kernels_[name][key] = std::move(kernel);
}

const Kernel* KernelRegistry::Find(const std::string& name, const KernelKey& key) const {
  auto it = kernels_.find(name);
  if (it == kernels_.end()) return nullptr;
  auto found = it->second.find(KernelKey{key.backend, DataLayout::ANY, key.dtype});
  return found == it->second.end() ? nullptr : &found->second;
}

const Kernel& KernelRegistry::Select(const std::string& name, const KernelKey& key) const {
  const Kernel* kernel = Find(name, key);
  if (kernel != nullptr) {
    if (log_on_.load(std::memory_order_relaxed)) {
      std::lock_guard<std::mutex> lock(log_mutex_);
      log_.insert(name + " " + BackendToString(key.backend) + " " + DataTypeToString(key.dtype));
    }
    return *kernel;
  }
  auto it = kernels_.find(name);
  PD_CHECK(it != kernels_.end(), NotFound, "expected a registered kernel named '", name,
           "', but there is none", TailoredNote());
  std::ostringstream keys;
  for (const auto& entry : it->second) keys << " " << entry.first;
  PD_THROW(NotFound, "expected kernel '", name, "' for ", key, ", but it is registered only for",
           keys.str(), TailoredNote());
}

void KernelRegistry::SetUseLog(bool on) {
  std::lock_guard<std::mutex> lock(log_mutex_);
  if (on) log_.clear();
  log_on_ = on;
}

std::vector<std::string> KernelRegistry::UseLog() const {
  std::lock_guard<std::mutex> lock(log_mutex_);
  return {log_.begin(), log_.end()};
}

std::vector<KernelKey> KernelRegistry::KeysOf(const std::string& name) const {
  std::vector<KernelKey> keys;
  auto it = kernels_.find(name);
  if (it != kernels_.end())
    for (const auto& entry : it->second) keys.push_back(entry.first);
  return keys;
}

std::vector<std::string> KernelRegistry::Names() const {
  std::vector<std::string> names;
  for (const auto& entry : kernels_) names.push_back(entry.first);
  return names;
}

}  // namespace phi
