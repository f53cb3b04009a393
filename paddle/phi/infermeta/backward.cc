#include "paddle/phi/infermeta/backward.h"

namespace phi {

void GeneralBinaryGradInferMeta(const MetaTensor& x, const MetaTensor& y, MetaTensor* dx,
                                MetaTensor* dy) {
  if (dx != nullptr && *dx) dx->share_meta(x);
  if (dy != nullptr && *dy) dy->share_meta(y);
}

void UnchangedGradInferMeta(const MetaTensor& x, MetaTensor* dx) {
  if (dx != nullptr && *dx) dx->share_meta(x);
}

}  // namespace phi
