"""Executor cost per op through Python `Executor.run`: a chain of N `scale` ops on a
1-element tensor minus a 1-op program, divided by N - 1 (the issue's measure: N = 2001).
Prints the median run time of each program and the per-op figure.

    PYTHONPATH=build/python python3 benchmarks/executor_python_overhead.py [N] [runs]
"""
import sys
import time

import numpy as np

import paddle


def chain(n):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [1], "float32")
        y = x
        for _ in range(n):
            y = paddle.scale(y, 1.0)
    return main, y


def median_run_seconds(exe, program, fetch, feed, runs):
    exe.run(program, feed=feed, fetch_list=[fetch])  # build once
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        exe.run(program, feed=feed, fetch_list=[fetch])
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def main():
    paddle.enable_static()
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2001
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    exe = paddle.static.Executor()
    feed = {"x": np.ones([1], "float32")}
    big, big_out = chain(n)
    small, small_out = chain(1)
    t_big = median_run_seconds(exe, big, big_out, feed, runs)
    t_small = median_run_seconds(exe, small, small_out, feed, runs)
    per_op = (t_big - t_small) / (n - 1)
    print(f"{n}-op run: {t_big * 1e6:.1f} us, 1-op run: {t_small * 1e6:.1f} us, "
          f"per op: {per_op * 1e6:.3f} us (goal 0.3)")


if __name__ == "__main__":
    main()
