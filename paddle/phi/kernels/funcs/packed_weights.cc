#include "paddle/phi/kernels/funcs/packed_weights.h"

#include <atomic>
#include <string>

#include "paddle/phi/kernels/funcs/conv_gemm.h"
#include "paddle/phi/kernels/funcs/winograd_conv.h"

namespace phi {
namespace funcs {
namespace {

std::atomic<int64_t> packed_bytes{0};

int64_t BytesOf(const internal::GemmPackedB& b) { return b.bytes(); }
int64_t BytesOf(const std::vector<float>& floats) {
  return static_cast<int64_t>(floats.size() * sizeof(float));
}
int64_t BytesOf(const std::vector<internal::GemmPackedA>& groups) {
  int64_t bytes = 0;
  for (const auto& a : groups) bytes += a.bytes();
  return bytes;
}

// The object `make` builds from w's float contents, kept with w's storage under a key naming
// the packing, w's place in the storage and the shape it is read as; nullptr when w is not
// frozen or the packed GEMM does not run here.
template <typename Packed, typename Make>
std::shared_ptr<const Packed> KeepPacked(const DenseTensor& w, const std::string& what,
                                         const Make& make) {
  const std::shared_ptr<Allocation>& storage = w.Holder();
  if (storage == nullptr || !storage->frozen() || w.dtype() != DataType::FLOAT32 ||
      w.numel() == 0 || !internal::PackedSgemmUsable()) {
    return nullptr;
  }
  const std::string key = what + " at byte " + std::to_string(w.meta().offset);
  return std::static_pointer_cast<const Packed>(
      storage->KeepDerived(key, [&]() -> std::shared_ptr<const void> {
        std::shared_ptr<const Packed> made = make();
        const int64_t bytes = BytesOf(*made);
        packed_bytes += bytes;
        // Counted while kept: the last holder's release uncounts it.
        return std::shared_ptr<const Packed>(made.get(), [made, bytes](const Packed*) mutable {
          packed_bytes -= bytes;
          made.reset();
        });
      }));
}

}  // namespace

std::shared_ptr<const std::vector<internal::GemmPackedA>> FrozenPackedFilter(
    const DenseTensor& filter, int64_t groups) {
  const int64_t out_channels = filter.dims().size() > 0 ? filter.dims()[0] : 0;
  if (groups <= 0 || out_channels <= 0 || out_channels % groups != 0) return nullptr;
  const int64_t m = out_channels / groups, k = filter.numel() / out_channels;
  using Filter = std::vector<internal::GemmPackedA>;
  return KeepPacked<Filter>(filter,
                            "filter as A: " + std::to_string(groups) + " groups of " +
                                std::to_string(m) + " x " + std::to_string(k),
                            [&] {
                              auto packed = std::make_shared<Filter>();
                              packed->reserve(groups);
                              const float* data = filter.data<float>();
                              for (int64_t g = 0; g < groups; ++g)
                                packed->emplace_back(m, k, data + g * m * k, k, false);
                              return packed;
                            });
}

std::shared_ptr<const std::vector<internal::GemmPackedA>> FrozenWinogradFilter(
    const DenseTensor& filter, int tile) {
  const DDim& d = filter.dims();
  if (d.size() != 4 || d[2] != 3 || d[3] != 3 || d[0] <= 0 || d[1] <= 0) return nullptr;
  using Filter = std::vector<internal::GemmPackedA>;
  const std::string m = std::to_string(tile);
  return KeepPacked<Filter>(
      filter,
      "winograd F(" + m + "x" + m + ", 3x3) filter: " + std::to_string(d[0]) + " x " +
          std::to_string(d[1]),
      [&] {
        return std::make_shared<Filter>(WinogradFilter(filter.data<float>(), d[0], d[1], tile));
      });
}

void ConvForwardKeepingFilter(const float* input, const DenseTensor& filter, int64_t batch,
                              int64_t in_channels, int64_t out_channels, int64_t groups,
                              const ConvPlane& p, float* out,
                              const internal::GemmEpilogue* epilogue, const float* channel_scale) {
  // (winograd_conv.cc is built for AVX2: WinogradTile is 0 where the packed GEMM does not run.
  // Winograd takes 3x3 windows, never a channel scale.)
  const int tile =
      channel_scale == nullptr ? WinogradTile(p, in_channels, out_channels, groups, batch) : 0;
  if (tile != 0) {
    if (const auto u = FrozenWinogradFilter(filter, tile)) {
      WinogradConvForward(input, batch, in_channels, out_channels, p, *u, out, epilogue);
      return;
    }
  }
  // (The few-rows path reads the filter as stored: nothing to pack and keep for it.)
  const auto packed =
      ConvIsFewImagesOfOnePixel(p, batch, groups) ? nullptr : FrozenPackedFilter(filter, groups);
  PackedConvForward(input, filter.data<float>(), batch, in_channels, out_channels, groups, p, out,
                    epilogue, packed.get(), channel_scale);
}

std::shared_ptr<const internal::GemmPackedB> FrozenPackedB(const DenseTensor& w, int64_t k,
                                                           int64_t n, bool trans) {
  if (k <= 0 || n <= 0 || k * n != w.numel()) return nullptr;
  return KeepPacked<internal::GemmPackedB>(
      w,
      std::string("weights as B") + (trans ? " (transposed): " : ": ") + std::to_string(k) + " x " +
          std::to_string(n),
      [&] {
        const internal::GemmMatrixB matrix(w.data<float>(), trans ? k : n, trans);
        return std::make_shared<internal::GemmPackedB>(k, n, matrix);
      });
}

std::shared_ptr<const std::vector<float>> FrozenFloats(
    const DenseTensor& w, const std::string& what,
    const std::function<std::vector<float>()>& make) {
  return KeepPacked<std::vector<float>>(w, what + " of " + w.dims().to_str(), [&] {
    return std::make_shared<const std::vector<float>>(make());
  });
}

int64_t PackedWeightsBytes() { return packed_bytes.load(); }

}  // namespace funcs
}  // namespace phi
