#!/usr/bin/env bash
# The main job: builds if needed, then trains a LeNet-style CNN on Fashion-MNIST with the
# static-graph API and prints test_accuracy=<value>. Extra arguments go to the script.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -e build/python/paddle/base/libpaddle*.so ] || [ -n "${REBUILD:-}" ]; then
  bash tools/build.sh
else
  bash tools/install_deps.sh
  ninja -C build
fi
PYTHONPATH="$PWD/build/python${PYTHONPATH:+:$PYTHONPATH}" python3 examples/fashion_mnist/train.py "$@"
