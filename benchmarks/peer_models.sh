#!/usr/bin/env bash
# Makes build/peer_models (ResNet-50 saved by PaddlePaddle, and ONNX copies of it and of the
# MobileNetV3 fixture) with PaddlePaddle and paddle2onnx pip-installed into build/convert_venv,
# a virtual environment of its own. For benchmarks/side_by_side.sh only. See peer_models.py.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=build/convert_venv
if [ ! -x "$VENV/bin/python" ]; then
  /usr/bin/python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c "import paddle, paddle2onnx, packaging, onnx" 2>/dev/null; then
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check paddlepaddle paddle2onnx packaging onnx
fi
exec "$VENV/bin/python" benchmarks/peer_models.py
