// One row of a last-axis softmax, dst = exp(src - max) / sum: the softmax kernel's rows and
// fused_multihead_attention's score rows, one definition so that they compute the same bits.
// float on a CPU with AVX2 + FMA takes exp 8 at a time (funcs::ExpAvx2); otherwise std::exp.
// dst may be src. CPU only.
#pragma once

#include <cstdint>

namespace phi {
namespace funcs {

template <typename T>
void SoftmaxRow(const T* src, int64_t n, T* dst);

}  // namespace funcs
}  // namespace phi
