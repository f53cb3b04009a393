#include "paddle/phi/kernels/funcs/random.h"

#include <mutex>

namespace phi {
namespace funcs {
namespace {

struct GlobalGenerator {
  std::mutex mutex;
  uint64_t seed = 0;
  std::mt19937_64 engine{0};
};

GlobalGenerator& Global() {
  static GlobalGenerator* generator = new GlobalGenerator();  // never destroyed: safe at exit
  return *generator;
}

}  // namespace

void SetGlobalSeed(uint64_t seed) {
  GlobalGenerator& g = Global();
  std::lock_guard<std::mutex> lock(g.mutex);
  g.seed = seed;
  g.engine.seed(seed);
}

uint64_t GetGlobalSeed() {
  GlobalGenerator& g = Global();
  std::lock_guard<std::mutex> lock(g.mutex);
  return g.seed;
}

std::mt19937_64 MakeEngine(int op_seed) {
  if (op_seed != 0) return std::mt19937_64(static_cast<uint64_t>(static_cast<int64_t>(op_seed)));
  GlobalGenerator& g = Global();
  std::lock_guard<std::mutex> lock(g.mutex);
  return std::mt19937_64(g.engine());
}

}  // namespace funcs
}  // namespace phi
