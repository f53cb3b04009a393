#!/usr/bin/env bash
# The main job: builds if needed, trains a LeNet-style CNN on Fashion-MNIST with the
# static-graph API (test_accuracy=...), exports it as an inference model, then builds the C++
# example against the installed inference library and classifies the test set with it
# (cpp_accuracy=...). Extra arguments go to the training script.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! ls build/python/paddle/base/libpaddle*.so >/dev/null 2>&1 || [ -n "${REBUILD:-}" ]; then
  bash tools/build.sh
else
  bash tools/install_deps.sh
  ninja -C build
fi
OUT=${DEMO_OUT:-build/demo}
mkdir -p "$OUT"
PYTHONPATH="$PWD/build/python${PYTHONPATH:+:$PYTHONPATH}" \
  python3 examples/fashion_mnist/train.py --save "$OUT/lenet" --json "$OUT/train.json" "$@"

echo "== C++ inference with the exported model (examples/cpp_inference)"
cmake -S examples/cpp_inference -B "$OUT/cpp_inference" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$PWD/build/paddle_inference_install_dir/paddle/lib/cmake" > "$OUT/cpp.cmake.log" 2>&1 \
  || { cat "$OUT/cpp.cmake.log"; exit 1; }
ninja -C "$OUT/cpp_inference" > /dev/null
"$OUT/cpp_inference/cpp_inference" --model "$OUT/lenet" --data /usr/share/datasets/fashion-mnist
python3 -c "import json,sys; print('test_accuracy=%.4f' % json.load(open(sys.argv[1]))['test_accuracy'])" "$OUT/train.json"
