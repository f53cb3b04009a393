#include "paddle/phi/infermeta/tensor_attrs.h"

#include <algorithm>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/infermeta/interp_pad.h"
#include "paddle/phi/infermeta/manipulation.h"
#include "paddle/phi/infermeta/nullary.h"
#include "paddle/phi/infermeta/shape.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {
namespace {

void SetOut(MetaTensor* out, const std::vector<int64_t>& dims, DataType dtype) {
  out->set_dims(DDim(dims));
  out->set_dtype(dtype);
  out->set_layout(DataLayout::NCHW);
}

// `count` entries: the attribute's where it holds `count` of them and `known(entry)`, else -1.
// A count of -1 (unknown) gives the one entry -1.
template <typename T, typename Known>
std::vector<int64_t> KnownEntries(int64_t count, const std::vector<T>& attr, Known known) {
  if (count < 0) return {-1};
  PD_CHECK(count <= DDim::kMaxRank, InvalidArgument, "expected at most ", DDim::kMaxRank,
           " shape values from a tensor, but it holds ", count);
  std::vector<int64_t> entries(count, -1);
  if (static_cast<int64_t>(attr.size()) == count)
    for (int64_t i = 0; i < count; ++i)
      if (known(attr[i])) entries[i] = attr[i];
  return entries;
}

bool NonNegative(int64_t v) { return v >= 0; }

}  // namespace

int64_t FedValueCount(const MetaTensor& tensor, const std::vector<const MetaTensor*>& list) {
  if (!tensor) return static_cast<int64_t>(list.size());
  const DDim& d = tensor.dims();
  PD_CHECK(d.size() <= 1, InvalidArgument,
           "expected a tensor giving an attribute's values to be 1-D, but got dims ", d);
  return d.size() == 0 ? 1 : d[0];
}

void CreateBuildInferMeta(const MetaTensor& shape_tensor,
                          const std::vector<const MetaTensor*>& shape_tensor_list,
                          const std::vector<int64_t>& shape, DataType dtype, MetaTensor* out) {
  if (!shape_tensor && shape_tensor_list.empty()) return CreateInferMeta(shape, dtype, out);
  SetOut(out, KnownEntries(FedValueCount(shape_tensor, shape_tensor_list), shape, NonNegative),
         dtype);
}

void ReshapeBuildInferMeta(const MetaTensor& x, const MetaTensor& shape_tensor,
                           const std::vector<const MetaTensor*>& shape_tensor_list,
                           const std::vector<int64_t>& shape, MetaTensor* out, MetaTensor* xshape) {
  std::vector<int64_t> dims =
      KnownEntries(FedValueCount(shape_tensor, shape_tensor_list), shape, NonNegative);
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i] == 0) dims[i] = static_cast<int>(i) < x.dims().size() ? x.dims()[i] : -1;
  SetOut(out, dims, x.dtype());
  out->set_layout(x.layout());
  SetXShape(x, xshape);
}

void ConcatBuildInferMeta(const std::vector<const MetaTensor*>& x, MetaTensor* out) {
  PD_CHECK(!x.empty() && x[0] != nullptr && *x[0], InvalidArgument,
           "expected concat to have inputs X, but got none");
  SetOut(out, std::vector<int64_t>(x[0]->dims().size(), -1), x[0]->dtype());
}

void SplitBuildInferMeta(const MetaTensor& x, const MetaTensor& axis_tensor, int axis,
                         const std::vector<int>& sections, std::vector<MetaTensor*> out) {
  const int rank = x.dims().size();
  std::vector<int64_t> dims(rank, -1);
  int a = -1;
  if (!axis_tensor) {
    PD_CHECK(axis >= -rank && axis < rank, InvalidArgument, "expected split axis in [", -rank, ", ",
             rank, ") for X ", x.dims(), ", but got ", axis);
    a = axis < 0 ? axis + rank : axis;
    dims = x.dims().ToVector();
  }
  const bool sections_known = static_cast<size_t>(sections.size()) == out.size();
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == nullptr || !*out[i]) continue;
    if (a >= 0) dims[a] = sections_known && sections[i] >= 0 ? sections[i] : -1;
    SetOut(out[i], dims, x.dtype());
  }
}

void SliceBuildInferMeta(const MetaTensor& input, const std::vector<int64_t>& axes,
                         const std::vector<int64_t>& decrease_axis, MetaTensor* out) {
  std::vector<int64_t> dims = input.dims().ToVector();
  const int rank = static_cast<int>(dims.size());
  for (int64_t axis : axes) {
    PD_CHECK(axis >= -rank && axis < rank, InvalidArgument, "expected slice axes in [", -rank, ", ",
             rank, ") for Input ", input.dims(), ", but got ", axis);
    dims[axis < 0 ? axis + rank : axis] = -1;
  }
  const std::vector<int64_t> zeros(axes.size(), 0);
  SetOut(out,
         ComputeSliceGeometry(DDim(dims), axes, zeros, zeros, decrease_axis).out_dims.ToVector(),
         input.dtype());
  out->set_layout(input.layout());
}

