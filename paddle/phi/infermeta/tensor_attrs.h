// Build-time InferMeta of ops whose attributes tensors may give (the records' tensor_attrs:
// PaddlePaddle's ShapeTensor, ShapeTensorList, AxisTensor, StartsTensor, ...). At build time
// those values are unknown: the extents they decide are -1 and the rest is inferred as usual.
// At run time the values are read and the ops' own InferMeta runs on them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/phi/common/data_type.h"
#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// How many values a tensor-fed list attribute will hold: one a tensor of `list` when that is
// given, else the extent of the 1-D `tensor` (-1 when unknown).
int64_t FedValueCount(const MetaTensor& tensor, const std::vector<const MetaTensor*>& list);

// fill_constant, uniform_random, gaussian_random, randint: Out has one extent a shape value,
// each -1 unless `shape` holds that many entries and this one is >= 0 (PaddlePaddle's front
// end stores the constant entries there and -1 for those a tensor gives). Without shape
// tensors: CreateInferMeta. A shape tensor of unknown length gives Out [-1].
void CreateBuildInferMeta(const MetaTensor& shape_tensor,
                          const std::vector<const MetaTensor*>& shape_tensor_list,
                          const std::vector<int64_t>& shape, DataType dtype, MetaTensor* out);

// reshape2: Out has one extent a shape value (the attribute's positive entries where it holds
// that many, 0 copying x's extent, else -1); XShape as usual.
void ReshapeBuildInferMeta(const MetaTensor& x, const MetaTensor& shape_tensor,
                           const std::vector<const MetaTensor*>& shape_tensor_list,
                           const std::vector<int64_t>& shape, MetaTensor* out, MetaTensor* xshape);

// concat with AxisTensor: Out has X[0]'s rank, every extent -1.
void ConcatBuildInferMeta(const std::vector<const MetaTensor*>& x, MetaTensor* out);

// split with AxisTensor (every extent of each output -1) or SectionsTensorList (the split
// axis -1 in each output where the sections attribute does not hold that many entries >= 0).
void SplitBuildInferMeta(const MetaTensor& x, const MetaTensor& axis_tensor, int axis,
                         const std::vector<int>& sections, std::vector<MetaTensor*> out);

// slice and strided_slice with tensor-fed bounds: the sliced axes -1, decrease_axis dropped.
void SliceBuildInferMeta(const MetaTensor& input, const std::vector<int64_t>& axes,
                         const std::vector<int64_t>& decrease_axis, MetaTensor* out);

// unsqueeze2 with AxesTensor or AxesTensorList: Out of rank X's + the axis count, every extent
// -1 (rank 1 when the count is unknown); XShape as usual.
void UnsqueezeBuildInferMeta(const MetaTensor& x, const MetaTensor& axes_tensor,
                             const std::vector<const MetaTensor*>& axes_tensor_list,
                             MetaTensor* out, MetaTensor* xshape);

// expand_v2 with Shape or expand_shapes_tensor: Out has one extent a shape value (the
// attribute's positive entries where it holds that many, -1 keeping x's aligned extent, else
// -1).
void ExpandBuildInferMeta(const MetaTensor& x, const MetaTensor& shape_tensor,
                          const std::vector<const MetaTensor*>& shape_tensor_list,
                          const std::vector<int64_t>& shape, MetaTensor* out);

// tile with RepeatTimes or repeat_times_tensor: Out of rank max(X's, the count), every extent
// -1.
void TileBuildInferMeta(const MetaTensor& x, const MetaTensor& repeat_tensor,
                        const std::vector<const MetaTensor*>& repeat_tensor_list, MetaTensor* out);

// top_k_v2 with K: Out and Indices (int64) have X's dims with `axis` -1 (a 0-D X stays 0-D).
void TopKBuildInferMeta(const MetaTensor& x, int axis, MetaTensor* out, MetaTensor* indices);
// top_k with K: TopKBuildInferMeta along the last axis.
void TopKLastAxisBuildInferMeta(const MetaTensor& x, MetaTensor* out, MetaTensor* indices);

// one_hot_v2 with depth_tensor: Out is X.dims + [-1] with the given dtype.
void OneHotBuildInferMeta(const MetaTensor& x, DataType dtype, MetaTensor* out);

// pad3d with Paddings: Out has X's dims with the padded (D, H, W) extents -1.
void Pad3dBuildInferMeta(const MetaTensor& x, const std::string& mode,
                         const std::string& data_format, MetaTensor* out);
// pad3d_grad with Paddings: Out@GRAD checked against that Out; X@GRAD takes X's meta.
void Pad3dGradBuildInferMeta(const MetaTensor& x, const MetaTensor& out_grad,
                             const std::string& mode, const std::string& data_format,
                             MetaTensor* x_grad);

// set_value_grad with tensor-fed bounds: Input@GRAD takes Out@GRAD's meta, ValueTensor@GRAD
// ValueTensor's.
void SetValueGradBuildInferMeta(const MetaTensor& out_grad, const MetaTensor& value_tensor,
                                MetaTensor* input_grad, MetaTensor* value_grad);

}  // namespace phi
