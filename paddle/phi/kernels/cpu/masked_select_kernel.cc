#include "paddle/phi/kernels/masked_select_kernel.h"

#include <algorithm>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {

template <typename T, typename Context>
void MaskedSelectKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& mask,
                        DenseTensor* y) {
  const DenseTensor x_in = x, m_in = mask;  // Y may share a variable with X
  const funcs::BroadcastPlan plan =
      funcs::MakeBroadcastPlan(funcs::AlignBroadcastShapes(x_in.dims(), m_in.dims(), -1));
  const T* src = x_in.numel() > 0 ? x_in.data<T>() : nullptr;
  const bool* keep = m_in.numel() > 0 ? m_in.data<bool>() : nullptr;
  std::vector<T> picked;
  funcs::ForEachBroadcastIndex(plan, [&](int64_t, int64_t xi, int64_t mi) {
    if (keep[mi]) picked.push_back(src[xi]);
  });
  // The only data-dependent extent: InferMeta left it unknown.
  y->Resize(DDim({static_cast<int64_t>(picked.size())}));
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, y, {&x_in});
  std::copy(picked.begin(), picked.end(), dst);
}

template <typename T, typename Context>
void MaskedSelectGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& mask,
                            const DenseTensor& dy, DenseTensor* dx) {
  if (dx == nullptr) return;
  const DenseTensor g = dy, m_in = mask;
  const funcs::BroadcastPlan plan =
      funcs::MakeBroadcastPlan(funcs::AlignBroadcastShapes(x.dims(), m_in.dims(), -1));
  const bool* keep = m_in.numel() > 0 ? m_in.data<bool>() : nullptr;
  const T* src = g.numel() > 0 ? g.data<T>() : nullptr;
  const int64_t count = g.numel();
  std::vector<T> full(plan.numel, T(0));  // the gradient over the broadcast shape
  int64_t next = 0;
  funcs::ForEachBroadcastIndex(plan, [&](int64_t o, int64_t, int64_t mi) {
    if (!keep[mi]) return;
    if (next < count) full[o] = src[next];
    ++next;
  });
  PD_CHECK(next == count, InvalidArgument,
           "expected masked_select_grad's Y@GRAD to hold one "
           "element per selected position (",
           next, "), but got Y@GRAD ", g.dims());
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, dx, {&g});
  funcs::ReduceGradToInput(plan, true, full.data(), dst, dx->numel());
}

}  // namespace phi

PD_REGISTER_KERNEL(masked_select, CPU, phi::MaskedSelectKernel, float, double, int32_t, int64_t,
                   bool);
PD_REGISTER_KERNEL(masked_select_grad, CPU, phi::MaskedSelectGradKernel, float, double);
