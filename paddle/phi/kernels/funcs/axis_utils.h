// Axis and extent helpers shared by InferMeta functions and kernels: normalizing a possibly
// negative axis, products of extents that stay -1 while an extent is unknown, and printing
// an axis or shape list in error messages.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/common/ddim.h"

namespace phi {
namespace funcs {

// Maps an axis in [-rank, rank) to [0, rank). A 0-D tensor accepts axis 0 or -1 (as if it
// had rank 1) and yields 0. `what` names the attribute in the error message.
inline int NormalizeAxis(int64_t axis, int rank, const char* what) {
  const int64_t bound = rank > 0 ? rank : 1;
  PD_CHECK(axis >= -bound && axis < bound, InvalidArgument, "expected ", what, " in [", -bound,
           ", ", bound, ") for a tensor of rank ", rank, ", but got ", axis);
  return static_cast<int>(axis < 0 ? axis + bound : axis);
}

// Product of dims[begin, end) (1 when empty); -1 when any of those extents is unknown.
inline int64_t ProductOrUnknown(const DDim& dims, int begin, int end) {
  for (int i = begin; i < end; ++i)
    if (dims[i] < 0) return -1;
  return product(dims, begin, end);  // overflow-checked
}

// Two extents agree when equal or when either is still unknown (-1).
inline bool ExtentsCompatible(int64_t a, int64_t b) { return a < 0 || b < 0 || a == b; }

// "[a, b, c]", like a DDim prints; for attribute lists that may not form a valid DDim.
template <typename Int>
std::string FormatList(const std::vector<Int>& values) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < values.size(); ++i) os << (i ? ", " : "") << values[i];
  os << "]";
  return os.str();
}

}  // namespace funcs
}  // namespace phi
