#include "paddle/phi/kernels/fused_elementwise_kernel.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/fusion.h"
#include "paddle/phi/kernels/funcs/erf.h"
#include "paddle/phi/kernels/funcs/fused_elementwise_program.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {
namespace {

using funcs::FusedInstruction;
using funcs::FusedOpcode;
using funcs::FusedProgram;

// Tile buffers of 4 KiB: a group's handful of live registers stays in L1.
constexpr int64_t kTileBytes = 4096;

// How an input's elements map to the output's flat index p.
struct InputAccess {
  enum Kind { kFull, kScalar, kBlock, kStrided } kind = kFull;
  int64_t k = 1, m = 1;  // kBlock: element (p / k) % m (a row vector: k = 1; a column: m = numel)
  std::vector<int64_t> dims, strides;  // kStrided: output dims and the input's strides (0: bcast)
};

// The instruction list prepared for one signature: register placement and input access.
struct TilePlan {
  FusedProgram program;
  DDim out_dims;
  int64_t numel = 0;
  std::vector<InputAccess> inputs;
  std::vector<int> slot;        // per register: its tile buffer, -1 when it lives elsewhere
  std::vector<int> direct_out;  // per register: the Out it is computed into directly, or -1
  int num_slots = 0;
};

InputAccess ClassifyInput(const DDim& in, const DDim& out) {
  InputAccess access;
  const int64_t numel = in.numel();
  if (numel == out.numel()) return access;
  if (numel == 1) {
    access.kind = InputAccess::kScalar;
    return access;
  }
  const int rank = out.size(), offset = rank - in.size();
  std::vector<int64_t> aligned(rank, 1);
  for (int i = 0; i < in.size(); ++i) aligned[offset + i] = in[i];
  // The dims the input spans (extent > 1) must be contiguous among the output's non-trivial
  // dims for the (p / k) % m form; anything else walks strides.
  int first = -1, last = -1;
  bool contiguous = true;
  for (int d = 0; d < rank; ++d) {
    if (out[d] == 1) continue;
    if (aligned[d] != 1) {
      if (first < 0) first = d;
      if (last >= 0 && last != d) {
        // A broadcast (non-trivial) dim lies between spanned dims.
        for (int e = last + 1; e < d; ++e)
          if (out[e] != 1) contiguous = false;
      }
      last = d;
    }
  }
  if (contiguous) {
    access.kind = InputAccess::kBlock;
    access.m = numel;
    for (int d = last + 1; d < rank; ++d) access.k *= out[d];
    return access;
  }
  access.kind = InputAccess::kStrided;
  access.dims = out.ToVector();
  access.strides.assign(rank, 0);
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    if (aligned[d] != 1) access.strides[d] = stride;
    stride *= aligned[d];
  }
  return access;
}

std::shared_ptr<const TilePlan> BuildPlan(const std::vector<const DenseTensor*>& x,
                                          const std::vector<std::string>& instructions,
                                          int num_outputs) {
  auto plan = std::make_shared<TilePlan>();
  plan->program = funcs::ParseFusedProgram(instructions, static_cast<int>(x.size()), num_outputs);
  std::vector<DDim> dims;
  for (const DenseTensor* t : x) dims.push_back(t->dims());
  plan->out_dims = FusedElementwiseOutDims(dims);
  plan->numel = plan->out_dims.numel();
  const FusedProgram& program = plan->program;
  plan->slot.assign(program.num_registers, -1);
  plan->direct_out.assign(program.num_registers, -1);
  std::vector<int> last_use(program.num_registers, -1);
  for (size_t i = 0; i < program.code.size(); ++i) {
    last_use[program.code[i].a] = static_cast<int>(i);
    if (program.code[i].b >= 0) last_use[program.code[i].b] = static_cast<int>(i);
  }
  // Inputs that are not read in place get a buffer of their own for the whole run.
  for (size_t i = 0; i < x.size(); ++i) {
    plan->inputs.push_back(ClassifyInput(x[i]->dims(), plan->out_dims));
    if (plan->inputs[i].kind != InputAccess::kFull) plan->slot[i] = plan->num_slots++;
  }
  // A computed register that some Out takes is computed straight into that Out's memory; the
  // others share buffers by liveness (a destination never shares with its own operands, so the
  // loops may assume no aliasing).
  for (const FusedInstruction& ins : program.code)
    if (ins.code == FusedOpcode::kOut && ins.a >= program.num_inputs && plan->direct_out[ins.a] < 0)
      plan->direct_out[ins.a] = ins.out_index;
  std::vector<int> free_slots;
  for (size_t i = 0; i < program.code.size(); ++i) {
    const FusedInstruction& ins = program.code[i];
    if (ins.dst >= 0 && plan->direct_out[ins.dst] < 0) {
      if (free_slots.empty()) {
        plan->slot[ins.dst] = plan->num_slots++;
      } else {
        plan->slot[ins.dst] = free_slots.back();
        free_slots.pop_back();
      }
    }
    for (int r : {ins.a, ins.b}) {
      if (r >= program.num_inputs && last_use[r] == static_cast<int>(i) && plan->slot[r] >= 0 &&
          std::find(free_slots.begin(), free_slots.end(), plan->slot[r]) == free_slots.end())
        free_slots.push_back(plan->slot[r]);
    }
  }
  return plan;
}

