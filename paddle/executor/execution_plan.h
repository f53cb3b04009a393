// ExecutionPlan: the compile-time placement of one block. Which device runs each op is decided
// here, before the interpreter builds anything: the op's `op_device` attribute (what
// paddle.static.device_guard writes) first, then kernel availability (an op with no kernel for
// the default device runs on the CPU, and the plan says why). Every variable gets a home
// place; where an op reads or writes a variable away from its home, the plan inserts
// memcpy_h2d / memcpy_d2h ops. The interpreter runs the rewritten block as planned and never
// chooses a device while running.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "paddle/framework/block_desc.h"
#include "paddle/phi/common/place.h"
#include "paddle/phi/core/kernel_registry.h"

namespace paddle {
namespace executor {

struct PlacementOptions {
  phi::Place default_place;
  // Whether a kernel exists for (kernel name, key); the kernel registry when unset. Tests on
  // machines without a GPU build give their own, to plan for kernels that are not compiled.
  std::function<bool(const std::string& kernel, const phi::KernelKey& key)> has_kernel;
  // Homes of variables of enclosing blocks (a sub-block's plan inherits its parent's).
  std::unordered_map<std::string, phi::Place> outer_homes;
};

struct PlannedCopy {
  std::string op_type;  // memcpy_h2d or memcpy_d2h
  std::string from, to;  // variable names
  size_t op_index;      // of the copy in the rewritten block
};

struct ExecutionPlan {
  framework::ProgramDesc program;    // the program with block `block_id` rewritten
  int block_id = 0;
  std::vector<phi::Place> op_places;  // one per op of the rewritten block
  std::vector<std::string> reasons;   // why each op runs where it does
  std::vector<PlannedCopy> copies;
  std::unordered_map<std::string, phi::Place> homes;  // every variable the block touches
  // "op #i type @ place (reason)" lines, the copies marked; what paddle prints and tests read.
  std::string ToString() const;
};

ExecutionPlan PlanPlacement(const framework::ProgramDesc& program, int block_id,
                            const PlacementOptions& options);

// Ops the interpreter binds itself (feeds and fetches by name): no kernel, no place.
inline bool IsFeedOrFetch(const std::string& type) {
  return type == "feed" || type == "fetch" || type == "fetch_v2";
}

// Whether plans are needed at all for `place` (CPU runs need none: every op is on the host).
inline bool NeedsPlacement(const phi::Place& place) { return place.is_gpu(); }

}  // namespace executor
}  // namespace paddle
