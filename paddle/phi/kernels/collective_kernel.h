// Collective op kernels: each calls the process group of its ring_id
// (phi/core/distributed/process_group.h). Out may be X itself (the usual in-place form).
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void CAllReduceSumKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id,
                         DenseTensor* out);
template <typename T, typename Context>
void CAllReduceMaxKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id,
                         DenseTensor* out);
template <typename T, typename Context>
void CAllReduceMinKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id,
                         DenseTensor* out);
template <typename T, typename Context>
void CAllReduceProdKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id,
                          DenseTensor* out);
template <typename T, typename Context>
void CBroadcastKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id, int root,
                      DenseTensor* out);
template <typename T, typename Context>
void CAllGatherKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id, int nranks,
                      DenseTensor* out);
template <typename T, typename Context>
void CReduceScatterKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id, int nranks,
                          DenseTensor* out);
// c_identity and c_sync_calc_stream: Out = X (no communication on CPU).
template <typename T, typename Context>
void CIdentityKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);
template <typename T, typename Context>
void BarrierKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id, DenseTensor* out);
template <typename T, typename Context>
void CSyncCommStreamKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                           std::vector<DenseTensor*> out);
template <typename T, typename Context>
void SendV2Kernel(const Context& dev_ctx, const DenseTensor& x, int ring_id, int peer,
                  bool dynamic_shape);
template <typename T, typename Context>
void RecvV2Kernel(const Context& dev_ctx, int ring_id, int peer, const std::vector<int>& out_shape,
                  bool dynamic_shape, DenseTensor* out);

}  // namespace phi
