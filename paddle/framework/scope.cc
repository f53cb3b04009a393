#include "paddle/framework/scope.h"

#include <algorithm>
#include <atomic>

namespace paddle {
namespace framework {

const char* Variable::KindName() const {
  switch (value_.index()) {
    case 0: return "nothing";
    case 1: return "a DenseTensor";
    case 2: return "a tensor array";
    default: return "raw bytes";
  }
}

namespace {
std::atomic<uint64_t> g_next_scope_id{1};
}

Scope::Scope() : id_(g_next_scope_id.fetch_add(1)) {}
Scope::Scope(const Scope* parent) : parent_(parent), id_(g_next_scope_id.fetch_add(1)) {}
Scope::~Scope() = default;

Variable* Scope::Var(const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  auto& slot = vars_[name];
  if (slot == nullptr) slot = std::make_unique<Variable>();
  return slot.get();
}

Variable* Scope::FindLocalVar(const std::string& name) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = vars_.find(name);
  return it == vars_.end() ? nullptr : it->second.get();
}

Variable* Scope::FindVar(const std::string& name) const {
  for (const Scope* s = this; s != nullptr; s = s->parent_) {
    if (Variable* v = s->FindLocalVar(name)) return v;
  }
  return nullptr;
}

void Scope::EraseVars(const std::vector<std::string>& names) {
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto& name : names) vars_.erase(name);
}

std::vector<std::string> Scope::LocalVarNames() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> names;
  for (const auto& entry : vars_) names.push_back(entry.first);
  std::sort(names.begin(), names.end());
  return names;
}

Scope& Scope::NewScope() {
  std::lock_guard<std::mutex> lock(mu_);
  kids_.push_back(std::make_unique<Scope>());
  kids_.back()->parent_ = this;
  return *kids_.back();
}

void Scope::DropKids() {
  std::lock_guard<std::mutex> lock(mu_);
  kids_.clear();
}

void Scope::DeleteScope(Scope* kid) {
  std::lock_guard<std::mutex> lock(mu_);
  kids_.erase(std::remove_if(kids_.begin(), kids_.end(),
                             [kid](const std::unique_ptr<Scope>& s) { return s.get() == kid; }),
              kids_.end());
}

}  // namespace framework
}  // namespace paddle
