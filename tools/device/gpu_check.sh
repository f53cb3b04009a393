#!/usr/bin/env bash
# The GPU checks, run on a lent GPU machine in the repository root after
# tools/device/bundle.sh packed .devcarry/ here: C++ tests, the Python GPU tests and every op
# test on the GPU, then (with --bench) the GPU figures and (with --main-job) the main job on
# the GPU. Logs go to $OUT (the device tool's folder) or /tmp; a summary is printed last.
#   tools/device/gpu_check.sh [--tests] [--eager-on-gpu] [--bench] [--main-job]
source tools/device/setup.sh
LOGS=${OUT:-/tmp/gpu_logs}; mkdir -p "$LOGS"
SUMMARY=()
note() { SUMMARY+=("$1"); echo "== $1"; }
step() {  # step NAME SECONDS COMMAND...
  local name=$1 limit=$2; shift 2
  local start=$SECONDS
  timeout "$limit" "$@" > "$LOGS/$name.log" 2>&1
  local rc=$?
  note "$name: exit $rc in $((SECONDS - start)) s; $(tail -n 1 "$LOGS/$name.log" | cut -c1-200)"
}
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
export PADDLE_MODEL_FIXTURES=$PWD/.devcarry/fixtures/paddle_models
export PADDLE_TRAIN_FIXTURES=$PWD/.devcarry/fixtures/paddle_train_programs
export PADDLE_EAGER_FIXTURES=$PWD/.devcarry/fixtures/paddle_eager_training
$PY -c "import paddle; from paddle.base import core; print('cuda', core.is_compiled_with_cuda(), 'gpus', core.get_cuda_device_count())" 2>&1 | tail -3

for arg in "$@"; do
  case $arg in
    --tests)
      step test_gpu ${T_TESTS:-240} $PY -m pytest -q -p no:cacheprovider test/python/test_gpu.py \
        test/python/test_paddle_train_programs.py test/python/test_amp.py \
        test/python/test_eager_gpu.py test/python/test_eager_fixtures.py
      grep -E "^(FAILED|ERROR)" "$LOGS/test_gpu.log" | head -30
      step op_tests ${T_OPS:-300} $PY -m pytest -q -p no:cacheprovider -n 14 \
        $(ls test/python/test_ops_*.py)
      grep -E "^(FAILED|ERROR)" "$LOGS/op_tests.log" | head -100
      ;;
    --eager-on-gpu)  # every eager and to_static test module with the GPU as current device
      step eager_on_gpu ${T_EAGER:-300} env PADDLE_TEST_DEVICE=gpu $PY -m pytest -q \
        -p no:cacheprovider -n 14 $(ls test/python/test_eager_*.py test/python/test_to_static.py \
        test/python/test_example_dygraph.py test/python/test_jit_save_load.py)
      grep -E "^(FAILED|ERROR)" "$LOGS/eager_on_gpu.log" | head -100
      ;;
    --bench)
      step bench ${T_BENCH:-420} $PY benchmarks/gpu_bench.py --all --json "$LOGS/gpu_bench.json"
      cat "$LOGS/bench.log" | tail -8
      ;;
    --bench-tf32)  # float32 training with TF32 tensor cores allowed (off by default)
      for m in resnet50:64 bert_base:32; do
        step "tf32_${m%%:*}" ${T_BENCH:-420} env FLAGS_allow_tf32_cublas=1 FLAGS_allow_tf32_cudnn=1 \
          $PY benchmarks/gpu_bench.py --model ${m%%:*} --mode train --batch ${m##*:}
      done
      ;;
    --main-job)
      mkdir -p /tmp/fm
      for f in .devcarry/fashion-mnist/*.xz; do xz -dc "$f" | gzip -1 > /tmp/fm/$(basename "$f" .xz).gz; done
      step main_job ${T_MAIN:-420} env PADDLE_FASHION_MNIST_DIR=/tmp/fm $PY examples/fashion_mnist/train.py \
        --device gpu --json "$LOGS/train.json"
      ;;
  esac
done
printf '%s\n' "${SUMMARY[@]}"
