#include "paddle/phi/infermeta/shape.h"

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/funcs/transpose.h"

namespace phi {

void SetXShape(const MetaTensor& x, MetaTensor* xshape) {
  if (xshape == nullptr || !*xshape) return;
  std::vector<int64_t> dims = {0};
  for (int i = 0; i < x.dims().size(); ++i) dims.push_back(x.dims()[i]);
  xshape->set_dims(DDim(dims));
  xshape->set_dtype(x.dtype());
  xshape->set_layout(x.layout());
}

DDim ComputeReshapeDims(const DDim& x_dims, const std::vector<int64_t>& shape) {
  PD_CHECK(static_cast<int>(shape.size()) <= DDim::kMaxRank, InvalidArgument,
           "expected a reshape target of rank <= ", DDim::kMaxRank, ", but got shape ",
           funcs::FormatList(shape));
  std::vector<int64_t> out(shape.size());
  int inferred = -1;
  int64_t known_product = 1;
  bool product_unknown = false;
  for (int i = 0; i < static_cast<int>(shape.size()); ++i) {
    const int64_t v = shape[i];
    if (v == -1) {
      PD_CHECK(inferred < 0, InvalidArgument,
               "expected at most one -1 in the reshape target, but got shape ",
               funcs::FormatList(shape));
      inferred = i;
      out[i] = -1;
    } else if (v == 0) {
      PD_CHECK(i < x_dims.size(), InvalidArgument, "expected a 0 in the reshape target only at"
               " positions below X's rank ", x_dims.size(), ", but got shape ",
               funcs::FormatList(shape), " for X ", x_dims);
      out[i] = x_dims[i];
      if (out[i] < 0) {
        product_unknown = true;
      } else {
        PD_CHECK(!__builtin_mul_overflow(known_product, out[i], &known_product), InvalidArgument,
                 "expected a reshape target whose element count fits in 64 bits, but got shape ",
                 funcs::FormatList(shape), " for X ", x_dims);
      }
    } else {
      PD_CHECK(v > 0, InvalidArgument, "expected reshape target entries > 0, 0 or -1, but got ",
               "shape ", funcs::FormatList(shape));
      out[i] = v;
      PD_CHECK(!__builtin_mul_overflow(known_product, v, &known_product), InvalidArgument,
               "expected a reshape target whose element count fits in 64 bits, but got shape ",
               funcs::FormatList(shape));
    }
  }
  const int64_t x_numel = x_dims.numel();  // -1 when unknown
  if (x_numel < 0 || product_unknown) {
    return DDim(out);  // a build-time shape: what cannot be inferred stays -1
  }
  if (inferred >= 0) {
    PD_CHECK(known_product > 0 && x_numel % known_product == 0, InvalidArgument,
             "expected X's element count ", x_numel, " to be divisible by the product ",
             known_product, " of the known target extents, but got X ", x_dims, " and shape ",
             funcs::FormatList(shape));
    out[inferred] = x_numel / known_product;
  } else {
    PD_CHECK(known_product == x_numel, InvalidArgument, "expected the reshape target to hold X's ",
             x_numel, " elements, but got X ", x_dims, " and shape ", funcs::FormatList(shape),
             " (", known_product, " elements)");
  }
  return DDim(out);
}

void ReduceInferMeta(const MetaTensor& x, const std::vector<int64_t>& dims, bool keep_dim,
                     bool reduce_all, MetaTensor* out) {
  std::vector<int> axes = funcs::ReduceAxes(x.dims(), dims, reduce_all);
  out->set_dims(funcs::ReducedDims(x.dims(), axes, keep_dim));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void MeanAllInferMeta(const MetaTensor& x, MetaTensor* out) {
  out->set_dims(DDim());
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void SquaredL2NormInferMeta(const MetaTensor& x, MetaTensor* out) {
  out->set_dims(DDim({1}));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

void SoftmaxInferMeta(const MetaTensor& x, int axis, MetaTensor* out) {
  funcs::NormalizeAxis(axis, x.dims().size(), "softmax axis");
  out->share_meta(x);
}

void ReshapeWithXShapeInferMeta(const MetaTensor& x, const std::vector<int64_t>& shape,
                                MetaTensor* out, MetaTensor* xshape) {
  out->set_dims(ComputeReshapeDims(x.dims(), shape));
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
  SetXShape(x, xshape);
}

void ReshapeGradInferMeta(const MetaTensor& xshape, MetaTensor* dx) {
  const DDim& dims = xshape.dims();
  PD_CHECK(dims.size() >= 1, InvalidArgument,
           "expected XShape to have rank >= 1 ([0] + X's dims), but got ", dims);
  if (dx == nullptr || !*dx) return;
  dx->set_dims(dims.slice(1, dims.size()));
  dx->set_dtype(xshape.dtype());
  dx->set_layout(xshape.layout());
}

void TransposeWithXShapeInferMeta(const MetaTensor& x, const std::vector<int>& axis,
                                  MetaTensor* out, MetaTensor* xshape) {
  const DDim& x_dims = x.dims();
  std::vector<int> perm = funcs::NormalizePermutation(axis, x_dims);
  DDim out_dims = x_dims;
  for (size_t i = 0; i < perm.size(); ++i) out_dims[i] = x_dims[perm[i]];
  out->set_dims(out_dims);
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
  SetXShape(x, xshape);
}

void TransposeGradInferMeta(const MetaTensor& dout, const std::vector<int>& axis, MetaTensor* dx) {
  const DDim& dout_dims = dout.dims();
  std::vector<int> perm = funcs::NormalizePermutation(axis, dout_dims);
  if (dx == nullptr || !*dx) return;
  DDim dx_dims = dout_dims;
  for (size_t i = 0; i < perm.size(); ++i) dx_dims[perm[i]] = dout_dims[i];
  dx->set_dims(dx_dims);
  dx->set_dtype(dout.dtype());
  dx->set_layout(dout.layout());
}

}  // namespace phi
