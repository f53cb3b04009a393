#include "paddle/phi/infermeta/unique_scatter_nd.h"

#include <cstdint>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/meta_util.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {
namespace {

using meta::Present;
using meta::SetMeta;

using funcs::ExtentsCompatible;

bool IsIndexType(DataType t) {
  return t == DataType::UNDEFINED || t == DataType::INT32 || t == DataType::INT64;
}

}  // namespace

void UniqueInferMeta(const MetaTensor& x, DataType dtype, bool return_index, bool return_inverse,
                     bool return_counts, const std::vector<int>& axis, bool is_sorted,
                     MetaTensor* out, MetaTensor* indices, MetaTensor* index, MetaTensor* counts) {
  (void)return_index;
  (void)return_inverse;
  (void)return_counts;  // every present output is written; the flags pick what Python returns
  PD_CHECK(dtype == DataType::INT32 || dtype == DataType::INT64, InvalidArgument,
           "expected unique's dtype to be int32 or int64, but got ", dtype);
  const DDim& d = x.dims();
  const DataLayout layout = x.layout();
  if (!is_sorted) {
    PD_CHECK(Present(index), InvalidArgument,
             "expected unique with is_sorted false to have the output Index, but it has none");
    SetMeta(out, DDim({-1}), x.dtype(), layout);
    SetMeta(index, d, dtype, layout);
    SetMeta(indices, DDim({-1}), dtype, layout);
    SetMeta(counts, DDim({-1}), dtype, layout);
    return;
  }
  PD_CHECK(axis.size() <= 1, InvalidArgument,
           "expected unique's axis to hold at most one axis, but got ", funcs::FormatList(axis));
  if (axis.empty()) {
    SetMeta(out, DDim({-1}), x.dtype(), layout);
    SetMeta(index, DDim({d.has_unknown() ? int64_t{-1} : d.numel()}), dtype, layout);
  } else {
    const int rank = d.size();
    PD_CHECK(axis[0] >= -rank && axis[0] < rank, InvalidArgument, "expected unique's axis in [",
             -rank, ", ", rank, ") for X ", d, ", but got ", axis[0]);
    const int a = axis[0] < 0 ? axis[0] + rank : axis[0];
    DDim out_dims = d;
    out_dims[a] = -1;
    SetMeta(out, out_dims, x.dtype(), layout);
    SetMeta(index, DDim({d[a]}), dtype, layout);
  }
  SetMeta(indices, DDim({-1}), dtype, layout);
  SetMeta(counts, DDim({-1}), dtype, layout);
}

void BincountInferMeta(const MetaTensor& x, const MetaTensor& weights, int minlength,
                       MetaTensor* out) {
  PD_CHECK(x.dtype() == DataType::UNDEFINED || x.dtype() == DataType::INT32 ||
               x.dtype() == DataType::INT64,
           InvalidArgument, "expected bincount's X to be int32 or int64, but got ", x.dtype());
  PD_CHECK(x.dims().size() == 1, InvalidArgument, "expected bincount's X to be 1-D, but got X ",
           x.dims());
  PD_CHECK(minlength >= 0, InvalidArgument, "expected bincount's minlength >= 0, but got ",
           minlength);
  DataType out_dtype = DataType::INT64;
  if (weights) {
    const DataType w = weights.dtype();
    PD_CHECK(w == DataType::FLOAT32 || w == DataType::FLOAT64 || w == DataType::INT32 ||
                 w == DataType::INT64,
             InvalidArgument,
             "expected bincount's Weights to be float32, float64, int32 or int64, but got ", w);
    PD_CHECK(weights.dims().size() == 1 && ExtentsCompatible(weights.dims()[0], x.dims()[0]),
             InvalidArgument, "expected bincount's Weights to have X's dims ", x.dims(),
             ", but got Weights ", weights.dims());
    out_dtype = w;
  }
  SetMeta(out, DDim({-1}), out_dtype, x.layout());
}

void ScatterNdAddInferMeta(const MetaTensor& x, const MetaTensor& index, const MetaTensor& updates,
                           MetaTensor* out) {
  const DDim& d = x.dims();
  const DDim& id = index.dims();
  const DDim& u = updates.dims();
  PD_CHECK(IsIndexType(index.dtype()), InvalidArgument,
           "expected scatter_nd_add's Index to be int32 or int64, but got ", index.dtype());
  PD_CHECK(updates.dtype() == DataType::UNDEFINED || x.dtype() == DataType::UNDEFINED ||
               updates.dtype() == x.dtype(),
           InvalidArgument, "expected scatter_nd_add's Updates to have X's dtype ", x.dtype(),
           ", but got ", updates.dtype());
  PD_CHECK(id.size() >= 1, InvalidArgument,
           "expected scatter_nd_add's Index to have rank >= 1, but got Index ", id);
  const int64_t k = id[id.size() - 1];
  PD_CHECK(k < 0 || k <= d.size(), InvalidArgument,
           "expected scatter_nd_add's Index.dims[-1] <= rank of X (", d.size(), "), but got Index ",
           id, " for X ", d);
  if (k >= 0) {
    // Updates: Index.dims[:-1] + X.dims[k:].
    const int want_rank = id.size() - 1 + d.size() - static_cast<int>(k);
    bool ok = u.size() == want_rank;
    for (int i = 0; ok && i + 1 < id.size(); ++i) ok = ExtentsCompatible(u[i], id[i]);
    for (int i = static_cast<int>(k); ok && i < d.size(); ++i)
      ok = ExtentsCompatible(u[id.size() - 1 + i - static_cast<int>(k)], d[i]);
    if (!ok) {
      std::vector<int64_t> want;
      for (int i = 0; i + 1 < id.size(); ++i) want.push_back(id[i]);
      for (int i = static_cast<int>(k); i < d.size(); ++i) want.push_back(d[i]);
      PD_THROW(InvalidArgument, "expected scatter_nd_add's Updates to have dims ",
               funcs::FormatList(want), " (Index.dims[:-1] + X.dims[", k, ":]), but got Updates ",
               u, " for X ", d, " and Index ", id);
    }
  }
  SetMeta(out, d, x.dtype(), x.layout());
}

void ScatterNdAddGradInferMeta(const MetaTensor& index, const MetaTensor& updates,
                               const MetaTensor& out_grad, MetaTensor* x_grad,
                               MetaTensor* updates_grad) {
  ScatterNdAddInferMeta(out_grad, index, updates, nullptr);
  SetMeta(x_grad, out_grad.dims(), out_grad.dtype(), out_grad.layout());
  SetMeta(updates_grad, updates.dims(), out_grad.dtype(), updates.layout());
}

}  // namespace phi