void UnsqueezeBuildInferMeta(const MetaTensor& x, const MetaTensor& axes_tensor,
                             const std::vector<const MetaTensor*>& axes_tensor_list,
                             MetaTensor* out, MetaTensor* xshape) {
  const int64_t count = FedValueCount(axes_tensor, axes_tensor_list);
  const int64_t rank = count < 0 ? 1 : x.dims().size() + count;
  PD_CHECK(rank <= DDim::kMaxRank, InvalidArgument,
           "expected unsqueeze to give rank <= ", DDim::kMaxRank, ", but X ", x.dims(), " with ",
           count, " axes would have rank ", rank);
  SetOut(out, std::vector<int64_t>(rank, -1), x.dtype());
  SetXShape(x, xshape);
}

void ExpandBuildInferMeta(const MetaTensor& x, const MetaTensor& shape_tensor,
                          const std::vector<const MetaTensor*>& shape_tensor_list,
                          const std::vector<int64_t>& shape, MetaTensor* out) {
  const int64_t count = FedValueCount(shape_tensor, shape_tensor_list);
  std::vector<int64_t> dims = KnownEntries(count, shape, [](int64_t v) { return v > 0; });
  const int offset = static_cast<int>(dims.size()) - x.dims().size();
  for (int i = 0; i < static_cast<int>(dims.size()); ++i) {
    // -1 in the attribute keeps x's aligned extent; KnownEntries leaves unknown ones -1 too, so
    // only entries the attribute itself holds as -1 take x's extent.
    if (count == static_cast<int64_t>(shape.size()) && shape[i] == -1 && i >= offset)
      dims[i] = x.dims()[i - offset];
  }
  SetOut(out, dims, x.dtype());
}

void TileBuildInferMeta(const MetaTensor& x, const MetaTensor& repeat_tensor,
                        const std::vector<const MetaTensor*>& repeat_tensor_list, MetaTensor* out) {
  const int64_t count = FedValueCount(repeat_tensor, repeat_tensor_list);
  const int64_t rank = count < 0 ? x.dims().size() : std::max<int64_t>(x.dims().size(), count);
  SetOut(out, std::vector<int64_t>(rank, -1), x.dtype());
}

void TopKBuildInferMeta(const MetaTensor& x, int axis, MetaTensor* out, MetaTensor* indices) {
  std::vector<int64_t> dims = x.dims().ToVector();
  const int a = funcs::NormalizeAxis(axis, static_cast<int>(dims.size()), "top_k's axis");
  if (!dims.empty()) dims[a] = -1;
  SetOut(out, dims, x.dtype());
  out->set_layout(x.layout());
  SetOut(indices, dims, DataType::INT64);
}

void TopKLastAxisBuildInferMeta(const MetaTensor& x, MetaTensor* out, MetaTensor* indices) {
  TopKBuildInferMeta(x, -1, out, indices);
}

void OneHotBuildInferMeta(const MetaTensor& x, DataType dtype, MetaTensor* out) {
  PD_CHECK(x.dtype() == DataType::UNDEFINED || x.dtype() == DataType::INT32 ||
               x.dtype() == DataType::INT64,
           InvalidArgument, "expected one_hot_v2's X to be int32 or int64, but got ", x.dtype());
  std::vector<int64_t> dims = x.dims().ToVector();
  dims.push_back(-1);
  SetOut(out, dims, dtype == DataType::UNDEFINED ? DataType::FLOAT32 : dtype);
}

void Pad3dBuildInferMeta(const MetaTensor& x, const std::string& mode,
                         const std::string& data_format, MetaTensor* out) {
  CheckPad3dFormat(x, mode, data_format);
  std::vector<int64_t> dims = x.dims().ToVector();
  const int first = data_format == "NCDHW" ? 2 : 1;
  for (int a = first; a < first + 3; ++a) dims[a] = -1;
  SetOut(out, dims, x.dtype());
  out->set_layout(x.layout());
}

void Pad3dGradBuildInferMeta(const MetaTensor& x, const MetaTensor& out_grad,
                             const std::string& mode, const std::string& data_format,
                             MetaTensor* x_grad) {
  DenseTensor out;  // the forward's checks and output dims
  MetaTensor out_meta(&out);
  Pad3dBuildInferMeta(x, mode, data_format, &out_meta);
  CheckOutGradLikeForward("pad3d", out.dims(), x.dtype(), out_grad);
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
}

void SetValueGradBuildInferMeta(const MetaTensor& out_grad, const MetaTensor& value_tensor,
                                MetaTensor* input_grad, MetaTensor* value_grad) {
  for (auto [grad, like] :
       {std::pair{input_grad, &out_grad}, std::pair{value_grad, &value_tensor}}) {
    if (grad == nullptr || !*grad || !*like) continue;
    SetOut(grad, like->dims().ToVector(), like->dtype());
    grad->set_layout(like->layout());
  }
}

}  // namespace phi
