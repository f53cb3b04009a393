"""Peak memory of one training step of the main job's LeNet (batch 64), without and with the
buffer-reuse passes (BuildStrategy.enable_inplace / memory_optimize), as the executor's
allocator reports it. Also checks that both give the same losses.

    PYTHONPATH=build/python python3 benchmarks/main_job_memory.py
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples",
                                "fashion_mnist"))
import paddle  # noqa: E402
from train import build  # noqa: E402


def run(strategy, steps=5):
    paddle.seed(1)
    main, startup, _, _, _, _, loss, _ = build(0.001)
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    rng = np.random.default_rng(0)
    images = rng.random((64, 1, 28, 28)).astype("float32")
    labels = rng.integers(0, 10, (64, 1)).astype("int64")
    program = main if strategy is None else paddle.static.CompiledProgram(main, build_strategy=strategy)
    losses, peaks = [], []
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        for _ in range(steps):
            (l,) = exe.run(program, feed={"image": images, "label": labels}, fetch_list=[loss])
            losses.append(float(l))
            peaks.append(exe._core.last_peak_bytes())
    return losses, max(peaks)


def main():
    base_losses, base_peak = run(None)
    bs = paddle.static.BuildStrategy()
    bs.enable_inplace = True
    bs.memory_optimize = True
    opt_losses, opt_peak = run(bs)
    np.testing.assert_allclose(opt_losses, base_losses, rtol=1e-5)
    print(f"main job step peak: plain {base_peak / 2**20:.2f} MiB, with buffer reuse "
          f"{opt_peak / 2**20:.2f} MiB, reduction {(base_peak - opt_peak) / 2**20:.2f} MiB "
          f"({100.0 * (base_peak - opt_peak) / base_peak:.1f}%)")


if __name__ == "__main__":
    main()
