#include "paddle/phi/infermeta/tensor_zoo.h"

#include <algorithm>
#include <set>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/infermeta/meta_util.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/broadcast.h"

namespace phi {
namespace {

using meta::Present;
using meta::SetMeta;

using funcs::ExtentsCompatible;
using funcs::FormatList;

// Maps a possibly negative axis of `op` to [0, rank), refusing repeats (seen is per dim).
int CheckedAxis(int64_t axis, int rank, std::vector<bool>* seen, const char* op,
                const std::string& axes_text) {
  PD_CHECK(axis >= -rank && axis < rank, InvalidArgument, "expected ", op, "'s axes in [", -rank,
           ", ", rank, "), but got axes ", axes_text);
  const int a = static_cast<int>(axis < 0 ? axis + rank : axis);
  PD_CHECK(!(*seen)[a], InvalidArgument, "expected distinct ", op, " axes, but got axes ",
           axes_text);
  (*seen)[a] = true;
  return a;
}

// Elements start, start + step, ... before end (exclusive) for an already clamped range;
// written so that no step (-2^63 and 2^63 - 1 included) overflows.
int64_t StepCount(int64_t start, int64_t end, int64_t step) {
  if (step > 0) return end > start ? 1 + (end - start - 1) / step : 0;
  if (start <= end) return 0;
  const uint64_t magnitude = static_cast<uint64_t>(-(step + 1)) + 1;  // |step|
  return 1 + static_cast<int64_t>(static_cast<uint64_t>(start - end - 1) / magnitude);
}

StridedRegion FullRegion(const DDim& x_dims) {
  StridedRegion r;
  r.starts.assign(x_dims.size(), 0);
  r.steps.assign(x_dims.size(), 1);
  r.dims = x_dims;
  return r;
}

}  // namespace

StridedRegion StridedSliceRegion(const DDim& x_dims, const std::vector<int>& axes,
                                 const std::vector<int>& starts, const std::vector<int>& ends,
                                 const std::vector<int>& strides,
                                 const std::vector<int>& decrease_axis) {
  const int rank = x_dims.size();
  PD_CHECK(
      starts.size() == axes.size() && ends.size() == axes.size() && strides.size() == axes.size(),
      InvalidArgument,
      "expected strided_slice's starts, ends and strides to have one entry "
      "per axis (axes ",
      FormatList(axes), "), but got starts ", FormatList(starts), ", ends ", FormatList(ends),
      " and strides ", FormatList(strides));
  StridedRegion r = FullRegion(x_dims);
  std::vector<bool> seen(rank, false);
  const std::string axes_text = FormatList(axes);
  for (size_t i = 0; i < axes.size(); ++i) {
    const int a = CheckedAxis(axes[i], rank, &seen, "strided_slice", axes_text);
    const int64_t stride = strides[i];
    PD_CHECK(stride != 0, InvalidArgument,
             "expected strided_slice's strides to be nonzero, "
             "but got strides ",
             FormatList(strides), " (0 for axis ", a, ")");
    r.steps[a] = stride;
    const int64_t n = x_dims[a];
    if (n < 0) {
      r.dims[a] = -1;  // unknown until run time
      continue;
    }
    int64_t start = starts[i];
    int64_t end = ends[i];
    const bool decreased =
        std::find(decrease_axis.begin(), decrease_axis.end(), a) != decrease_axis.end();
    if (decreased && start == -1 && end == 0) {  // x[-1] as PaddlePaddle writes it
      r.starts[a] = std::max<int64_t>(n - 1, 0);
      r.dims[a] = n > 0 ? 1 : 0;
      continue;
    }
    if (start < 0) start = std::max<int64_t>(start + n, 0);
    const bool through_zero = stride < 0 && end == -1;
    if (end < 0 && !through_zero) end = std::max<int64_t>(end + n, 0);
    PD_CHECK(!(stride > 0 && start > end) && !(stride < 0 && start < end), InvalidArgument,
             "expected strided_slice's start and end for axis ", a, " to follow its stride ",
             stride,
             " (start <= end for a positive stride, start >= end for a negative one), "
             "but got start ",
             starts[i], " and end ", ends[i], " for extent ", n);
    if (stride > 0) {
      start = std::min(start, n);
      end = std::min(end, n);
    } else {
      start = std::min(start, n - 1);
    }
    r.starts[a] = start;
    r.dims[a] = StepCount(start, end, stride);
  }
  return r;
}

StridedRegion SetValueRegion(const DDim& x_dims, const std::vector<int64_t>& axes,
                             const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                             const std::vector<int64_t>& steps) {
  const int rank = x_dims.size();
  PD_CHECK(starts.size() == axes.size() && ends.size() == axes.size() &&
               (steps.empty() || steps.size() == axes.size()),
           InvalidArgument,
           "expected set_value's starts, ends (and steps, when given) to have "
           "one entry per axis (axes ",
           FormatList(axes), "), but got starts ", FormatList(starts), ", ends ", FormatList(ends),
           " and steps ", FormatList(steps));
  StridedRegion r = FullRegion(x_dims);
  std::vector<bool> seen(rank, false);
  const std::string axes_text = FormatList(axes);
  for (size_t i = 0; i < axes.size(); ++i) {
    const int a = CheckedAxis(axes[i], rank, &seen, "set_value", axes_text);
    const int64_t step = steps.empty() ? 1 : steps[i];
    PD_CHECK(step != 0, InvalidArgument,
             "expected set_value's steps to be nonzero, but got "
             "steps ",
             FormatList(steps), " (0 for axis ", a, ")");
    r.steps[a] = step;
    const int64_t n = x_dims[a];
    if (n < 0) {
      r.dims[a] = -1;
      continue;
    }
    if (n == 0) {
      r.dims[a] = 0;
      continue;
    }
    int64_t start = starts[i] < 0 ? starts[i] + n : starts[i];
    start = std::max<int64_t>(start, 0);
    int64_t end = step > 0 && ends[i] < 0 ? ends[i] + n : ends[i];
    end = std::min(end, n);
    if (step > 0) {
      start = std::min(start, n);
      end = std::max<int64_t>(end, 0);
      PD_CHECK(end >= start, InvalidArgument, "expected set_value's end >= start for axis ", a,
               " with step ", step, ", but got start ", starts[i], " and end ", ends[i],
               " for extent ", n);
    } else {
      start = std::min(start, n - 1);
      if (end < -1) end += n;  // -1 itself means "through index 0"
      end = std::max<int64_t>(end, -1);
      PD_CHECK(start >= end, InvalidArgument, "expected set_value's start >= end for axis ", a,
               " with step ", step, ", but got start ", starts[i], " and end ", ends[i],
               " for extent ", n);
    }
    r.starts[a] = start;
    r.dims[a] = StepCount(start, end, step);
  }
  return r;
}

DDim SetValueAssignDims(const DDim& region_dims, const std::vector<int64_t>& decrease_axes,
                        const std::vector<int64_t>& none_axes) {
  const int rank = region_dims.size();
  std::set<int64_t> decreased;
  for (int64_t axis : decrease_axes) {
    PD_CHECK(axis >= -rank && axis < rank, InvalidArgument,
             "expected set_value's "
             "decrease_axes in [",
             -rank, ", ", rank, "), but got decrease_axes ", FormatList(decrease_axes));
    const int64_t a = axis < 0 ? axis + rank : axis;
    PD_CHECK(ExtentsCompatible(region_dims[a], 1), InvalidArgument,
             "expected set_value's "
             "decrease_axes to name dims of extent 1 in the region, but dim ",
             a, " has extent ", region_dims[a], " (region ", region_dims, ")");
    decreased.insert(a);
  }
  std::vector<int64_t> nones(none_axes);
  std::sort(nones.begin(), nones.end());
  std::vector<int64_t> dims;
  size_t next_none = 0;
  for (int i = 0; i < rank; ++i) {
    // A None index before dim i adds an extent of 1 there.
    while (next_none < nones.size() && nones[next_none] <= i) {
      dims.push_back(1);
      ++next_none;
    }
    if (decreased.count(i) == 0) dims.push_back(region_dims[i]);
  }
  for (; next_none < nones.size(); ++next_none) dims.push_back(1);
  return DDim(dims);
}

void AffineChannelInferMeta(const MetaTensor& x, const MetaTensor& scale, const MetaTensor& bias,
                            const std::string& data_layout, MetaTensor* out) {
  const DDim& d = x.dims();
  PD_CHECK(data_layout == "NCHW" || data_layout == "NHWC" || data_layout == "AnyLayout",
           InvalidArgument,
           "expected affine_channel's data_layout to be \"NCHW\", \"NHWC\" or "
           "\"AnyLayout\", but got \"",
           data_layout, "\"");
  PD_CHECK(d.size() >= 2, InvalidArgument,
           "expected affine_channel's X to have rank >= 2, "
           "but got X ",
           d);
  const int64_t channels = data_layout == "NCHW" ? d[1] : d[d.size() - 1];
  for (const auto& [name, t] : {std::pair<const char*, const MetaTensor*>{"Scale", &scale},
                                std::pair<const char*, const MetaTensor*>{"Bias", &bias}}) {
    PD_CHECK(t->dims().size() == 1 && ExtentsCompatible(t->dims()[0], channels), InvalidArgument,
             "expected affine_channel's ", name,
             " to be 1-D of X's channel "
             "extent ",
             channels, " (X ", d, ", data_layout ", data_layout, "), but got ", name, " ",
             t->dims());
    PD_CHECK(t->dtype() == x.dtype(), InvalidArgument, "expected affine_channel's ", name,
             " to have X's dtype ", x.dtype(), ", but got ", t->dtype());
  }
  SetMeta(out, d, x);
}

void AffineChannelGradInferMeta(const MetaTensor& x, const MetaTensor& scale,
                                const MetaTensor& out_grad, const std::string& data_layout,
                                MetaTensor* x_grad, MetaTensor* scale_grad, MetaTensor* bias_grad) {
  // The forward's checks (Scale stands in for Bias, which the grad op does not take); the kernel
  // walks Out@GRAD's channels and reads Scale and X by them.
  AffineChannelInferMeta(x, scale, scale, data_layout, nullptr);
  CheckOutGradLikeForward("affine_channel", x.dims(), x.dtype(), out_grad);
  SetMeta(x_grad, x.dims(), x);
  SetMeta(scale_grad, scale.dims(), scale);
  SetMeta(bias_grad, scale.dims(), scale);
}

namespace {

// The dim that paddings pair `pair` applies to.
int PaddedDim(size_t pair, int rank, bool pad_from_first_axis) {
  return pad_from_first_axis ? static_cast<int>(pair) : rank - 1 - static_cast<int>(pair);
}

void CheckPaddings(const DDim& dims, const std::vector<int>& paddings, const char* slot) {
  PD_CHECK(paddings.size() == 2 * static_cast<size_t>(dims.size()), InvalidArgument,
           "expected pad's paddings to hold 2 entries per dim of ", slot, " (", 2 * dims.size(),
           " for ", slot, " ", dims, "), but got paddings ", FormatList(paddings));
  for (int p : paddings) {
    PD_CHECK(p >= 0, InvalidArgument, "expected pad's paddings to be >= 0, but got paddings ",
             FormatList(paddings));
  }
}

}  // namespace

void PadInferMeta(const MetaTensor& x, const std::vector<int>& paddings, float pad_value,
                  bool pad_from_first_axis, MetaTensor* out) {
  (void)pad_value;
  const DDim& d = x.dims();
  CheckPaddings(d, paddings, "X");
  std::vector<int64_t> dims = d.ToVector();
  for (size_t pair = 0; pair < paddings.size() / 2; ++pair) {
    const int dim = PaddedDim(pair, d.size(), pad_from_first_axis);
    if (dims[dim] >= 0) dims[dim] += int64_t{paddings[2 * pair]} + paddings[2 * pair + 1];
  }
  SetMeta(out, DDim(dims), x);
}

void PadGradInferMeta(const MetaTensor& out_grad, const std::vector<int>& paddings,
                      bool pad_from_first_axis, MetaTensor* x_grad) {
  const DDim& d = out_grad.dims();
  CheckPaddings(d, paddings, "Out@GRAD");
  std::vector<int64_t> dims = d.ToVector();
  for (size_t pair = 0; pair < paddings.size() / 2; ++pair) {
    const int dim = PaddedDim(pair, d.size(), pad_from_first_axis);
    if (dims[dim] < 0) continue;
    dims[dim] -= int64_t{paddings[2 * pair]} + paddings[2 * pair + 1];
    PD_CHECK(dims[dim] >= 0, InvalidArgument, "expected pad_grad's Out@GRAD ", d,
             " to be at least as large as paddings ", FormatList(paddings));
  }
  SetMeta(x_grad, DDim(dims), out_grad);
}

void StridedSliceInferMeta(const MetaTensor& input, const std::vector<int>& axes,
                           const std::vector<int>& starts, const std::vector<int>& ends,
                           const std::vector<int>& strides, const std::vector<int>& infer_flags,
                           const std::vector<int>& decrease_axis, MetaTensor* out) {
  (void)infer_flags;
  const DDim& d = input.dims();
  const StridedRegion r = StridedSliceRegion(d, axes, starts, ends, strides, decrease_axis);
  const int rank = d.size();
  std::vector<bool> drop(rank, false);
  for (int axis : decrease_axis) {
    PD_CHECK(axis >= -rank && axis < rank, InvalidArgument,
             "expected strided_slice's "
             "decrease_axis in [",
             -rank, ", ", rank, "), but got decrease_axis ", FormatList(decrease_axis));
    const int a = axis < 0 ? axis + rank : axis;
    PD_CHECK(ExtentsCompatible(r.dims[a], 1), InvalidArgument,
             "expected strided_slice's "
             "decrease_axis to name dims of extent 1 after slicing, but dim ",
             a, " has extent ", r.dims[a], " (Input ", d, ", sliced ", r.dims, ")");
    drop[a] = true;
  }
  std::vector<int64_t> dims;
  for (int i = 0; i < rank; ++i)
    if (!drop[i]) dims.push_back(r.dims[i]);
  SetMeta(out, DDim(dims), input);
}

void SetValueInferMeta(const MetaTensor& input, const MetaTensor& value_tensor,
                       const std::vector<int64_t>& axes, const std::vector<int64_t>& starts,
                       const std::vector<int64_t>& ends, const std::vector<int64_t>& steps,
                       const std::vector<int64_t>& decrease_axes,
                       const std::vector<int64_t>& none_axes, const std::vector<int64_t>& shape,
                       MetaTensor* out) {
  const DDim& d = input.dims();
  const StridedRegion r = SetValueRegion(d, axes, starts, ends, steps);
  const DDim target = SetValueAssignDims(r.dims, decrease_axes, none_axes);
  DDim value_dims;
  const char* what = "ValueTensor";
  if (value_tensor) {
    value_dims = value_tensor.dims();
    PD_CHECK(value_tensor.dtype() == input.dtype(), InvalidArgument,
             "expected set_value's "
             "ValueTensor to have Input's dtype ",
             input.dtype(), ", but got ", value_tensor.dtype());
  } else {
    for (int64_t e : shape) {
      PD_CHECK(e >= 0, InvalidArgument,
               "expected set_value's shape attribute to hold extents "
               ">= 0, but got shape ",
               FormatList(shape));
    }
    value_dims = DDim(shape);
    what = "value (attribute shape)";
  }
  // The value broadcasts to the target without widening it; extra leading dims of extent 1
  // are allowed (a scalar written as [1] into one element).
  const int offset = target.size() - value_dims.size();
  for (int i = 0; i < value_dims.size(); ++i) {
    const int64_t v = value_dims[i];
    if (i < -offset) {
      PD_CHECK(v == 1, InvalidArgument, "expected set_value's ", what, " ", value_dims,
               " to broadcast to the assigned region ", target, " of Input ", d,
               ", but it has more dims");
      continue;
    }
    const int64_t t = target[offset + i];
    PD_CHECK(v == 1 || ExtentsCompatible(v, t), InvalidArgument, "expected set_value's ", what, " ",
             value_dims, " to broadcast to the assigned region ", target, " of Input ", d,
             ", but dim ", i, " has extent ", v);
  }
  SetMeta(out, d, input);
}

void SetValueGradInferMeta(const MetaTensor& out_grad, const MetaTensor& value_tensor,
                           const std::vector<int64_t>& axes, const std::vector<int64_t>& starts,
                           const std::vector<int64_t>& ends, const std::vector<int64_t>& steps,
                           const std::vector<int64_t>& decrease_axes,
                           const std::vector<int64_t>& none_axes, const std::vector<int64_t>& shape,
                           MetaTensor* input_grad, MetaTensor* value_grad) {
  // Out has Input's dims, so the forward's checks on Out@GRAD: the region fits it and the
  // value broadcasts to the region (the kernel sums the region back onto ValueTensor@GRAD).
  SetValueInferMeta(out_grad, value_tensor, axes, starts, ends, steps, decrease_axes, none_axes,
                    shape, nullptr);
  SetMeta(input_grad, out_grad.dims(), out_grad);
  if (value_tensor) SetMeta(value_grad, value_tensor.dims(), value_tensor);
}

void MaskedSelectInferMeta(const MetaTensor& x, const MetaTensor& mask, MetaTensor* y) {
  PD_CHECK(mask.dtype() == DataType::BOOL, InvalidArgument,
           "expected masked_select's Mask to be bool, but got ", mask.dtype());
  try {
    (void)funcs::BroadcastOutDims(x.dims(), mask.dims(), -1);
  } catch (const common::Error&) {
    PD_THROW(InvalidArgument, "expected masked_select's Mask ", mask.dims(),
             " to broadcast with X ", x.dims(),
             " (extents equal or 1, aligned from the "
             "right), but they do not");
  }
  SetMeta(y, DDim({-1}), x);
}

void UnbindInferMeta(const MetaTensor& x, int axis, std::vector<MetaTensor*> outs) {
  const DDim& d = x.dims();
  PD_CHECK(d.size() >= 1, InvalidArgument, "expected unbind's X to have rank >= 1, but got X ", d);
  PD_CHECK(axis >= -d.size() && axis < d.size(), InvalidArgument, "expected unbind's axis in [",
           -d.size(), ", ", d.size(), ") for X ", d, ", but got ", axis);
  const int a = axis < 0 ? axis + d.size() : axis;
  PD_CHECK(d[a] < 0 || static_cast<int64_t>(outs.size()) == d[a], InvalidArgument,
           "expected unbind to have X.dims[", a, "] (", d[a], ") outputs Out, but got ",
           outs.size());
  std::vector<int64_t> dims;
  for (int i = 0; i < d.size(); ++i)
    if (i != a) dims.push_back(d[i]);
  for (MetaTensor* o : outs) SetMeta(o, DDim(dims), x);
}

}  // namespace phi
