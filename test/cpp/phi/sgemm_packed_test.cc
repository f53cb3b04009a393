// Tests of the packed float GEMM (funcs/sgemm_packed.h) against a double-precision product on
// shapes that cross every block and tile edge, with transposes, alpha / beta, segmented C and
// the pool; and of the convolution's window packing (funcs/conv_gemm.h) against Im2Col.
#include "paddle/phi/kernels/funcs/sgemm_packed.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

#include "gtest/gtest.h"
#include "paddle/phi/core/thread_pool.h"
#include "paddle/phi/kernels/funcs/conv_gemm.h"
#include "paddle/phi/kernels/funcs/im2col.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {
namespace {

using funcs::internal::GemmCLayout;
using funcs::internal::GemmMatrixB;
using funcs::internal::PackedSgemm;


struct Case {
  int64_t m, n, k;
  bool trans_a, trans_b;
};

// C is stored in segments of seg_cols columns, seg_stride floats apart (gaps between them are
// never written); rows are ldc apart within a segment.
void CheckCase(const Case& t, float alpha, float beta, int64_t seg_cols, ThreadPool* pool) {
  const int64_t segs = (t.n + seg_cols - 1) / seg_cols;
  const int64_t ldc = seg_cols + 3;
  const int64_t seg_stride = t.m * ldc + 5;
  const std::vector<float> a = RandomFloats(t.m * t.k, 1), b = RandomFloats(t.k * t.n, 2);
  std::vector<float> c = RandomFloats(segs * seg_stride, 3);
  const std::vector<float> c0 = c;
  GemmCLayout layout;
  layout.base = c.data();
  layout.ldc = ldc;
  layout.seg_cols = seg_cols;
  layout.seg_stride = seg_stride;
  const GemmMatrixB b_source(b.data(), t.trans_b ? t.k : t.n, t.trans_b);
  PackedSgemm(t.m, t.n, t.k, alpha, a.data(), t.trans_a ? t.m : t.k, t.trans_a, b_source, beta,
              layout, pool);
  std::vector<bool> written(c.size(), false);
  for (int64_t i = 0; i < t.m; ++i) {
    for (int64_t j = 0; j < t.n; ++j) {
      double sum = 0.0;
      for (int64_t p = 0; p < t.k; ++p) {
        const double av = t.trans_a ? a[p * t.m + i] : a[i * t.k + p];
        const double bv = t.trans_b ? b[j * t.k + p] : b[p * t.n + j];
        sum += av * bv;
      }
      const int64_t at = (j / seg_cols) * seg_stride + i * ldc + j % seg_cols;
      written[at] = true;
      const double want = alpha * sum + (beta == 0.0f ? 0.0 : beta * c0[at]);
      ASSERT_NEAR(c[at], want, 1e-5 * (1.0 + std::abs(want)) * std::sqrt(double(t.k)))
          << "m=" << t.m << " n=" << t.n << " k=" << t.k << " ta=" << t.trans_a
          << " tb=" << t.trans_b << " at (" << i << ", " << j << ")";
    }
  }
  for (size_t i = 0; i < c.size(); ++i) {
    if (!written[i]) {
      ASSERT_EQ(c[i], c0[i]) << "wrote outside C at " << i;
    }
  }
}

TEST(PackedSgemm, MatchesDoubleProductAcrossEdges) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  const Case cases[] = {
      {1, 1, 1, false, false},     {5, 15, 7, false, false},    {6, 16, 256, false, false},
      {7, 17, 257, true, false},   {13, 33, 300, false, true},  {64, 98, 600, true, true},
      {250, 40, 70, false, false}, {251, 2100, 9, false, true}, {130, 20, 513, true, false},
  };
  for (const Case& t : cases) {
    CheckCase(t, 1.0f, 0.0f, t.n, nullptr);
    CheckCase(t, 1.5f, 0.5f, t.n, nullptr);
  }
}

// Up to four rows of A read B straight (no packing), by rows or, transposed, by dot products.
TEST(PackedSgemm, FewRowsReadBStraight) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  ThreadPool pool(2);
  const Case cases[] = {
      {2, 1000, 1280, false, false}, {3, 70, 33, true, true},    {4, 1030, 9, false, true},
      {1, 600, 50, true, false},     {2, 5, 7, false, true},     {4, 17, 300, true, true},
      {2, 50, 600, false, true},     {3, 40, 77, false, true},   {1, 9, 70, false, true},
      {4, 33, 1000, false, true},    {3, 300, 301, true, false}, {4, 1000, 65, false, false}};
  for (const Case& t : cases) {
    CheckCase(t, 1.0f, 0.0f, t.n, &pool);
    CheckCase(t, 1.5f, 0.5f, 7, nullptr);
  }
}

