#!/usr/bin/env bash
# Packs a built tree for a lent GPU machine (the `device` tool of this project's sessions),
# which has CUDA, cuDNN and a Python of its own but none of the Debian libraries or the
# Python version this build links: the build's libraries, extension and test binaries, the
# non-CUDA system libraries they load, and a Python runtime of this machine's version with
# NumPy and pytest. Output: .devcarry/ (git-ignored), at most 64 MiB, read by
# tools/device/setup.sh on the other side. Usage: tools/device/bundle.sh [--with-data]
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=.devcarry
rm -rf "$OUT/stage" "$OUT/fixtures" "$OUT"/*.tar.xz && mkdir -p "$OUT/stage/lib" "$OUT/stage/bin"
grep -qx '/.devcarry/' .git/info/exclude 2>/dev/null || echo '/.devcarry/' >> .git/info/exclude

# The build: every shared library of the tree, the extension module and the C++ test binaries.
find build/paddle -name '*.so' -exec cp -L {} "$OUT/stage/lib/" \;
cp -L build/python/paddle/base/libpaddle*.so "$OUT/stage/lib/"
for t in build/test/cpp/*_tests; do [ -x "$t" ] && cp "$t" "$OUT/stage/bin/"; done
# Libraries they load that are neither glibc's nor CUDA's (the device machine has those).
for f in "$OUT"/stage/lib/*.so "$OUT"/stage/bin/*; do
  ldd "$f" 2>/dev/null | awk '/=> \// {print $3}'
done | sort -u | grep -v -E '/work/|libc\.so|libm\.so|libdl\.so|librt\.so|libpthread|ld-linux|libgcc_s|libstdc\+\+|libcuda|libcublas|libcudnn|libcudart|libnccl|libcurand|libnvrtc|libpython' \
  | while read -r lib; do cp -L "$lib" "$OUT/stage/lib/"; done
find "$OUT/stage" -type f -exec strip --strip-unneeded {} + 2>/dev/null || true
tar -C "$OUT/stage" -cf - . | xz -T2 -6 > "$OUT/build.tar.xz"
rm -rf "$OUT/stage"

# Python of this machine's version: the standard library, NumPy and pytest (+ xdist), with
# debug symbols stripped (they are most of the bytes).
PY=$(python3 -c 'import sys; print(sys.base_prefix)')
VER=$(python3 -c 'import sys; print("python%d.%d" % sys.version_info[:2])')
SITE=lib/$VER/site-packages
PYSTAGE=$OUT/pystage
mkdir -p "$PYSTAGE"
(cd "$PY" && tar -cf - --exclude=__pycache__ --exclude='*/tests' --exclude="$SITE/numpy/f2py" \
   --exclude="$SITE/numpy/distutils" --exclude="$SITE/numpy/typing" --exclude='*.pyi' \
   bin/$VER lib/lib$VER.so* \
   $(ls -d lib/$VER/* | grep -v -E "site-packages|/test$|idlelib|tkinter|ensurepip|config-|lib2to3|turtledemo|pydoc_data|distutils") \
   $(ls -d $SITE/numpy $SITE/numpy.libs $SITE/pytest $SITE/_pytest $SITE/pluggy $SITE/iniconfig \
       $SITE/packaging $SITE/py.py $SITE/xdist $SITE/execnet $SITE/pytest_xdist-*.dist-info \
       $SITE/pytest-*.dist-info $SITE/pluggy-*.dist-info $SITE/pygments 2>/dev/null)) | tar -C "$PYSTAGE" -xf -
# Only the interpreter's own libraries: the wheels' bundled ones (numpy.libs) are laid out by
# auditwheel and break when stripped.
find "$PYSTAGE/lib" -maxdepth 1 -name 'lib*.so*' -type f -exec strip --strip-unneeded {} +
find "$PYSTAGE/lib/$VER/lib-dynload" -name '*.so' -type f -exec strip --strip-unneeded {} +
tar -C "$PYSTAGE" -cf - . | xz -T2 -6 > "$OUT/python.tar.xz"
rm -rf "$PYSTAGE"
echo "$VER" > "$OUT/python_version"
# PaddlePaddle-written fixtures: the small ones by default (FIXTURE_MODELS names others; the
# ResNet-18 weights alone are 45 MiB).
FIX=../shared/fixtures
if [ -d "$FIX" ]; then
  mkdir -p "$OUT/fixtures/paddle_models" "$OUT/fixtures/paddle_train_programs"
  for m in ${FIXTURE_MODELS:-lenet tiny_bert bert_static}; do
    cp "$FIX/paddle_models/$m".* "$OUT/fixtures/paddle_models/"
  done
  cp "$FIX"/paddle_train_programs/* "$OUT/fixtures/paddle_train_programs/"
  mkdir -p "$OUT/fixtures/paddle_eager_training"
  cp "$FIX"/paddle_eager_training/* "$OUT/fixtures/paddle_eager_training/"
fi
# Fashion-MNIST for the main job, recompressed (xz is a sixth smaller than the gzip files).
if [ "${1:-}" != "--with-data" ]; then
  rm -rf "$OUT/fashion-mnist"
elif [ ! -d "$OUT/fashion-mnist" ]; then
  mkdir -p "$OUT/fashion-mnist"
  for f in /usr/share/datasets/fashion-mnist/*.gz; do
    gunzip -c "$f" | xz -T2 -9e > "$OUT/fashion-mnist/$(basename "$f" .gz).xz"
  done
fi
du -sh "$OUT"/* && du -sh "$OUT"
