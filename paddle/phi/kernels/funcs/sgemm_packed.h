// The float GEMM that funcs::Gemm and the convolutions run on x86-64 CPUs with AVX2 + FMA:
// blocked and packed in the manner of BLIS (a 6 x 16 register tile, K in blocks that keep a
// B panel in L1 and an A block in L2). Its B operand is packed by a GemmBSource, so a
// convolution packs its sliding windows straight from the image (no im2col matrix), or read in
// place row by row (GemmRowsB); its C may be split into segments (the images of a batch, the
// rows of an output plane) that store only some of their columns. Internal to the kernel
// library.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace phi {
class ThreadPool;
namespace funcs {
namespace internal {

// Whether the packed GEMM may run here: this build has it (x86-64 built with AVX2 + FMA) and
// the CPU has both.
bool PackedSgemmUsable();

// Columns per packed B panel (the register tile's width).
constexpr int64_t kGemmPanelCols = 16;

// op(B), [k, n], as packed panels. Pack writes rows [k0, k0 + kc) of columns [n0, n0 + nc)
// as ceil(nc / 16) panels: panel q at dst + q * kc * 16, entry (p, j) at p * 16 + j, and
// zeros in the columns past nc. Pack may run on several threads at once (disjoint columns).
class GemmBSource {
 public:
  virtual ~GemmBSource() = default;
  virtual void Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, float* dst) const = 0;
  // A source that is a plain matrix (GemmMatrixB) says so, for products with a few rows of A
  // that read it straight instead of packing it.
  virtual const class GemmMatrixB* AsMatrix() const { return nullptr; }
  // A source whose rows the register tiles read in place (GemmRowsB) says so: no packing.
  virtual const class GemmRowsB* AsRows() const { return nullptr; }
  // A source packed ahead (GemmPackedB) gives the panels Pack(k0, kc, n0, ...) would write,
  // with kc the K block the GEMM cuts at k0 (GemmKBlock) and n0 a multiple of 16.
  virtual const float* PackedPanels(int64_t k0, int64_t n0) const { return nullptr; }
};

// Products with at most this many rows of A read a plain B straight instead of packing it
// (GemmPackedB is not read either).
constexpr int64_t kGemmFewRows = 4;

// Rows of A per packed A panel (the register tile's height).
constexpr int64_t kGemmPanelRows = 6;

// The K blocks the GEMM cuts a product of inner dimension k into: blocks of this many (the
// last may be shorter), the same for every product of that k.
int64_t GemmKBlock(int64_t k);

// Floats allocated with 64-byte alignment.
struct GemmFreeFloats {
  void operator()(float* p) const { std::free(p); }
};
using GemmFloats = std::unique_ptr<float[], GemmFreeFloats>;

// Panels packed ahead, whole, K block by K block (blocks of GemmKBlock(k)): block p0 holds
// `width` rows of op(A) (or columns of op(B)), rounded up to whole panels, panel after panel.
class GemmPackedPanels {
 public:
  int64_t k() const { return k_; }
  int64_t bytes() const { return floats_ * 4; }
  // The panel from row (or column) i0, a multiple of the panel size, of the K block at p0.
  const float* At(int64_t p0, int64_t i0) const {
    return data_.get() + p0 * width_ + i0 * std::min(kc_, k_ - p0);
  }

 protected:
  // `slack` floats past the panels.
  GemmPackedPanels(int64_t k, int64_t width, int64_t slack);
  float* Block(int64_t p0) { return data_.get() + p0 * width_; }

  int64_t k_, kc_, width_, floats_;
  GemmFloats data_;
};

// op(A) [m, k] packed ahead in the layout the GEMM packs each block of A into (panels of 6
// rows): for weights that many products use (a convolution's filter in an inference model).
class GemmPackedA : public GemmPackedPanels {
 public:
  // a is [m, k] with row stride lda, or [k, m] when trans_a.
  GemmPackedA(int64_t m, int64_t k, const float* a, int64_t lda, bool trans_a);
  int64_t m() const { return m_; }

 private:
  int64_t m_;
};

// op(B) [k, n] of a GemmMatrixB packed ahead (panels of 16 columns): an fc's weights in an
// inference model.
class GemmPackedB : public GemmPackedPanels {
 public:
  GemmPackedB(int64_t k, int64_t n, const class GemmMatrixB& b);
  int64_t n() const { return n_; }

 private:
  int64_t n_;
};

// A row-major matrix: b is [k, n] with row stride ldb, or [n, k] when trans. With `packed`
// (its packing, may be null) the GEMM reads the panels from there instead of packing them.
class GemmMatrixB : public GemmBSource {
 public:
  GemmMatrixB(const float* b, int64_t ldb, bool trans, const GemmPackedB* packed = nullptr)
      : b_(b), ldb_(ldb), trans_(trans), packed_(packed) {}
  void Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, float* dst) const override;
  const GemmMatrixB* AsMatrix() const override { return this; }
  const float* PackedPanels(int64_t k0, int64_t n0) const override {
    return packed_ != nullptr ? packed_->At(k0, n0) : nullptr;
  }
  const float* data() const { return b_; }
  int64_t ldb() const { return ldb_; }
  bool trans() const { return trans_; }