TEST(PackedSgemm, SegmentedOutputAndPoolMatch) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  ThreadPool pool(2);
  const Case cases[] = {
      {64, 98, 600, false, false}, {300, 49 * 3, 40, false, false}, {20, 4500, 30, false, false}};
  for (const Case& t : cases) {
    for (int64_t seg : {int64_t{7}, int64_t{49}, int64_t{16}, t.n}) {
      CheckCase(t, 1.0f, 0.0f, seg, &pool);
      CheckCase(t, 2.0f, 1.0f, seg, nullptr);
    }
  }
}

TEST(PackedSgemm, PoolGivesTheSameBitsAsOneThread) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  ThreadPool pool(2);
  // The few-rows products too: one thread reads B one row at a time, the pool's threads (each
  // a part of every row) four or two rows at a time, in the same order; large ones in two halves
  // of K (one a thread on the pool), summed at the end either way.
  for (const Case& t : {Case{70, 3000, 300, false, false}, Case{600, 50, 300, true, true},
                        Case{2, 1000, 1280, false, false}, Case{3, 2100, 70, true, false},
                        Case{4, 1030, 90, false, false}}) {
    const std::vector<float> a = RandomFloats(t.m * t.k, 4), b = RandomFloats(t.k * t.n, 5);
    std::vector<float> one(t.m * t.n), many(t.m * t.n);
    const GemmMatrixB src(b.data(), t.trans_b ? t.k : t.n, t.trans_b);
    for (auto* out : {&one, &many}) {
      GemmCLayout layout;
      layout.base = out->data();
      layout.ldc = layout.seg_cols = t.n;
      PackedSgemm(t.m, t.n, t.k, 1.0f, a.data(), t.trans_a ? t.m : t.k, t.trans_a, src, 0.0f,
                  layout, out == &one ? nullptr : &pool);
    }
    ASSERT_EQ(one, many);
  }
}

// A and B packed ahead (GemmPackedA, GemmPackedB: weights kept packed) give the bits of the
// same product packed per call (A stored by rows is then read where it is, by the tiles; stored
// [k, m], packed), on one thread and on the pool (which splits C by rows or by columns), with
// several K blocks, rows past a multiple of 6 and columns past one of 16.
TEST(PackedSgemm, PackedAheadGivesTheSameBits) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  ThreadPool pool(2);
  const Case cases[] = {{7, 17, 257, false, false},
                        {13, 33, 600, true, true},
                        {130, 40, 513, false, true},
                        {64, 3000, 70, true, false},
                        {600, 50, 300, false, false},
                        {5, 2100, 9, false, false},
                        {3, 100, 40, false, false},
                        {250, 40, 257, true, false},
                        // A by rows whose blocks end in tiles of 5 and 4 rows (m % 6 of 1, 2
                        // and 3), across K blocks, and with row tiles outermost (n 3000, k 24)
                        {49, 40, 600, false, false},
                        {8, 33, 70, false, true},
                        {9, 20, 300, false, false},
                        {13, 17, 9, false, false},
                        {57, 3000, 24, false, false}};
  for (const Case& t : cases) {
    const std::vector<float> a = RandomFloats(t.m * t.k, 6), b = RandomFloats(t.k * t.n, 7);
    const int64_t lda = t.trans_a ? t.m : t.k, ldb = t.trans_b ? t.k : t.n;
    const funcs::internal::GemmPackedA packed_a(t.m, t.k, a.data(), lda, t.trans_a);
    const funcs::internal::GemmPackedB packed_b(t.k, t.n, GemmMatrixB(b.data(), ldb, t.trans_b));
    for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
      std::vector<float> want(t.m * t.n), got_a(t.m * t.n, 9.0f), got_b(t.m * t.n, 9.0f),
          got_ab(t.m * t.n, 9.0f);
      auto run = [&](std::vector<float>* out, bool ahead_a, bool ahead_b) {
        GemmCLayout layout;
        layout.base = out->data();
        layout.ldc = layout.seg_cols = t.n;
        PackedSgemm(t.m, t.n, t.k, 1.5f, a.data(), lda, t.trans_a,
                    GemmMatrixB(b.data(), ldb, t.trans_b, ahead_b ? &packed_b : nullptr), 0.0f,
                    layout, p, nullptr, ahead_a ? &packed_a : nullptr);
      };
      run(&want, false, false);
      run(&got_a, true, false);
      run(&got_b, false, true);
      run(&got_ab, true, true);
      ASSERT_EQ(got_a, want) << "A packed ahead, m=" << t.m << " n=" << t.n << " k=" << t.k;
      ASSERT_EQ(got_b, want) << "B packed ahead, m=" << t.m << " n=" << t.n << " k=" << t.k;
      ASSERT_EQ(got_ab, want) << "both packed ahead, m=" << t.m << " n=" << t.n << " k=" << t.k;
    }
  }
  // A packed for another shape is refused, not misread.
  const std::vector<float> a = RandomFloats(12 * 10, 8), b = RandomFloats(10 * 16, 9);
  const funcs::internal::GemmPackedA other(6, 20, a.data(), 20, false);
  std::vector<float> c(12 * 16);
  GemmCLayout layout;
  layout.base = c.data();
  layout.ldc = layout.seg_cols = 16;
  EXPECT_THROW(PackedSgemm(12, 16, 10, 1.0f, a.data(), 10, false, GemmMatrixB(b.data(), 16, false),
                           0.0f, layout, nullptr, nullptr, &other),
               std::logic_error);
}