// A bounded cache of prepared lists, keyed by the full signature (so two groups never share an
// entry): the list, the input dims and the dtype.
class PlanCache {
 public:
  static PlanCache& Instance() {
    static PlanCache* cache = new PlanCache();  // never destroyed: kernels may run at exit
    return *cache;
  }
  std::shared_ptr<const TilePlan> Get(const std::vector<const DenseTensor*>& x,
                                      const std::vector<std::string>& instructions, int num_outputs,
                                      DataType dtype) {
    std::string key =
        std::to_string(static_cast<int>(dtype)) + ";" + std::to_string(num_outputs) + ";";
    for (const DenseTensor* t : x) {
      for (int d = 0; d < t->dims().size(); ++d) key += std::to_string(t->dims()[d]) + ",";
      key += ";";
    }
    for (const std::string& s : instructions) key += s + "\n";
    std::lock_guard<std::mutex> lock(mu_);
    auto it = plans_.find(key);
    if (it != plans_.end()) return it->second;
    auto plan = BuildPlan(x, instructions, num_outputs);
    if (plans_.size() >= kCapacity) plans_.clear();  // bounded; rebuilding is cheap
    plans_.emplace(std::move(key), plan);
    ++builds_;
    return plan;
  }
  int64_t size() {
    std::lock_guard<std::mutex> lock(mu_);
    return static_cast<int64_t>(plans_.size());
  }
  int64_t builds() {
    std::lock_guard<std::mutex> lock(mu_);
    return builds_;
  }

 private:
  static constexpr size_t kCapacity = 256;
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<const TilePlan>> plans_;
  int64_t builds_ = 0;
};

// The scalar formulas, each the same expression as the unfused op's CPU kernel (so a fused
// group computes bit for bit what its ops computed): elementwise_*_kernel.cc, activation,
// unary_math and elementwise_unary kernels, scale_kernel.cc.
template <typename T>
void RunInstruction(const FusedInstruction& ins, const T* __restrict__ a, const T* __restrict__ b,
                    T* __restrict__ d, int64_t n) {
  switch (ins.code) {
    case FusedOpcode::kAdd:
      for (int64_t i = 0; i < n; ++i) d[i] = a[i] + b[i];
      break;
    case FusedOpcode::kSubtract:
      for (int64_t i = 0; i < n; ++i) d[i] = a[i] - b[i];
      break;
    case FusedOpcode::kMultiply:
      for (int64_t i = 0; i < n; ++i) d[i] = a[i] * b[i];
      break;
    case FusedOpcode::kDivide:
      for (int64_t i = 0; i < n; ++i) d[i] = a[i] / b[i];
      break;
    case FusedOpcode::kMaximum:
      for (int64_t i = 0; i < n; ++i) d[i] = a[i] < b[i] ? b[i] : a[i];
      break;
    case FusedOpcode::kMinimum:
      for (int64_t i = 0; i < n; ++i) d[i] = b[i] < a[i] ? b[i] : a[i];
      break;
    case FusedOpcode::kPow:
      for (int64_t i = 0; i < n; ++i) d[i] = static_cast<T>(std::pow(a[i], b[i]));
      break;
    case FusedOpcode::kScale: {
      const T s = static_cast<T>(ins.scale), c = static_cast<T>(ins.bias);
      if (ins.bias_after_scale) {
        for (int64_t i = 0; i < n; ++i) d[i] = s * a[i] + c;
      } else {
        for (int64_t i = 0; i < n; ++i) d[i] = s * (a[i] + c);
      }
      break;
    }
    case FusedOpcode::kRelu:
      for (int64_t i = 0; i < n; ++i) d[i] = a[i] < T(0) ? T(0) : a[i];
      break;
    case FusedOpcode::kSigmoid:
      for (int64_t i = 0; i < n; ++i) {
        const T v = a[i];
        if (v >= T(0)) {
          d[i] = T(1) / (T(1) + std::exp(-v));
        } else {
          const T e = std::exp(v);
          d[i] = e / (T(1) + e);
        }
      }
      break;
    case FusedOpcode::kTanh:
      for (int64_t i = 0; i < n; ++i) d[i] = std::tanh(a[i]);
      break;
    case FusedOpcode::kExp:
      for (int64_t i = 0; i < n; ++i) d[i] = std::exp(a[i]);
      break;
    case FusedOpcode::kLog:
      for (int64_t i = 0; i < n; ++i) d[i] = std::log(a[i]);
      break;
    case FusedOpcode::kSqrt:
      for (int64_t i = 0; i < n; ++i) d[i] = std::sqrt(a[i]);
      break;
    case FusedOpcode::kRsqrt:
      for (int64_t i = 0; i < n; ++i) d[i] = T(1) / std::sqrt(a[i]);
      break;
    case FusedOpcode::kErf:
      funcs::ErfScaled(a, T(1), n, d);  // the erf op's own (vectorized for float)
      break;
    case FusedOpcode::kAbs:
      for (int64_t i = 0; i < n; ++i) d[i] = a[i] < T(0) ? T(-a[i]) : a[i];
      break;
    case FusedOpcode::kSquare:
      for (int64_t i = 0; i < n; ++i) d[i] = a[i] * a[i];
      break;
    case FusedOpcode::kOut:
      break;
  }
}

