#include "paddle/distributed/process_group_gloo.h"

#include <gloo/allgather.h>
#include <gloo/allreduce.h>
#include <gloo/barrier.h>
#include <gloo/broadcast.h>
#include <gloo/common/error.h>
#include <gloo/math.h>
#include <gloo/rendezvous/context.h>
#include <gloo/rendezvous/prefix_store.h>
#include <gloo/transport/tcp/device.h>

#include <cstring>
#include <thread>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/allocator.h"

namespace paddle {
namespace distributed {

using phi::DataType;
using phi::DenseTensor;
using phi::distributed::ReduceOp;
using Clock = std::chrono::steady_clock;

namespace {

using ReduceFunc = void (*)(void*, const void*, const void*, size_t);

template <typename T>
ReduceFunc ReduceFor(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum:
      return &gloo::sum<T>;
    case ReduceOp::kMax:
      return &gloo::max<T>;
    case ReduceOp::kMin:
      return &gloo::min<T>;
    case ReduceOp::kProd:
      return &gloo::product<T>;
  }
  return nullptr;
}

// Gloo's slot prefixes for its collectives are small; point-to-point messages use their own.
constexpr uint8_t kP2PSlotPrefix = 0x70;

// A run of all_reduce on `tensor` in place, typed by its dtype.
template <typename T>
void GlooAllReduce(const std::shared_ptr<gloo::Context>& ctx, std::chrono::milliseconds timeout,
                   DenseTensor* tensor, ReduceOp op) {
  gloo::AllreduceOptions opts(ctx);
  opts.setOutput(tensor->data<T>(), static_cast<size_t>(tensor->numel()));
  opts.setReduceFunction(ReduceFor<T>(op));
  opts.setTimeout(timeout);
  gloo::allreduce(opts);
}

}  // namespace

ProcessGroupGloo::ProcessGroupGloo(std::shared_ptr<TCPStore> store, int rank, int size,
                                   const std::string& name, const std::string& host,
                                   std::chrono::milliseconds timeout)
    : phi::distributed::ProcessGroup(rank, size),
      store_(std::move(store)),
      name_(name),
      timeout_(timeout) {
  PD_CHECK(store_ != nullptr, InvalidArgument, "expected a rendezvous store for process group '",
           name, "', but got none");
  PD_CHECK(size >= 1 && rank >= 0 && rank < size, InvalidArgument, "expected a rank in [0, ", size,
           ") of a group of size >= 1 for process group '", name, "', but got rank ", rank, " of ",
           size);
  PD_CHECK(timeout.count() > 0, InvalidArgument, "expected a positive timeout for process group '",
           name, "', but got ", timeout.count(), " ms");
  // Arrival first, with our own deadline, so that a rank that never comes is named.
  store_->set(name + "/arrived/" + std::to_string(rank), {'1'});
  std::vector<std::string> keys;
  for (int r = 0; r < size; ++r) keys.push_back(name + "/arrived/" + std::to_string(r));
  const auto deadline = Clock::now() + timeout;
  while (!store_->check(keys)) {
    if (Clock::now() >= deadline) {
      std::string missing;
      for (int r = 0; r < size; ++r)
        if (!store_->check({keys[r]})) missing += (missing.empty() ? "" : ", ") + std::to_string(r);
      PD_CHECK(false, ExecutionTimeout, "expected every rank of process group '", name,
               "' to arrive within ", timeout.count() / 1000.0, " s, but rank ", rank,
               " is still waiting for rank(s) [", missing,
               "] (not started, or failed before init_parallel_env)");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  gloo::transport::tcp::attr attr(host.c_str());
  std::shared_ptr<gloo::transport::Device> device;
  Guard("connect", [&] {
    device = gloo::transport::tcp::CreateDevice(attr);
    auto context = std::make_shared<gloo::rendezvous::Context>(rank, size);
    context->setTimeout(timeout);
    gloo::rendezvous::PrefixStore prefixed(name + "/gloo", *store_);
    context->connectFullMesh(prefixed, device);
    context_ = std::move(context);
  });
}

ProcessGroupGloo::~ProcessGroupGloo() = default;

template <typename Fn>
void ProcessGroupGloo::Guard(const char* what, Fn&& fn) {
  try {
    fn();
  } catch (const gloo::Exception& e) {
    Fail(what, e.what());
  }
}

void ProcessGroupGloo::Fail(const char* what, const std::string& detail) {
  std::string gone;
  try {
    store_->MarkFailing();
    // The store notices a vanished process when its connection closes: give it a moment.
    for (int tries = 0; tries < 5 && gone.empty(); ++tries) {
      for (int r : store_->dead_ranks()) gone += (gone.empty() ? "" : ", ") + std::to_string(r);
      if (gone.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    gone = gone.empty() ? "no rank has exited yet" : "global rank(s) [" + gone + "] exited";
    store_->LingerForPeers(std::chrono::milliseconds(3000));
  } catch (const std::exception&) {
    gone = "the rendezvous master (global rank 0's process) is unreachable, so it has exited";
  }
  const bool timed_out = detail.find("imed out") != std::string::npos;
  std::string message = common::StrCat(
      "expected every rank of process group '", name_, "' to take part in ", what,
      timed_out ? " within " + std::to_string(timeout_.count() / 1000.0) + " s" : "", ", but rank ",
      this->rank(), " of ", this->size(), " lost them: ", gone, " (gloo: ", detail, ")");
  if (timed_out) throw common::ExecutionTimeoutError(message);
  throw common::UnavailableError(message);
}

void ProcessGroupGloo::AllReduce(DenseTensor* tensor, ReduceOp op) {
  if (tensor->numel() == 0 || size() == 1) return;
  Guard("all_reduce", [&] {
    switch (tensor->dtype()) {
      case DataType::FLOAT32:
        return GlooAllReduce<float>(context_, timeout_, tensor, op);
      case DataType::FLOAT64:
        return GlooAllReduce<double>(context_, timeout_, tensor, op);
      case DataType::INT32:
        return GlooAllReduce<int32_t>(context_, timeout_, tensor, op);
      case DataType::INT64:
        return GlooAllReduce<int64_t>(context_, timeout_, tensor, op);
      default:
        PD_CHECK(false, Unimplemented, "expected a float32, float64, int32 or int64 tensor for ",
                 "all_reduce (", phi::distributed::ReduceOpName(op), "), but got ",
                 tensor->dtype());
    }
  });
}

void ProcessGroupGloo::Broadcast(DenseTensor* tensor, int root) {
  PD_CHECK(root >= 0 && root < size(), InvalidArgument, "expected a broadcast root in [0, ", size(),
           ") of process group '", name_, "', but got ", root);
  if (tensor->nbytes() == 0 || size() == 1) return;
  Guard("broadcast", [&] {
    gloo::BroadcastOptions opts(context_);
    opts.setOutput(static_cast<char*>(tensor->raw_data()), tensor->nbytes());
    opts.setRoot(root);
    opts.setTimeout(timeout_);
    gloo::broadcast(opts);
  });
}

void ProcessGroupGloo::AllGather(const DenseTensor& in, DenseTensor* out) {
  PD_CHECK(out->nbytes() == in.nbytes() * size() && out->dtype() == in.dtype(), InvalidArgument,
           "expected all_gather's output to hold ", size(), " times the input's ", in.nbytes(),
           " bytes of ", in.dtype(), ", but got ", out->nbytes(), " bytes of ", out->dtype());
  if (in.nbytes() == 0) return;
  if (size() == 1) {
    std::memcpy(out->raw_data(), in.raw_data(), in.nbytes());
    return;
  }
  Guard("all_gather", [&] {
    gloo::AllgatherOptions opts(context_);
    opts.setInput(const_cast<char*>(static_cast<const char*>(in.raw_data())), in.nbytes());
    opts.setOutput(static_cast<char*>(out->raw_data()), out->nbytes());
    opts.setTimeout(timeout_);
    gloo::allgather(opts);
  });
}

void ProcessGroupGloo::ReduceScatter(const DenseTensor& in, DenseTensor* out, ReduceOp op) {
  PD_CHECK(in.nbytes() == out->nbytes() * size() && out->dtype() == in.dtype(), InvalidArgument,
           "expected reduce_scatter's input to hold ", size(), " times the output's ",
           out->nbytes(), " bytes of ", out->dtype(), ", but got ", in.nbytes(), " bytes of ",
           in.dtype());
  // An all_reduce of a copy, keeping this rank's chunk: twice the traffic of a dedicated
  // algorithm, which Gloo offers only in its old, per-size-allocating API.
  DenseTensor whole(in.dtype(), in.dims());
  whole.AllocateStorage(phi::GetCPUAllocator());
  std::memcpy(whole.raw_data(), in.raw_data(), in.nbytes());
  AllReduce(&whole, op);
  std::memcpy(out->raw_data(), static_cast<const char*>(whole.raw_data()) + rank() * out->nbytes(),
              out->nbytes());
}

void ProcessGroupGloo::Barrier() {
  if (size() == 1) return;
  Guard("barrier", [&] {
    gloo::BarrierOptions opts(context_);
    opts.setTimeout(timeout_);
    gloo::barrier(opts);
  });
}

void ProcessGroupGloo::CheckPeer(const char* what, int peer) const {
  PD_CHECK(peer >= 0 && peer < size() && peer != rank(), InvalidArgument, "expected ", what,
           "'s peer to be another rank of process group '", name_, "' in [0, ", size(),
           "), not this rank ", rank(), ", but got ", peer);
}

void ProcessGroupGloo::Send(const DenseTensor& tensor, int peer) {
  CheckPeer("send", peer);
  if (tensor.nbytes() == 0) return;
  Guard("send", [&] {
    auto buf = context_->createUnboundBuffer(
        const_cast<char*>(static_cast<const char*>(tensor.raw_data())), tensor.nbytes());
    buf->send(peer, gloo::Slot::build(kP2PSlotPrefix, sent_[peer]++));
    buf->waitSend(timeout_);
  });
}

void ProcessGroupGloo::Recv(DenseTensor* tensor, int peer) {
  CheckPeer("recv", peer);
  if (tensor->nbytes() == 0) return;
  Guard("recv", [&] {
    auto buf = context_->createUnboundBuffer(tensor->raw_data(), tensor->nbytes());
    buf->recv(peer, gloo::Slot::build(kP2PSlotPrefix, received_[peer]++));
    buf->waitRecv(timeout_);
  });
}

}  // namespace distributed
}  // namespace paddle
