#include "paddle/phi/core/thread_pool.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <exception>

namespace phi {
namespace {
// Set while a thread runs a chunk of some pool's ParallelFor.
thread_local bool t_in_parallel_region = false;

struct RegionGuard {
  RegionGuard() { t_in_parallel_region = true; }
  ~RegionGuard() { t_in_parallel_region = false; }
};
}  // namespace

ThreadPool::ThreadPool(int num_threads) : owner_pid_(getpid()) {
  for (int i = 1; i < num_threads; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

ThreadPool::~ThreadPool() {
  if (getpid() != owner_pid_) {
    // A forked child: the workers exist only in the parent; joining them is undefined.
    new std::vector<std::thread>(std::move(workers_));
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  for (auto& t : workers_) t.join();
}

namespace {
uint32_t GenerationOf(uint64_t claim) { return static_cast<uint32_t>(claim >> 32); }
uint64_t ChunksOf(uint64_t claim) { return (claim >> 16) & 0xFFFF; }
uint64_t NextOf(uint64_t claim) { return claim & 0xFFFF; }

// How long an idle worker keeps polling for the next task before it sleeps: kernels of one
// op (im2col, GEMM, epilogue) and of consecutive ops follow each other within microseconds,
// and waking a sleeping thread costs tens of them.
constexpr auto kSpinTime = std::chrono::microseconds(100);

inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}
}  // namespace

void ThreadPool::RunChunks(uint32_t generation) {
  uint64_t claim = claim_.load(std::memory_order_acquire);
  for (;;) {
    if (GenerationOf(claim) != generation || NextOf(claim) >= ChunksOf(claim)) return;
    if (!claim_.compare_exchange_weak(claim, claim + 1, std::memory_order_acq_rel,
                                      std::memory_order_acquire))
      continue;  // claim holds the current value; look again
    // The claim succeeded, so this task is unfinished and its fields are stable.
    const int64_t begin = static_cast<int64_t>(NextOf(claim)) * chunk_;
    const int64_t end = std::min(task_n_, begin + chunk_);
    try {
      RegionGuard region;
      (*task_)(begin, end);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mu_);
      if (!error_) error_ = std::current_exception();
    }
    pending_.fetch_sub(1, std::memory_order_acq_rel);
    claim = claim_.load(std::memory_order_acquire);
  }
}

void ThreadPool::WorkerLoop() {
  uint32_t seen = 0;
  for (;;) {
    // Poll for a new task for a while, then sleep until one is published.
    uint32_t generation = GenerationOf(claim_.load(std::memory_order_acquire));
    const auto spin_until = std::chrono::steady_clock::now() + kSpinTime;
    for (int i = 0; generation == seen; ++i) {
      CpuRelax();
      generation = GenerationOf(claim_.load(std::memory_order_acquire));
      if ((i & 63) == 63 && std::chrono::steady_clock::now() > spin_until) break;
    }
    if (generation == seen) {
      std::unique_lock<std::mutex> lock(mu_);
      sleepers_.fetch_add(1, std::memory_order_seq_cst);
      cv_.wait(lock, [&] {
        return stop_ || GenerationOf(claim_.load(std::memory_order_seq_cst)) != seen;
      });
      sleepers_.fetch_sub(1, std::memory_order_seq_cst);
      if (stop_) return;
      generation = GenerationOf(claim_.load(std::memory_order_acquire));
    }
    seen = generation;
    RunChunks(generation);
  }
}

void ThreadPool::ParallelFor(int64_t n, int64_t grain,
                             const std::function<void(int64_t, int64_t)>& fn) {
  if (n <= 0) return;
  grain = std::max<int64_t>(grain, 1);
  if (workers_.empty() || n <= grain || t_in_parallel_region || getpid() != owner_pid_) {
    fn(0, n);
    return;
  }
  std::lock_guard<std::mutex> run_lock(run_mu_);
  const int64_t chunks = std::min<int64_t>(num_threads(), (n + grain - 1) / grain);
  const int64_t chunk = (n + chunks - 1) / chunks;
  const int64_t count = (n + chunk - 1) / chunk;  // <= chunks <= num_threads
  // No chunk of the previous task can still be claimed (all were finished before it
  // returned), so nobody reads these fields while they change.
  task_ = &fn;
  task_n_ = n;
  chunk_ = chunk;
  pending_.store(count, std::memory_order_relaxed);
  const uint32_t generation = GenerationOf(claim_.load(std::memory_order_relaxed)) + 1;
  claim_.store((uint64_t{generation} << 32) | (static_cast<uint64_t>(count) << 16),
               std::memory_order_seq_cst);
  if (sleepers_.load(std::memory_order_seq_cst) > 0) {
    std::lock_guard<std::mutex> lock(mu_);
    cv_.notify_all();
  }
  // The calling thread takes chunks too, then waits for the others' (they are short).
  RunChunks(generation);
  for (int i = 0; pending_.load(std::memory_order_acquire) > 0; ++i) {
    if (i < 4096) {
      CpuRelax();
    } else {
      std::this_thread::yield();
    }
  }
  std::exception_ptr error;
  {
    std::lock_guard<std::mutex> lock(mu_);
    std::swap(error, error_);
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace phi
