#include "paddle/phi/infermeta/manipulation.h"

#include <algorithm>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/meta_util.h"
#include "paddle/phi/infermeta/shape.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {
namespace {

using meta::Present;
using meta::SetMeta;

using funcs::ExtentsCompatible;
using funcs::FormatList;

void CheckAllPresent(const std::vector<const MetaTensor*>& x, const char* op) {
  PD_CHECK(!x.empty(), InvalidArgument, "expected at least one input X to ", op,
           ", but got none");
  for (size_t i = 0; i < x.size(); ++i) {
    PD_CHECK(Present(x[i]), InvalidArgument, "expected every input X of ", op,
             " to be present, but X[", i, "] is missing");
  }
}

// The extent of a slice of [start, end) over a dim of `extent` elements, Python-style; sets
// *offset to the clamped start.
int64_t ClampSlice(int64_t extent, int64_t start, int64_t end, int64_t* offset) {
  if (start < 0) start += extent;
  if (end < 0) end += extent;
  start = std::min(std::max<int64_t>(start, 0), extent);
  end = std::min(std::max<int64_t>(end, 0), extent);
  *offset = start;
  return std::max<int64_t>(end - start, 0);
}

}  // namespace

SliceGeometry ComputeSliceGeometry(const DDim& x_dims, const std::vector<int64_t>& axes,
                                   const std::vector<int64_t>& starts,
                                   const std::vector<int64_t>& ends,
                                   const std::vector<int64_t>& decrease_axis) {
  const int rank = x_dims.size();
  PD_CHECK(starts.size() == axes.size() && ends.size() == axes.size(), InvalidArgument,
           "expected slice's starts and ends to have one entry per axis (", axes.size(),
           " axes ", FormatList(axes), "), but got starts ", FormatList(starts), " and ends ",
           FormatList(ends));
  SliceGeometry g;
  g.offsets.assign(rank, 0);
  g.dims = x_dims;
  std::vector<bool> seen(rank, false);
  for (size_t i = 0; i < axes.size(); ++i) {
    PD_CHECK(axes[i] >= -rank && axes[i] < rank, InvalidArgument, "expected slice axes in [",
             -rank, ", ", rank, ") for Input ", x_dims, ", but got axes ", FormatList(axes));
    const int a = static_cast<int>(axes[i] < 0 ? axes[i] + rank : axes[i]);
    PD_CHECK(!seen[a], InvalidArgument, "expected distinct slice axes, but got axes ",
             FormatList(axes), " for Input ", x_dims);
    seen[a] = true;
    if (x_dims[a] < 0) {
      g.dims[a] = -1;  // unknown until run time
    } else {
      g.dims[a] = ClampSlice(x_dims[a], starts[i], ends[i], &g.offsets[a]);
    }
  }
  std::vector<bool> drop(rank, false);
  for (int64_t axis : decrease_axis) {
    PD_CHECK(axis >= -rank && axis < rank, InvalidArgument, "expected slice decrease_axis in [",
             -rank, ", ", rank, ") for Input ", x_dims, ", but got decrease_axis ",
             FormatList(decrease_axis));
    const int a = static_cast<int>(axis < 0 ? axis + rank : axis);
    PD_CHECK(ExtentsCompatible(g.dims[a], 1), InvalidArgument,
             "expected slice's decrease_axis to name dims of extent 1 after slicing, but dim ",
             a, " has extent ", g.dims[a], " (Input ", x_dims, ", sliced ", g.dims, ")");
    drop[a] = true;
  }
  std::vector<int64_t> out;
  for (int i = 0; i < rank; ++i)
    if (!drop[i]) out.push_back(g.dims[i]);
  g.out_dims = DDim(out);
  return g;
}

