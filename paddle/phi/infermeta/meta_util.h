// Small helpers the InferMeta functions share: whether an optional output or input is present,
// and setting an output's dims, dtype and layout (skipped for an output the op was not given).
#pragma once

#include "paddle/phi/core/meta_tensor.h"

namespace phi {
namespace meta {

inline bool Present(const MetaTensor* t) { return t != nullptr && static_cast<bool>(*t); }

inline void SetMeta(MetaTensor* out, const DDim& dims, DataType dtype, DataLayout layout) {
  if (!Present(out)) return;
  out->set_dims(dims);
  out->set_dtype(dtype);
  out->set_layout(layout);
}

// dims, with `like`'s dtype and layout.
inline void SetMeta(MetaTensor* out, const DDim& dims, const MetaTensor& like) {
  SetMeta(out, dims, like.dtype(), like.layout());
}

}  // namespace meta
}  // namespace phi
