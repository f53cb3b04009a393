// The one process-group interface: the collectives a group of ranks runs together on
// DenseTensors. The collective ops' kernels (kernels/cpu/collective_kernel.cc) find the group
// of their `ring_id` here; implementations live outside the kernel library (Gloo for CPU
// tensors in paddle/distributed, NCCL for GPU tensors) and register themselves per ring, so
// libphi needs no transport of its own.
#pragma once

#include <memory>
#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {
namespace distributed {

enum class ReduceOp { kSum = 0, kMax, kMin, kProd };

const char* ReduceOpName(ReduceOp op);

class ProcessGroup {
 public:
  ProcessGroup(int rank, int size) : rank_(rank), size_(size) {}
  virtual ~ProcessGroup() = default;

  int rank() const { return rank_; }
  int size() const { return size_; }
  virtual std::string backend() const = 0;

  // All in place on `tensor` (same dtype and shape on every rank) unless said otherwise.
  virtual void AllReduce(DenseTensor* tensor, ReduceOp op) = 0;
  virtual void Broadcast(DenseTensor* tensor, int root) = 0;
  // `out` (allocated by the caller, size() times `in`'s elements) gets every rank's `in`
  // in rank order.
  virtual void AllGather(const DenseTensor& in, DenseTensor* out) = 0;
  // `in` holds size() equal chunks; `out` (allocated, one chunk) gets the reduction of
  // chunk rank() over the ranks.
  virtual void ReduceScatter(const DenseTensor& in, DenseTensor* out, ReduceOp op) = 0;
  virtual void Barrier() = 0;
  virtual void Send(const DenseTensor& tensor, int peer) = 0;
  // `tensor` is allocated by the caller with the dtype and shape the sender sends.
  virtual void Recv(DenseTensor* tensor, int peer) = 0;

 private:
  int rank_, size_;
};

// Ring id -> group. Registering an id again replaces its group.
void RegisterProcessGroup(int ring_id, std::shared_ptr<ProcessGroup> group);
void RemoveProcessGroup(int ring_id);
bool HasProcessGroup(int ring_id);
// The group of `ring_id`; a NotFound error naming the id (and `op`) when none is registered.
std::shared_ptr<ProcessGroup> GetProcessGroup(int ring_id, const std::string& op);

}  // namespace distributed
}  // namespace phi
