// Variable: a named slot of a Scope holding a DenseTensor (or a tensor array, or raw bytes).
// Scope: a tree of name -> Variable maps; lookups go through parents. Each scope has a
// process-unique id, never reused, that caches key on (never its address).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"

namespace paddle {
namespace framework {

using TensorArray = std::vector<phi::DenseTensor>;

class Variable {
 public:
  template <typename T>
  bool IsType() const {
    return std::holds_alternative<T>(value_);
  }
  bool IsInitialized() const { return !std::holds_alternative<std::monostate>(value_); }
  // Creates a T when empty; throws InvalidArgument when the variable holds another kind.
  template <typename T>
  T* GetMutable() {
    if (std::holds_alternative<std::monostate>(value_)) value_ = T();
    T* value = std::get_if<T>(&value_);
    PD_CHECK(value != nullptr, InvalidArgument, "expected the variable to hold ",
             TypeName<T>(), ", but it holds ", KindName());
    return value;
  }
  template <typename T>
  const T& Get() const {
    const T* value = std::get_if<T>(&value_);
    PD_CHECK(value != nullptr, InvalidArgument, "expected the variable to hold ",
             TypeName<T>(), ", but it holds ", KindName());
    return *value;
  }
  void Clear() { value_ = std::monostate(); }
  const char* KindName() const;

 private:
  template <typename T>
  static const char* TypeName() {
    if constexpr (std::is_same_v<T, phi::DenseTensor>) return "a DenseTensor";
    else if constexpr (std::is_same_v<T, TensorArray>) return "a tensor array";
    else return "raw bytes";
  }
  std::variant<std::monostate, phi::DenseTensor, TensorArray, std::string> value_;
};

class Scope {
 public:
  Scope();
  // A standalone scope whose lookups continue in `parent` (which must outlive it).
  explicit Scope(const Scope* parent);
  ~Scope();
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;

  // Creates the variable in this scope if absent here.
  Variable* Var(const std::string& name);
  // Looks in this scope, then its ancestors; nullptr when absent.
  Variable* FindVar(const std::string& name) const;
  Variable* FindLocalVar(const std::string& name) const;
  void EraseVars(const std::vector<std::string>& names);
  std::vector<std::string> LocalVarNames() const;

  Scope& NewScope();
  void DropKids();
  void DeleteScope(Scope* kid);
  const Scope* parent() const { return parent_; }
  uint64_t id() const { return id_; }

 private:
  std::unordered_map<std::string, std::unique_ptr<Variable>> vars_;
  std::vector<std::unique_ptr<Scope>> kids_;
  const Scope* parent_ = nullptr;
  uint64_t id_;
  mutable std::mutex mu_;
};

}  // namespace framework
}  // namespace paddle