 private:
  const float* b_;
  int64_t ldb_;
  bool trans_;
  const GemmPackedB* packed_;
};

// op(B) [k, n] whose row p starts at base + offsets[p]: B[p][j] = base[offsets[p] + j]. The
// register tiles read its rows in place, 16 columns at a time, instead of packing them: so a
// convolution with unit strides reads its windows from a zero-padded copy of the image (row
// (c, kh, kw) of the window matrix is the padded image shifted by c, kh and kw). Tiles read
// only the columns they compute; with a C layout whose segments store fewer columns than they
// hold (seg_valid), the columns not stored are neither read nor computed.
class GemmRowsB : public GemmBSource {
 public:
  GemmRowsB(const float* base, const int64_t* offsets) : base_(base), offsets_(offsets) {}
  void Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, float* dst) const override;
  const GemmRowsB* AsRows() const override { return this; }
  const float* base() const { return base_; }
  const int64_t* offsets() const { return offsets_; }

 private:
  const float* base_;
  const int64_t* offsets_;
};

// Where C's entries live: column j is column j % seg_cols of segment j / seg_cols, which
// starts at base + (j / seg_cols) * seg_stride; row i adds i * ldc. A plain matrix has one
// segment (seg_cols >= n). Columns at or past seg_valid in their segment (when seg_valid > 0)
// are computed but not stored: the window columns of a padded image's border.
struct GemmCLayout {
  float* base = nullptr;
  int64_t ldc = 0;
  int64_t seg_cols = 0;
  int64_t seg_stride = 0;
  int64_t seg_valid = 0;
  int64_t Valid() const { return seg_valid > 0 ? seg_valid : seg_cols; }
};

// A finishing step per column that the GEMM can apply to a tile's sums in registers as it
// stores them (no second pass over C): c[i][j] = act((c[i][j] + bias[j % seg_cols]) + r), act
// the clamp to [low, high] and then, with hard_swish, x * min(max(x + 3, 0), 6) / 6
// (ClampHardSwishAvx2), r the entry of `residual` laid out as C: for C's entry at address e,
// residual[e - residual_origin] (residual_origin is an address in C's storage). bias and
// residual may be null (no addition). Pixel-major convolutions, whose columns are channels.
struct GemmColumnStage {
  const float* bias = nullptr;
  const float* residual = nullptr;
  const float* residual_origin = nullptr;
  float low = 0.0f, high = 0.0f;
  bool hard_swish = false;
};

// Finishes C's final values while they are still in cache, tile by tile: Apply gets rows
// r < rows, columns j < cols at c[r * ldc + j], a block of C's storage that lies within one
// segment (it may derive the row's meaning from where c points). Called once per entry, after
// the last K block, possibly on several threads at once (disjoint blocks).
class GemmEpilogue {
 public:
  virtual ~GemmEpilogue() = default;
  virtual void Apply(float* c, int64_t ldc, int64_t rows, int64_t cols) const = 0;
  // Whether Prefetch does anything (the GEMM then calls it a panel at a time).
  virtual bool Prefetches() const { return false; }
  // A hint, with Apply's arguments, that this block will be finished soon: an epilogue that
  // reads other data for it (a residual) may start bringing that into cache.
  virtual void Prefetch(const float* c, int64_t ldc, int64_t rows, int64_t cols) const {}
  // Where Apply is exactly this per-column stage (to the bit): the GEMM may then apply it to
  // each tile as it is stored, where C is one segment whose columns are all stored, instead of
  // calling Apply.
  virtual const GemmColumnStage* ColumnStage() const { return nullptr; }
};

// C = alpha * op(A) * op(B) + beta * C, with op(A) [m, k] stored row-major [m, k] (row stride
// lda) or, when trans_a, [k, m]. With beta == 0, C is not read. The work is split over `pool`
// (may be null) when it pays; the inner dimension is never split, so results do not depend on
// the number of threads. `epilogue` (may be null) then finishes every entry. `packed_a` (may
// be null) is A packed ahead ([m, k], the same matrix): its blocks are read instead of packed.
void PackedSgemm(int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t lda,
                 bool trans_a, const GemmBSource& b, float beta, const GemmCLayout& c,
                 ThreadPool* pool, const GemmEpilogue* epilogue = nullptr,
                 const GemmPackedA* packed_a = nullptr);

}  // namespace internal
}  // namespace funcs
}  // namespace phi
