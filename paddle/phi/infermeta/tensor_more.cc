#include "paddle/phi/infermeta/tensor_more.h"

#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/infermeta/nullary.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {

using funcs::ExtentsCompatible;

namespace {

void CheckIndexDtype(const MetaTensor& index, const char* what) {
  PD_CHECK(index.dtype() == DataType::UNDEFINED || index.dtype() == DataType::INT32 ||
               index.dtype() == DataType::INT64,
           InvalidArgument, "expected ", what, " to be int32 or int64, but got ", index.dtype());
}

}  // namespace

void GatherNdInferMeta(const MetaTensor& x, const MetaTensor& index, MetaTensor* out) {
  const DDim& d = x.dims();
  const DDim& id = index.dims();
  CheckIndexDtype(index, "gather_nd's Index");
  PD_CHECK(id.size() >= 1, InvalidArgument,
           "expected gather_nd's Index to have rank >= 1, but got Index ", id);
  const int64_t k = id[id.size() - 1];
  PD_CHECK(k < 0 || k <= d.size(), InvalidArgument,
           "expected gather_nd's Index.dims[-1] <= rank of X (", d.size(), "), but got Index ", id,
           " for X ", d);
  std::vector<int64_t> dims;
  for (int i = 0; i + 1 < id.size(); ++i) dims.push_back(id[i]);
  if (k >= 0) {
    for (int i = static_cast<int>(k); i < d.size(); ++i) dims.push_back(d[i]);
  }
  out->set_dims(DDim(dims));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void ScatterInferMeta(const MetaTensor& x, const MetaTensor& ids, const MetaTensor& updates,
                      bool overwrite, MetaTensor* out) {
  (void)overwrite;
  const DDim& d = x.dims();
  const DDim& id = ids.dims();
  const DDim& u = updates.dims();
  CheckIndexDtype(ids, "scatter's Ids");
  PD_CHECK(d.size() >= 1, InvalidArgument, "expected scatter's X to have rank >= 1, but got X ", d);
  PD_CHECK(id.size() == 1 || (id.size() == 2 && id[1] == 1), InvalidArgument,
           "expected scatter's Ids to be 1-D (or [N, 1]), but got Ids ", id);
  PD_CHECK(u.size() == d.size(), InvalidArgument,
           "expected scatter's Updates to have the rank of X (", d.size(), "), but got Updates ", u,
           " for X ", d);
  PD_CHECK(ExtentsCompatible(u[0], id[0]), InvalidArgument,
           "expected scatter's Updates.dims[0] to equal the number of Ids (", id[0],
           "), but got Updates ", u);
  for (int i = 1; i < d.size(); ++i) {
    PD_CHECK(ExtentsCompatible(u[i], d[i]), InvalidArgument,
             "expected scatter's Updates.dims[1:] to equal X.dims[1:], but got Updates ", u,
             " for X ", d);
  }
  PD_CHECK(updates.dtype() == DataType::UNDEFINED || x.dtype() == DataType::UNDEFINED ||
               updates.dtype() == x.dtype(),
           InvalidArgument, "expected scatter's Updates to have X's dtype ", x.dtype(),
           ", but got ", updates.dtype());
  out->set_dims(d);
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void PNormInferMeta(const MetaTensor& x, float porder, int axis, float epsilon, bool keepdim,
                    bool asvector, MetaTensor* out) {
  (void)porder;
  (void)epsilon;
  const DDim& d = x.dims();
  std::vector<int64_t> dims;
  if (asvector) {
    if (keepdim) dims.assign(d.size(), 1);
  } else {
    const int a = funcs::NormalizeAxis(axis, d.size(), "p_norm's axis");
    for (int i = 0; i < d.size(); ++i) {
      if (i != a) {
        dims.push_back(d[i]);
      } else if (keepdim) {
        dims.push_back(1);
      }
    }
  }
  out->set_dims(DDim(dims));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void UnStackInferMeta(const MetaTensor& x, int axis, int num, std::vector<MetaTensor*> outs) {
  const DDim& d = x.dims();
  PD_CHECK(d.size() >= 1, InvalidArgument, "expected unstack's X to have rank >= 1, but got X ", d);
  const int a = funcs::NormalizeAxis(axis, d.size(), "unstack's axis");
  PD_CHECK(num > 0, InvalidArgument, "expected unstack's num > 0, but got ", num);
  PD_CHECK(d[a] < 0 || num == d[a], InvalidArgument, "expected unstack's num to equal X.dims[", a,
           "] (", d[a], "), but got ", num);
  PD_CHECK(static_cast<int64_t>(outs.size()) == num, InvalidArgument,
           "expected unstack to have num (", num, ") outputs Y, but got ", outs.size());
  std::vector<int64_t> dims;
  for (int i = 0; i < d.size(); ++i)
    if (i != a) dims.push_back(d[i]);
  for (MetaTensor* o : outs) {
    if (o == nullptr || !*o) continue;
    o->set_dims(DDim(dims));
    o->set_dtype(x.dtype());
    o->set_layout(x.layout());
  }
}

void AssignValueInferMeta(const std::vector<int>& shape, DataType dtype, MetaTensor* out) {
  PD_CHECK(dtype == DataType::BOOL || dtype == DataType::INT32 || dtype == DataType::INT64 ||
               dtype == DataType::FLOAT32 || dtype == DataType::FLOAT64,
           InvalidArgument,
           "expected assign_value's dtype to be bool, int32, int64, float32 or float64, but got ",
           dtype);
  CreateInferMeta(std::vector<int64_t>(shape.begin(), shape.end()), dtype, out);
}

void TruncatedGaussianRandomInferMeta(const std::vector<int>& shape, DataType dtype,
                                      MetaTensor* out) {
  PD_CHECK(dtype == DataType::FLOAT32 || dtype == DataType::FLOAT64, InvalidArgument,
           "expected truncated_gaussian_random's dtype to be float32 or float64, but got ", dtype);
  CreateInferMeta(std::vector<int64_t>(shape.begin(), shape.end()), dtype, out);
}

void FillConstantBatchSizeLikeInferMeta(const MetaTensor& input, DataType dtype,
                                        const std::vector<int>& shape, int input_dim_idx,
                                        int output_dim_idx, MetaTensor* out) {
  const DDim& d = input.dims();
  const int n = static_cast<int>(shape.size());
  PD_CHECK(output_dim_idx >= 0 && output_dim_idx < n, InvalidArgument,
           "expected fill_constant_batch_size_like's output_dim_idx in [0, ", n, ") for shape ",
           funcs::FormatList(shape), ", but got ", output_dim_idx);
  PD_CHECK(input_dim_idx >= 0 && input_dim_idx < d.size(), InvalidArgument,
           "expected fill_constant_batch_size_like's input_dim_idx in [0, ", d.size(),
           ") for Input ", d, ", but got ", input_dim_idx);
  std::vector<int64_t> dims(shape.begin(), shape.end());
  dims[output_dim_idx] = d[input_dim_idx];
  if (dims[output_dim_idx] < 0) {  // batch size unknown until run time
    for (size_t i = 0; i < dims.size(); ++i) {
      PD_CHECK(i == static_cast<size_t>(output_dim_idx) || dims[i] >= 0, InvalidArgument,
               "expected every extent of the shape to be non-negative, but got shape ",
               funcs::FormatList(dims));
    }
    out->set_dims(DDim(dims));
    out->set_dtype(dtype);
    out->set_layout(DataLayout::NCHW);
    return;
  }
  CreateInferMeta(dims, dtype, out);
}

void PNormGradInferMeta(const MetaTensor& x, const MetaTensor& out, const MetaTensor& out_grad,
                        float porder, int axis, float epsilon, bool keepdim, bool asvector,
                        MetaTensor* x_grad) {
  DenseTensor norm;  // the forward's checks and output dims
  MetaTensor norm_meta(&norm);
  PNormInferMeta(x, porder, axis, epsilon, keepdim, asvector, &norm_meta);
  const int64_t want = norm.dims().numel();  // -1 while X has unknown extents
  const MetaTensor* given[2] = {&out, &out_grad};
  const char* names[2] = {"Out", "Out@GRAD"};
  for (int i = 0; i < 2; ++i) {
    // The kernel reads one norm (and one gradient) per reduced position.
    PD_CHECK(funcs::ExtentsCompatible(given[i]->dims().numel(), want), InvalidArgument,
             "expected p_norm_grad's ", names[i], " to hold the ", want, " norms of X ", x.dims(),
             " (axis ", axis, ", asvector ", asvector, "), but got dims ", given[i]->dims());
  }
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
}

void GatherNdGradInferMeta(const MetaTensor& x, const MetaTensor& index, const MetaTensor& out_grad,
                           MetaTensor* x_grad) {
  DenseTensor out;  // the forward's checks and output dims
  MetaTensor out_meta(&out);
  GatherNdInferMeta(x, index, &out_meta);
  CheckOutGradLikeForward("gather_nd", out.dims(), x.dtype(), out_grad);
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
}

void ScatterGradInferMeta(const MetaTensor& ids, const MetaTensor& updates,
                          const MetaTensor& out_grad, MetaTensor* x_grad,
                          MetaTensor* updates_grad) {
  DenseTensor out;  // Out@GRAD has X's dims: the forward's checks apply to it
  MetaTensor out_meta(&out);
  ScatterInferMeta(out_grad, ids, updates, true, &out_meta);
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(out_grad);
  if (updates_grad != nullptr && *updates_grad) updates_grad->share_meta(updates);
}

}  // namespace phi
