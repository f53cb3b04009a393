#!/usr/bin/env bash
# Builds the fuzz targets with clang (libFuzzer, ASan, UBSan) into build_fuzz/ and runs them
# for $1 seconds in all (default 60): half on the model loader, half on single ops
# (test/fuzz/op_fuzzer.cc), each from its seed corpus after its regressions. Fails on any
# crash; a crash input is left in build_fuzz/crashes/ or build_fuzz/op_crashes/ (add it to
# test/fuzz/regressions/ or test/fuzz/op_regressions/).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-60}
LOADER_SECONDS=$(( (SECONDS_TO_RUN + 1) / 2 ))
OP_SECONDS=$(( SECONDS_TO_RUN - LOADER_SECONDS ))
bash tools/install_deps.sh
CC=clang CXX=clang++ cmake -S . -B build_fuzz -G Ninja -DWITH_FUZZING=ON -DWITH_TESTING=OFF \
  -DWITH_PYTHON=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo > build_fuzz.cmake.log 2>&1 \
  || { cat build_fuzz.cmake.log; exit 1; }
ninja -C build_fuzz model_loader_fuzzer op_fuzzer
export ASAN_OPTIONS=detect_leaks=0

echo "== model-loader fuzzer, ${LOADER_SECONDS} s"
mkdir -p build_fuzz/corpus build_fuzz/crashes
cp -n test/fuzz/corpus/* build_fuzz/corpus/ 2>/dev/null || true
# Regressions first: every input that once crashed (or ran past -timeout) must now pass.
if ls test/fuzz/regressions/* >/dev/null 2>&1; then
  build_fuzz/test/fuzz/model_loader_fuzzer test/fuzz/regressions/*
fi
build_fuzz/test/fuzz/model_loader_fuzzer build_fuzz/corpus \
  -max_total_time="$LOADER_SECONDS" -max_len=65536 -rss_limit_mb=2048 \
  -artifact_prefix=build_fuzz/crashes/ -print_final_stats=1 2>&1 | tail -n 15

echo "== op fuzzer, ${OP_SECONDS} s"
mkdir -p build_fuzz/op_corpus build_fuzz/op_crashes
cp -n test/fuzz/op_corpus/* build_fuzz/op_corpus/ 2>/dev/null || true
if ls test/fuzz/op_regressions/* >/dev/null 2>&1; then
  # Empty inputs with huge extents reach the kernels here (the random campaign below leaves
  # them out; see HugeEmpty in op_fuzzer.cc): every regression of that class stays fixed.
  OPFUZZ_KEEP_HUGE_EMPTY=1 build_fuzz/test/fuzz/op_fuzzer -timeout=25 test/fuzz/op_regressions/*
fi
# OPFUZZ_SEED_DIR: the target first writes one plain seed per op there, so every op runs.
OPFUZZ_SEED_DIR=build_fuzz/op_corpus build_fuzz/test/fuzz/op_fuzzer build_fuzz/op_corpus \
  -max_total_time="$OP_SECONDS" -max_len=4096 -timeout=25 -rss_limit_mb=2048 \
  -artifact_prefix=build_fuzz/op_crashes/ -print_final_stats=1 2>&1 | tail -n 15
