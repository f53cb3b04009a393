// Executor cost per op: a chain of N `scale` ops on a 1-element tensor, minus a 1-op
// program, divided by N-1. Prints one line per measurement.
//   build/benchmarks/executor_overhead_bench [N=2000] [runs=2000]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "paddle/executor/interpreter.h"
#include "paddle/framework/attribute.h"
#include "paddle/phi/core/device_context.h"

using namespace paddle;  // NOLINT

namespace {

framework::ProgramDesc Chain(int n) {
  framework::ProgramDesc program;
  auto* block = program.MutableBlock(0);
  auto* x = block->Var("x");
  x->SetShape({1});
  x->SetDataType(framework::proto::VarType::FP32);
  std::string prev = "x";
  for (int i = 0; i < n; ++i) {
    std::string out = "t" + std::to_string(i);
    auto* var = block->Var(out);
    var->SetShape({1});
    var->SetDataType(framework::proto::VarType::FP32);
    auto* op = block->AppendOp();
    op->SetType("scale");
    op->SetInput("X", {prev});
    op->SetOutput("Out", {out});
    op->SetAttr("scale", 1.0001f);
    prev = out;
  }
  return program;
}

// Best-of-5 average seconds per run.
double TimeRuns(executor::Interpreter* interp, const phi::DenseTensor& x, const std::string& fetch,
                int runs) {
  std::vector<std::pair<std::string, phi::DenseTensor>> feeds = {{"x", x}};
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < runs; ++r) interp->Run(feeds, {fetch});
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, s / runs);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 2000;
  int runs = argc > 2 ? std::atoi(argv[2]) : 2000;
  phi::DenseTensor x(phi::DataType::FLOAT32, {1});
  phi::CPUContext::Default().Alloc<float>(&x)[0] = 1.0f;
  framework::Scope scope;
  auto long_program = Chain(n);
  auto short_program = Chain(1);
  executor::Interpreter long_interp(long_program, 0, &scope, phi::CPUPlace(),
                                    {"t" + std::to_string(n - 1)});
  executor::Interpreter short_interp(short_program, 0, &scope, phi::CPUPlace(), {"t0"});
  double t_long = TimeRuns(&long_interp, x, "t" + std::to_string(n - 1), std::max(1, runs / n * 10));
  double t_short = TimeRuns(&short_interp, x, "t0", runs * 10);
  double per_op_us = (t_long - t_short) / (n - 1) * 1e6;
  std::printf("executor_overhead: chain=%d scale ops, run=%.1f us, 1-op run=%.3f us, per-op=%.3f us\n",
              n, t_long * 1e6, t_short * 1e6, per_op_us);
  return 0;
}
