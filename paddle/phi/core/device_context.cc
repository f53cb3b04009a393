#include "paddle/phi/core/device_context.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <thread>

#ifdef PADDLE_WITH_CUDA
#include "paddle/phi/backends/gpu/gpu_context.h"
#endif

namespace phi {

namespace {
std::mutex g_pool_mu;

int DefaultNumThreads() {
  if (const char* env = std::getenv("OMP_NUM_THREADS")) {
    char* end = nullptr;
    long n = std::strtol(env, &end, 10);
    if (end != env && n >= 1 && n <= 1024) return static_cast<int>(n);
  }
  unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : static_cast<int>(std::min(cores, 1024u));
}

std::shared_ptr<ThreadPool>& GlobalPool() {
  static auto* pool =
      new std::shared_ptr<ThreadPool>(std::make_shared<ThreadPool>(DefaultNumThreads()));
  return *pool;
}
}  // namespace

CPUContext::CPUContext() : DeviceContext(CPUPlace(), GetCPUAllocator()) {}

std::shared_ptr<ThreadPool> CPUContext::thread_pool() const { return CurrentCPUThreadPool(); }

std::shared_ptr<ThreadPool> CurrentCPUThreadPool() {
  std::lock_guard<std::mutex> lock(g_pool_mu);
  return GlobalPool();
}

const CPUContext& CPUContext::Default() {
  static CPUContext* ctx = new CPUContext();
  return *ctx;
}

const DeviceContext& DeviceContextFor(const Place& place) {
#ifdef PADDLE_WITH_CUDA
  if (place.is_gpu()) return GPUContext::Default(place.GetDeviceId());
#endif
  PD_CHECK(place.is_cpu(), Unimplemented, "expected a CPU place, but got ", place,
           ": this build has no GPU backend (configure with -DWITH_GPU=ON)");
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
