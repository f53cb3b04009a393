// pad written once for both backends: Out is filled with pad_value and X is copied into its
// region (funcs::Fill, funcs::ScatterRegion); the grad gathers X@GRAD back out of Out@GRAD's
// region (funcs::GatherRegion).
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/pad_kernel.h"

namespace phi {
namespace funcs {

// Where X sits inside Out: the "before" padding of every dim.
inline std::vector<int64_t> PadOffsets(int rank, const std::vector<int>& paddings,
                                       bool pad_from_first_axis) {
  std::vector<int64_t> offsets(rank, 0);
  for (size_t pair = 0; pair < paddings.size() / 2 && pair < static_cast<size_t>(rank); ++pair) {
    const int dim =
        pad_from_first_axis ? static_cast<int>(pair) : rank - 1 - static_cast<int>(pair);
    offsets[dim] = paddings[2 * pair];
  }
  return offsets;
}

}  // namespace funcs

template <typename T, typename Context>
void PadKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& paddings,
               float pad_value, bool pad_from_first_axis, DenseTensor* out) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    // Converting NaN or an out-of-range float to an integer is undefined: refuse it.
    PD_CHECK(std::isfinite(pad_value) &&
                 pad_value >= static_cast<double>(std::numeric_limits<T>::lowest()) &&
                 pad_value < static_cast<double>(std::numeric_limits<T>::max()) + 1.0,
             InvalidArgument, "expected pad's pad_value within the range of X's dtype ",
             CppTypeToDataType<T>::value, ", but got ", pad_value);
  }
  const DenseTensor in = x;
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, out, {&in});
  funcs::Fill(dev_ctx, dst, out->numel(), static_cast<T>(pad_value));
  if (in.numel() == 0) return;
  funcs::ScatterRegion(dev_ctx, in.data<T>(), out->dims(),
                       funcs::PadOffsets(in.dims().size(), paddings, pad_from_first_axis),
                       in.dims(), dst);
}

template <typename T, typename Context>
void PadGradKernel(const Context& dev_ctx, const DenseTensor& dout,
                   const std::vector<int>& paddings, bool pad_from_first_axis, DenseTensor* dx) {
  if (dx == nullptr) return;
  const DenseTensor g = dout;
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, dx, {&g});
  if (dx->numel() == 0) return;
  funcs::GatherRegion(dev_ctx, g.data<T>(), g.dims(),
                      funcs::PadOffsets(g.dims().size(), paddings, pad_from_first_axis),
                      dx->dims(), dst);
}

}  // namespace phi
