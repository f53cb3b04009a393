"""build_cinn_pass speedup (issue 13 item 3): one intra-op thread, variants interleaved, the
minimum over repeats of the mean time of a few Executor.run calls (feeds converted to
tensors once; fetching to NumPy included).

  - LayerNorm + GELU + residual on [rows, 768] float32: composite kernels (prim off), prim on
    unfused (the primitives one kernel each), prim on + build_cinn_pass (fused);
  - bias + GELU (tanh approximation) + residual on [512, 768], a chain without reductions;
  - (x + b) * s, relu, scale, + residual on [2048, 768]: cheap arithmetic, memory-bound;
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


def _tensor(array):
    t = core.DenseTensor()
    t.set(array, core.CPUPlace())
    return t


def bench(variants, exe, feed, fetch, repeats, calls):
    """variants: name -> (program, prim). Returns name -> best seconds per run."""
    best = collections.defaultdict(lambda: float("inf"))
    feed = {k: _tensor(v) for k, v in feed.items()}  # converted once: time the ops, not feeds
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


def bias_gelu_residual(rows, repeats, calls):
    """No reduction: the whole chain (bias add, tanh-approximated GELU, residual) is one group."""
    d = 768
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [-1, d], "float32")
        b = paddle.static.data("b", [d], "float32")
        r = paddle.static.data("r", [-1, d], "float32")
        y = F.gelu(x + b, approximate=True) + r
    exe = paddle.static.Executor()
    rng = np.random.default_rng(0)
    feed = {"x": rng.standard_normal((rows, d)).astype("float32"),
            "b": rng.standard_normal((d,)).astype("float32"),
            "r": rng.standard_normal((rows, d)).astype("float32")}
    best = bench({"composite (prim off)": (main, False), "prim, unfused": (main, True),
                  "prim + build_cinn_pass": (compiled(main), True)},
                 exe, feed, [y], repeats, calls)
    report(f"bias+GELU(tanh)+residual [{rows}, {d}] float32", best, "prim, unfused")


def cheap_chain(rows, repeats, calls):
    """Cheap arithmetic only ((x + b) * s, relu, * 0.5 + residual): memory traffic decides."""
    d = 768
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [-1, d], "float32")
        b = paddle.static.data("b", [d], "float32")
        s = paddle.static.data("s", [-1, 1], "float32")
        r = paddle.static.data("r", [-1, d], "float32")
        y = paddle.scale(F.relu((x + b) * s), 0.5) + r
    exe = paddle.static.Executor()
    rng = np.random.default_rng(0)
    feed = {"x": rng.standard_normal((rows, d)).astype("float32"),
            "b": rng.standard_normal((d,)).astype("float32"),
            "s": rng.standard_normal((rows, 1)).astype("float32"),
            "r": rng.standard_normal((rows, d)).astype("float32")}
    best = bench({"unfused": (main, False), "build_cinn_pass": (compiled(main), False)},
                 exe, feed, [y], repeats, calls)
    report(f"(x + b) * s -> relu -> scale -> + r [{rows}, {d}] float32", best, "unfused")


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
    bias_gelu_residual(512, args.repeats, args.calls)
    cheap_chain(2048, args.repeats, args.calls)
    bert(args.repeats, args.calls)


if __name__ == "__main__":
    main()
