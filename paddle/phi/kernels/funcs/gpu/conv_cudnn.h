// 2-D convolutions on cuDNN, shared by conv2d / depthwise_conv2d, their grads, fused_conv2d and
// conv2d_transpose: the problem in cuDNN's terms, its descriptors and heuristically chosen
// algorithms cached per shape, and the forward / backward-data / backward-filter calls.
#pragma once

#include <cudnn.h>

#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/funcs/gpu/cudnn_helper.h"

namespace phi {
namespace funcs {

// One convolution as cuDNN sees it: x [n, c, h, w], w [k, c / groups, r, s], y [n, k, p, q];
// x and y stored NCHW, or all three channels-last (the filter then KRSC). Padding symmetric.
struct CudnnConvShape {
  cudnnDataType_t dtype = CUDNN_DATA_FLOAT;
  cudnnDataType_t compute = CUDNN_DATA_FLOAT;
  bool nhwc = false;
  int64_t n = 0, c = 0, h = 0, w = 0;
  int64_t k = 0, r = 0, s = 0;
  int64_t p = 0, q = 0;
  int64_t pad_h = 0, pad_w = 0;
  int64_t stride_h = 1, stride_w = 1;
  int64_t dilation_h = 1, dilation_w = 1;
  int64_t groups = 1;
};

// Forward: y = conv(x, w). Backward data: dx = conv^T(w, dy). Backward filter: dw from x, dy.
enum class ConvDirection { kForward = 0, kBackwardData = 1, kBackwardFilter = 2 };

namespace internal {

// Scratch cuDNN may use for one call; algorithms asking for more are passed over.
constexpr size_t kCudnnWorkspaceCap = size_t{512} << 20;

// Descriptors of one shape, and per direction the algorithm chosen on first use. Each
// direction has its own convolution descriptor because the chosen math types may differ.
struct CudnnConvPlan {
  CudnnTensorDesc x, y;
  CudnnFilterDesc w;
  CudnnConvDesc conv[3];
  cudnnMathType_t base_math = CUDNN_DEFAULT_MATH;
  bool strict_fma = false;  // float32 without TF32: only FMA kernels
  std::mutex mu;
  bool chosen[3] = {false, false, false};
  int algo[3] = {0, 0, 0};
  size_t workspace[3] = {0, 0, 0};
};

// The math a float32 convolution may use follows FLAGS_allow_tf32_cudnn: FMA only (no TF32
// rounding of the inputs) unless TF32 is allowed. 16-bit data uses tensor cores.
inline cudnnMathType_t BaseMathType(cudnnDataType_t dtype, bool* strict_fma) {
  *strict_fma = false;
  if (dtype == CUDNN_DATA_HALF || dtype == CUDNN_DATA_BFLOAT16) return CUDNN_TENSOR_OP_MATH;
  if (dtype == CUDNN_DATA_FLOAT && !gpu::AllowTF32Cudnn()) {
    *strict_fma = true;
    return CUDNN_FMA_MATH;
  }
  return CUDNN_DEFAULT_MATH;
}

inline std::shared_ptr<CudnnConvPlan> BuildConvPlan(const CudnnConvShape& s, const char* op) {
  auto plan = std::make_shared<CudnnConvPlan>();
  const auto dim = [op](int64_t v) { return CudnnExtent(v, op, "a convolution extent"); };
  plan->x.Set(s.dtype, s.nhwc, dim(s.n), dim(s.c), dim(s.h), dim(s.w));
  plan->y.Set(s.dtype, s.nhwc, dim(s.n), dim(s.k), dim(s.p), dim(s.q));
  plan->w.Set(s.dtype, s.nhwc, dim(s.k), dim(s.c / s.groups), dim(s.r), dim(s.s));
  plan->base_math = BaseMathType(s.dtype, &plan->strict_fma);
  for (CudnnConvDesc& conv : plan->conv) {
    conv.Set(dim(s.pad_h), dim(s.pad_w), dim(s.stride_h), dim(s.stride_w), dim(s.dilation_h),
             dim(s.dilation_w), dim(s.groups), s.compute, plan->base_math);
  }
  // cuDNN derives y's extents from x, w and the descriptor: they must be the ones the caller
  // computed, or the staging around cuDNN is wrong.
  int n = 0, k = 0, p = 0, q = 0;
  PD_CUDNN_CHECK(cudnnGetConvolution2dForwardOutputDim(plan->conv[0].get(), plan->x.get(),
                                                       plan->w.get(), &n, &k, &p, &q));
  PD_CHECK(n == s.n && k == s.k && p == s.p && q == s.q, PreconditionNotMet, op,
           " on GPU: cuDNN's output dims [", n, ", ", k, ", ", p, ", ", q,
           "] differ from the expected [", s.n, ", ", s.k, ", ", s.p, ", ", s.q, "]");
  return plan;
}

// The plan of a shape on a device, built once and kept in a bounded cache (cleared when full;
// plans in use stay alive through their shared_ptr).
inline std::shared_ptr<CudnnConvPlan> ConvPlanFor(const CudnnConvShape& s, int device,
                                                  const char* op) {
  bool strict = false;
  const cudnnMathType_t math = BaseMathType(s.dtype, &strict);
  const std::vector<int64_t> key = {
      device,  s.dtype,    s.compute,  s.nhwc,       s.n,          s.c,      s.h,
      s.w,     s.k,        s.r,        s.s,          s.p,          s.q,      s.pad_h,
      s.pad_w, s.stride_h, s.stride_w, s.dilation_h, s.dilation_w, s.groups, math};
  static std::mutex mu;
  static auto* cache = new std::map<std::vector<int64_t>, std::shared_ptr<CudnnConvPlan>>();
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache->find(key);
    if (it != cache->end()) return it->second;
  }
  std::shared_ptr<CudnnConvPlan> plan = BuildConvPlan(s, op);
  std::lock_guard<std::mutex> lock(mu);
  if (cache->size() >= 1024) cache->clear();
  return cache->emplace(key, plan).first->second;
}

// Picks the first heuristic result (cuDNN orders them by expected speed) that is supported,
// within the workspace cap and of an allowed math type; deterministic algorithms first, so
// repeated runs give the same bits as long as one exists.
template <typename Perf, typename Query, typename WorkspaceOf>
void ChooseAlgorithm(CudnnConvPlan* plan, ConvDirection dir, Query query, WorkspaceOf workspace_of,
                     int max_count, const char* op) {
  const int d = static_cast<int>(dir);
  CudnnConvDesc& conv = plan->conv[d];
  std::vector<Perf> perf(max_count > 0 ? max_count : 1);
  int returned = 0;
  conv.SetMath(plan->base_math);
  PD_CUDNN_CHECK(query(static_cast<int>(perf.size()), &returned, perf.data()));
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < returned; ++i) {
      const Perf& p = perf[i];
      if (p.status != CUDNN_STATUS_SUCCESS) continue;
      if (pass == 0 && p.determinism != CUDNN_DETERMINISTIC) continue;
      cudnnMathType_t math = p.mathType;
      if (plan->strict_fma) {
        if (p.mathType != CUDNN_FMA_MATH && p.mathType != CUDNN_DEFAULT_MATH) continue;
        math = CUDNN_FMA_MATH;
      } else if (p.mathType == CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION) {
        continue;  // would round float32 data to 16 bits
      }
      if (cudnnSetConvolutionMathType(conv.get(), math) != CUDNN_STATUS_SUCCESS) continue;
      size_t bytes = 0;
      if (workspace_of(p.algo, &bytes) != CUDNN_STATUS_SUCCESS) continue;
      if (bytes > kCudnnWorkspaceCap) continue;
      plan->algo[d] = static_cast<int>(p.algo);
      plan->workspace[d] = bytes;
      plan->chosen[d] = true;
      return;
    }
  }
  static const char* kNames[3] = {"forward", "backward-data", "backward-filter"};
  PD_THROW(Unimplemented, op, " on GPU: cuDNN offers no ", kNames[d],
           " convolution algorithm for this shape within ", kCudnnWorkspaceCap >> 20,
           " MiB of workspace", plan->strict_fma ? " without TF32" : "");
}

