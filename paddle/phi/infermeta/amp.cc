#include "paddle/phi/infermeta/amp.h"

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {

namespace {

bool IsFloating(DataType t) {
  return t == DataType::FLOAT16 || t == DataType::BFLOAT16 || t == DataType::FLOAT32 ||
         t == DataType::FLOAT64;
}

// `t` (named `name`) holds one element of dtype `a` or `b` (an unknown dtype passes).
void CheckScalar(const char* op, const MetaTensor& t, const char* name, DataType a, DataType b) {
  PD_CHECK(t, InvalidArgument, "expected ", op, " to have input ", name, ", but it is missing");
  PD_CHECK(funcs::ExtentsCompatible(t.numel(), 1), InvalidArgument, "expected ", op, "'s ",
           name, " to hold one element, but got dims ", t.dims());
  PD_CHECK(t.dtype() == DataType::UNDEFINED || t.dtype() == a || t.dtype() == b,
           InvalidArgument, "expected ", op, "'s ", name, " to be ", a,
           (a == b ? "" : " or "), (a == b ? "" : DataTypeToString(b)), ", but got ", t.dtype());
}

// Out[i] takes X[i]'s meta; X must be floating point.
void ShareEach(const char* op, const std::vector<const MetaTensor*>& x,
               const std::vector<MetaTensor*>& out) {
  PD_CHECK(out.size() == x.size(), InvalidArgument, "expected ", op, " to have one Out per X (",
           x.size(), "), but got ", out.size());
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i] == nullptr || !*x[i]) continue;
    PD_CHECK(x[i]->dtype() == DataType::UNDEFINED || IsFloating(x[i]->dtype()), InvalidArgument,
             "expected ", op, "'s X[", i, "] to be a floating-point tensor, but got ",
             x[i]->dtype());
    if (out[i] != nullptr && *out[i]) out[i]->share_meta(*x[i]);
  }
}

void SetScalarMeta(MetaTensor* out, DataType dtype) {
  if (out == nullptr || !*out) return;
  out->set_dims(DDim({1}));
  out->set_dtype(dtype);
}

}  // namespace

void CheckFiniteAndUnscaleInferMeta(const std::vector<const MetaTensor*>& x,
                                    const MetaTensor& scale, std::vector<MetaTensor*> out,
                                    MetaTensor* found_infinite) {
  const char* op = "check_finite_and_unscale";
  CheckScalar(op, scale, "Scale", DataType::FLOAT32, DataType::FLOAT64);
  ShareEach(op, x, out);
  SetScalarMeta(found_infinite, DataType::BOOL);
}

void UpdateLossScalingInferMeta(const std::vector<const MetaTensor*>& x,
                                const MetaTensor& found_infinite,
                                const MetaTensor& prev_loss_scaling,
                                const MetaTensor& in_good_steps, const MetaTensor& in_bad_steps,
                                int incr_every_n_steps, int decr_every_n_nan_or_inf,
                                float incr_ratio, float decr_ratio, std::vector<MetaTensor*> out,
                                MetaTensor* loss_scaling, MetaTensor* out_good_steps,
                                MetaTensor* out_bad_steps) {
  const char* op = "update_loss_scaling";
  PD_CHECK(incr_ratio > 1.0f, InvalidArgument,
           "expected update_loss_scaling's incr_ratio to be greater than 1, but got ", incr_ratio);
  PD_CHECK(decr_ratio > 0.0f && decr_ratio < 1.0f, InvalidArgument,
           "expected update_loss_scaling's decr_ratio to be between 0 and 1, but got ",
           decr_ratio);
  CheckScalar(op, found_infinite, "FoundInfinite", DataType::BOOL, DataType::BOOL);
  CheckScalar(op, prev_loss_scaling, "PrevLossScaling", DataType::FLOAT32, DataType::FLOAT64);
  CheckScalar(op, in_good_steps, "InGoodSteps", DataType::INT32, DataType::INT32);
  CheckScalar(op, in_bad_steps, "InBadSteps", DataType::INT32, DataType::INT32);
  ShareEach(op, x, out);
  SetScalarMeta(loss_scaling, prev_loss_scaling.dtype());
  SetScalarMeta(out_good_steps, DataType::INT32);
  SetScalarMeta(out_bad_steps, DataType::INT32);
}

}  // namespace phi
