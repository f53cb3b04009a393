#include "paddle/phi/kernels/collective_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/distributed/process_group.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/assign_kernel.h"

namespace phi {

using distributed::GetProcessGroup;
using distributed::ReduceOp;

namespace {

template <typename T, typename Context>
void AllReduce(const Context& dev_ctx, const DenseTensor& x, int ring_id, ReduceOp op,
               const char* name, DenseTensor* out) {
  auto group = GetProcessGroup(ring_id, name);
  AssignKernel<T, Context>(dev_ctx, x, out);
  group->AllReduce(out, op);
}

void CheckNranks(const char* name, int nranks, const distributed::ProcessGroup& group,
                 int ring_id) {
  PD_CHECK(nranks == group.size(), InvalidArgument, "expected ", name, "'s nranks to be ",
           group.size(), " (the size of ring ", ring_id, "), but got ", nranks);
}

// send_v2 / recv_v2 with dynamic_shape: the rank and dims go first, as kMaxRank + 1 int64s.
constexpr int kShapeHeader = DDim::kMaxRank + 1;

}  // namespace

template <typename T, typename Context>
void CAllReduceSumKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id,
                         DenseTensor* out) {
  AllReduce<T>(dev_ctx, x, ring_id, ReduceOp::kSum, "c_allreduce_sum", out);
}

template <typename T, typename Context>
void CAllReduceMaxKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id,
                         DenseTensor* out) {
  AllReduce<T>(dev_ctx, x, ring_id, ReduceOp::kMax, "c_allreduce_max", out);
}

template <typename T, typename Context>
void CAllReduceMinKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id,
                         DenseTensor* out) {
  AllReduce<T>(dev_ctx, x, ring_id, ReduceOp::kMin, "c_allreduce_min", out);
}

template <typename T, typename Context>
void CAllReduceProdKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id,
                          DenseTensor* out) {
  AllReduce<T>(dev_ctx, x, ring_id, ReduceOp::kProd, "c_allreduce_prod", out);
}

template <typename T, typename Context>
void CBroadcastKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id, int root,
                      DenseTensor* out) {
  auto group = GetProcessGroup(ring_id, "c_broadcast");
  PD_CHECK(root >= 0 && root < group->size(), InvalidArgument,
           "expected c_broadcast's root to be a rank of ring ", ring_id, " in [0, ", group->size(),
           "), but got ", root);
  AssignKernel<T, Context>(dev_ctx, x, out);
  group->Broadcast(out, root);
}

template <typename T, typename Context>
void CAllGatherKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id, int nranks,
                      DenseTensor* out) {
  auto group = GetProcessGroup(ring_id, "c_allgather");
  CheckNranks("c_allgather", nranks, *group, ring_id);
  const DenseTensor input = x;  // keeps X alive should Out share its variable
  dev_ctx.template Alloc<T>(out);
  group->AllGather(input, out);
}

template <typename T, typename Context>
void CReduceScatterKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id, int nranks,
                          DenseTensor* out) {
  auto group = GetProcessGroup(ring_id, "c_reducescatter");
  CheckNranks("c_reducescatter", nranks, *group, ring_id);
  const DenseTensor input = x;
  dev_ctx.template Alloc<T>(out);
  group->ReduceScatter(input, out, ReduceOp::kSum);
}

template <typename T, typename Context>
void CIdentityKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  AssignKernel<T, Context>(dev_ctx, x, out);
}

template <typename T, typename Context>
void BarrierKernel(const Context& dev_ctx, const DenseTensor& x, int ring_id, DenseTensor* out) {
  auto group = GetProcessGroup(ring_id, "barrier");
  AssignKernel<T, Context>(dev_ctx, x, out);
  group->Barrier();
}

template <typename T, typename Context>
void CSyncCommStreamKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                           std::vector<DenseTensor*> out) {
  for (size_t i = 0; i < out.size() && i < x.size(); ++i) {
    // Each X may have its own dtype: copy bytes as the tensor's own type.
    if (out[i] == nullptr || x[i] == nullptr || out[i] == x[i]) continue;
    out[i]->ShareDataWith(*x[i]);
  }
}

