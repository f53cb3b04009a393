#include "paddle/phi/infermeta/rnn.h"

#include <cstdint>

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {

using funcs::ExtentsCompatible;

void RnnInferMeta(const MetaTensor& x, const std::vector<const MetaTensor*>& pre_state,
                  const std::vector<const MetaTensor*>& weight_list,
                  const MetaTensor& sequence_length, float dropout_prob, bool is_bidirec,
                  int input_size, int hidden_size, int num_layers, const std::string& mode,
                  int seed, bool is_test, MetaTensor* out, MetaTensor* dropout_state,
                  MetaTensor* reserve, std::vector<MetaTensor*> state) {
  (void)sequence_length;
  (void)seed;
  int64_t gates = 0;
  if (mode == "LSTM") gates = 4;
  if (mode == "GRU") gates = 3;
  if (mode == "RNN_RELU" || mode == "RNN_TANH") gates = 1;
  PD_CHECK(gates > 0, InvalidArgument,
           "expected rnn's mode to be \"LSTM\", \"GRU\", \"RNN_RELU\" or \"RNN_TANH\", but got \"",
           mode, "\"");
  PD_CHECK(hidden_size > 0 && num_layers > 0, InvalidArgument,
           "expected rnn's hidden_size and num_layers > 0, but got ", hidden_size, " and ",
           num_layers);
  PD_CHECK(dropout_prob >= 0.0f && dropout_prob <= 1.0f, InvalidArgument,
           "expected rnn's dropout_prob in [0, 1], but got ", dropout_prob);
  const DDim& d = x.dims();
  PD_CHECK(d.size() == 3, InvalidArgument,
           "expected rnn's Input to have rank 3 [T, N, input_size], but got dims ", d);
  PD_CHECK(ExtentsCompatible(d[2], input_size), InvalidArgument,
           "expected rnn's Input last dim to equal input_size ", input_size, ", but got ", d[2]);
  const int64_t D = is_bidirec ? 2 : 1, L = num_layers, H = hidden_size;
  const size_t n_pre = mode == "LSTM" ? 2 : 1;
  PD_CHECK(pre_state.size() == n_pre, InvalidArgument, "expected rnn (mode ", mode, ") to have ",
           n_pre, " PreState tensors, but got ", pre_state.size());
  for (const MetaTensor* p : pre_state) {
    const DDim& pd = p->dims();
    PD_CHECK(pd.size() == 3 && ExtentsCompatible(pd[0], L * D) && ExtentsCompatible(pd[1], d[1]) &&
                 ExtentsCompatible(pd[2], H),
             InvalidArgument, "expected rnn's PreState to have dims [", L * D, ", ", d[1], ", ", H,
             "], but got ", pd);
  }
  PD_CHECK(static_cast<int64_t>(weight_list.size()) == 4 * L * D, InvalidArgument,
           "expected rnn to have ", 4 * L * D, " WeightList tensors (num_layers ", L,
           ", directions ", D, "), but got ", weight_list.size());
  for (int64_t l = 0; l < L; ++l) {
    const int64_t in = l == 0 ? static_cast<int64_t>(input_size) : D * H;
    for (int64_t dir = 0; dir < D; ++dir) {
      const int64_t k = l * D + dir;
      const DDim& wih = weight_list[2 * k]->dims();
      const DDim& whh = weight_list[2 * k + 1]->dims();
      PD_CHECK(
          wih.size() == 2 && ExtentsCompatible(wih[0], gates * H) && ExtentsCompatible(wih[1], in),
          InvalidArgument, "expected rnn's weight_ih of layer ", l, " direction ", dir,
          " to have dims [", gates * H, ", ", in, "], but got ", wih);
      PD_CHECK(
          whh.size() == 2 && ExtentsCompatible(whh[0], gates * H) && ExtentsCompatible(whh[1], H),
          InvalidArgument, "expected rnn's weight_hh of layer ", l, " direction ", dir,
          " to have dims [", gates * H, ", ", H, "], but got ", whh);
      for (int b = 0; b < 2; ++b) {
        const DDim& bd = weight_list[2 * L * D + 2 * k + b]->dims();
        PD_CHECK(bd.size() == 1 && ExtentsCompatible(bd[0], gates * H), InvalidArgument,
                 "expected rnn's biases of layer ", l, " direction ", dir, " to have dims [",
                 gates * H, "], but got ", bd);
      }
    }
  }
  out->set_dims(DDim({d[0], d[1], D * H}));
  out->set_dtype(x.dtype());
  for (size_t i = 0; i < state.size(); ++i) {
    if (state[i] == nullptr || !*state[i]) continue;
    state[i]->set_dims(DDim({L * D, d[1], H}));
    state[i]->set_dtype(x.dtype());
  }
  if (reserve != nullptr && *reserve) {
    reserve->set_dims(DDim({1}));
    reserve->set_dtype(x.dtype());
  }
  if (dropout_state != nullptr && *dropout_state) {
    // Training with dropout between layers: the keep mask of the L - 1 intermediate outputs.
    const bool masks = !is_test && dropout_prob > 0.0f && L > 1;
    const int64_t block = d[0] < 0 || d[1] < 0 ? -1 : d[0] * d[1] * D * H;
    dropout_state->set_dims(DDim({masks ? (block < 0 ? -1 : (L - 1) * block) : 1}));
    dropout_state->set_dtype(DataType::UINT8);
  }
}

void RnnGradInferMeta(const MetaTensor& x, const std::vector<const MetaTensor*>& pre_state,
                      const std::vector<const MetaTensor*>& weight_list, MetaTensor* x_grad,
                      std::vector<MetaTensor*> pre_state_grad,
                      std::vector<MetaTensor*> weight_list_grad) {
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
  for (size_t i = 0; i < pre_state_grad.size() && i < pre_state.size(); ++i) {
    if (pre_state_grad[i] != nullptr && *pre_state_grad[i])
      pre_state_grad[i]->share_meta(*pre_state[i]);
  }
  for (size_t i = 0; i < weight_list_grad.size() && i < weight_list.size(); ++i) {
    if (weight_list_grad[i] != nullptr && *weight_list_grad[i]) {
      weight_list_grad[i]->share_meta(*weight_list[i]);
    }
  }
}

}  // namespace phi
