#include "paddle/phi/infermeta/multiary.h"

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {

void AddNInferMeta(const std::vector<const MetaTensor*>& x, MetaTensor* out) {
  PD_CHECK(!x.empty(), InvalidArgument, "expected at least one input to add_n, but got none");
  const MetaTensor* chosen = nullptr;
  for (size_t i = 0; i < x.size(); ++i) {
    PD_CHECK(x[i] != nullptr && *x[i], InvalidArgument,
             "expected every input of add_n to be present, but input ", i, " is missing");
    if (chosen == nullptr && !x[i]->dims().has_unknown()) chosen = x[i];
  }
  if (chosen == nullptr) chosen = x[0];
  for (size_t i = 0; i < x.size(); ++i) {
    PD_CHECK(funcs::ExtentsCompatible(x[i]->numel(), chosen->numel()), InvalidArgument,
             "expected all inputs of add_n to have the same number of elements, but got input ",
             i, " ", x[i]->dims(), " and ", chosen->dims());
    PD_CHECK(x[i]->dtype() == chosen->dtype(), InvalidArgument,
             "expected all inputs of add_n to have the same dtype, but got input ", i, " ",
             x[i]->dtype(), " and ", chosen->dtype());
  }
  out->share_meta(*chosen);
}

void SgdInferMeta(const MetaTensor& param, const MetaTensor& learning_rate,
                  const MetaTensor& grad, MetaTensor* param_out) {
  const DDim& p = param.dims();
  const DDim& g = grad.dims();
  bool same = p.size() == g.size();
  for (int i = 0; same && i < p.size(); ++i) same = funcs::ExtentsCompatible(p[i], g[i]);
  PD_CHECK(same, InvalidArgument, "expected sgd's Grad to have Param's dims, but got Param ", p,
           " and Grad ", g);
  PD_CHECK(funcs::ExtentsCompatible(learning_rate.numel(), 1), InvalidArgument,
           "expected sgd's LearningRate to hold one element, but got dims ",
           learning_rate.dims());
  param_out->share_meta(param);
}

void SelectInputInferMeta(const std::vector<const MetaTensor*>& x, const MetaTensor& mask,
                          MetaTensor* out) {
  PD_CHECK(!x.empty(), InvalidArgument, "expected at least one input X of select_input, but got none");
  PD_CHECK(mask.dtype() == DataType::INT32 || mask.dtype() == DataType::UNDEFINED, InvalidArgument,
           "expected select_input's Mask to be int32, but got ", mask.dtype());
  PD_CHECK(funcs::ExtentsCompatible(mask.numel(), 1), InvalidArgument,
           "expected select_input's Mask to hold one element, but got dims ", mask.dims());
  for (const MetaTensor* t : x) {
    if (t != nullptr && *t && t->dtype() != DataType::UNDEFINED) {
      out->share_meta(*t);
      return;
    }
  }
}

void RangeInferMeta(const MetaTensor& start, const MetaTensor& end, const MetaTensor& step,
                    MetaTensor* out) {
  const char* names[] = {"Start", "End", "Step"};
  const MetaTensor* parts[] = {&start, &end, &step};
  for (int i = 0; i < 3; ++i) {
    PD_CHECK(funcs::ExtentsCompatible(parts[i]->numel(), 1), InvalidArgument, "expected range's ",
             names[i], " to hold one element, but got dims ", parts[i]->dims());
    PD_CHECK(parts[i]->dtype() == start.dtype(), InvalidArgument, "expected range's ", names[i],
             " to have Start's dtype ", start.dtype(), ", but got ", parts[i]->dtype());
  }
  out->set_dims(DDim({-1}));
  out->set_dtype(start.dtype());
}

}  // namespace phi
