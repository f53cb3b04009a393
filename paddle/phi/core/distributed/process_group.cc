#include "paddle/phi/core/distributed/process_group.h"

#include <mutex>
#include <unordered_map>

#include "paddle/common/errors.h"

namespace phi {
namespace distributed {

const char* ReduceOpName(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum:
      return "sum";
    case ReduceOp::kMax:
      return "max";
    case ReduceOp::kMin:
      return "min";
    case ReduceOp::kProd:
      return "prod";
  }
  return "unknown";
}

namespace {

struct Registry {
  std::mutex mu;
  std::unordered_map<int, std::shared_ptr<ProcessGroup>> groups;
};

Registry& GetRegistry() {
  static Registry* registry = new Registry();  // never destroyed: kernels may run at exit
  return *registry;
}

}  // namespace

void RegisterProcessGroup(int ring_id, std::shared_ptr<ProcessGroup> group) {
  PD_CHECK(group != nullptr, InvalidArgument, "expected a process group for ring_id ", ring_id,
           ", but got null");
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.groups[ring_id] = std::move(group);
}

void RemoveProcessGroup(int ring_id) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.groups.erase(ring_id);
}

bool HasProcessGroup(int ring_id) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  return r.groups.count(ring_id) != 0;
}

std::shared_ptr<ProcessGroup> GetProcessGroup(int ring_id, const std::string& op) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.groups.find(ring_id);
  PD_CHECK(it != r.groups.end(), NotFound, "op '", op, "' expected a process group for ring_id ",
           ring_id, " (call paddle.distributed.init_parallel_env() or fleet.init() first), but ",
           "none is registered");
  return it->second;
}

}  // namespace distributed
}  // namespace phi
