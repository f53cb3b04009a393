// The process group for CPU tensors, on Gloo's TCP transport (Debian libgloo): ranks meet
// through the TCP store, then every collective runs on Gloo's algorithms with the group's
// timeout. A failure names the collective, this rank, and the ranks the store saw vanish.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "paddle/distributed/tcp_store.h"
#include "paddle/phi/core/distributed/process_group.h"

namespace gloo {
class Context;
}

namespace paddle {
namespace distributed {

class ProcessGroupGloo : public phi::distributed::ProcessGroup {
 public:
  // `name` keeps groups apart in the store; `host` is the address this rank's transport
  // binds (its endpoint's IP). Waits up to `timeout` for the other ranks to arrive.
  ProcessGroupGloo(std::shared_ptr<TCPStore> store, int rank, int size, const std::string& name,
                   const std::string& host, std::chrono::milliseconds timeout);
  ~ProcessGroupGloo() override;

  std::string backend() const override { return "gloo"; }
  void AllReduce(phi::DenseTensor* tensor, phi::distributed::ReduceOp op) override;
  void Broadcast(phi::DenseTensor* tensor, int root) override;
  void AllGather(const phi::DenseTensor& in, phi::DenseTensor* out) override;
  void ReduceScatter(const phi::DenseTensor& in, phi::DenseTensor* out,
                     phi::distributed::ReduceOp op) override;
  void Barrier() override;
  void Send(const phi::DenseTensor& tensor, int peer) override;
  void Recv(phi::DenseTensor* tensor, int peer) override;

 private:
  // Runs `fn`, turning Gloo's exceptions into typed errors that say what failed where.
  template <typename Fn>
  void Guard(const char* what, Fn&& fn);
  [[noreturn]] void Fail(const char* what, const std::string& detail);
  void CheckPeer(const char* what, int peer) const;

  std::shared_ptr<TCPStore> store_;
  std::string name_;
  std::chrono::milliseconds timeout_;
  std::shared_ptr<gloo::Context> context_;
  std::map<int, uint32_t> sent_, received_;  // point-to-point message counts per peer
};

}  // namespace distributed
}  // namespace paddle
