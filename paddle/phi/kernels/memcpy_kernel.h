// memcpy_h2d / memcpy_d2h: the copies the placement step inserts between a variable's home
// place and the place of an op that reads or writes it. Each runs on the device side's
// context: Out gets X's meta and bytes on that context's place (h2d) or on the host (d2h).
#pragma once

#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/tensor_copy.h"

namespace phi {

// A variable that holds no value (the output of a branch that did not run, which
// select_input then ignores) copies to no value.
inline void CopyUnlessEmpty(const DenseTensor& x, const Place& place, DenseTensor* out) {
  if (!x.initialized() && (x.dtype() == DataType::UNDEFINED || x.nbytes() > 0)) {
    *out = DenseTensor();
    return;
  }
  Copy(x, place, out);
}

template <typename T, typename Context>
void MemcpyH2DKernel(const Context& dev_ctx, const DenseTensor& x, int dst_place_type,
                     DenseTensor* out) {
  CopyUnlessEmpty(x, dev_ctx.GetPlace(), out);
}

template <typename T, typename Context>
void MemcpyD2HKernel(const Context& dev_ctx, const DenseTensor& x, int dst_place_type,
                     DenseTensor* out) {
  CopyUnlessEmpty(x, CPUPlace(), out);
}

}  // namespace phi

// Every dtype a variable can hold.
#define PD_MEMCPY_DTYPES \
  float, double, int32_t, int64_t, bool, int8_t, uint8_t, int16_t, phi::float16, phi::bfloat16
