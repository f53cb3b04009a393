// The runtime's one intra-op thread pool. Kernels split large loops with ParallelFor;
// small loops run inline on the calling thread (thread hops cost more than small work).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace phi {

class ThreadPool {
 public:
  explicit ThreadPool(int num_threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int num_threads() const { return static_cast<int>(workers_.size()) + 1; }
  // Runs fn(begin, end) over [0, n) in chunks of at least `grain` on the pool plus the
  // calling thread; returns when all chunks are done. Exceptions propagate to the caller.
  // A ParallelFor called from inside a chunk (a parallel conv calling a parallel GEMM) runs
  // inline on its thread, so nesting never deadlocks or oversubscribes. In a forked child
  // (which has none of the workers) everything runs inline.
  void ParallelFor(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& fn);

 private:
  void WorkerLoop();
  // Claims chunks of the task published as `generation` and runs them; returns when none is
  // left. A claim is a compare-and-swap on claim_, which packs the generation (high 32 bits),
  // the chunk count (16 bits) and the next chunk (low 16 bits): a thread that woke late for a
  // finished task fails its claim and never reads the next task's fields half-written.
  void RunChunks(uint32_t generation);

  std::vector<std::thread> workers_;
  std::mutex mu_;  // sleeping workers, stop_, error_
  std::condition_variable cv_;
  std::atomic<uint64_t> claim_{0};
  std::atomic<int64_t> pending_{0};  // chunks not yet finished
  std::atomic<int> sleepers_{0};
  // The task's fields: written by the caller only while no chunk of another task can be
  // claimed, read by a thread only after its claim succeeded.
  const std::function<void(int64_t, int64_t)>* task_ = nullptr;
  int64_t task_n_ = 0, chunk_ = 0;
  bool stop_ = false;
  int owner_pid_;  // the process whose threads workers_ are
  std::exception_ptr error_;
  std::mutex run_mu_;  // one ParallelFor at a time
};

}  // namespace phi
