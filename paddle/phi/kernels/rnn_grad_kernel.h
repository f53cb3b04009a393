// rnn_grad: backpropagation through time of the rnn op. It reruns the forward pass to recover
// each step's activations, then gives the gradients of Input, PreState and WeightList (each
// may be null). A missing Out@GRAD or State@GRAD counts as zero. With dropout between layers
// (training), DropoutState holds the forward pass's keep mask.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

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
                   std::vector<DenseTensor*> weight_list_grad);

}  // namespace phi