void ConcatInferMeta(const std::vector<const MetaTensor*>& x, int axis, MetaTensor* out) {
  CheckAllPresent(x, "concat");
  const DDim& first = x[0]->dims();
  const int rank = first.size();
  PD_CHECK(rank >= 1, InvalidArgument, "expected concat inputs of rank >= 1, but got X[0] ",
           first);
  const int a = funcs::NormalizeAxis(axis, rank, "concat axis");
  DDim out_dims = first;
  for (size_t i = 1; i < x.size(); ++i) {
    const DDim& d = x[i]->dims();
    PD_CHECK(d.size() == rank, InvalidArgument, "expected every concat input to have rank ",
             rank, " like X[0] ", first, ", but got X[", i, "] ", d, " of rank ", d.size());
    for (int j = 0; j < rank; ++j) {
      if (j == a) continue;
      PD_CHECK(ExtentsCompatible(d[j], out_dims[j]), InvalidArgument,
               "expected concat inputs to match X[0] ", first, " outside axis ", a,
               ", but got X[", i, "] ", d, " (dim ", j, " differs)");
      if (out_dims[j] < 0) out_dims[j] = d[j];
    }
    out_dims[a] = (out_dims[a] < 0 || d[a] < 0) ? -1 : out_dims[a] + d[a];
    PD_CHECK(x[i]->dtype() == x[0]->dtype(), InvalidArgument,
             "expected concat inputs of one dtype, but got X[0] ", x[0]->dtype(), " and X[", i,
             "] ", x[i]->dtype());
  }
  SetMeta(out, out_dims, *x[0]);
}

void ConcatGradInferMeta(const std::vector<const MetaTensor*>& x, std::vector<MetaTensor*> dx) {
  PD_CHECK(dx.size() == x.size(), InvalidArgument, "expected one gradient per input (",
           x.size(), "), but got ", dx.size());
  for (size_t i = 0; i < dx.size(); ++i) {
    if (!Present(dx[i])) continue;
    PD_CHECK(Present(x[i]), InvalidArgument, "expected input X[", i,
             "] to be present for its gradient, but it is missing");
    dx[i]->share_meta(*x[i]);
  }
}

void SplitInferMeta(const MetaTensor& x, int axis, int num, const std::vector<int>& sections,
                    std::vector<MetaTensor*> out) {
  const DDim& x_dims = x.dims();
  PD_CHECK(x_dims.size() >= 1, InvalidArgument, "expected split's X of rank >= 1, but got ",
           x_dims);
  const int a = funcs::NormalizeAxis(axis, x_dims.size(), "split axis");
  const int64_t extent = x_dims[a];
  PD_CHECK(num > 0 || (num == 0 && !sections.empty()), InvalidArgument,
           "expected split to be given num > 0 or non-empty sections, but got num ", num,
           " and sections ", FormatList(sections));
  // The outputs counted before anything is sized by num: a num of a billion (which a zero
  // extent divides) would otherwise allocate its sizes first.
  const size_t count = num > 0 ? static_cast<size_t>(num) : sections.size();
  PD_CHECK(out.size() == count, InvalidArgument, "expected split to have ", count, " outputs (num ",
           num, ", sections ", FormatList(sections), "), but got ", out.size());
  std::vector<int64_t> sizes;
  if (num > 0) {
    PD_CHECK(extent < 0 || extent % num == 0, InvalidArgument, "expected split's X dim ", a,
             " (extent ", extent, " of X ", x_dims, ") to be divisible by num ", num,
             ", but it is not");
    sizes.assign(num, extent < 0 ? -1 : extent / num);
  } else {
    int inferred = -1;
    int64_t known = 0;
    for (size_t i = 0; i < sections.size(); ++i) {
      PD_CHECK(sections[i] >= -1, InvalidArgument,
               "expected split sections >= 0 (or one -1), but got sections ",
               FormatList(sections));
      if (sections[i] == -1) {
        PD_CHECK(inferred < 0, InvalidArgument,
                 "expected at most one -1 in split sections, but got sections ",
                 FormatList(sections));
        inferred = static_cast<int>(i);
      } else {
        known += sections[i];
      }
      sizes.push_back(sections[i]);
    }
    if (extent >= 0) {
      if (inferred >= 0) {
        PD_CHECK(known <= extent, InvalidArgument, "expected split sections ",
                 FormatList(sections), " to sum to at most the extent ", extent, " of X dim ", a,
                 " (X ", x_dims, "), but the known ones sum to ", known);
        sizes[inferred] = extent - known;
      } else {
        PD_CHECK(known == extent, InvalidArgument, "expected split sections ",
                 FormatList(sections), " to sum to the extent ", extent, " of X dim ", a,
                 " (X ", x_dims, "), but they sum to ", known);
      }
    }
  }
  for (size_t i = 0; i < out.size(); ++i) {
    if (!Present(out[i])) continue;
    DDim d = x_dims;
    d[a] = sizes[i];
    SetMeta(out[i], d, x);
  }
}

