// Shared CPU implementation of the fused rnn op (LSTM, GRU, RNN_RELU, RNN_TANH): a forward pass
// that keeps every step's activations, and its backpropagation through time. Gate orders follow
// PaddlePaddle: LSTM i, f, c~, o; GRU r, z, c~ with c~ = tanh(x W_c + b_ic + r * (h W_hc + b_hc))
// and h = z * h_prev + (1 - z) * c~. Steps at or past a sequence's length output zero and carry
// the state.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/funcs/blas.h"

namespace phi {
namespace rnn_detail {

inline int GateCount(const std::string& mode) {
  if (mode == "LSTM") return 4;
  if (mode == "GRU") return 3;
  if (mode == "RNN_RELU" || mode == "RNN_TANH") return 1;
  PD_CHECK(false, InvalidArgument,
           "expected rnn's mode to be \"LSTM\", \"GRU\", \"RNN_RELU\" or \"RNN_TANH\", but got \"",
           mode, "\"");
  return 0;
}

template <typename T>
inline T Sigmoid(T x) {
  return T(1) / (T(1) + std::exp(-x));
}

// One layer and direction's saved activations, each [T][N][...].
template <typename T>
struct DirCache {
  std::vector<T> gates;   // [T, N, G*H] activated gates (GRU: r, z, c~)
  std::vector<T> hc;      // GRU: [T, N, H] h W_hc + b_hc
  std::vector<T> h_prev;  // [T, N, H] state before each step
  std::vector<T> c_prev;  // LSTM: [T, N, H]
  std::vector<T> c;       // LSTM: [T, N, H] cell after each step
};

struct Dims {
  int64_t T, N, I, H, G, L, D;
  int mode;  // 0 LSTM, 1 GRU, 2 RNN_RELU, 3 RNN_TANH
};

inline int ModeId(const std::string& mode) {
  if (mode == "LSTM") return 0;
  if (mode == "GRU") return 1;
  if (mode == "RNN_RELU") return 2;
  return 3;
}

// Validates the op's inputs; returns its sizes.
inline Dims CheckRnnInputs(const DenseTensor& input, const std::vector<const DenseTensor*>& pre,
                           const std::vector<const DenseTensor*>& weights,
                           const DenseTensor* seq_len, bool is_bidirec, int input_size,
                           int hidden_size, int num_layers, const std::string& mode) {
  Dims d;
  d.G = GateCount(mode);
  d.mode = ModeId(mode);
  PD_CHECK(input.dims().size() == 3, InvalidArgument,
           "expected rnn's Input to have rank 3 [T, N, input_size], but got dims ", input.dims());
  d.T = input.dims()[0];
  d.N = input.dims()[1];
  d.I = input.dims()[2];
  d.H = hidden_size;
  d.L = num_layers;
  d.D = is_bidirec ? 2 : 1;
  PD_CHECK(d.I == input_size, InvalidArgument, "expected rnn's Input last dim to equal input_size ",
           input_size, ", but got ", d.I);
  PD_CHECK(hidden_size > 0 && num_layers > 0, InvalidArgument,
           "expected rnn's hidden_size and num_layers > 0, but got ", hidden_size, " and ",
           num_layers);
  const size_t n_pre = d.mode == 0 ? 2 : 1;
  PD_CHECK(pre.size() == n_pre, InvalidArgument, "expected rnn (mode ", mode, ") to have ", n_pre,
           " PreState tensors, but got ", pre.size());
  for (const DenseTensor* p : pre) {
    PD_CHECK(p != nullptr && p->dims().size() == 3 && p->dims()[0] == d.L * d.D &&
                 p->dims()[1] == d.N && p->dims()[2] == d.H,
             InvalidArgument, "expected rnn's PreState to have dims [", d.L * d.D, ", ", d.N, ", ",
             d.H, "], but got ", p == nullptr ? DDim({}) : p->dims());
  }
  const int64_t n_w = 4 * d.L * d.D;
  PD_CHECK(static_cast<int64_t>(weights.size()) == n_w, InvalidArgument, "expected rnn to have ",
           n_w, " WeightList tensors (num_layers ", d.L, ", directions ", d.D, "), but got ",
           weights.size());
  for (int64_t l = 0; l < d.L; ++l) {
    const int64_t in = l == 0 ? d.I : d.D * d.H;
    for (int64_t dir = 0; dir < d.D; ++dir) {
      const int64_t k = l * d.D + dir;
      const DenseTensor* wih = weights[2 * k];
      const DenseTensor* whh = weights[2 * k + 1];
      const DenseTensor* bih = weights[2 * d.L * d.D + 2 * k];
      const DenseTensor* bhh = weights[2 * d.L * d.D + 2 * k + 1];
      PD_CHECK(wih != nullptr && wih->dims() == DDim({d.G * d.H, in}), InvalidArgument,
               "expected rnn's weight_ih of layer ", l, " direction ", dir, " to have dims [",
               d.G * d.H, ", ", in, "], but got ", wih == nullptr ? DDim({}) : wih->dims());
      PD_CHECK(whh != nullptr && whh->dims() == DDim({d.G * d.H, d.H}), InvalidArgument,
               "expected rnn's weight_hh of layer ", l, " direction ", dir, " to have dims [",
               d.G * d.H, ", ", d.H, "], but got ", whh == nullptr ? DDim({}) : whh->dims());
      for (const DenseTensor* b : {bih, bhh}) {
        PD_CHECK(b != nullptr && b->numel() == d.G * d.H && b->dims().size() == 1, InvalidArgument,
                 "expected rnn's biases of layer ", l, " direction ", dir, " to have dims [",
                 d.G * d.H, "], but got ", b == nullptr ? DDim({}) : b->dims());
      }
    }
  }
  if (seq_len != nullptr) {
    PD_CHECK(seq_len->dims().size() == 1 && seq_len->dims()[0] == d.N, InvalidArgument,
             "expected rnn's SequenceLength to have dims [", d.N, "], but got ", seq_len->dims());
  }
  return d;
}

inline std::vector<int64_t> Lengths(const DenseTensor* seq_len, int64_t N, int64_t T) {
  std::vector<int64_t> len(N, T);
  if (seq_len == nullptr) return len;
  for (int64_t n = 0; n < N; ++n) {
    int64_t v = seq_len->dtype() == DataType::INT32 ? seq_len->data<int32_t>()[n]
                                                    : seq_len->data<int64_t>()[n];
    PD_CHECK(v >= 0 && v <= T, InvalidArgument, "expected rnn's SequenceLength values in [0, ", T,
             "], but got ", v);
    len[n] = v;
  }
  return len;
}

// out[n][j] += sum_k a[n][k] * w[j][k]: a [N, K], w [J, K], through the one BLAS.
template <typename T>
void MatMulWT(const T* a, const T* w, int64_t N, int64_t K, int64_t J, T* out) {
  funcs::Gemm<T>(false, true, N, J, K, T(1), a, w, T(1), out);
}

// One direction of one layer. x: [T, N, In]; writes y columns [off, off+H) of [T, N, ystride];
// h0/c0: [N, H]; hT/cT: final states [N, H] (may be null).
template <typename T>
void RunDirection(const Dims& d, const std::vector<int64_t>& len, bool reverse, const T* x,
                  int64_t In, const T* wih, const T* whh, const T* bih, const T* bhh, const T* h0,
                  const T* c0, T* y, int64_t ystride, int64_t off, T* hT, T* cT,
                  DirCache<T>* cache) {
  const int64_t N = d.N, H = d.H, G = d.G, GH = G * H;
  std::vector<T> h(h0, h0 + N * H), c;
  if (d.mode == 0) c.assign(c0, c0 + N * H);
  cache->gates.assign(d.T * N * GH, T(0));
  cache->h_prev.assign(d.T * N * H, T(0));
  if (d.mode == 0) {
    cache->c_prev.assign(d.T * N * H, T(0));
    cache->c.assign(d.T * N * H, T(0));
  }
  if (d.mode == 1) cache->hc.assign(d.T * N * H, T(0));
  std::vector<T> gx(N * GH), gh(N * GH);
  for (int64_t s = 0; s < d.T; ++s) {
    const int64_t t = reverse ? d.T - 1 - s : s;
    std::fill(gx.begin(), gx.end(), T(0));
    std::fill(gh.begin(), gh.end(), T(0));
    MatMulWT(x + t * N * In, wih, N, In, GH, gx.data());
    MatMulWT(h.data(), whh, N, H, GH, gh.data());
    std::copy(h.begin(), h.end(), cache->h_prev.begin() + t * N * H);
    if (d.mode == 0) std::copy(c.begin(), c.end(), cache->c_prev.begin() + t * N * H);
    for (int64_t n = 0; n < N; ++n) {
      T* yr = y + (t * N + n) * ystride + off;
      T* g = cache->gates.data() + (t * N + n) * GH;
      const bool valid = t < len[n];
      for (int64_t j = 0; j < H; ++j) {
        T& hv = h[n * H + j];
        if (!valid) {
          yr[j] = T(0);
          continue;
        }
        const T* ax = gx.data() + n * GH;
        const T* ah = gh.data() + n * GH;
        if (d.mode == 0) {
          T* cc = &c[n * H + j];
          const T i = Sigmoid(ax[j] + bih[j] + ah[j] + bhh[j]);
          const T f = Sigmoid(ax[H + j] + bih[H + j] + ah[H + j] + bhh[H + j]);
          const T gg = std::tanh(ax[2 * H + j] + bih[2 * H + j] + ah[2 * H + j] + bhh[2 * H + j]);
          const T o = Sigmoid(ax[3 * H + j] + bih[3 * H + j] + ah[3 * H + j] + bhh[3 * H + j]);
          *cc = f * *cc + i * gg;
          hv = o * std::tanh(*cc);
          g[j] = i;
          g[H + j] = f;
          g[2 * H + j] = gg;
          g[3 * H + j] = o;
          cache->c[(t * N + n) * H + j] = *cc;
        } else if (d.mode == 1) {
          const T r = Sigmoid(ax[j] + bih[j] + ah[j] + bhh[j]);
          const T z = Sigmoid(ax[H + j] + bih[H + j] + ah[H + j] + bhh[H + j]);
          const T hc = ah[2 * H + j] + bhh[2 * H + j];
          const T cc = std::tanh(ax[2 * H + j] + bih[2 * H + j] + r * hc);
          hv = z * hv + (T(1) - z) * cc;
          g[j] = r;
          g[H + j] = z;
          g[2 * H + j] = cc;
          cache->hc[(t * N + n) * H + j] = hc;
        } else {
          const T a = ax[j] + bih[j] + ah[j] + bhh[j];
          hv = d.mode == 2 ? (a > T(0) ? a : T(0)) : std::tanh(a);
          g[j] = hv;
        }
        yr[j] = hv;
      }
    }
  }
  if (hT != nullptr) std::copy(h.begin(), h.end(), hT);
  if (cT != nullptr && d.mode == 0) std::copy(c.begin(), c.end(), cT);
}

// Runs all layers. layer_in[l] is layer l's input [T, N, In_l] (layer_in[0] = x); the last
// layer's output goes to out. caches[l*D+dir]. h_final/c_final: [L*D, N, H] (may be null).
// Dropout on the input of every layer but the first (training with dropout_prob > 0): a
// keep mask per element of each of the L - 1 intermediate outputs ([T, N, D * H] each), kept
// values scaled by `scale` (1 / (1 - p), PaddlePaddle's upscale_in_train). The same mask
// scales the gradient flowing back into those outputs.
struct LayerDropout {
  const uint8_t* mask = nullptr;  // (L - 1) * T * N * D * H entries; null: no dropout
  int64_t block = 0;              // T * N * D * H
  double scale = 1.0;

