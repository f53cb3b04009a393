// DeviceContext: what a kernel needs of its device (place, allocator); CPUContext adds the
// runtime's one intra-op thread pool.
#pragma once

#include <memory>

#include "paddle/phi/core/allocator.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/thread_pool.h"

namespace phi {

class DeviceContext {
 public:
  DeviceContext(Place place, Allocator* allocator) : place_(place), allocator_(allocator) {}
  virtual ~DeviceContext() = default;
  const Place& GetPlace() const { return place_; }
  Allocator* allocator() const { return allocator_; }

  // Allocates storage for `tensor` per its meta (dtype set to T).
  template <typename T>
  T* Alloc(DenseTensor* tensor) const {
    return tensor->mutable_data<T>(allocator_);
  }
  void* Alloc(DenseTensor* tensor, DataType dtype) const {
    tensor->set_dtype(dtype);
    return tensor->AllocateStorage(allocator_);
  }

 private:
  Place place_;
  Allocator* allocator_;
};

class CPUContext : public DeviceContext {
 public:
  CPUContext();
  // The process-wide intra-op pool as it is now (SetNumCPUThreads may replace it; the
  // returned reference keeps this one alive while a kernel uses it).
  std::shared_ptr<ThreadPool> thread_pool() const;
  // The process-wide context.
  static const CPUContext& Default();
};

// The process-wide intra-op pool (what CPUContext::thread_pool returns), for helpers that
// take no context, such as funcs::Gemm.
std::shared_ptr<ThreadPool> CurrentCPUThreadPool();

// The device context of a place (the process-wide one per place); throws Unimplemented for
// a place this build has no backend for.
const DeviceContext& DeviceContextFor(const Place& place);

// Sets the size of the process-wide intra-op pool (the calling thread counts as one). The
// default is OMP_NUM_THREADS when set (the variable PaddlePaddle's CPU math honours), else all
// cores; the Predictor sets its Config's cpu_math_library_num_threads.
void SetNumCPUThreads(int num_threads);
int GetNumCPUThreads();

}  // namespace phi
