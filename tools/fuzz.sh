#!/usr/bin/env bash
# Builds the model-loader fuzz target with clang (libFuzzer, ASan, UBSan) into build_fuzz/
# and runs it for $1 seconds (default 60) from the seed corpus. Fails on any crash; a crash
# input is left in build_fuzz/crashes/ (add it to test/fuzz/regressions/).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-60}
bash tools/install_deps.sh
CC=clang CXX=clang++ cmake -S . -B build_fuzz -G Ninja -DWITH_FUZZING=ON -DWITH_TESTING=OFF \
  -DWITH_PYTHON=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo > build_fuzz.cmake.log 2>&1 \
  || { cat build_fuzz.cmake.log; exit 1; }
ninja -C build_fuzz model_loader_fuzzer
mkdir -p build_fuzz/corpus build_fuzz/crashes
cp -n test/fuzz/corpus/* build_fuzz/corpus/ 2>/dev/null || true
# Regressions first: every input that once crashed must now pass.
if ls test/fuzz/regressions/* >/dev/null 2>&1; then
  build_fuzz/test/fuzz/model_loader_fuzzer test/fuzz/regressions/*
fi
ASAN_OPTIONS=detect_leaks=0 build_fuzz/test/fuzz/model_loader_fuzzer build_fuzz/corpus \
  -max_total_time="$SECONDS_TO_RUN" -max_len=65536 -rss_limit_mb=2048 \
  -artifact_prefix=build_fuzz/crashes/ -print_final_stats=1 2>&1 | tail -n 15