void StackInferMeta(const std::vector<const MetaTensor*>& x, int axis, MetaTensor* y) {
  CheckAllPresent(x, "stack");
  DDim in_dims = x[0]->dims();
  const int rank = in_dims.size();
  PD_CHECK(rank < DDim::kMaxRank, InvalidArgument, "expected stack inputs of rank < ",
           DDim::kMaxRank, ", but got X[0] ", in_dims);
  const int a = funcs::NormalizeAxis(axis, rank + 1, "stack axis");
  for (size_t i = 1; i < x.size(); ++i) {
    const DDim& d = x[i]->dims();
    bool same = d.size() == rank;
    for (int j = 0; same && j < rank; ++j) same = ExtentsCompatible(d[j], in_dims[j]);
    PD_CHECK(same, InvalidArgument, "expected every stack input to have the dims of X[0] ",
             in_dims, ", but got X[", i, "] ", d);
    for (int j = 0; j < rank; ++j)
      if (in_dims[j] < 0) in_dims[j] = d[j];
  }
  std::vector<int64_t> out = in_dims.ToVector();
  out.insert(out.begin() + a, static_cast<int64_t>(x.size()));
  SetMeta(y, DDim(out), *x[0]);
}

void StackGradInferMeta(const MetaTensor& dy, int axis, std::vector<MetaTensor*> dx) {
  const DDim& dims = dy.dims();
  PD_CHECK(dims.size() >= 1, InvalidArgument, "expected stack_grad's Y@GRAD of rank >= 1, but got ",
           dims);
  const int a = funcs::NormalizeAxis(axis, dims.size(), "stack axis");
  PD_CHECK(ExtentsCompatible(dims[a], static_cast<int64_t>(dx.size())), InvalidArgument,
           "expected Y@GRAD ", dims, " to stack ", dx.size(), " inputs along axis ", a,
           ", but its extent there is ", dims[a]);
  std::vector<int64_t> in = dims.ToVector();
  in.erase(in.begin() + a);
  for (MetaTensor* d : dx)
    if (Present(d)) SetMeta(d, DDim(in), dy);
}

void SliceInferMeta(const MetaTensor& input, const std::vector<int64_t>& axes,
                    const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                    const std::vector<int64_t>& infer_flags,
                    const std::vector<int64_t>& decrease_axis, MetaTensor* out) {
  SetMeta(out, ComputeSliceGeometry(input.dims(), axes, starts, ends, decrease_axis).out_dims,
          input);
}

