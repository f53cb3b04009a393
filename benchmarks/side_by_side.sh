#!/usr/bin/env bash
# The side-by-side CPU benchmark: our Predictor beside ONNX Runtime on the fixture models
# (resnet18, mobilenet_v2, tiny_bert) and our static-graph LeNet training step beside PyTorch,
# at 1 and 2 threads, in one run; prints a markdown table of times and ratios.
#
#     tools/build.sh && benchmarks/side_by_side.sh [--runs N] [--json PATH] ...
#
# The peers live only here: ONNX Runtime is pip-installed into a venv of its own
# (build/bench_venv, made once and reused; --system-site-packages so that NumPy and Debian's
# python3-torch stay visible), PyTorch is Debian's python3-torch (apt-get installed if missing).
# Neither is a dependency of the product or its tests. Arguments go to side_by_side.py.
set -uo pipefail
cd "$(dirname "$0")/.."

# Debian's python3-torch installs for the system interpreter, so the venv is made from it.
PY=/usr/bin/python3
VENV=build/bench_venv

if [ ! -d build/python/paddle ]; then
  echo "build/python/paddle is missing: run tools/build.sh first" >&2
  exit 1
fi

if ! "$PY" -c "import torch" 2>/dev/null; then
  echo "== installing Debian's python3-torch (the training peer)"
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get install -y -q python3-torch >/dev/null \
    || echo "apt-get install python3-torch failed; the training peer column will be empty"
fi

if [ ! -x "$VENV/bin/python" ]; then
  echo "== creating $VENV"
  "$PY" -m venv --system-site-packages "$VENV" || { echo "venv creation failed" >&2; exit 1; }
fi

if ! "$VENV/bin/python" -c "import onnxruntime" 2>/dev/null; then
  echo "== pip-installing onnxruntime into $VENV (the inference peer)"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check onnxruntime \
    || echo "pip install onnxruntime failed; the inference peer column will be empty"
fi

PYTHONPATH=build/python exec "$VENV/bin/python" benchmarks/side_by_side.py "$@"