inline void EnsureAlgorithm(cudnnHandle_t handle, CudnnConvPlan* plan, ConvDirection dir,
                            const char* op) {
  const int d = static_cast<int>(dir);
  if (plan->chosen[d]) return;
  cudnnConvolutionDescriptor_t conv = plan->conv[d].get();
  int max_count = 0;
  switch (dir) {
    case ConvDirection::kForward:
      PD_CUDNN_CHECK(cudnnGetConvolutionForwardAlgorithmMaxCount(handle, &max_count));
      ChooseAlgorithm<cudnnConvolutionFwdAlgoPerf_t>(
          plan, dir,
          [&](int count, int* returned, cudnnConvolutionFwdAlgoPerf_t* perf) {
            return cudnnGetConvolutionForwardAlgorithm_v7(
                handle, plan->x.get(), plan->w.get(), conv, plan->y.get(), count, returned, perf);
          },
          [&](cudnnConvolutionFwdAlgo_t algo, size_t* bytes) {
            return cudnnGetConvolutionForwardWorkspaceSize(handle, plan->x.get(), plan->w.get(),
                                                           conv, plan->y.get(), algo, bytes);
          },
          max_count, op);
      return;
    case ConvDirection::kBackwardData:
      PD_CUDNN_CHECK(cudnnGetConvolutionBackwardDataAlgorithmMaxCount(handle, &max_count));
      ChooseAlgorithm<cudnnConvolutionBwdDataAlgoPerf_t>(
          plan, dir,
          [&](int count, int* returned, cudnnConvolutionBwdDataAlgoPerf_t* perf) {
            return cudnnGetConvolutionBackwardDataAlgorithm_v7(
                handle, plan->w.get(), plan->y.get(), conv, plan->x.get(), count, returned, perf);
          },
          [&](cudnnConvolutionBwdDataAlgo_t algo, size_t* bytes) {
            return cudnnGetConvolutionBackwardDataWorkspaceSize(
                handle, plan->w.get(), plan->y.get(), conv, plan->x.get(), algo, bytes);
          },
          max_count, op);
      return;
    case ConvDirection::kBackwardFilter:
      PD_CUDNN_CHECK(cudnnGetConvolutionBackwardFilterAlgorithmMaxCount(handle, &max_count));
      ChooseAlgorithm<cudnnConvolutionBwdFilterAlgoPerf_t>(
          plan, dir,
          [&](int count, int* returned, cudnnConvolutionBwdFilterAlgoPerf_t* perf) {
            return cudnnGetConvolutionBackwardFilterAlgorithm_v7(
                handle, plan->x.get(), plan->y.get(), conv, plan->w.get(), count, returned, perf);
          },
          [&](cudnnConvolutionBwdFilterAlgo_t algo, size_t* bytes) {
            return cudnnGetConvolutionBackwardFilterWorkspaceSize(
                handle, plan->x.get(), plan->y.get(), conv, plan->w.get(), algo, bytes);
          },
          max_count, op);
      return;
  }
}

}  // namespace internal

