"""All-reduce bandwidth with Gloo on loopback, 1 KB to 64 MB of float32, beside this
machine's memory bandwidth (a NumPy copy of 64 MB) measured in the same run.

    PYTHONPATH=build/python python3 benchmarks/allreduce_bench.py [--nproc 2]

Re-runs itself under python -m paddle.distributed.launch; rank 0 prints, per size, the
time (median of 5 rounds of back-to-back calls) of an in-place paddle.distributed.all_reduce (eager), the algorithm bandwidth
(bytes / time) and the bus bandwidth (x 2(n-1)/n, the bytes each rank sends and receives in
a ring all-reduce).
"""
import argparse
import os
import subprocess
import sys
import time

import numpy as np


def memory_bandwidth():
    a = np.ones(16 << 20, dtype=np.float32)  # 64 MB
    b = np.empty_like(a)
    best = float("inf")
    for _ in range(10):
        start = time.perf_counter()
        np.copyto(b, a)
        best = min(best, time.perf_counter() - start)
    return 2 * a.nbytes / best  # read + write


def tcp_round_trip():
    """One-byte TCP ping-pong between two processes on loopback: the floor under any
    collective's latency on this machine."""
    import socket
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    pid = os.fork()
    if pid == 0:
        c = socket.create_connection(listener.getsockname())
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for _ in range(1000):
            c.recv(1)
            c.send(b"x")
        os._exit(0)
    c, _ = listener.accept()
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    start = time.perf_counter()
    for _ in range(1000):
        c.send(b"x")
        c.recv(1)
    took = (time.perf_counter() - start) / 1000
    os.waitpid(pid, 0)
    return took


def worker():
    import paddle
    import paddle.distributed as dist
    dist.init_parallel_env()
    rank, n = dist.get_rank(), dist.get_world_size()
    rows = []
    for kb in (1, 16, 256, 1024, 4096, 16384, 65536):
        x = paddle.ones([kb * 256], dtype="float32")
        reps = 50 if kb <= 1024 else 10
        for _ in range(3):
            dist.all_reduce(x)
        times = []
        for _ in range(5):  # the median of 5 rounds of back-to-back calls
            dist.barrier()
            start = time.perf_counter()
            for _ in range(reps):
                dist.all_reduce(x)
            times.append((time.perf_counter() - start) / reps)
        t = float(np.median(times))
        rows.append((kb, t, kb * 1024 / t, kb * 1024 / t * 2 * (n - 1) / n))
    if rank == 0:
        mem = memory_bandwidth()
        print(f"ranks: {n}; memory bandwidth (NumPy 64 MB copy, read+write): {mem / 1e9:.2f} GB/s; "
              f"TCP loopback round trip: {tcp_round_trip() * 1e6:.0f} us")
        print(f"{'size':>9} {'median ms':>10} {'algbw GB/s':>11} {'busbw GB/s':>11}")
        for kb, t, alg, bus in rows:
            size = f"{kb} KB" if kb < 1024 else f"{kb // 1024} MB"
            print(f"{size:>9} {t * 1e3:>10.3f} {alg / 1e9:>11.3f} {bus / 1e9:>11.3f}")


def main():
    if "PADDLE_TRAINER_ID" in os.environ:
        worker()
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--nproc", type=int, default=2)
    args = parser.parse_args()
    log_dir = os.path.join("build", "bench_allreduce_log")
    sys.exit(subprocess.call([sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node",
                              str(args.nproc), "--log_dir", log_dir, os.path.abspath(__file__)],
                             env=dict(os.environ, OMP_NUM_THREADS="1")))


if __name__ == "__main__":
    main()