void GatherInferMeta(const MetaTensor& x, const MetaTensor& index, int axis, MetaTensor* out) {
  const DDim& x_dims = x.dims();
  const DDim& i_dims = index.dims();
  PD_CHECK(index.dtype() == DataType::INT32 || index.dtype() == DataType::INT64,
           InvalidArgument, "expected gather's Index to be int32 or int64, but got ",
           index.dtype());
  PD_CHECK(i_dims.size() <= 1 || (i_dims.size() == 2 && ExtentsCompatible(i_dims[1], 1)),
           InvalidArgument, "expected gather's Index of rank 0 or 1 (or [N, 1]), but got ",
           i_dims);
  PD_CHECK(x_dims.size() >= 1, InvalidArgument, "expected gather's X of rank >= 1, but got ",
           x_dims);
  const int a = funcs::NormalizeAxis(axis, x_dims.size(), "gather axis");
  std::vector<int64_t> dims = x_dims.ToVector();
  if (i_dims.size() == 0) {
    dims.erase(dims.begin() + a);
  } else {
    dims[a] = i_dims[0];
  }
  SetMeta(out, DDim(dims), x);
}

void SqueezeWithXShapeInferMeta(const MetaTensor& x, const std::vector<int>& axes,
                                MetaTensor* out, MetaTensor* xshape) {
  const DDim& x_dims = x.dims();
  const int rank = x_dims.size();
  std::vector<bool> squeeze(rank, axes.empty());
  for (int axis : axes) {
    // A 0-D X accepts axis 0 or -1 (NormalizeAxis) but has no dim to squeeze.
    const int a = funcs::NormalizeAxis(axis, rank, "squeeze axes");
    if (a < rank) squeeze[a] = true;
  }
  std::vector<int64_t> dims;
  for (int i = 0; i < rank; ++i) {
    // An explicitly named unknown extent is taken to be 1, as in Paddle's build-time rule.
    const bool drop = squeeze[i] && (x_dims[i] == 1 || (x_dims[i] < 0 && !axes.empty()));
    if (!drop) dims.push_back(x_dims[i]);
  }
  SetMeta(out, DDim(dims), x);
  SetXShape(x, xshape);
}

void UnsqueezeWithXShapeInferMeta(const MetaTensor& x, const std::vector<int>& axes,
                                  MetaTensor* out, MetaTensor* xshape) {
  const DDim& x_dims = x.dims();
  PD_CHECK(x_dims.size() + axes.size() <= static_cast<size_t>(DDim::kMaxRank), InvalidArgument,
           "expected unsqueeze to give rank <= ", DDim::kMaxRank, ", but X ", x_dims,
           " with axes ", FormatList(axes), " would have rank ", x_dims.size() + axes.size());
  std::vector<int64_t> dims = x_dims.ToVector();
  for (int axis : axes) {
    const int bound = static_cast<int>(dims.size()) + 1;
    PD_CHECK(axis >= -bound && axis < bound, InvalidArgument, "expected unsqueeze axes in [",
             -bound, ", ", bound, ") as they are inserted into X ", x_dims, ", but got axes ",
             FormatList(axes));
    dims.insert(dims.begin() + (axis < 0 ? axis + bound : axis), 1);
  }
  SetMeta(out, DDim(dims), x);
  SetXShape(x, xshape);
}

void FlattenWithXShapeInferMeta(const MetaTensor& x, int start_axis, int stop_axis,
                                MetaTensor* out, MetaTensor* xshape) {
  const DDim& x_dims = x.dims();
  const int rank = x_dims.size();
  DDim out_dims({1});
  if (rank > 0) {
    const int start = funcs::NormalizeAxis(start_axis, rank, "flatten start_axis");
    const int stop = funcs::NormalizeAxis(stop_axis, rank, "flatten stop_axis");
    PD_CHECK(start <= stop, InvalidArgument,
             "expected flatten's start_axis <= stop_axis, but got start_axis ", start_axis,
             " and stop_axis ", stop_axis, " for X ", x_dims);
    std::vector<int64_t> dims;
    for (int i = 0; i < start; ++i) dims.push_back(x_dims[i]);
    dims.push_back(funcs::ProductOrUnknown(x_dims, start, stop + 1));
    for (int i = stop + 1; i < rank; ++i) dims.push_back(x_dims[i]);
    out_dims = DDim(dims);
  }
  SetMeta(out, out_dims, x);
  SetXShape(x, xshape);
}

}  // namespace phi