// Runs one direction on ctx's stream, overwriting the result (beta 0):
//   kForward:        a = x,  b = w,  out = y
//   kBackwardData:   a = w,  b = dy, out = dx
//   kBackwardFilter: a = x,  b = dy, out = dw
// Every extent must be positive (callers handle empty tensors themselves).
inline void CudnnConvolve(const GPUContext& ctx, const CudnnConvShape& s, ConvDirection dir,
                          const void* a, const void* b, void* out, const char* op) {
  std::shared_ptr<internal::CudnnConvPlan> plan = internal::ConvPlanFor(s, ctx.device_id(), op);
  cudnnHandle_t handle = ctx.cudnn_handle();
  int algo = 0;
  size_t bytes = 0;
  {
    std::lock_guard<std::mutex> lock(plan->mu);
    internal::EnsureAlgorithm(handle, plan.get(), dir, op);
    algo = plan->algo[static_cast<int>(dir)];
    bytes = plan->workspace[static_cast<int>(dir)];
  }
  void* workspace = bytes > 0 ? ctx.Workspace(bytes) : nullptr;
  const bool is_double = s.dtype == CUDNN_DATA_DOUBLE;
  const void* one = is_double ? CudnnOne<double>() : CudnnOne<float>();
  const void* zero = is_double ? CudnnZero<double>() : CudnnZero<float>();
  cudnnConvolutionDescriptor_t conv = plan->conv[static_cast<int>(dir)].get();
  switch (dir) {
    case ConvDirection::kForward:
      PD_CUDNN_CHECK(cudnnConvolutionForward(handle, one, plan->x.get(), a, plan->w.get(), b, conv,
                                             static_cast<cudnnConvolutionFwdAlgo_t>(algo),
                                             workspace, bytes, zero, plan->y.get(), out));
      return;
    case ConvDirection::kBackwardData:
      PD_CUDNN_CHECK(cudnnConvolutionBackwardData(handle, one, plan->w.get(), a, plan->y.get(), b,
                                                  conv,
                                                  static_cast<cudnnConvolutionBwdDataAlgo_t>(algo),
                                                  workspace, bytes, zero, plan->x.get(), out));
      return;
    case ConvDirection::kBackwardFilter:
      PD_CUDNN_CHECK(
          cudnnConvolutionBackwardFilter(handle, one, plan->x.get(), a, plan->y.get(), b, conv,
                                         static_cast<cudnnConvolutionBwdFilterAlgo_t>(algo),
                                         workspace, bytes, zero, plan->w.get(), out));
      return;
  }
}

}  // namespace funcs
}  // namespace phi
