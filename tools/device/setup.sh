#!/usr/bin/env bash
# Sourced on the lent GPU machine, in the repository root: unpacks .devcarry/ (made by
# tools/device/bundle.sh) under /tmp/pd, finds the machine's CUDA / cuDNN libraries, and
# exports PY (the carried Python), PYTHONPATH, LD_LIBRARY_PATH and BIN (the C++ tests).
set -e
PD=/tmp/pd
mkdir -p $PD/b $PD/py $PD/pyroot
xz -dc .devcarry/build.tar.xz | tar -C $PD/b -xf -
xz -dc .devcarry/python.tar.xz | tar -C $PD/py -xf -
VER=$(cat .devcarry/python_version)
cp -r python/paddle $PD/pyroot/
cp $PD/b/lib/libpaddle*.so $PD/pyroot/paddle/base/
CUDA_DIRS=""
for name in libcudart.so.13 libcublas.so.13 libcublasLt.so.13 libcudnn.so.9 libcudnn_cnn.so.9 libcurand.so.10 libnccl.so.2; do
  f=$(find /usr/local/cuda* /usr/lib/x86_64-linux-gnu /opt /usr/local/lib -name "$name" 2>/dev/null | head -1 || true)
  [ -n "$f" ] && CUDA_DIRS="$CUDA_DIRS:$(dirname "$f")"
  [ -z "$f" ] && echo "setup: $name not found"
done
export LD_LIBRARY_PATH="$PD/b/lib:$PD/py/lib$CUDA_DIRS${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PYTHONHOME=$PD/py
export PYTHONPATH=$PD/pyroot
export PY="$PD/py/bin/$VER"
export BIN=$PD/b/bin
export PYTHONUNBUFFERED=1
set +e
