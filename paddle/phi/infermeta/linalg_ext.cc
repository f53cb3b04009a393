#include "paddle/phi/infermeta/linalg_ext.h"

#include <algorithm>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/linalg.h"
#include "paddle/phi/infermeta/meta_util.h"

namespace phi {
namespace {

using meta::Present;
using meta::SetMeta;

void CheckFloat(const MetaTensor& x, const char* op, const char* slot) {
  const DataType t = x.dtype();
  PD_CHECK(t == DataType::UNDEFINED || t == DataType::FLOAT32 || t == DataType::FLOAT64,
           InvalidArgument, "expected ", slot, " of ", op, " to be float32 or float64, but got ",
           t);
}

// X holds (batches of) matrices: rank >= 2.
void CheckMatrices(const MetaTensor& x, const char* op, const char* slot) {
  CheckFloat(x, op, slot);
  PD_CHECK(x.dims().size() >= 2, InvalidArgument, "expected ", slot, " of ", op,
           " to have rank >= 2 ([..., M, N]), but got dims ", x.dims());
}

// X holds (batches of) square matrices.
void CheckSquare(const MetaTensor& x, const char* op, const char* slot) {
  CheckMatrices(x, op, slot);
  const DDim& d = x.dims();
  const int64_t m = d[d.size() - 2], n = d[d.size() - 1];
  PD_CHECK(m < 0 || n < 0 || m == n, InvalidArgument, "expected ", slot, " of ", op,
           " to hold square matrices [..., N, N], but got dims ", d);
}

DDim Batch(const DDim& d) { return d.slice(0, d.size() - 2); }

DDim Append(const DDim& head, std::initializer_list<int64_t> tail) {
  std::vector<int64_t> v = head.ToVector();
  v.insert(v.end(), tail.begin(), tail.end());
  return DDim(v);
}

int64_t MinExtent(int64_t a, int64_t b) { return a < 0 || b < 0 ? int64_t{-1} : std::min(a, b); }

// Solve-like ops: X square, Y [..., N, K] (or, allow_vector, [N]), batch dims broadcast.
DDim SolveDims(const MetaTensor& x, const MetaTensor& y, const char* op, bool allow_vector) {
  CheckSquare(x, op, "X");
  CheckFloat(y, op, "Y");
  PD_CHECK(x.dtype() == y.dtype() || x.dtype() == DataType::UNDEFINED ||
               y.dtype() == DataType::UNDEFINED,
           InvalidArgument, "expected X and Y of ", op, " to have the same dtype, but got ",
           x.dtype(), " and ", y.dtype());
  PD_CHECK(y.dims().size() >= (allow_vector ? 1 : 2), InvalidArgument, "expected Y of ", op,
           " to have rank >= ", allow_vector ? 1 : 2, ", but got dims ", y.dims());
  const DDim& xd = x.dims();
  const DDim& yd = y.dims();
  const int64_t n = xd[xd.size() - 1];
  const int64_t yn = yd.size() == 1 ? yd[0] : yd[yd.size() - 2];
  PD_CHECK(n < 0 || yn < 0 || n == yn, InvalidArgument, "expected Y of ", op,
           " to have as many rows as X (", n, "), but got X ", xd, " and Y ", yd);
  CheckSolveBatches(xd, yd, op);
  return ComputeMatmulDims(xd, yd, false, false).out;
}

}  // namespace

void CheckSolveBatches(const DDim& x, const DDim& y, const char* op) {
  const int xb = x.size() - 2, yb = y.size() < 2 ? 0 : y.size() - 2;
  for (int i = 1; i <= std::min(xb, yb); ++i) {
    const int64_t a = x[xb - i], b = y[yb - i];
    PD_CHECK(a == b || a == 1 || b == 1 || a < 0 || b < 0, InvalidArgument,
             "expected the batch dims of X and Y of ", op, " to broadcast, but got X ", x,
             " and Y ", y);
  }
}

void InverseInferMeta(const MetaTensor& input, MetaTensor* output) {
  CheckSquare(input, "inverse", "Input");
  SetMeta(output, input.dims(), input.dtype(), input.layout());
}

void DeterminantInferMeta(const MetaTensor& input, MetaTensor* out) {
  CheckSquare(input, "determinant", "Input");
  SetMeta(out, Batch(input.dims()), input.dtype(), input.layout());
}

void SlogDeterminantInferMeta(const MetaTensor& input, MetaTensor* out) {
  CheckSquare(input, "slogdeterminant", "Input");
  std::vector<int64_t> v{2};
  const DDim batch = Batch(input.dims());
  for (int i = 0; i < batch.size(); ++i) v.push_back(batch[i]);
  SetMeta(out, DDim(v), input.dtype(), input.layout());
}

void SolveInferMeta(const MetaTensor& x, const MetaTensor& y, MetaTensor* out) {
  SetMeta(out, SolveDims(x, y, "solve", true), x.dtype(), x.layout());
}

void CholeskyInferMeta(const MetaTensor& x, bool upper, MetaTensor* out) {
  (void)upper;
  CheckSquare(x, "cholesky", "X");
  SetMeta(out, x.dims(), x.dtype(), x.layout());
}

void TriangularSolveInferMeta(const MetaTensor& x, const MetaTensor& y, bool upper, bool transpose,
                              bool unitriangular, MetaTensor* out) {
  (void)upper;
  (void)transpose;
  (void)unitriangular;
  SetMeta(out, SolveDims(x, y, "triangular_solve", false), x.dtype(), x.layout());
}

void QrInferMeta(const MetaTensor& x, const std::string& mode, MetaTensor* q, MetaTensor* r) {
  CheckMatrices(x, "qr", "X");
  PD_CHECK(mode == "reduced" || mode == "complete" || mode == "r", InvalidArgument,
           "expected qr's mode to be 'reduced', 'complete' or 'r', but got '", mode, "'");
  const DDim& d = x.dims();
  const int64_t m = d[d.size() - 2], n = d[d.size() - 1];
  const int64_t k = mode == "complete" ? m : MinExtent(m, n);
  SetMeta(q, mode == "r" ? DDim({0}) : Append(Batch(d), {m, k}), x.dtype(), x.layout());
  SetMeta(r, Append(Batch(d), {k, n}), x.dtype(), x.layout());
}

void SvdInferMeta(const MetaTensor& x, bool full_matrices, MetaTensor* u, MetaTensor* s,
                  MetaTensor* vh) {
  CheckMatrices(x, "svd", "X");
  const DDim& d = x.dims();
  const int64_t m = d[d.size() - 2], n = d[d.size() - 1];
  const int64_t k = MinExtent(m, n);
  SetMeta(u, Append(Batch(d), {m, full_matrices ? m : k}), x.dtype(), x.layout());
  SetMeta(s, Append(Batch(d), {k}), x.dtype(), x.layout());
  SetMeta(vh, Append(Batch(d), {full_matrices ? n : k, n}), x.dtype(), x.layout());
}

void EighInferMeta(const MetaTensor& x, const std::string& uplo, MetaTensor* eigenvalues,
                   MetaTensor* eigenvectors) {
  CheckSquare(x, "eigh", "X");
  PD_CHECK(uplo == "L" || uplo == "U", InvalidArgument,
           "expected eigh's UPLO to be 'L' or 'U', but got '", uplo, "'");
  const DDim& d = x.dims();
  SetMeta(eigenvalues, Append(Batch(d), {d[d.size() - 1]}), x.dtype(), x.layout());
  SetMeta(eigenvectors, d, x.dtype(), x.layout());
}

}  // namespace phi
