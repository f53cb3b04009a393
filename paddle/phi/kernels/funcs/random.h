// The process-wide random generator behind the random creation kernels (uniform, gaussian).
// An op with a nonzero seed attribute gets its own engine, so its values are reproducible;
// seed 0 draws the engine's seed from the global generator (reset by SetGlobalSeed).
#pragma once

#include <cstdint>
#include <random>

namespace phi {
namespace funcs {

// Reseeds the global generator; the default seed is 0.
void SetGlobalSeed(uint64_t seed);
uint64_t GetGlobalSeed();

// An engine seeded with op_seed when it is nonzero, else with a value drawn from the global
// generator. Thread-safe.
std::mt19937_64 MakeEngine(int op_seed);

// A double uniformly distributed in [0, 1), from the top 53 bits of one draw: the same
// sequence on every platform, unlike std::uniform_real_distribution.
inline double UniformUnit(std::mt19937_64* engine) {
  return static_cast<double>((*engine)() >> 11) * (1.0 / 9007199254740992.0);
}

// An integer uniformly distributed in [0, bound) (bound > 0), without modulo bias: draws in
// the short top slice of the 64-bit range are redrawn. The same sequence on every platform.
inline uint64_t UniformBelow(std::mt19937_64* engine, uint64_t bound) {
  const uint64_t reject_below = (0 - bound) % bound;  // 2^64 mod bound
  uint64_t draw;
  do {
    draw = (*engine)();
  } while (draw < reject_below);
  return draw % bound;
}

}  // namespace funcs
}  // namespace phi
