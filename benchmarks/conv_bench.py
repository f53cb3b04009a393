"""Conv-heavy inference latency: the mobilenet_v2 and mobilenet_v3_small (depthwise
convolutions, 3x3 and 5x5) and resnet18 fixture models through the Python Predictor API,
batch 2, with 1 and 2 intra-op threads. Median of N runs after a warm-up run; prints a table.

    PYTHONPATH=build/python python3 benchmarks/conv_bench.py [--runs N] [--profile MODEL]

--profile MODEL instead runs MODEL N times (1 thread) with the runtime's profiler on and
prints its per-operator table (the share of time in depthwise_conv2d vs the other ops).
"""
import argparse
import os
import statistics
import time

import numpy as np

FIXTURES = os.environ.get(
    "PADDLE_FIXTURES",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "shared", "fixtures",
                 "paddle_models"))
if not os.path.isdir(FIXTURES):
    FIXTURES = "/work/shared/fixtures/paddle_models"
MODELS = ("mobilenet_v2", "mobilenet_v3_small", "resnet18")
BATCH = 2


def make_predictor(model, threads):
    import paddle
    prefix = os.path.join(FIXTURES, model)
    cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    cfg.disable_gpu()
    cfg.set_cpu_math_library_num_threads(threads)
    return paddle.inference.create_predictor(cfg)


def feed(model):
    inputs = np.load(os.path.join(FIXTURES, model + ".inputs.npz"))
    (x,) = inputs.values()
    assert x.shape[0] == BATCH, x.shape
    return x


def time_model(model, threads, runs):
    pred = make_predictor(model, threads)
    x = feed(model)
    pred.run([x])  # warm-up: first-run allocations
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        pred.run([x])
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--profile", choices=MODELS)
    args = parser.parse_args()
    if args.profile:
        # The predictor reads the flag when it is created and prints its operator table
        # when it is destroyed.
        os.environ["FLAGS_enable_profiler"] = "true"
        pred = make_predictor(args.profile, 1)
        x = feed(args.profile)
        for _ in range(args.runs):
            pred.run([x])
        del pred
        os.environ.pop("FLAGS_enable_profiler")
        return
    print(f"batch {BATCH}, median of {args.runs} runs (ms)")
    print(f"{'model':<20}{'1 thread':>10}{'2 threads':>11}")
    for model in MODELS:
        one = time_model(model, 1, args.runs)
        two = time_model(model, 2, args.runs)
        print(f"{model:<20}{one:>10.2f}{two:>11.2f}")


if __name__ == "__main__":
    main()
