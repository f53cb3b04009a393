#include "paddle/phi/infermeta/unary.h"

namespace phi {

void UnchangedInferMeta(const MetaTensor& x, MetaTensor* out) { out->share_meta(x); }

}  // namespace phi
