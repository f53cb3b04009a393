// Broadcast binary elementwise loops over DenseTensors, for kernels whose output type may
// differ from the inputs' (comparisons give bool): out[o] = op(x[xi], y[yi]) forward, and the
// gradient accumulation dx[xi] += fx(x, y, dout), dy[yi] += fy(x, y, dout) backward.
#pragma once

#include <cstdint>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/funcs/broadcast.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {
namespace funcs {

// Inputs are held by value so their storage outlives a reallocation of an aliasing Out; Out
// must already have the broadcast dims (InferMeta sets them).
template <typename T, typename OutT, typename Context, typename Op>
void BroadcastBinaryCompute(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                            int axis, DenseTensor* out, Op op) {
  const DenseTensor x_in = x;
  const DenseTensor y_in = y;
  const bool same_dims = x_in.dims() == y_in.dims();
  BroadcastShapes shapes;
  DDim out_dims = x_in.dims();
  if (!same_dims) {
    shapes = AlignBroadcastShapes(x_in.dims(), y_in.dims(), axis);
    out_dims = DDim(shapes.out);
  }
  PD_CHECK(out->numel() == out_dims.numel(), InvalidArgument, "expected Out to have dims ",
           out_dims, " (X ", x_in.dims(), " broadcast with Y ", y_in.dims(), ", axis ", axis,
           "), but got ", out->dims());
  // Writing Out in order is safe over an input of Out's shape and type, not over another one.
  for (const DenseTensor* input : {&x_in, &y_in}) {
    const bool in_place_ok =
        input->dims() == out_dims && input->dtype() == CppTypeToDataType<OutT>::value;
    if (!in_place_ok && out->Holder() != nullptr && out->Holder() == input->Holder()) {
      const DDim dims = out->dims();
      out->clear();
      out->Resize(dims);
    }
  }
  const T* a = x_in.data<T>();
  const T* b = y_in.data<T>();
  OutT* result = dev_ctx.template Alloc<OutT>(out);
  if (same_dims) {
    ParallelRange(x_in.numel(), 1, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) result[i] = op(a[i], b[i]);
    });
    return;
  }
  // Rows split over the pool; within a row each stride pattern gets a loop of its own (a
  // contiguous row, or one side a single broadcast value such as a channel's bias), so that it
  // vectorizes. The same op on the same elements as an index-by-index walk.
  const BroadcastPlan plan = MakeBroadcastPlan(shapes);
  const int64_t inner = plan.rank == 0 ? 1 : plan.dims[plan.rank - 1];
  const int64_t xs = plan.rank == 0 ? 0 : plan.x_strides[plan.rank - 1];
  const int64_t ys = plan.rank == 0 ? 0 : plan.y_strides[plan.rank - 1];
  ParallelRange(BroadcastRows(plan), inner, [&](int64_t row_begin, int64_t row_end) {
    ForEachBroadcastRowIn(plan, row_begin, row_end, [&](int64_t o, int64_t xo, int64_t yo) {
      OutT* __restrict__ dst = result + o;
      const T* xr = a + xo;
      const T* yr = b + yo;
      if (xs == 1 && ys == 1) {
        for (int64_t j = 0; j < inner; ++j) dst[j] = op(xr[j], yr[j]);
      } else if (xs == 1 && ys == 0) {
        const T yv = *yr;
        for (int64_t j = 0; j < inner; ++j) dst[j] = op(xr[j], yv);
      } else if (xs == 0 && ys == 1) {
        const T xv = *xr;
        for (int64_t j = 0; j < inner; ++j) dst[j] = op(xv, yr[j]);
      } else {
        for (int64_t j = 0; j < inner; ++j) dst[j] = op(xr[j * xs], yr[j * ys]);
      }
    });
  });
}

// Gradients of a broadcast binary op: dx[xi] += fx(x, y, dout) and dy[yi] += fy(x, y, dout)
// summed over the broadcast. dx or dy may be nullptr (not wanted); each gets storage that no
// input uses.
template <typename T, typename Context, typename FnX, typename FnY>
void BroadcastBinaryGrad(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                         const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy,
                         FnX fx, FnY fy) {
  const DenseTensor x_in = x;
  const DenseTensor y_in = y;
  const DenseTensor d_in = dout;
  const BroadcastShapes shapes = AlignBroadcastShapes(x_in.dims(), y_in.dims(), axis);
  const DDim out_dims(shapes.out);
  PD_CHECK(d_in.numel() == out_dims.numel(), InvalidArgument, "expected Out@GRAD to have dims ",
           out_dims, " (X ", x_in.dims(), " broadcast with Y ", y_in.dims(), ", axis ", axis,
           "), but got ", d_in.dims());
  const BroadcastPlan plan = MakeBroadcastPlan(shapes);
  const T* a = x_in.data<T>();
  const T* b = y_in.data<T>();
  const T* d = d_in.data<T>();
  auto alloc = [&](DenseTensor* grad, const DenseTensor& like, const char* name) -> T* {
    if (grad == nullptr) return nullptr;
    PD_CHECK(grad->numel() == like.numel(), InvalidArgument, "expected ", name, " to have dims ",
             like.dims(), ", but got ", grad->dims());
    for (const DenseTensor* input : {&x_in, &y_in, &d_in}) {
      if (grad->Holder() != nullptr && grad->Holder() == input->Holder()) {
        const DDim dims = grad->dims();
        grad->clear();
        grad->Resize(dims);
      }
    }
    T* data = dev_ctx.template Alloc<T>(grad);
    for (int64_t i = 0, n = like.numel(); i < n; ++i) data[i] = T(0);
    return data;
  };
  if (T* gx = alloc(dx, x_in, "X@GRAD")) {
    ForEachBroadcastIndex(
        plan, [&](int64_t o, int64_t xi, int64_t yi) { gx[xi] += fx(a[xi], b[yi], d[o]); });
  }
  if (T* gy = alloc(dy, y_in, "Y@GRAD")) {
    ForEachBroadcastIndex(
        plan, [&](int64_t o, int64_t xi, int64_t yi) { gy[yi] += fy(a[xi], b[yi], d[o]); });
  }
}

}  // namespace funcs
}  // namespace phi
