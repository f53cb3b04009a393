// The process group for GPU tensors, on NCCL (built WITH_NCCL): ranks exchange NCCL's unique
// id through the TCP store, then run each collective on the group's own CUDA stream. Every
// wait polls with the group's deadline (a non-blocking communicator, aborted on timeout),
// so a missing or dead rank is a typed error naming the collective, never a hang.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "paddle/distributed/tcp_store.h"
#include "paddle/phi/core/distributed/process_group.h"

namespace paddle {
namespace distributed {

class ProcessGroupNCCL : public phi::distributed::ProcessGroup {
 public:
  // `device`: the CUDA device this rank's tensors live on.
  ProcessGroupNCCL(std::shared_ptr<TCPStore> store, int rank, int size, const std::string& name,
                   int device, std::chrono::milliseconds timeout);
  ~ProcessGroupNCCL() override;

  std::string backend() const override { return "nccl"; }
  void AllReduce(phi::DenseTensor* tensor, phi::distributed::ReduceOp op) override;
  void Broadcast(phi::DenseTensor* tensor, int root) override;
  void AllGather(const phi::DenseTensor& in, phi::DenseTensor* out) override;
  void ReduceScatter(const phi::DenseTensor& in, phi::DenseTensor* out,
                     phi::distributed::ReduceOp op) override;
  void Barrier() override;
  void Send(const phi::DenseTensor& tensor, int peer) override;
  void Recv(phi::DenseTensor* tensor, int peer) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace distributed
}  // namespace paddle
