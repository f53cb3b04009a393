#!/usr/bin/env bash
# Installs what is missing, then configures and builds into build/ (Ninja, all cores).
# Extra arguments go to cmake, e.g. tools/build.sh -DWITH_GPU=ON.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install_deps.sh
BUILD_DIR=${BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" > "$BUILD_DIR.cmake.log" 2>&1 \
  || { cat "$BUILD_DIR.cmake.log"; exit 1; }
ninja -C "$BUILD_DIR" -j "$(nproc)"