  template <typename T>
  void Apply(int64_t layer, std::vector<T>* values) const {
    if (mask == nullptr) return;
    const uint8_t* m = mask + layer * block;
    const T s = static_cast<T>(scale);
    for (int64_t i = 0; i < block; ++i) (*values)[i] = m[i] ? (*values)[i] * s : T(0);
  }
};

// Whether a call drops out between layers (checking dropout_prob on the way).
inline bool UsesDropout(const Dims& d, float p, bool is_test, const char* op) {
  PD_CHECK(p >= 0.0f && p <= 1.0f, InvalidArgument, "expected ", op,
           "'s dropout_prob in [0, 1], but got ", p);
  return !is_test && p > 0.0f && d.L > 1;
}

inline int64_t DropoutBlock(const Dims& d) { return d.T * d.N * d.D * d.H; }

inline double DropoutScale(float p) { return p < 1.0f ? 1.0 / (1.0 - p) : 1.0; }

template <typename T>
void RunForward(const Dims& d, const std::vector<int64_t>& len, const T* x,
                const std::vector<const DenseTensor*>& w, const T* h0, const T* c0, T* out,
                T* h_final, T* c_final, std::vector<std::vector<T>>* layer_in,
                std::vector<DirCache<T>>* caches, const LayerDropout& dropout = {}) {
  const int64_t NH = d.N * d.H, LD = d.L * d.D;
  layer_in->assign(d.L, {});
  caches->assign(LD, {});
  (*layer_in)[0].assign(x, x + d.T * d.N * d.I);
  for (int64_t l = 0; l < d.L; ++l) {
    const int64_t In = l == 0 ? d.I : d.D * d.H;
    std::vector<T> yl;
    T* y = out;
    if (l + 1 < d.L) {
      yl.assign(d.T * d.N * d.D * d.H, T(0));
      y = yl.data();
    }
    for (int64_t dir = 0; dir < d.D; ++dir) {
      const int64_t k = l * d.D + dir;
      RunDirection<T>(d, len, dir == 1, (*layer_in)[l].data(), In, w[2 * k]->data<T>(),
                      w[2 * k + 1]->data<T>(), w[2 * LD + 2 * k]->data<T>(),
                      w[2 * LD + 2 * k + 1]->data<T>(), h0 + k * NH,
                      c0 == nullptr ? nullptr : c0 + k * NH, y, d.D * d.H, dir * d.H,
                      h_final == nullptr ? nullptr : h_final + k * NH,
                      c_final == nullptr ? nullptr : c_final + k * NH, &(*caches)[k]);
    }
    if (l + 1 < d.L) {
      dropout.Apply(l, &yl);
      (*layer_in)[l + 1] = std::move(yl);
    }
  }
}

// Backprop of one direction. dy: [T, N, ystride] (columns off..off+H); dh/dc: in = gradient of
// the final state, out = gradient of the initial state. Accumulates into dx [T, N, In] and the
// weight gradients (each may be null).
template <typename T>
void BackDirection(const Dims& d, const std::vector<int64_t>& len, bool reverse, const T* x,
                   int64_t In, const T* wih, const T* whh, const DirCache<T>& cache, const T* dy,
                   int64_t ystride, int64_t off, T* dh, T* dc, T* dx, T* dwih, T* dwhh, T* dbih,
                   T* dbhh) {
  const int64_t N = d.N, H = d.H, G = d.G, GH = G * H;
  std::vector<T> dgx(N * GH), dgh(N * GH);
  for (int64_t s = d.T - 1; s >= 0; --s) {
    const int64_t t = reverse ? d.T - 1 - s : s;
    std::fill(dgx.begin(), dgx.end(), T(0));
    std::fill(dgh.begin(), dgh.end(), T(0));
    for (int64_t n = 0; n < N; ++n) {
      if (t >= len[n]) continue;  // state carried: dh, dc pass through
      const T* g = cache.gates.data() + (t * N + n) * GH;
      const T* hp = cache.h_prev.data() + (t * N + n) * H;
      T* ax = dgx.data() + n * GH;
      T* ah = dgh.data() + n * GH;
      for (int64_t j = 0; j < H; ++j) {
        T& dhv = dh[n * H + j];
        const T dht = dhv + (dy == nullptr ? T(0) : dy[(t * N + n) * ystride + off + j]);
        if (d.mode == 0) {
          const T i = g[j], f = g[H + j], gg = g[2 * H + j], o = g[3 * H + j];
          const T cv = cache.c[(t * N + n) * H + j];
          const T cp = cache.c_prev[(t * N + n) * H + j];
          const T tc = std::tanh(cv);
          const T dcv = dc[n * H + j] + dht * o * (T(1) - tc * tc);
          ax[j] = dcv * gg * i * (T(1) - i);
          ax[H + j] = dcv * cp * f * (T(1) - f);
          ax[2 * H + j] = dcv * i * (T(1) - gg * gg);
          ax[3 * H + j] = dht * tc * o * (T(1) - o);
          dc[n * H + j] = dcv * f;
          dhv = T(0);
        } else if (d.mode == 1) {
          const T r = g[j], z = g[H + j], cc = g[2 * H + j];
          const T hc = cache.hc[(t * N + n) * H + j];
          const T dz = dht * (hp[j] - cc);
          const T dac = dht * (T(1) - z) * (T(1) - cc * cc);
          const T dr = dac * hc;
          ax[j] = dr * r * (T(1) - r);
          ax[H + j] = dz * z * (T(1) - z);
          ax[2 * H + j] = dac;
          ah[j] = ax[j];
          ah[H + j] = ax[H + j];
          ah[2 * H + j] = dac * r;
          dhv = dht * z;
        } else {
          const T hv = g[j];
          ax[j] = d.mode == 2 ? (hv > T(0) ? dht : T(0)) : dht * (T(1) - hv * hv);
          dhv = T(0);
        }
        if (d.mode != 1) {
          for (int64_t q = 0; q < G; ++q) ah[q * H + j] = ax[q * H + j];
        }
      }
    }
    // dh_prev += dgh W_hh; dx += dgx W_ih; weight grads.
    for (int64_t n = 0; n < N; ++n) {
      if (t >= len[n]) continue;
      const T* ax = dgx.data() + n * GH;
      const T* ah = dgh.data() + n * GH;
      const T* xr = x + (t * N + n) * In;
      const T* hp = cache.h_prev.data() + (t * N + n) * H;
      for (int64_t q = 0; q < GH; ++q) {
        const T gxq = ax[q], ghq = ah[q];
        const T* wr = wih + q * In;
        const T* hr = whh + q * H;
        if (dx != nullptr) {
          T* dxr = dx + (t * N + n) * In;
          for (int64_t k = 0; k < In; ++k) dxr[k] += gxq * wr[k];
        }
        for (int64_t k = 0; k < H; ++k) dh[n * H + k] += ghq * hr[k];
        if (dwih != nullptr) {
          for (int64_t k = 0; k < In; ++k) dwih[q * In + k] += gxq * xr[k];
        }
        if (dwhh != nullptr) {
          for (int64_t k = 0; k < H; ++k) dwhh[q * H + k] += ghq * hp[k];
        }
        if (dbih != nullptr) dbih[q] += gxq;
        if (dbhh != nullptr) dbhh[q] += ghq;
      }
    }
  }
}

}  // namespace rnn_detail
}  // namespace phi
