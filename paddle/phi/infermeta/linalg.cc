#include "paddle/phi/infermeta/linalg.h"

#include <algorithm>

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {
namespace {

// Numpy broadcast of two batch extents, where -1 (unknown) is compatible with anything.
bool BroadcastExtent(int64_t a, int64_t b, int64_t* out) {
  if (a == b || b == 1) {
    *out = a;
  } else if (a == 1) {
    *out = b;
  } else if (a < 0) {
    *out = b;  // b is known and not 1: a must turn out to be b (or 1)
  } else if (b < 0) {
    *out = a;
  } else {
    return false;
  }
  return true;
}

void CheckSameDtype(const MetaTensor& x, const MetaTensor& y, const char* op) {
  PD_CHECK(x.dtype() == y.dtype() || x.dtype() == DataType::UNDEFINED ||
               y.dtype() == DataType::UNDEFINED,
           InvalidArgument, "expected X and Y of ", op, " to have the same dtype, but got ",
           x.dtype(), " and ", y.dtype());
}

}  // namespace

MatmulDims ComputeMatmulDims(const DDim& x, const DDim& y, bool trans_x, bool trans_y) {
  PD_CHECK(x.size() >= 1 && y.size() >= 1, InvalidArgument,
           "expected X and Y of matmul to have rank >= 1, but got X ", x, " and Y ", y);
  const int x_rank = x.size();
  const int y_rank = y.size();
  MatmulDims d;
  d.trans_x = trans_x && x_rank > 1;
  d.trans_y = trans_y && y_rank > 1;
  const int64_t x_rows = x_rank == 1 ? 1 : x[x_rank - 2];
  const int64_t x_cols = x[x_rank - 1];
  const int64_t y_rows = y_rank == 1 ? y[0] : y[y_rank - 2];
  const int64_t y_cols = y_rank == 1 ? 1 : y[y_rank - 1];
  d.m = d.trans_x ? x_cols : x_rows;
  const int64_t x_k = d.trans_x ? x_rows : x_cols;
  const int64_t y_k = d.trans_y ? y_cols : y_rows;
  d.n = d.trans_y ? y_rows : y_cols;
  PD_CHECK(funcs::ExtentsCompatible(x_k, y_k), InvalidArgument, "expected X's ",
           d.trans_x ? "second-to-last" : "last", " dim ", x_k, " to equal Y's ",
           y_rank == 1 ? "only" : (d.trans_y ? "last" : "second-to-last"), " dim ", y_k,
           " in matmul, but got X ", x, " and Y ", y, " (trans_x=", trans_x ? "true" : "false",
           ", trans_y=", trans_y ? "true" : "false", ")");
  d.k = x_k >= 0 ? x_k : y_k;

  const int x_batch_rank = std::max(x_rank - 2, 0);
  const int y_batch_rank = std::max(y_rank - 2, 0);
  const int batch_rank = std::max(x_batch_rank, y_batch_rank);
  d.batch.assign(batch_rank, 1);
  d.x_batch.assign(batch_rank, 1);
  d.y_batch.assign(batch_rank, 1);
  for (int i = 0; i < x_batch_rank; ++i) d.x_batch[batch_rank - x_batch_rank + i] = x[i];
  for (int i = 0; i < y_batch_rank; ++i) d.y_batch[batch_rank - y_batch_rank + i] = y[i];
  for (int i = 0; i < batch_rank; ++i) {
    PD_CHECK(BroadcastExtent(d.x_batch[i], d.y_batch[i], &d.batch[i]), InvalidArgument,
             "expected the batch dims of matmul's X and Y to broadcast, but got X ", x,
             " and Y ", y);
  }
  std::vector<int64_t> out = d.batch;
  if (x_rank > 1) out.push_back(d.m);
  if (y_rank > 1) out.push_back(d.n);
  d.out = DDim(out);
  return d;
}

void MatmulBatchIndices(const MatmulDims& dims, std::vector<int64_t>* x_index,
                        std::vector<int64_t>* y_index) {
  const int rank = static_cast<int>(dims.batch.size());
  int64_t count = 1;
  for (int64_t extent : dims.batch) count *= extent;
  x_index->assign(count, 0);
  y_index->assign(count, 0);
  // Strides of x's and y's own batch layouts; 0 along a broadcast (extent 1) axis.
  std::vector<int64_t> x_strides(rank, 0), y_strides(rank, 0);
  int64_t x_stride = 1, y_stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    if (dims.x_batch[i] != 1) x_strides[i] = x_stride;
    if (dims.y_batch[i] != 1) y_strides[i] = y_stride;
    x_stride *= dims.x_batch[i];
    y_stride *= dims.y_batch[i];
  }
  for (int64_t b = 0; b < count; ++b) {
    int64_t rest = b, xi = 0, yi = 0;
    for (int i = rank - 1; i >= 0; --i) {
      const int64_t pos = rest % dims.batch[i];
      rest /= dims.batch[i];
      xi += pos * x_strides[i];
      yi += pos * y_strides[i];
    }
    (*x_index)[b] = xi;
    (*y_index)[b] = yi;
  }
}

DDim ComputeMatmulWithFlattenDims(const DDim& x, const DDim& y, int x_num_col_dims,
                                  int y_num_col_dims) {
  PD_CHECK(x_num_col_dims >= 1 && x_num_col_dims < x.size(), InvalidArgument,
           "expected x_num_col_dims in [1, ", x.size(), ") for X ", x, ", but got ",
           x_num_col_dims);
  PD_CHECK(y_num_col_dims >= 1 && y_num_col_dims < y.size(), InvalidArgument,
           "expected y_num_col_dims in [1, ", y.size(), ") for Y ", y, ", but got ",
           y_num_col_dims);
  const int64_t x_cols = funcs::ProductOrUnknown(x, x_num_col_dims, x.size());
  const int64_t y_rows = funcs::ProductOrUnknown(y, 0, y_num_col_dims);
  PD_CHECK(funcs::ExtentsCompatible(x_cols, y_rows), InvalidArgument,
           "expected flattened X's width ", x_cols, " to equal flattened Y's height ", y_rows,
           " in matmul_with_flatten, but got X ", x, " (x_num_col_dims=", x_num_col_dims,
           ") and Y ", y, " (y_num_col_dims=", y_num_col_dims, ")");
  std::vector<int64_t> out;
  for (int i = 0; i < x_num_col_dims; ++i) out.push_back(x[i]);
  for (int i = y_num_col_dims; i < y.size(); ++i) out.push_back(y[i]);
  return DDim(out);
}

void MatmulInferMeta(const MetaTensor& x, const MetaTensor& y, bool trans_x, bool trans_y,
                     MetaTensor* out) {
  CheckSameDtype(x, y, "matmul");
  MatmulDims d = ComputeMatmulDims(x.dims(), y.dims(), trans_x, trans_y);
  out->set_dims(d.out);
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void MatmulWithFlattenInferMeta(const MetaTensor& x, const MetaTensor& y, int x_num_col_dims,
                                int y_num_col_dims, MetaTensor* out) {
  CheckSameDtype(x, y, "matmul_with_flatten");
  out->set_dims(ComputeMatmulWithFlattenDims(x.dims(), y.dims(), x_num_col_dims, y_num_col_dims));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

}  // namespace phi
