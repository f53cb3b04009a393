"""Eager elementwise kernels on 2x96x112x112 random-sign float32 (a MobileNet activation), one
intra-op thread, median of 30 calls: the loops whose vectorization benchmarks/README.md records.

    PYTHONPATH=build/python python3 benchmarks/elementwise_bench.py
"""
import time

import numpy as np

import paddle
import paddle.nn.functional as F
from paddle.base import core


def main():
    core.set_num_threads(1)
    x = paddle.to_tensor(np.random.default_rng(0).standard_normal((2, 96, 112, 112))
                         .astype("float32"))
    for name, fn in [("relu", F.relu), ("relu6", F.relu6), ("add", lambda t: t + t)]:
        fn(x)
        times = []
        for _ in range(30):
            start = time.perf_counter()
            fn(x)
            times.append(time.perf_counter() - start)
        print(f"{name}: {np.median(times) * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