// Copies the input's elements for output positions [begin, begin + n) into `dst`.
template <typename T>
void Gather(const InputAccess& access, const T* in, int64_t begin, int64_t n, T* dst) {
  if (access.kind == InputAccess::kBlock) {
    int64_t p = begin;
    const int64_t end = begin + n;
    if (access.k == 1) {  // a repeated row: contiguous segments
      while (p < end) {
        const int64_t r = p % access.m;
        const int64_t len = std::min(end - p, access.m - r);
        std::memcpy(dst + (p - begin), in + r, sizeof(T) * len);
        p += len;
      }
    } else {  // runs of k equal values
      while (p < end) {
        const int64_t q = p / access.k;
        const int64_t run_end = std::min(end, (q + 1) * access.k);
        std::fill(dst + (p - begin), dst + (run_end - begin), in[q % access.m]);
        p = run_end;
      }
    }
    return;
  }
  // Strided: an odometer over the output coordinates, a row of the innermost dim at a time
  // (contiguous or one repeated value there).
  const int rank = static_cast<int>(access.dims.size());
  int64_t coord[DDim::kMaxRank] = {0};
  int64_t rem = begin, offset = 0;
  for (int d = rank - 1; d >= 0; --d) {
    coord[d] = rem % access.dims[d];
    rem /= access.dims[d];
    offset += coord[d] * access.strides[d];
  }
  const int last = rank - 1;
  const int64_t inner = access.dims[last], step = access.strides[last];
  int64_t j = 0;
  while (j < n) {
    const int64_t len = std::min(n - j, inner - coord[last]);
    if (step == 0) {
      std::fill(dst + j, dst + j + len, in[offset]);
    } else {
      std::memcpy(dst + j, in + offset, sizeof(T) * len);
    }
    j += len;
    offset += (len - 1) * step;  // now at the row's last element taken
    coord[last] += len - 1;
    for (int d = last; d >= 0; --d) {  // advance one element, carrying
      offset += access.strides[d];
      if (++coord[d] < access.dims[d]) break;
      offset -= access.strides[d] * access.dims[d];
      coord[d] = 0;
    }
  }
}

