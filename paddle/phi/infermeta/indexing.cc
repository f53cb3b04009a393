#include "paddle/phi/infermeta/indexing.h"

#include <string>

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/broadcast.h"

namespace phi {

namespace {
// x aligned to the right of `target`; x's extents must be 1, unknown, or equal.
DDim BroadcastTo(const DDim& x, std::vector<int64_t> target, const char* op) {
  PD_CHECK(static_cast<int>(target.size()) >= x.size(), InvalidArgument, "expected ", op,
           "'s target rank ", target.size(), " to be at least X's rank ", x.size(), " (X ", x, ")");
  const int lead = static_cast<int>(target.size()) - x.size();
  for (int i = 0; i < static_cast<int>(target.size()); ++i) {
    const int64_t xd = i >= lead ? x[i - lead] : 1;
    if (target[i] == -1) {
      PD_CHECK(i >= lead, InvalidArgument, "expected ", op, " to keep (-1) only extents X has, but "
               "target ", funcs::FormatList(target), " has -1 at new axis ", i);
      target[i] = xd;
      continue;
    }
    PD_CHECK(target[i] >= 0, InvalidArgument, "expected ", op, "'s target extents >= 0 (or -1), "
             "but got ", funcs::FormatList(target));
    PD_CHECK(xd == 1 || xd < 0 || xd == target[i], InvalidArgument, "expected X's extent ", xd,
             " at axis ", i - lead, " to be 1 or ", target[i], " for ", op, " to ",
             funcs::FormatList(target), ", but X is ", x);
  }
  return DDim(target);
}
}  // namespace

void ExpandInferMeta(const MetaTensor& x, const std::vector<int64_t>& shape, MetaTensor* out) {
  out->set_dims(BroadcastTo(x.dims(), shape, "expand_v2"));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void ExpandAsInferMeta(const MetaTensor& x, const MetaTensor& y,
                       const std::vector<int64_t>& target_shape, MetaTensor* out) {
  std::vector<int64_t> target = target_shape;
  if (target.empty()) {
    PD_CHECK(static_cast<bool>(y), InvalidArgument,
             "expected expand_as_v2 to have Y or target_shape, but both are missing");
    target = y.dims().ToVector();
  }
  out->set_dims(BroadcastTo(x.dims(), target, "expand_as_v2"));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void TileInferMeta(const MetaTensor& x, const std::vector<int64_t>& repeat_times, MetaTensor* out) {
  for (int64_t r : repeat_times)
    PD_CHECK(r >= 0, InvalidArgument, "expected tile's repeat_times >= 0, but got ",
             funcs::FormatList(repeat_times));
  const int rank = std::max<int>(x.dims().size(), static_cast<int>(repeat_times.size()));
  PD_CHECK(rank <= DDim::kMaxRank, InvalidArgument, "expected tile's result rank at most ",
           DDim::kMaxRank, ", but got ", rank);
  std::vector<int64_t> dims(rank);
  for (int i = 0; i < rank; ++i) {
    const int xi = i - (rank - x.dims().size());
    const int ri = i - (rank - static_cast<int>(repeat_times.size()));
    const int64_t xd = xi >= 0 ? x.dims()[xi] : 1;
    const int64_t r = ri >= 0 ? repeat_times[ri] : 1;
    int64_t d = -1;
    PD_CHECK(xd < 0 || !__builtin_mul_overflow(xd, r, &d), InvalidArgument,
             "expected tile's result to fit in 64 bits, but ", xd, " x ", r, " overflows");
    dims[i] = xd < 0 ? -1 : d;
  }
  out->set_dims(DDim(dims));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void RepeatGradInferMeta(const MetaTensor& x, const MetaTensor& out_grad, MetaTensor* x_grad) {
  const DDim& xd = x.dims();
  const DDim& od = out_grad.dims();
  // The kernel walks out_grad and folds each element onto x modulo x's extents.
  PD_CHECK(od.size() >= xd.size(), InvalidArgument, "expected Out@GRAD ", od,
           " to have at least the rank of X ", xd, ", but it has rank ", od.size());
  const int lead = od.size() - xd.size();
  for (int i = 0; i < xd.size(); ++i) {
    const int64_t xe = xd[i];
    const int64_t oe = od[lead + i];
    if (xe < 0 || oe < 0) continue;
    PD_CHECK(xe > 0 ? oe % xe == 0 : oe == 0, InvalidArgument, "expected Out@GRAD ", od,
             " to repeat X ", xd, " (each extent of X dividing Out@GRAD's), but X's extent ",
             xe, " at axis ", i, " does not divide ", oe);
  }
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
}

void WhereInferMeta(const MetaTensor& condition, const MetaTensor& x, const MetaTensor& y,
                    MetaTensor* out) {
  PD_CHECK(condition.dtype() == DataType::BOOL, InvalidArgument,
           "expected where's Condition to be bool, but got ", condition.dtype());
  PD_CHECK(x.dtype() == y.dtype(), InvalidArgument, "expected where's X and Y to share a dtype, "
           "but got ", x.dtype(), " and ", y.dtype());
  auto same = [](const DDim& a, const DDim& b) {
    if (a.size() != b.size()) return false;
    for (int i = 0; i < a.size(); ++i)
      if (!funcs::ExtentsCompatible(a[i], b[i])) return false;
    return true;
  };
  PD_CHECK(same(condition.dims(), x.dims()) && same(x.dims(), y.dims()), InvalidArgument,
           "expected where's Condition, X and Y to have one shape, but got ", condition.dims(),
           ", ", x.dims(), " and ", y.dims());
  out->share_meta(x);
}

void ShapeInferMeta(const MetaTensor& input, MetaTensor* out) {
  out->set_dims(DDim({static_cast<int64_t>(input.dims().size())}));
  out->set_dtype(DataType::INT32);
}

void LogicalBinaryInferMeta(const MetaTensor& x, const MetaTensor& y, MetaTensor* out) {
  out->set_dims(funcs::BroadcastOutDims(x.dims(), y.dims(), -1));
  out->set_dtype(DataType::BOOL);
  out->set_layout(x.layout());
}

void WhereIndexInferMeta(const MetaTensor& condition, MetaTensor* out) {
  out->set_dims(DDim(std::vector<int64_t>{-1, condition.dims().size()}));
  out->set_dtype(DataType::INT64);
  out->set_layout(condition.layout());
}

namespace {
// Index (int32 / int64) has Input's rank and, off the axis, extents no larger than Input's.
// Returns the normalized axis.
int CheckAlongAxisIndex(const char* op, const MetaTensor& input, const MetaTensor& index,
                        int axis) {
  const DDim& d = input.dims();
  const DDim& id = index.dims();
  PD_CHECK(d.size() >= 1, InvalidArgument, "expected ", op, "'s Input to have rank >= 1, but got ",
           "Input ", d);
  const int a = funcs::NormalizeAxis(axis, d.size(), (std::string(op) + "'s Axis").c_str());
  PD_CHECK(id.size() == d.size(), InvalidArgument, "expected ", op,
           "'s Index to have Input's rank ", d.size(), ", but got Index ", id, " and Input ", d);
  PD_CHECK(index.dtype() == DataType::UNDEFINED || index.dtype() == DataType::INT32 ||
               index.dtype() == DataType::INT64,
           InvalidArgument, "expected ", op, "'s Index to be int32 or int64, but got ",
           index.dtype());
  for (int i = 0; i < d.size(); ++i) {
    PD_CHECK(i == a || d[i] < 0 || id[i] < 0 || id[i] <= d[i], InvalidArgument, "expected ", op,
             "'s Index extents off axis ", a, " to be at most Input's, but got Index ", id,
             " and Input ", d, " (dim ", i, ")");
  }
  return a;
}
}  // namespace

void TakeAlongAxisInferMeta(const MetaTensor& input, const MetaTensor& index, int axis,
                            MetaTensor* result) {
  CheckAlongAxisIndex("take_along_axis", input, index, axis);
  result->set_dims(index.dims());
  result->set_dtype(input.dtype());
  result->set_layout(input.layout());
}

void TakeAlongAxisGradInferMeta(const MetaTensor& input, const MetaTensor& index,
                                const MetaTensor& result_grad, int axis, MetaTensor* input_grad) {
  CheckAlongAxisIndex("take_along_axis", input, index, axis);
  const DDim& g = result_grad.dims();
  bool same = g.size() == index.dims().size();
  for (int i = 0; same && i < g.size(); ++i)
    same = funcs::ExtentsCompatible(g[i], index.dims()[i]);
  PD_CHECK(same, InvalidArgument,
           "expected take_along_axis_grad's Result@GRAD to have Index's dims ", index.dims(),
           ", but got ", g);
  if (input_grad != nullptr && *input_grad) input_grad->share_meta(input);
}

void PutAlongAxisInferMeta(const MetaTensor& input, const MetaTensor& index,
                           const MetaTensor& value, int axis, const std::string& reduce,
                           MetaTensor* result) {
  CheckAlongAxisIndex("put_along_axis", input, index, axis);
  PD_CHECK(reduce == "assign" || reduce == "add" || reduce == "mul" || reduce == "multiply",
           InvalidArgument,
           "expected put_along_axis's Reduce to be assign, add, mul or multiply, but got '",
           reduce, "'");
  const DDim& v = value.dims();
  const DDim& id = index.dims();
  bool same = v.size() == id.size();
  for (int i = 0; same && i < v.size(); ++i) same = funcs::ExtentsCompatible(v[i], id[i]);
  PD_CHECK(same, InvalidArgument, "expected put_along_axis's Value to have Index's dims ", id,
           ", but got Value ", v);
  PD_CHECK(value.dtype() == DataType::UNDEFINED || input.dtype() == DataType::UNDEFINED ||
               value.dtype() == input.dtype(),
           InvalidArgument, "expected put_along_axis's Value to have Input's dtype ",
           input.dtype(), ", but got ", value.dtype());
  result->set_dims(input.dims());
  result->set_dtype(input.dtype());
  result->set_layout(input.layout());
}

}  // namespace phi
