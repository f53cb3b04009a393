"""build_cinn_pass speedup (issue 13 item 3): one intra-op thread, variants interleaved, the
minimum over repeats of the mean time of a few Executor.run calls (feeds and fetch included).

  - LayerNorm + GELU + residual on [rows, 768] float32: composite kernels (prim off), prim on
    unfused (the primitives one kernel each), prim on + build_cinn_pass (fused);
  - the BERT fixture (../shared/fixtures/paddle_models/bert_static), prim off and on, unfused
    and fused.

    PYTHONPATH=build/python python3 benchmarks/fusion_bench.py [--repeats 15] [--calls 20]
"""
import argparse
import collections
import os
import time

import numpy as np

import paddle
import paddle.nn.functional as F
from paddle.base import core

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "paddle_models")


def compiled(program):
    bs = paddle.static.BuildStrategy()
    bs.build_cinn_pass = True
    return paddle.static.CompiledProgram(program, build_strategy=bs)


def bench(variants, exe, feed, fetch, repeats, calls):
    """variants: name -> (program, prim). Returns name -> best seconds per run."""
    best = collections.defaultdict(lambda: float("inf"))
    for name, (program, prim) in variants.items():  # warm up: build, decompose, prepare
        core._set_prim_all_enabled(prim)
        exe.run(program, feed=feed, fetch_list=fetch)
    for _ in range(repeats):
        for name, (program, prim) in variants.items():
            core._set_prim_all_enabled(prim)
            start = time.perf_counter()
            for _ in range(calls):
                exe.run(program, feed=feed, fetch_list=fetch)
            best[name] = min(best[name], (time.perf_counter() - start) / calls)
    core._set_prim_all_enabled(False)
    return best


def report(title, best, base):
    print(title)
    for name, t in best.items():
        print(f"  {name:28s} {t * 1e3:8.3f} ms   {best[base] / t:5.2f}x vs {base}")


def ln_gelu_residual(rows, repeats, calls):
    d = 768
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [-1, d], "float32")
        r = paddle.static.data("r", [-1, d], "float32")
        y = F.gelu(paddle.nn.LayerNorm(d)(x)) + r
    exe = paddle.static.Executor()
    exe.run(startup)
    rng = np.random.default_rng(0)
    feed = {"x": rng.standard_normal((rows, d)).astype("float32"),
            "r": rng.standard_normal((rows, d)).astype("float32")}
    best = bench({"composite (prim off)": (main, False), "prim, unfused": (main, True),
                  "prim + build_cinn_pass": (compiled(main), True)},
                 exe, feed, [y], repeats, calls)
    report(f"LayerNorm+GELU+residual [{rows}, {d}] float32", best, "prim, unfused")


def bert(repeats, calls):
    prefix = os.path.join(FIXTURES, "bert_static")
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        program, feed_names, fetch_vars = paddle.static.load_inference_model(prefix, exe)
        with np.load(prefix + ".inputs.npz") as data:
            feed = dict(zip(feed_names, [data[k] for k in data.files]))
        # One CompiledProgram per prim setting: one keeps only its latest compilation.
        best = bench({"prim off, unfused": (program, False),
                      "prim off + build_cinn_pass": (compiled(program), False),
                      "prim, unfused": (program, True),
                      "prim + build_cinn_pass": (compiled(program), True)},
                     exe, feed, fetch_vars, repeats, calls)
    shapes = {k: v.shape for k, v in feed.items()}
    report(f"BERT fixture bert_static, inputs {shapes}", best, "prim off, unfused")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--calls", type=int, default=20)
    args = parser.parse_args()
    paddle.enable_static()
    core.set_num_threads(1)
    for rows in (128, 512):
        ln_gelu_residual(rows, args.repeats, args.calls)
    bert(args.repeats, args.calls)


if __name__ == "__main__":
    main()