// A last panel of 1 to 4 columns (N = 98: 2) is computed with the rows as vector lanes
// (NarrowPanel) where A is packed: its columns get the bits the register tiles give them in a
// product with more columns (B extended by 12, so that its last panel is wide), across K blocks,
// with alpha and beta, partial row panels, C in segments (a narrow panel across two: N = 99 with
// 7-column segments) and A packed per call or ahead. (A stored by rows is read in place by the
// tiles, not packed: its narrow panels stay with them.)
TEST(PackedSgemm, NarrowLastPanelGivesTheWideTilesBits) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  for (int64_t n : {97, 98, 99, 100, 17, 2}) {
    for (int64_t m : {int64_t{1280}, int64_t{47}, int64_t{5}}) {
      const int64_t k = 600, wide = n + 12;
      const std::vector<float> a = RandomFloats(k * m, 10);  // [k, m]: packed per call
      const std::vector<float> b = RandomFloats(k * wide, 11);
      const funcs::internal::GemmPackedA packed_a(m, k, a.data(), m, true);
      for (int64_t seg : {wide, int64_t{7}}) {
        // beta other than 0 and 1 only where C is one segment: a tile across segments finishes
        // alpha * sum + beta * c in scalar code (Tile), whose rounding the compiler may fuse or
        // not, and the wide panel's tiles can cross where the narrow one does not.
        for (const std::array<float, 2>& ab :
             {std::array<float, 2>{1.0f, 0.0f}, std::array<float, 2>{1.5f, 0.0f},
              std::array<float, 2>{1.5f, 0.5f}}) {
          if (seg != wide && ab[1] != 0.0f) continue;
          for (bool ahead : {false, true}) {
            auto run = [&](int64_t cols) {
              const int64_t segs = (cols + seg - 1) / seg, seg_stride = m * seg;
              std::vector<float> c = RandomFloats(segs * seg_stride, 12);
              GemmCLayout layout;
              layout.base = c.data();
              layout.ldc = seg;
              layout.seg_cols = seg;
              layout.seg_stride = seg_stride;
              PackedSgemm(m, cols, k, ab[0], a.data(), m, true, GemmMatrixB(b.data(), wide, false),
                          ab[1], layout, nullptr, nullptr, ahead ? &packed_a : nullptr);
              return c;
            };
            const std::vector<float> narrow = run(n), full = run(wide);
            for (int64_t j = 0; j < n; ++j) {
              for (int64_t i = 0; i < m; ++i) {
                const int64_t at = (j / seg) * m * seg + i * seg + j % seg;
                ASSERT_EQ(narrow[at], full[at])
                    << "n=" << n << " m=" << m << " seg=" << seg << " alpha=" << ab[0]
                    << " beta=" << ab[1] << " ahead=" << ahead << " at (" << i << ", " << j << ")";
              }
            }
          }
        }
      }
    }
  }
}

