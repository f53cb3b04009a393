#include "paddle/phi/kernels/funcs/transpose.h"

#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {
namespace funcs {

std::vector<int> NormalizePermutation(const std::vector<int>& axis, const DDim& x_dims) {
  const int rank = x_dims.size();
  PD_CHECK(static_cast<int>(axis.size()) == rank, InvalidArgument,
           "expected transpose axis to have one entry per dim of X ", x_dims, " (", rank,
           "), but got axis ", FormatList(axis));
  std::vector<int> perm(rank);
  std::vector<bool> seen(rank, false);
  for (int i = 0; i < rank; ++i) {
    const int a = axis[i];
    PD_CHECK(a >= -rank && a < rank, InvalidArgument, "expected transpose axis entries in [",
             -rank, ", ", rank, ") for X ", x_dims, ", but got axis ", FormatList(axis));
    perm[i] = a < 0 ? a + rank : a;
    PD_CHECK(!seen[perm[i]], InvalidArgument,
             "expected transpose axis to be a permutation, but got axis ", FormatList(axis),
             " for X ", x_dims);
    seen[perm[i]] = true;
  }
  return perm;
}

std::vector<int> InversePermutation(const std::vector<int>& perm) {
  std::vector<int> inverse(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inverse[perm[i]] = static_cast<int>(i);
  return inverse;
}

}  // namespace funcs
}  // namespace phi
