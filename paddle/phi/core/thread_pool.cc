#include "paddle/phi/core/thread_pool.h"

#include <unistd.h>

#include <algorithm>
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

void ThreadPool::WorkerLoop() {
  uint64_t seen = 0;
  for (;;) {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    while (next_ < task_n_) {
      int64_t begin = next_;
      int64_t end = std::min(task_n_, begin + chunk_);
      next_ = end;
      const auto* fn = task_;
      lock.unlock();
      std::exception_ptr failure;
      try {
        RegionGuard region;
        (*fn)(begin, end);
      } catch (...) {
        failure = std::current_exception();
      }
      lock.lock();
      if (failure && !error_) error_ = failure;
      if (--pending_ == 0) done_cv_.notify_all();
    }
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
  int64_t chunks = std::min<int64_t>(num_threads(), (n + grain - 1) / grain);
  int64_t chunk = (n + chunks - 1) / chunks;
  std::exception_ptr error;
  {
    std::unique_lock<std::mutex> lock(mu_);
    task_ = &fn;
    task_n_ = n;
    chunk_ = chunk;
    next_ = 0;
    pending_ = (n + chunk - 1) / chunk;
    ++generation_;
  }
  cv_.notify_all();
  // The calling thread takes chunks too; its exceptions are the ones reported.
  std::unique_lock<std::mutex> lock(mu_);
  while (next_ < task_n_) {
    int64_t begin = next_;
    int64_t end = std::min(task_n_, begin + chunk_);
    next_ = end;
    lock.unlock();
    try {
      RegionGuard region;
      fn(begin, end);
    } catch (...) {
      if (!error) error = std::current_exception();
    }
    lock.lock();
    --pending_;
  }
  done_cv_.wait(lock, [&] { return pending_ == 0; });
  task_ = nullptr;
  if (!error && error_) error = error_;
  error_ = nullptr;
  lock.unlock();
  if (error) std::rethrow_exception(error);
}

}  // namespace phi
