// Copies between places: the one function every host/device transfer goes through (the
// memcpy ops, feeds and fetches, parameter loading and saving, numpy conversion). A copy to
// the host waits for the device, so the caller may read the result at once; other copies
// are enqueued on the device's stream.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// dst gets src's meta and a copy of its bytes on `dst_place` (dst may be src's place).
void Copy(const DenseTensor& src, const Place& dst_place, DenseTensor* dst);
// Writes src's bytes into dst's storage where it is (dst keeps its place and storage: views
// sharing it see the new values); dst must hold src's dtype and at least its bytes. Takes
// src's dims.
void CopyInto(const DenseTensor& src, DenseTensor* dst);
// A host copy of `src` when it lives on a device, else `src` itself (sharing storage).
DenseTensor ToHost(const DenseTensor& src);

}  // namespace phi
