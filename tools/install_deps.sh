#!/usr/bin/env bash
# Installs everything the build, the tests and the demo need, from Debian's packages and
# the Python package index. Idempotent: does nothing when all is already present.
set -euo pipefail

DEB_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  protobuf-compiler libprotobuf-dev
  libeigen3-dev libgoogle-glog-dev libgflags-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  pybind11-dev libopenblas-serial-dev clang libclang-rt-14-dev zlib1g-dev
  libgloo-dev dataset-fashion-mnist
)
PY_PACKAGES=(numpy pytest pyyaml pybind11 setuptools wheel)

missing=()
for p in "${DEB_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install_deps: installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

PYTHON=${PYTHON:-python3}
py_missing=()
for m in numpy pytest yaml pybind11 setuptools wheel; do
  "$PYTHON" -c "import $m" 2>/dev/null || py_missing+=("$m")
done
if [ ${#py_missing[@]} -gt 0 ]; then
  echo "install_deps: installing Python packages"
  "$PYTHON" -m pip install -q "${PY_PACKAGES[@]}"
fi
# Optional: mpmath, the tests' 40-digit reference for digamma, trigamma and erfinv (those grids
# are skipped without it; a failed install does not stop the build).
"$PYTHON" -c "import mpmath" 2>/dev/null || "$PYTHON" -m pip install -q mpmath 2>/dev/null \
  || echo "install_deps: mpmath not installed; the special-function grids will be skipped"
