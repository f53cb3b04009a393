#!/usr/bin/env bash
# Installs what is missing, then configures and builds into build/ (Ninja, all cores).
# Extra arguments go to cmake, e.g. tools/build.sh -DWITH_GPU=OFF. The CUDA backend is built
# when the CUDA toolkit (nvcc) is installed, as on this project's machines; a GPU is needed
# only to run it. WITH_GPU=OFF in the environment builds for the CPU alone.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install_deps.sh
BUILD_DIR=${BUILD_DIR:-build}
GPU_ARGS=()
if [[ " $* " != *" -DWITH_GPU="* ]]; then
  if [ "${WITH_GPU:-AUTO}" = "OFF" ]; then
    GPU_ARGS=(-DWITH_GPU=OFF)
  elif command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
    GPU_ARGS=(-DWITH_GPU=ON)
  fi
fi
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release "${GPU_ARGS[@]}" "$@" > "$BUILD_DIR.cmake.log" 2>&1 \
  || { cat "$BUILD_DIR.cmake.log"; exit 1; }
ninja -C "$BUILD_DIR" -j "$(nproc)"
