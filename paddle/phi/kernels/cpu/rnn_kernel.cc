#include "paddle/phi/kernels/rnn_kernel.h"

#include <algorithm>
#include <cstdint>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/cpu/rnn_functor.h"
#include "paddle/phi/kernels/funcs/random.h"

namespace phi {

template <typename T, typename Context>
void RnnKernel(const Context& dev_ctx, const DenseTensor& x,
               const std::vector<const DenseTensor*>& pre_state,
               const std::vector<const DenseTensor*>& weight_list,
               const DenseTensor* sequence_length, float dropout_prob, bool is_bidirec,
               int input_size, int hidden_size, int num_layers, const std::string& mode, int seed,
               bool is_test, DenseTensor* out, DenseTensor* dropout_state, DenseTensor* reserve,
               std::vector<DenseTensor*> state) {
  const rnn_detail::Dims d =
      rnn_detail::CheckRnnInputs(x, pre_state, weight_list, sequence_length, is_bidirec, input_size,
                                 hidden_size, num_layers, mode);
  rnn_detail::LayerDropout dropout;
  if (rnn_detail::UsesDropout(d, dropout_prob, is_test, "rnn")) {
    // The keep mask goes to DropoutState: rnn_grad reruns the forward pass with it.
    PD_CHECK(dropout_state != nullptr, InvalidArgument,
             "expected rnn with dropout_prob ", dropout_prob,
             " in training to have a DropoutState output (rnn_grad reads the mask), but it has "
             "none");
    const int64_t block = rnn_detail::DropoutBlock(d);
    dropout_state->Resize(DDim({(d.L - 1) * block}));
    uint8_t* m = dev_ctx.template Alloc<uint8_t>(dropout_state);
    std::mt19937_64 engine = funcs::MakeEngine(seed);
    for (int64_t i = 0; i < (d.L - 1) * block; ++i)
      m[i] = funcs::UniformUnit(&engine) >= dropout_prob ? 1 : 0;
    dropout = {m, block, rnn_detail::DropoutScale(dropout_prob)};
  } else if (dropout_state != nullptr) {
    uint8_t* m = dev_ctx.template Alloc<uint8_t>(dropout_state);
    std::fill(m, m + dropout_state->numel(), uint8_t(1));
  }
  const std::vector<int64_t> len = rnn_detail::Lengths(sequence_length, d.N, d.T);
  T* o = dev_ctx.template Alloc<T>(out);
  T* h_final = nullptr;
  T* c_final = nullptr;
  if (!state.empty() && state[0] != nullptr) h_final = dev_ctx.template Alloc<T>(state[0]);
  if (d.mode == 0 && state.size() > 1 && state[1] != nullptr) {
    c_final = dev_ctx.template Alloc<T>(state[1]);
  }
  std::vector<std::vector<T>> layer_in;
  std::vector<rnn_detail::DirCache<T>> caches;
  rnn_detail::RunForward<T>(d, len, x.data<T>(), weight_list, pre_state[0]->data<T>(),
                            d.mode == 0 ? pre_state[1]->data<T>() : nullptr, o, h_final, c_final,
                            &layer_in, &caches, dropout);
  if (reserve != nullptr) {
    T* r = dev_ctx.template Alloc<T>(reserve);
    std::fill(r, r + reserve->numel(), T(0));
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(rnn, CPU, phi::RnnKernel, float, double);
