"""Predictor latency on a conv + batch-norm model with and without IR optimisation
(conv_bn_fuse, fc_fuse, ...), same outputs required. Best of 5 repetitions per setting.

    PYTHONPATH=build/python python3 benchmarks/predictor_ir_bench.py
"""
import tempfile
import time

import numpy as np

import paddle
import paddle.nn.functional as F


def export(prefix):
    main, startup = paddle.static.Program(), paddle.static.Program()
    main.random_seed = startup.random_seed = 3
    with paddle.static.program_guard(main, startup):
        x = img = paddle.static.data("img", [None, 3, 32, 32], "float32")
        for channels in (16, 32, 32, 64):
            x = paddle.static.nn.conv2d(x, channels, 3, padding=1)
            x = paddle.static.nn.batch_norm(x, act="relu")
            if channels != 32:
                x = F.max_pool2d(x, 2, 2)
        x = paddle.flatten(F.adaptive_avg_pool2d(x, 1), 1)
        x = paddle.static.nn.fc(x, 64, activation="relu")
        logits = paddle.static.nn.fc(x, 10)
    exe = paddle.static.Executor()
    exe.run(startup)
    scope = paddle.static.global_scope()
    rng = np.random.default_rng(0)
    for var in main.list_vars():  # non-trivial running statistics
        if var.persistable and (".mean" in var.name or ".var" in var.name):
            scope.var(var.name).get_tensor().set(
                rng.uniform(0.5, 1.5, var.shape).astype("float32") if ".var" in var.name
                else rng.normal(0, 0.1, var.shape).astype("float32"))
    paddle.static.save_inference_model(prefix, [img], [logits], exe, program=main)


def bench(prefix, ir, batch, iters):
    cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    cfg.disable_gpu()
    cfg.switch_ir_optim(ir)
    pred = paddle.inference.create_predictor(cfg)
    x = np.random.default_rng(1).normal(size=(batch, 3, 32, 32)).astype("float32")
    (out,) = pred.run([x])
    best = 1e9
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(iters):
            pred.run([x])
        best = min(best, (time.perf_counter() - start) / iters)
    return out, best * 1e3


def main():
    paddle.enable_static()
    with tempfile.TemporaryDirectory() as d:
        prefix = d + "/convbn"
        export(prefix)
        for batch, iters in ((1, 200), (16, 30)):
            base_out, base_ms = bench(prefix, False, batch, iters)
            opt_out, opt_ms = bench(prefix, True, batch, iters)
            diff = float(np.abs(base_out - opt_out).max())
            print(f"batch {batch:2d}: ir_optim off {base_ms:.3f} ms, on {opt_ms:.3f} ms, "
                  f"speedup {base_ms / opt_ms:.2f}x, max |diff| {diff:.2e}")


if __name__ == "__main__":
    main()
