// full_like (legacy fill_any_like) written once for both backends: the value converted once on
// the host as full converts it, then one fill of Out's dtype on the context's device.
#pragma once

#include "paddle/phi/kernels/full_like_kernel.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/impl/full_kernel_impl.h"

namespace phi {

// Fills out with the value as an element of the visited output type U.
template <typename Context>
struct FullLikeFillVisitor {
  const Context& dev_ctx;
  double value;
  DenseTensor* out;

  template <typename U>
  void operator()() const {
    const U fill = ConvertFillValue<U>(value);
    U* data = dev_ctx.template Alloc<U>(out);
    funcs::Fill(dev_ctx, data, out->numel(), fill);
  }
};

template <typename T, typename Context>
void FullLikeKernel(const Context& dev_ctx, const DenseTensor& x, double value, DataType dtype,
                    DenseTensor* out) {
  const DataType out_dtype = dtype == DataType::UNDEFINED ? x.dtype() : dtype;
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected fill_any_like's Out to have X's "
           "dims ", x.dims(), ", but got ", out->dims());
  // Out may share X's storage: the fill never reads X.
  VisitDataType(out_dtype, FullLikeFillVisitor<Context>{dev_ctx, value, out});
}

}  // namespace phi