// B read in place from rows at arbitrary offsets (GemmRowsB) gives the bits of the same B
// packed, into a C whose segments hold 20 columns of which 17 are stored: nothing is written
// past them, and tiles that end inside a vector read nothing past their columns (the rows end
// where the buffer does, so a read past them would leave it).
// k = 40 with segments of 200 columns: the GEMM sweeps its (small) B block once per row tile.
TEST(PackedSgemm, RowsReadInPlaceEqualPackedRows) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  ThreadPool pool(2);
  for (const auto [m, k, seg_cols, valid] : {std::array<int64_t, 4>{5, 300, 20, 17},
                                             std::array<int64_t, 4>{40, 300, 20, 17},
                                             std::array<int64_t, 4>{40, 40, 200, 181}}) {
    const int64_t segs = 7, n = seg_cols * (segs - 1) + valid;
    std::vector<int64_t> offsets(k);
    for (int64_t p = 0; p < k; ++p) offsets[p] = (k - 1 - p) * 3 + p % 5;  // overlapping rows
    const int64_t size = offsets[0] + n;  // the last stored column of the row read furthest
    const std::vector<float> base = RandomFloats(size, 10), a = RandomFloats(m * k, 11);
    std::vector<float> dense(k * n);
    for (int64_t p = 0; p < k; ++p) {
      for (int64_t j = 0; j < n; ++j) dense[p * n + j] = base[offsets[p] + j];
    }
    const funcs::internal::GemmRowsB in_place(base.data(), offsets.data());
    const GemmMatrixB packed(dense.data(), n, false);
    for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
      std::vector<float> want(m * valid * segs, 7.0f), got(want);
      for (auto* out : {&want, &got}) {
        GemmCLayout layout;
        layout.base = out->data();
        layout.ldc = valid * segs;
        layout.seg_cols = seg_cols;
        layout.seg_valid = valid;
        layout.seg_stride = valid;
        PackedSgemm(
            m, n, k, 1.0f, a.data(), k, false,
            out == &want ? static_cast<const funcs::internal::GemmBSource&>(packed) : in_place,
            0.0f, layout, p);
      }
      ASSERT_EQ(want, got) << "m=" << m;
      for (float v : got) ASSERT_NE(v, 7.0f);  // every stored entry written
    }
  }
}

// c = 2 * c + row: applied twice, or not at all, an entry comes out wrong.
class TwiceAndRow : public funcs::internal::GemmEpilogue {
 public:
  TwiceAndRow(const float* base, int64_t ldc) : base_(base), ldc_(ldc) {}
  void Apply(float* c, int64_t ldc, int64_t rows, int64_t cols) const override {
    const int64_t row0 = (c - base_) / ldc_;
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t j = 0; j < cols; ++j) c[r * ldc + j] = 2.0f * c[r * ldc + j] + (row0 + r);
    }
  }

 private:
  const float* base_;
  int64_t ldc_;
};

// The epilogue finishes every entry of C exactly once, after its last K block: B packed per
// call or read in place, panel order or row-tile order (short K, many columns), one thread or
// the pool.
TEST(PackedSgemm, EpilogueFinishesEveryEntryOnce) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  ThreadPool pool(2);
  for (const auto [m, n, k] : {std::array<int64_t, 3>{40, 3000, 30},
                               std::array<int64_t, 3>{40, 3000, 300},
                               std::array<int64_t, 3>{13, 200, 600}}) {
    const std::vector<float> a = RandomFloats(m * k, 12), b = RandomFloats(k * n, 13);
    std::vector<int64_t> offsets(k);
    for (int64_t p = 0; p < k; ++p) offsets[p] = p * n;  // B's rows in place
    for (bool in_place : {false, true}) {
      for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
        std::vector<float> plain(m * n), finished(m * n);
        for (auto* out : {&plain, &finished}) {
          GemmCLayout layout;
          layout.base = out->data();
          layout.ldc = layout.seg_cols = n;
          const TwiceAndRow epilogue(out->data(), n);
          const GemmMatrixB matrix(b.data(), n, false);
          const funcs::internal::GemmRowsB rows(b.data(), offsets.data());
          PackedSgemm(m, n, k, 1.0f, a.data(), k, false,
                      in_place ? static_cast<const funcs::internal::GemmBSource&>(rows) : matrix,
                      0.0f, layout, p, out == &finished ? &epilogue : nullptr);
        }
        for (int64_t i = 0; i < m; ++i) {
          for (int64_t j = 0; j < n; ++j) {
            ASSERT_EQ(finished[i * n + j], 2.0f * plain[i * n + j] + i)
                << "m=" << m << " n=" << n << " k=" << k << " in_place=" << in_place << " at ("
                << i << ", " << j << ")";
          }
        }
      }
    }
  }
}

