// add_n's argument checks, shared by the CPU and GPU kernels (each sums in its own way).
#pragma once

#include <vector>

#include "paddle/phi/kernels/add_n_kernel.h"

namespace phi {

// At least one input, none missing, all of one element count.
inline void CheckAddNArgs(const std::vector<const DenseTensor*>& x) {
  PD_CHECK(!x.empty(), InvalidArgument, "expected at least one input to add_n, but got none");
  for (size_t i = 0; i < x.size(); ++i) {
    PD_CHECK(x[i] != nullptr, InvalidArgument,
             "expected every input of add_n to be present, but input ", i, " is missing");
    PD_CHECK(x[i]->numel() == x[0]->numel(), InvalidArgument,
             "expected all inputs of add_n to have the same number of elements, but got input 0 ",
             x[0]->dims(), " and input ", i, " ", x[i]->dims());
  }
}

}  // namespace phi