template <typename T>
void RunTiles(const TilePlan& plan, const std::vector<const T*>& in, const std::vector<T*>& out,
              int64_t tile_begin, int64_t tile_end) {
  constexpr int64_t kTile = kTileBytes / sizeof(T);
  const FusedProgram& program = plan.program;
  std::vector<T> buffers(static_cast<size_t>(plan.num_slots) * kTile);
  auto buffer = [&](int slot) { return buffers.data() + slot * kTile; };
  for (int i = 0; i < program.num_inputs; ++i)
    if (plan.inputs[i].kind == InputAccess::kScalar)
      std::fill(buffer(plan.slot[i]), buffer(plan.slot[i]) + kTile, in[i][0]);
  std::vector<T*> reg(program.num_registers, nullptr);
  for (int64_t tile = tile_begin; tile < tile_end; ++tile) {
    const int64_t begin = tile * kTile;
    const int64_t n = std::min(kTile, plan.numel - begin);
    for (int i = 0; i < program.num_inputs; ++i) {
      const InputAccess& access = plan.inputs[i];
      if (access.kind == InputAccess::kFull) {
        reg[i] = const_cast<T*>(in[i]) + begin;  // read only
      } else {
        reg[i] = buffer(plan.slot[i]);
        if (access.kind != InputAccess::kScalar) Gather(access, in[i], begin, n, reg[i]);
      }
    }
    for (const FusedInstruction& ins : program.code) {
      if (ins.code == FusedOpcode::kOut) {
        T* dst = out[ins.out_index] + begin;
        if (dst != reg[ins.a]) std::memcpy(dst, reg[ins.a], sizeof(T) * n);
        continue;
      }
      const int direct = plan.direct_out[ins.dst];
      reg[ins.dst] = direct >= 0 ? out[direct] + begin : buffer(plan.slot[ins.dst]);
      RunInstruction<T>(ins, reg[ins.a], ins.b >= 0 ? reg[ins.b] : nullptr, reg[ins.dst], n);
    }
  }
}

}  // namespace

int64_t FusedElementwiseCacheSize() { return PlanCache::Instance().size(); }
int64_t FusedElementwiseCacheBuilds() { return PlanCache::Instance().builds(); }

template <typename T, typename Context>
void FusedElementwiseKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                            const std::vector<std::string>& instructions,
                            std::vector<DenseTensor*> out) {
  // Copies share storage: inputs stay alive (and readable) while the outputs are allocated.
  std::vector<DenseTensor> inputs;
  for (size_t i = 0; i < x.size(); ++i) {
    PD_CHECK(x[i] != nullptr, InvalidArgument, "expected fused_elementwise's X[", i,
             "] to be a tensor, but it is missing");
    PD_CHECK(x[i]->dtype() == x[0]->dtype(), InvalidArgument,
             "expected fused_elementwise's inputs to share one dtype, but X[", i, "] is ",
             x[i]->dtype(), " and X[0] ", x[0]->dtype());
    inputs.push_back(*x[i]);
  }
  std::vector<const DenseTensor*> in_tensors;
  for (const DenseTensor& t : inputs) in_tensors.push_back(&t);
  const std::shared_ptr<const TilePlan> plan =
      PlanCache::Instance().Get(in_tensors, instructions, static_cast<int>(out.size()),
                                x.empty() ? DataType::UNDEFINED : x[0]->dtype());
  std::vector<T*> out_data;
  for (size_t j = 0; j < out.size(); ++j) {
    PD_CHECK(out[j] != nullptr, InvalidArgument, "expected fused_elementwise's Out[", j,
             "] to be a tensor, but it is missing");
    out[j]->Resize(plan->out_dims);
    out_data.push_back(dev_ctx.template Alloc<T>(out[j]));
  }
  // An Out sharing an input's storage (in place) would be overwritten before the input is
  // read: such inputs are read from a copy.
  std::vector<DenseTensor> copies;
  copies.reserve(inputs.size());
  std::vector<const T*> in_data;
  for (const DenseTensor& t : inputs) {
    const T* data = t.data<T>();
    const T* data_end = data + t.numel();
    bool shared = false;
    for (size_t j = 0; j < out.size(); ++j)
      shared = shared || (out_data[j] < data_end && data < out_data[j] + plan->numel);
    if (shared) {
      copies.emplace_back(t.dtype(), t.dims());
      T* copy = dev_ctx.template Alloc<T>(&copies.back());
      std::memcpy(copy, data, sizeof(T) * t.numel());
      data = copy;
    }
    in_data.push_back(data);
  }
  constexpr int64_t kTile = kTileBytes / sizeof(T);
  const int64_t tiles = (plan->numel + kTile - 1) / kTile;
  const int64_t cost = kTile * static_cast<int64_t>(plan->program.code.size() + 1);
  funcs::ParallelRange(tiles, cost, [&](int64_t begin, int64_t end) {
    RunTiles<T>(*plan, in_data, out_data, begin, end);
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(fused_elementwise, CPU, phi::FusedElementwiseKernel, float, double);