template <typename T, typename Context>
void SendV2Kernel(const Context& dev_ctx, const DenseTensor& x, int ring_id, int peer,
                  bool dynamic_shape) {
  auto group = GetProcessGroup(ring_id, "send_v2");
  PD_CHECK(peer < group->size() && peer != group->rank(), InvalidArgument,
           "expected send_v2's peer to be another rank of ring ", ring_id, " in [0, ",
           group->size(), "), not this rank ", group->rank(), ", but got ", peer);
  if (dynamic_shape) {
    DenseTensor header(DataType::INT64, DDim({kShapeHeader}));
    int64_t* h = dev_ctx.template Alloc<int64_t>(&header);
    h[0] = x.dims().size();
    for (int i = 0; i < DDim::kMaxRank; ++i) h[i + 1] = i < x.dims().size() ? x.dims()[i] : 0;
    group->Send(header, peer);
  }
  group->Send(x, peer);
}

template <typename T, typename Context>
void RecvV2Kernel(const Context& dev_ctx, int ring_id, int peer, const std::vector<int>& out_shape,
                  bool dynamic_shape, DenseTensor* out) {
  auto group = GetProcessGroup(ring_id, "recv_v2");
  PD_CHECK(peer < group->size() && peer != group->rank(), InvalidArgument,
           "expected recv_v2's peer to be another rank of ring ", ring_id, " in [0, ",
           group->size(), "), not this rank ", group->rank(), ", but got ", peer);
  if (dynamic_shape) {
    DenseTensor header(DataType::INT64, DDim({kShapeHeader}));
    const int64_t* h = dev_ctx.template Alloc<int64_t>(&header);
    group->Recv(&header, peer);
    PD_CHECK(h[0] >= 0 && h[0] <= DDim::kMaxRank, InvalidArgument,
             "expected recv_v2 to receive a rank in [0, ", DDim::kMaxRank, "] from rank ", peer,
             ", but got ", h[0]);
    out->Resize(DDim(h + 1, static_cast<int>(h[0])));
  }
  dev_ctx.template Alloc<T>(out);
  group->Recv(out, peer);
}

}  // namespace phi

#define PD_COLLECTIVE_TYPES float, double, int32_t, int64_t
PD_REGISTER_KERNEL(c_allreduce_sum, CPU, phi::CAllReduceSumKernel, PD_COLLECTIVE_TYPES);
PD_REGISTER_KERNEL(c_allreduce_max, CPU, phi::CAllReduceMaxKernel, PD_COLLECTIVE_TYPES);
PD_REGISTER_KERNEL(c_allreduce_min, CPU, phi::CAllReduceMinKernel, PD_COLLECTIVE_TYPES);
PD_REGISTER_KERNEL(c_allreduce_prod, CPU, phi::CAllReduceProdKernel, PD_COLLECTIVE_TYPES);
PD_REGISTER_KERNEL(c_allgather, CPU, phi::CAllGatherKernel, PD_COLLECTIVE_TYPES);
PD_REGISTER_KERNEL(c_reducescatter, CPU, phi::CReduceScatterKernel, PD_COLLECTIVE_TYPES);
PD_REGISTER_KERNEL(c_broadcast, CPU, phi::CBroadcastKernel, PD_COLLECTIVE_TYPES, bool);
PD_REGISTER_KERNEL(c_identity, CPU, phi::CIdentityKernel, PD_COLLECTIVE_TYPES, bool);
PD_REGISTER_KERNEL(c_sync_calc_stream, CPU, phi::CIdentityKernel, PD_COLLECTIVE_TYPES, bool);
PD_REGISTER_KERNEL(c_sync_comm_stream, CPU, phi::CSyncCommStreamKernel, PD_COLLECTIVE_TYPES, bool);
PD_REGISTER_KERNEL(barrier, CPU, phi::BarrierKernel, PD_COLLECTIVE_TYPES, bool);
PD_REGISTER_KERNEL(send_v2, CPU, phi::SendV2Kernel, PD_COLLECTIVE_TYPES, bool);
PD_REGISTER_KERNEL(recv_v2, CPU, phi::RecvV2Kernel, PD_COLLECTIVE_TYPES, bool);

PD_KERNEL_USES(c_allreduce_sum, assign);
PD_KERNEL_USES(c_allreduce_max, assign);
PD_KERNEL_USES(c_allreduce_min, assign);
PD_KERNEL_USES(c_allreduce_prod, assign);
PD_KERNEL_USES(c_broadcast, assign);
