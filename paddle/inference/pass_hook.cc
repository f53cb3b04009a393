#include "paddle/inference/pass_hook.h"

#include <mutex>
#include <utility>

namespace paddle {
namespace inference {

namespace {
// Function-local statics: registration may run from another library's static initializer.
std::mutex& HookMutex() {
  static std::mutex mu;
  return mu;
}
PassApplier& Hook() {
  static PassApplier* hook = new PassApplier();
  return *hook;
}
}  // namespace

void SetPassApplier(PassApplier applier) {
  std::lock_guard<std::mutex> lock(HookMutex());
  Hook() = std::move(applier);
}

PassApplier GetPassApplier() {
  std::lock_guard<std::mutex> lock(HookMutex());
  return Hook();
}

}  // namespace inference
}  // namespace paddle
