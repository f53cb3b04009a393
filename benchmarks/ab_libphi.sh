#!/usr/bin/env bash
# Two builds of libphi side by side on one fixture model through the Predictor, alternated so
# that host noise falls on both: each round runs OLD then NEW in fresh processes (libphi picked
# by LD_LIBRARY_PATH, which wins over the RUNPATH) and prints min / median ms of RUNS runs.
#
#     cp build/paddle/phi/libphi.so /tmp/new/   # and the baseline's libphi.so into /tmp/old/
#     benchmarks/ab_libphi.sh /tmp/old /tmp/new mobilenet_v2 1 100 3
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 6 ]; then
  echo "usage: $0 OLD_DIR NEW_DIR MODEL THREADS RUNS ROUNDS" >&2
  exit 2
fi
old=$1 new=$2 model=$3 threads=$4 runs=$5 rounds=$6
for _ in $(seq "$rounds"); do
  for side in old new; do
    dir=$old
    [ "$side" = new ] && dir=$new
    echo -n "$side "
    LD_LIBRARY_PATH="$dir" PYTHONPATH=build/python python3 - "$model" "$threads" "$runs" <<'PY'
import sys, time
sys.path.insert(0, "benchmarks")
import conv_bench
model, threads, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
pred = conv_bench.make_predictor(model, threads)
x = conv_bench.feed(model)
pred.run([x])
times = []
for _ in range(runs):
    start = time.perf_counter()
    pred.run([x])
    times.append(time.perf_counter() - start)
times.sort()
print(f"{model} {threads} thread(s): min {times[0] * 1e3:.2f} ms, median {times[len(times) // 2] * 1e3:.2f} ms")
PY
  done
done