// A column epilogue written both ways: Apply as a pass over the finished block, and, when
// `offer` is set, the same as a GemmColumnStage for the GEMM to apply in its tiles.
class ColumnBiasClamp : public funcs::internal::GemmEpilogue {
 public:
  ColumnBiasClamp(const float* base, int64_t ldc, const float* bias, float low, float high,
                  bool hard_swish, bool offer)
      : base_(base), ldc_(ldc), offer_(offer) {
    stage_.bias = bias;
    stage_.low = low;
    stage_.high = high;
    stage_.hard_swish = hard_swish;
  }
  void Apply(float* c, int64_t ldc, int64_t rows, int64_t cols) const override {
    const int64_t j0 = (c - base_) % ldc_;
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t j = 0; j < cols; ++j) {
        float v = c[r * ldc + j];
        if (stage_.bias != nullptr) v += stage_.bias[j0 + j];
        v = std::min(stage_.high, std::max(stage_.low, v));
        if (stage_.hard_swish) v = v * std::min(6.0f, std::max(0.0f, v + 3.0f)) / 6.0f;
        c[r * ldc + j] = v;
      }
    }
  }
  const funcs::internal::GemmColumnStage* ColumnStage() const override {
    return offer_ ? &stage_ : nullptr;
  }

 private:
  const float* base_;
  int64_t ldc_;
  bool offer_;
  funcs::internal::GemmColumnStage stage_;
};

// A column stage applied in the tiles gives Apply's bits: partial row and column tiles, one and
// several K blocks, alpha and beta, relu6 / hard_swish, with and without a bias, packed-ahead A,
// panel and row-tile orders, one thread and the pool. B read in place, or C in segments, keep
// Apply (and give the same bits).
TEST(PackedSgemm, ColumnStageInTilesGivesApplysBits) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  ThreadPool pool(2);
  for (const auto [m, n, k] :
       {std::array<int64_t, 3>{37, 44, 9}, std::array<int64_t, 3>{196, 576, 96},
        std::array<int64_t, 3>{25, 3000, 30}, std::array<int64_t, 3>{49, 160, 600}}) {
    const std::vector<float> a = RandomFloats(m * k, 21), b = RandomFloats(k * n, 22);
    const std::vector<float> bias = RandomFloats(n, 23), c0 = RandomFloats(m * n, 24);
    std::vector<int64_t> offsets(k);
    for (int64_t p = 0; p < k; ++p) offsets[p] = p * n;
    const funcs::internal::GemmPackedA packed(m, k, a.data(), k, false);
    for (const bool hard_swish : {false, true}) {
      for (const bool with_bias : {false, true}) {
        for (const float beta : {0.0f, 0.5f}) {
          for (const bool in_place : {false, true}) {
            for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
              std::vector<float> by_pass = c0, in_tiles = c0;
              for (auto* out : {&by_pass, &in_tiles}) {
                GemmCLayout layout;
                layout.base = out->data();
                layout.ldc = layout.seg_cols = n;
                const ColumnBiasClamp epilogue(out->data(), n, with_bias ? bias.data() : nullptr,
                                               hard_swish ? -3.5f : 0.0f, 6.0f, hard_swish,
                                               out == &in_tiles);
                const GemmMatrixB matrix(b.data(), n, false);
                const funcs::internal::GemmRowsB rows(b.data(), offsets.data());
                PackedSgemm(
                    m, n, k, 0.75f, a.data(), k, false,
                    in_place ? static_cast<const funcs::internal::GemmBSource&>(rows) : matrix,
                    beta, layout, p, &epilogue, k > 100 ? &packed : nullptr);
              }
              for (int64_t i = 0; i < m * n; ++i) {
                ASSERT_EQ(in_tiles[i], by_pass[i])
                    << "m=" << m << " n=" << n << " k=" << k << " hard_swish=" << hard_swish
                    << " bias=" << with_bias << " beta=" << beta << " in_place=" << in_place
                    << " at " << i;
              }
            }
          }
        }
      }
    }
  }
}

