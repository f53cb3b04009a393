"""Eager (dygraph) training on the GPU: ours beside PyTorch, the same small convnet and MLP
written for each, batches made on the host every step (as a data loader's), Adam, a loss read
back every step (--amp: float16 auto_cast with dynamic loss scaling, as each framework
spells it). Also the per-op cost of a tiny GPU op (launch-bound) and of a CPU op.

    PYTHONPATH=build/python python3 benchmarks/eager_gpu_bench.py            # ours
    python3 benchmarks/eager_gpu_bench.py --framework torch                  # the peer

Prints one JSON line per case: steps/s (median of 5 windows of 30 steps after 10 warm-up
steps) and samples/s; per-op µs (median of 5 runs of 2000 calls, device synchronized)."""
import argparse
import json
import statistics
import time

import numpy as np


def paddle_cases(device, amp=False):
    import paddle
    import paddle.nn as nn
    import paddle.nn.functional as F
    paddle.set_device(device)

    def convnet():
        return nn.Sequential(nn.Conv2D(1, 32, 3, padding=1), nn.BatchNorm2D(32), nn.ReLU(),
                             nn.MaxPool2D(2), nn.Conv2D(32, 64, 3, padding=1), nn.BatchNorm2D(64),
                             nn.ReLU(), nn.MaxPool2D(2), nn.Flatten(), nn.Linear(64 * 7 * 7, 10))

    def mlp():
        return nn.Sequential(nn.Linear(784, 1024), nn.ReLU(), nn.Linear(1024, 1024), nn.ReLU(),
                             nn.Linear(1024, 10))

    def step_fn(model):
        opt = paddle.optimizer.Adam(1e-3, parameters=model.parameters())
        scaler = paddle.amp.GradScaler(init_loss_scaling=1024.0)

        def step(x, y):
            with paddle.amp.auto_cast(enable=amp):
                loss = F.cross_entropy(model(paddle.to_tensor(x)), paddle.to_tensor(y))
            if amp:
                scaler.scale(loss).backward()
                scaler.step(opt)
                scaler.update()
            else:
                loss.backward()
                opt.step()
            opt.clear_grad()
            return float(loss)
        return step

    def op_cost():
        a, b = paddle.ones([4, 4]), paddle.ones([4, 4])

        def run(n):
            for _ in range(n):
                a + b
            paddle.device.cuda.synchronize() if device != "cpu" else None
        return run

    return {"convnet": step_fn(convnet()), "mlp": step_fn(mlp())}, op_cost()


def torch_cases(device, amp=False):
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    dev = torch.device("cuda" if device != "cpu" else "cpu")

    def convnet():
        return nn.Sequential(nn.Conv2d(1, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
                             nn.MaxPool2d(2), nn.Conv2d(32, 64, 3, padding=1), nn.BatchNorm2d(64),
                             nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(64 * 7 * 7, 10))

    def mlp():
        return nn.Sequential(nn.Linear(784, 1024), nn.ReLU(), nn.Linear(1024, 1024), nn.ReLU(),
                             nn.Linear(1024, 10))

    def step_fn(model):
        model = model.to(dev)
        opt = torch.optim.Adam(model.parameters(), 1e-3)
        scaler = torch.amp.GradScaler(init_scale=1024.0, enabled=amp)

        def step(x, y):
            with torch.autocast(dev.type, dtype=torch.float16, enabled=amp):
                loss = F.cross_entropy(model(torch.from_numpy(x).to(dev)),
                                       torch.from_numpy(y[:, 0]).to(dev))
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
            opt.zero_grad()
            return float(loss)
        return step

    def op_cost():
        a, b = torch.ones(4, 4, device=dev), torch.ones(4, 4, device=dev)

        def run(n):
            for _ in range(n):
                a + b
            torch.cuda.synchronize() if device != "cpu" else None
        return run

    return {"convnet": step_fn(convnet()), "mlp": step_fn(mlp())}, op_cost()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--framework", choices=["paddle", "torch"], default="paddle")
    ap.add_argument("--device", default="gpu")
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--amp", action="store_true", help="float16 auto_cast with loss scaling")
    args = ap.parse_args()
    make = paddle_cases if args.framework == "paddle" else torch_cases
    cases, op_cost = make(args.device, args.amp)
    rng = np.random.default_rng(0)
    for name, step in cases.items():
        shape = (args.batch, 1, 28, 28) if name == "convnet" else (args.batch, 784)
        batches = [(rng.standard_normal(shape).astype("float32"),
                    rng.integers(0, 10, (args.batch, 1)).astype("int64")) for _ in range(8)]
        for i in range(10):
            step(*batches[i % 8])
        windows = []
        for _ in range(5):
            start = time.perf_counter()
            for i in range(30):
                step(*batches[i % 8])
            windows.append(30 / (time.perf_counter() - start))
        rate = statistics.median(windows)
        print(json.dumps({"framework": args.framework, "device": args.device, "case": name,
                          "amp": args.amp, "batch": args.batch, "steps_per_s": round(rate, 1),
                          "samples_per_s": round(rate * args.batch)}), flush=True)
    if args.amp:
        return
    op_cost(200)
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        op_cost(2000)
        runs.append((time.perf_counter() - start) / 2000 * 1e6)
    print(json.dumps({"framework": args.framework, "device": args.device, "case": "a + b (4x4)",
                      "us_per_op": round(statistics.median(runs), 2)}), flush=True)


if __name__ == "__main__":
    main()
