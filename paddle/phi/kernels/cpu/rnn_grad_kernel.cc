#include "paddle/phi/kernels/rnn_grad_kernel.h"

#include <algorithm>
#include <cstdint>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/cpu/rnn_functor.h"

namespace phi {

template <typename T, typename Context>
void RnnGradKernel(const Context& dev_ctx, const DenseTensor& x,
                   const std::vector<const DenseTensor*>& pre_state,
                   const std::vector<const DenseTensor*>& weight_list,
                   const DenseTensor* sequence_length, const DenseTensor* dropout_state,
                   const DenseTensor* out_grad,
                   const std::vector<const DenseTensor*>& state_grad, float dropout_prob,
                   bool is_bidirec, int input_size, int hidden_size, int num_layers,
                   const std::string& mode, int seed, bool is_test, DenseTensor* x_grad,
                   std::vector<DenseTensor*> pre_state_grad,
                   std::vector<DenseTensor*> weight_list_grad) {
  (void)seed;  // the forward pass's mask comes from DropoutState
  const rnn_detail::Dims d =
      rnn_detail::CheckRnnInputs(x, pre_state, weight_list, sequence_length, is_bidirec, input_size,
                                 hidden_size, num_layers, mode);
  rnn_detail::LayerDropout dropout;
  if (rnn_detail::UsesDropout(d, dropout_prob, is_test, "rnn_grad")) {
    const int64_t block = rnn_detail::DropoutBlock(d);
    PD_CHECK(dropout_state != nullptr, InvalidArgument,
             "expected rnn_grad's DropoutState (the forward pass's keep mask) with dropout_prob ",
             dropout_prob, " in training, but got none");
    PD_CHECK(dropout_state->numel() == (d.L - 1) * block &&
                 dropout_state->dtype() == DataType::UINT8,
             InvalidArgument, "expected rnn_grad's DropoutState to hold a uint8 mask of ",
             (d.L - 1) * block, " elements, but got dims ", dropout_state->dims(), " of ",
             dropout_state->dtype());
    dropout = {dropout_state->data<uint8_t>(), block, rnn_detail::DropoutScale(dropout_prob)};
  }
  const std::vector<int64_t> len = rnn_detail::Lengths(sequence_length, d.N, d.T);
  const int64_t NH = d.N * d.H, LD = d.L * d.D, DH = d.D * d.H;
  std::vector<T> out(d.T * d.N * DH);
  std::vector<std::vector<T>> layer_in;
  std::vector<rnn_detail::DirCache<T>> caches;
  rnn_detail::RunForward<T>(d, len, x.data<T>(), weight_list, pre_state[0]->data<T>(),
                            d.mode == 0 ? pre_state[1]->data<T>() : nullptr, out.data(), nullptr,
                            nullptr, &layer_in, &caches, dropout);
  // Initial state gradients: from State@GRAD (zero where missing).
  std::vector<T> dh(LD * NH, T(0)), dc(LD * NH, T(0));
  if (!state_grad.empty() && state_grad[0] != nullptr) {
    PD_CHECK(state_grad[0]->numel() == LD * NH, InvalidArgument,
             "expected rnn_grad's State@GRAD[0] to have ", LD * NH, " elements, but got ",
             state_grad[0]->dims());
    std::copy(state_grad[0]->data<T>(), state_grad[0]->data<T>() + LD * NH, dh.begin());
  }
  if (d.mode == 0 && state_grad.size() > 1 && state_grad[1] != nullptr) {
    PD_CHECK(state_grad[1]->numel() == LD * NH, InvalidArgument,
             "expected rnn_grad's State@GRAD[1] to have ", LD * NH, " elements, but got ",
             state_grad[1]->dims());
    std::copy(state_grad[1]->data<T>(), state_grad[1]->data<T>() + LD * NH, dc.begin());
  }
  std::vector<T> wgrad_buf;
  std::vector<T*> wg(weight_list.size(), nullptr);
  for (size_t i = 0; i < weight_list.size(); ++i) {
    if (i < weight_list_grad.size() && weight_list_grad[i] != nullptr) {
      wg[i] = dev_ctx.template Alloc<T>(weight_list_grad[i]);
      std::fill(wg[i], wg[i] + weight_list[i]->numel(), T(0));
    }
  }
  // Gradient flowing into the current layer's output.
  std::vector<T> dy;
  if (out_grad != nullptr) {
    PD_CHECK(out_grad->numel() == d.T * d.N * DH, InvalidArgument,
             "expected rnn_grad's Out@GRAD to have dims [", d.T, ", ", d.N, ", ", DH, "], but got ",
             out_grad->dims());
    dy.assign(out_grad->data<T>(), out_grad->data<T>() + out_grad->numel());
  } else {
    dy.assign(d.T * d.N * DH, T(0));
  }
  for (int64_t l = d.L - 1; l >= 0; --l) {
    const int64_t In = l == 0 ? d.I : DH;
    std::vector<T> dx(d.T * d.N * In, T(0));
    for (int64_t dir = 0; dir < d.D; ++dir) {
      const int64_t k = l * d.D + dir;
      rnn_detail::BackDirection<T>(d, len, dir == 1, layer_in[l].data(), In,
                                   weight_list[2 * k]->data<T>(), weight_list[2 * k + 1]->data<T>(),
                                   caches[k], dy.data(), DH, dir * d.H, dh.data() + k * NH,
                                   dc.data() + k * NH, dx.data(), wg[2 * k], wg[2 * k + 1],
                                   wg[2 * LD + 2 * k], wg[2 * LD + 2 * k + 1]);
    }
    if (l > 0) dropout.Apply(l - 1, &dx);  // layer l's input was layer l-1's masked output
    dy = std::move(dx);
  }
  if (x_grad != nullptr) {
    T* g = dev_ctx.template Alloc<T>(x_grad);
    std::copy(dy.begin(), dy.end(), g);
  }
  for (size_t i = 0; i < pre_state_grad.size() && i < 2; ++i) {
    if (pre_state_grad[i] == nullptr) continue;
    T* g = dev_ctx.template Alloc<T>(pre_state_grad[i]);
    const std::vector<T>& src = i == 0 ? dh : dc;
    std::copy(src.begin(), src.end(), g);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(rnn_grad, CPU, phi::RnnGradKernel, float, double);
