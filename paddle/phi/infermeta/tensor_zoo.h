// InferMeta functions of the tensor_zoo ops (affine_channel, pad, strided_slice, set_value,
// masked_select, unbind) and their grads, plus the strided-region geometry that the
// strided_slice and set_value kernels share with them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// A strided region of a tensor: per input dim the first index, the signed step and the number
// of elements taken (dims; -1 where the input extent is unknown at build time).
struct StridedRegion {
  std::vector<int64_t> starts;
  std::vector<int64_t> steps;
  DDim dims;
};

// strided_slice's normalization, as PaddlePaddle does it: negative starts/ends count from the
// end and clamp at 0; an end of -1 with a negative stride means "through index 0"; a range
// running against its stride, or a stride of 0, raises InvalidArgument. An axis listed in
// decrease_axis with start -1, end 0 takes the last element.
StridedRegion StridedSliceRegion(const DDim& x_dims, const std::vector<int>& axes,
                                 const std::vector<int>& starts, const std::vector<int>& ends,
                                 const std::vector<int>& strides,
                                 const std::vector<int>& decrease_axis);

// set_value's normalization: like strided_slice's, except that with a negative step an end
// below -1 counts from the end and then clamps at -1 (through index 0).
StridedRegion SetValueRegion(const DDim& x_dims, const std::vector<int64_t>& axes,
                             const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                             const std::vector<int64_t>& steps);

// The region's dims with decrease_axes dropped and extents of 1 inserted at none_axes: the
// shape a set_value value broadcasts to.
DDim SetValueAssignDims(const DDim& region_dims, const std::vector<int64_t>& decrease_axes,
                        const std::vector<int64_t>& none_axes);

// Calls fn(input_offset, region_offset) for every element of the region of a contiguous tensor
// of dims in_dims, in row-major region order.
template <typename Fn>
void ForEachStridedIndex(const DDim& in_dims, const StridedRegion& region, Fn&& fn) {
  const int rank = in_dims.size();
  const int64_t numel = region.dims.numel();
  if (numel <= 0) return;
  std::vector<int64_t> strides(rank, 1);
  for (int i = rank - 2; i >= 0; --i) strides[i] = strides[i + 1] * in_dims[i + 1];
  int64_t offset = 0;
  for (int i = 0; i < rank; ++i) offset += region.starts[i] * strides[i];
  std::vector<int64_t> counter(rank, 0);
  for (int64_t r = 0; r < numel; ++r) {
    fn(offset, r);
    for (int d = rank - 1; d >= 0; --d) {  // odometer step
      offset += region.steps[d] * strides[d];
      if (++counter[d] < region.dims[d]) break;
      offset -= region.steps[d] * strides[d] * region.dims[d];
      counter[d] = 0;
    }
  }
}

// Scale and Bias are 1-D of X's channel extent: dim 1 for "NCHW", the last dim for "NHWC" and
// "AnyLayout" (PaddlePaddle's default, which reads the channel from the last dim).
void AffineChannelInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                            const std::string& data_layout, MetaTensor* out);

// Out@GRAD must have X's dims and dtype; X and Scale pass the forward's checks.
void AffineChannelGradInferMeta(const MetaTensor& x, const MetaTensor& scale,
                                const MetaTensor& out_grad, const std::string& data_layout,
                                MetaTensor* x_grad, MetaTensor* scale_grad,
                                MetaTensor* bias_grad);

// paddings holds (before, after) pairs, one per dim of X, all >= 0; pad_from_first_axis false
// reads the pairs from the last dim backwards.
void PadInferMeta(const MetaTensor& x, const std::vector<int>& paddings, float pad_value,
                  bool pad_from_first_axis, MetaTensor* out);

void PadGradInferMeta(const MetaTensor& out_grad, const std::vector<int>& paddings,
                      bool pad_from_first_axis, MetaTensor* x_grad);

// Bounds given by tensors (StartsTensor, ...) reach it as the attributes, read at run time.
void StridedSliceInferMeta(const MetaTensor& input, const std::vector<int>& axes,
                           const std::vector<int>& starts, const std::vector<int>& ends,
                           const std::vector<int>& strides, const std::vector<int>& infer_flags,
                           const std::vector<int>& decrease_axis, MetaTensor* out);

// Out takes Input's meta. The value (ValueTensor, else the attribute values of dims `shape`)
// must broadcast to SetValueAssignDims of the region.
void SetValueInferMeta(const MetaTensor& input, const MetaTensor& value_tensor,
                       const std::vector<int64_t>& axes, const std::vector<int64_t>& starts,
                       const std::vector<int64_t>& ends, const std::vector<int64_t>& steps,
                       const std::vector<int64_t>& decrease_axes,
                       const std::vector<int64_t>& none_axes, const std::vector<int64_t>& shape,
                       MetaTensor* out);

// Out@GRAD and ValueTensor pass set_value's checks (Out@GRAD standing for Input).
void SetValueGradInferMeta(const MetaTensor& out_grad, const MetaTensor& value_tensor,
                           const std::vector<int64_t>& axes, const std::vector<int64_t>& starts,
                           const std::vector<int64_t>& ends, const std::vector<int64_t>& steps,
                           const std::vector<int64_t>& decrease_axes,
                           const std::vector<int64_t>& none_axes,
                           const std::vector<int64_t>& shape, MetaTensor* input_grad,
                           MetaTensor* value_grad);

// Mask is bool and broadcasts with X (NumPy rule); Y is 1-D with an extent known only when
// the kernel has counted the selected elements (-1 before).
void MaskedSelectInferMeta(const MetaTensor& x, const MetaTensor& mask, MetaTensor* y);

// One output per index along axis, each without that axis.
void UnbindInferMeta(const MetaTensor& x, int axis, std::vector<MetaTensor*> outs);

}  // namespace phi
