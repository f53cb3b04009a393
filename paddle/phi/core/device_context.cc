#include "paddle/phi/core/device_context.h"

#include <mutex>

namespace phi {

namespace {
std::mutex g_pool_mu;
std::shared_ptr<ThreadPool>& GlobalPool() {
  static auto* pool = new std::shared_ptr<ThreadPool>(std::make_shared<ThreadPool>(1));
  return *pool;
}
}  // namespace

CPUContext::CPUContext() : CPUContext(nullptr) {}

CPUContext::CPUContext(std::shared_ptr<ThreadPool> pool)
    : DeviceContext(CPUPlace(), GetCPUAllocator()) {
  if (pool == nullptr) {
    std::lock_guard<std::mutex> lock(g_pool_mu);
    pool = GlobalPool();
  }
  pool_ = std::move(pool);
}

const CPUContext& CPUContext::Default() {
  static CPUContext* ctx = new CPUContext();
  return *ctx;
}

const DeviceContext& DeviceContextFor(const Place& place) {
  PD_CHECK(place.is_cpu(), Unimplemented, "expected a CPU place, but got ", place,
           ": this build has no GPU backend");
  return CPUContext::Default();
}

void SetNumCPUThreads(int num_threads) {
  std::lock_guard<std::mutex> lock(g_pool_mu);
  if (num_threads < 1) num_threads = 1;
  if (GlobalPool()->num_threads() != num_threads)
    GlobalPool() = std::make_shared<ThreadPool>(num_threads);
}

int GetNumCPUThreads() {
  std::lock_guard<std::mutex> lock(g_pool_mu);
  return GlobalPool()->num_threads();
}

}  // namespace phi