// Packed windows equal the im2col matrix's entries, for any block of rows and columns.
TEST(ConvWindowsB, PacksWhatIm2ColWrites) {
  struct Geometry {
    int64_t channels, in_h, in_w, kernel, stride, dilation, pad_top, pad_left, images;
  };
  const Geometry geometries[] = {
      {3, 9, 40, 7, 2, 1, 3, 3, 2},   // a 7x7 / 2 stem: AVX2 every-other copies
      {4, 7, 7, 3, 1, 1, 1, 1, 3},    // rows shorter than a panel
      {2, 11, 13, 3, 3, 2, 2, 0, 2},  // stride 3, dilation 2, uneven paddings
      {5, 6, 18, 1, 1, 1, 0, 0, 2},   // pointwise
      {13, 23, 29, 1, 1, 1, 0, 0, 2},  // pointwise over 64+ panels: 8 channels at a time
      {2, 5, 5, 3, 1, 1, 4, 4, 1},    // padding wider than the kernel: rows of zeros
  };
  for (const Geometry& g : geometries) {
    funcs::ConvPlane p;
    p.in_h = g.in_h;
    p.in_w = g.in_w;
    p.kernel_h = p.kernel_w = g.kernel;
    p.stride_h = p.stride_w = g.stride;
    p.dilation_h = p.dilation_w = g.dilation;
    p.pad_top = g.pad_top;
    p.pad_left = g.pad_left;
    const int64_t span = g.dilation * (g.kernel - 1) + 1;
    p.out_h = (g.in_h + 2 * g.pad_top - span) / g.stride + 1;
    p.out_w = (g.in_w + 2 * g.pad_left - span) / g.stride + 1;
    const int64_t image = g.channels * g.in_h * g.in_w;
    const int64_t pixels = p.out_h * p.out_w;
    const int64_t rows = g.channels * g.kernel * g.kernel;
    const int64_t cols = g.images * pixels;
    const std::vector<float> x = RandomFloats(g.images * image, 6);
    std::vector<float> col(rows * cols);
    for (int64_t b = 0; b < g.images; ++b) {
      funcs::Im2Col(x.data() + b * image, g.channels, p, cols, col.data() + b * pixels);
    }
    const funcs::ConvWindowsB windows(x.data(), image, p);
    for (int64_t k0 : {int64_t{0}, rows / 3}) {
      for (int64_t n0 : {int64_t{0}, int64_t{5}, pixels - 1}) {
        const int64_t kc = rows - k0, nc = cols - n0;
        const int64_t panels = (nc + 15) / 16;
        std::vector<float> packed(panels * kc * 16, -7.0f);
        windows.Pack(k0, kc, n0, nc, packed.data());
        for (int64_t q = 0; q < kc; ++q) {
          for (int64_t j = 0; j < panels * 16; ++j) {
            const float got = packed[(j / 16) * kc * 16 + q * 16 + j % 16];
            const float want = j < nc ? col[(k0 + q) * cols + n0 + j] : 0.0f;
            ASSERT_EQ(got, want) << "channels " << g.channels << " kernel " << g.kernel
                                 << " stride " << g.stride << " row " << k0 + q << " column "
                                 << n0 + j;
          }
        }
      }
    }
  }
}

// The filter packed ahead, one matrix per group (a frozen filter's FrozenPackedFilter), gives
// the bits of the filter packed per call, on both paths: windows read in place (unit stride,
// long rows) and windows packed (stride 2).
TEST(PackedConvForward, FilterPackedAheadGivesTheSameBits) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  for (int64_t stride : {int64_t{1}, int64_t{2}}) {
    funcs::ConvPlane p;
    p.in_h = 9;
    p.in_w = 40;
    p.kernel_h = p.kernel_w = 3;
    p.stride_h = p.stride_w = stride;
    p.pad_top = p.pad_left = 1;
    p.out_h = (p.in_h + 2 - 3) / stride + 1;
    p.out_w = (p.in_w + 2 - 3) / stride + 1;
    const int64_t batch = 2, in_c = 6, out_c = 26, groups = 2;
    const int64_t m = out_c / groups, k = in_c / groups * 9;
    const std::vector<float> x = RandomFloats(batch * in_c * p.in_h * p.in_w, 12),
                             w = RandomFloats(out_c * k, 13);
    std::vector<funcs::internal::GemmPackedA> packed;
    for (int64_t g = 0; g < groups; ++g) packed.emplace_back(m, k, w.data() + g * m * k, k, false);
    const int64_t out_size = batch * out_c * p.out_h * p.out_w;
    std::vector<float> want(out_size), got(out_size, 5.0f);
    funcs::PackedConvForward(x.data(), w.data(), batch, in_c, out_c, groups, p, want.data());
    funcs::PackedConvForward(x.data(), w.data(), batch, in_c, out_c, groups, p, got.data(), nullptr,
                             &packed);
    ASSERT_EQ(got, want) << "stride " << stride;
  }
}

}  // namespace
}  // namespace test
}  // namespace phi
