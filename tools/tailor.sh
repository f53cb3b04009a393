#!/usr/bin/env bash
# Builds an inference library tailored to some models: only the kernels and op records they
# use (after the Predictor's IR pipeline, so fused ops count), stripped.
#   tools/tailor.sh MODEL.pdmodel [MODEL2.pdmodel ...] OUT_DIR
# Produces OUT_DIR/paddle_inference_install_dir (the layout, headers and CMake package of
# build/paddle_inference_install_dir) with one library, libpaddle_inference.so, holding the
# layers (cmake/tailor.cmake says why). It refuses any other op or kernel with an error
# naming it and saying it was tailored. Needs the full build (build/, made
# here by tools/build.sh when missing) to list what the models use.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: tools/tailor.sh MODEL.pdmodel [MODEL2.pdmodel ...] OUT_DIR" >&2
  exit 2
fi
ROOT=$(cd "$(dirname "$0")/.." && pwd)
args=("$@")
OUT=${args[-1]}
unset 'args[-1]'
models=()
for m in "${args[@]}"; do models+=("$(realpath "$m")"); done
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
FULL_BUILD=${FULL_BUILD:-$ROOT/build}
if [ ! -f "$FULL_BUILD/python/paddle/base/core.py" ]; then
  BUILD_DIR=$FULL_BUILD bash "$ROOT/tools/build.sh"
fi
echo "== listing the kernels of: ${models[*]}"
PYTHONPATH=$FULL_BUILD/python python3 "$ROOT/tools/tailor_list.py" "$OUT/tailor" "${models[@]}" \
  > "$OUT/kernels.txt"
echo "   $(wc -l < "$OUT/kernels.txt") kernels, $(wc -l < "$OUT/tailor/ops.txt") op records"
echo "== building the tailored library in $OUT/build"
cmake -S "$ROOT" -B "$OUT/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DPADDLE_TAILOR_DIR="$OUT/tailor" > "$OUT/cmake.log" 2>&1 || { cat "$OUT/cmake.log"; exit 1; }
rm -rf "$OUT/build/paddle_inference_install_dir"  # no libraries of an earlier layout
ninja -C "$OUT/build" -j "$(nproc)" inference_install > "$OUT/build.log" 2>&1 \
  || { tail -40 "$OUT/build.log"; exit 1; }
rm -rf "$OUT/paddle_inference_install_dir"
cp -a "$OUT/build/paddle_inference_install_dir" "$OUT/paddle_inference_install_dir"
strip --strip-unneeded "$OUT"/paddle_inference_install_dir/paddle/lib/*.so
echo "== $OUT/paddle_inference_install_dir"
du -cb "$OUT"/paddle_inference_install_dir/paddle/lib/*.so
