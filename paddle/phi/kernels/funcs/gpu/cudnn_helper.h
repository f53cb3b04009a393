// cuDNN plumbing shared by the GPU kernels that call cuDNN: the cuDNN data and compute types of
// a kernel's T, owning wrappers for the descriptors, and the alpha / beta scalars cuDNN reads by
// pointer. Only .cu files of a PADDLE_WITH_CUDA build include this.
#pragma once

#include <cudnn.h>

#include <climits>
#include <cstdint>
#include <type_traits>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/common/data_type.h"

namespace phi {
namespace funcs {

template <typename T>
struct CudnnTypeOf;
template <>
struct CudnnTypeOf<float> {
  static constexpr cudnnDataType_t kData = CUDNN_DATA_FLOAT;
  static constexpr cudnnDataType_t kCompute = CUDNN_DATA_FLOAT;
};
template <>
struct CudnnTypeOf<double> {
  static constexpr cudnnDataType_t kData = CUDNN_DATA_DOUBLE;
  static constexpr cudnnDataType_t kCompute = CUDNN_DATA_DOUBLE;
};
// 16-bit data accumulates in float32 (cuDNN's "pseudo-half" configuration).
template <>
struct CudnnTypeOf<phi::float16> {
  static constexpr cudnnDataType_t kData = CUDNN_DATA_HALF;
  static constexpr cudnnDataType_t kCompute = CUDNN_DATA_FLOAT;
};
template <>
struct CudnnTypeOf<phi::bfloat16> {
  static constexpr cudnnDataType_t kData = CUDNN_DATA_BFLOAT16;
  static constexpr cudnnDataType_t kCompute = CUDNN_DATA_FLOAT;
};

// alpha / beta: cuDNN reads doubles for double data and floats for everything else.
template <typename T>
const void* CudnnOne() {
  static const std::conditional_t<std::is_same_v<T, double>, double, float> one = 1;
  return &one;
}
template <typename T>
const void* CudnnZero() {
  static const std::conditional_t<std::is_same_v<T, double>, double, float> zero = 0;
  return &zero;
}

// cuDNN's legacy descriptors take int extents: a larger one is refused with a clear error
// rather than truncated.
inline int CudnnExtent(int64_t value, const char* op, const char* what) {
  PD_CHECK(value >= 0 && value <= INT_MAX, Unimplemented, op, " on GPU: ", what, " (", value,
           ") exceeds what cuDNN's 32-bit descriptors can describe");
  return static_cast<int>(value);
}

class CudnnTensorDesc {
 public:
  CudnnTensorDesc() { PD_CUDNN_CHECK(cudnnCreateTensorDescriptor(&desc_)); }
  ~CudnnTensorDesc() { cudnnDestroyTensorDescriptor(desc_); }
  CudnnTensorDesc(const CudnnTensorDesc&) = delete;
  CudnnTensorDesc& operator=(const CudnnTensorDesc&) = delete;
  // A packed 4-D tensor of logical dims [n, c, h, w] stored as NCHW or NHWC.
  void Set(cudnnDataType_t dtype, bool nhwc, int n, int c, int h, int w) {
    PD_CUDNN_CHECK(cudnnSetTensor4dDescriptor(desc_, nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW,
                                              dtype, n, c, h, w));
  }
  cudnnTensorDescriptor_t get() const { return desc_; }

 private:
  cudnnTensorDescriptor_t desc_ = nullptr;
};

class CudnnFilterDesc {
 public:
  CudnnFilterDesc() { PD_CUDNN_CHECK(cudnnCreateFilterDescriptor(&desc_)); }
  ~CudnnFilterDesc() { cudnnDestroyFilterDescriptor(desc_); }
  CudnnFilterDesc(const CudnnFilterDesc&) = delete;
  CudnnFilterDesc& operator=(const CudnnFilterDesc&) = delete;
  // Filter [k, c, r, s] stored as KCRS (nhwc false) or KRSC.
  void Set(cudnnDataType_t dtype, bool nhwc, int k, int c, int r, int s) {
    PD_CUDNN_CHECK(cudnnSetFilter4dDescriptor(
        desc_, dtype, nhwc ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW, k, c, r, s));
  }
  cudnnFilterDescriptor_t get() const { return desc_; }

 private:
  cudnnFilterDescriptor_t desc_ = nullptr;
};

class CudnnConvDesc {
 public:
  CudnnConvDesc() { PD_CUDNN_CHECK(cudnnCreateConvolutionDescriptor(&desc_)); }
  ~CudnnConvDesc() { cudnnDestroyConvolutionDescriptor(desc_); }
  CudnnConvDesc(const CudnnConvDesc&) = delete;
  CudnnConvDesc& operator=(const CudnnConvDesc&) = delete;
  // Cross-correlation (what conv2d computes), symmetric padding.
  void Set(int pad_h, int pad_w, int stride_h, int stride_w, int dilation_h, int dilation_w,
           int groups, cudnnDataType_t compute, cudnnMathType_t math) {
    PD_CUDNN_CHECK(cudnnSetConvolution2dDescriptor(desc_, pad_h, pad_w, stride_h, stride_w,
                                                   dilation_h, dilation_w, CUDNN_CROSS_CORRELATION,
                                                   compute));
    PD_CUDNN_CHECK(cudnnSetConvolutionGroupCount(desc_, groups));
    SetMath(math);
  }
  void SetMath(cudnnMathType_t math) { PD_CUDNN_CHECK(cudnnSetConvolutionMathType(desc_, math)); }
  cudnnConvolutionDescriptor_t get() const { return desc_; }

 private:
  cudnnConvolutionDescriptor_t desc_ = nullptr;
};

}  // namespace funcs
}  // namespace phi
