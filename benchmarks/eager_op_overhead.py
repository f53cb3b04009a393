"""Eager (dygraph) cost per op from Python on small tensors: ours beside PyTorch's eager mode
(Debian python3-torch, when installed; a peer for comparison only) in the same run, one
intra-op thread each. Times the median of many calls of one op (add, relu, matmul on 4x4
float32), without and with autograd recording, and a whole forward+backward of a tiny MLP.

    PYTHONPATH=build/python python3 benchmarks/eager_op_overhead.py [calls]
"""
import sys
import time

import numpy as np

import paddle


def per_call_us(fn, calls):
    for _ in range(20):
        fn()
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        samples.append((time.perf_counter() - start) / calls)
    return float(np.median(samples)) * 1e6


def cases(lib, a, b, w1, w2):
    relu = lib.nn.functional.relu
    cases_ = {
        "add": lambda: a + b,
        "relu": lambda: relu(a),
        "matmul": lambda: lib.matmul(a, b),
    }

    def mlp_step():
        h = relu(lib.matmul(a, w1))
        loss = lib.matmul(h, w2).sum()
        loss.backward()
    cases_["mlp fwd+bwd (5 ops)"] = mlp_step
    return cases_


def main():
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    x = np.random.default_rng(0).normal(size=(4, 4)).astype("float32")
    rows = []
    ours_const = paddle.to_tensor(x), paddle.to_tensor(x)
    ours_grad = (paddle.to_tensor(x, stop_gradient=False), paddle.to_tensor(x, stop_gradient=False))
    ours_w = paddle.to_tensor(x, stop_gradient=False), paddle.to_tensor(x, stop_gradient=False)
    ours = {"no grad": cases(paddle, *ours_const, *ours_w), "grad": cases(paddle, *ours_grad, *ours_w)}
    torch_cases = None
    try:
        import torch
        torch.set_num_threads(1)
        tc = torch.tensor(x), torch.tensor(x)
        tg = torch.tensor(x, requires_grad=True), torch.tensor(x, requires_grad=True)
        tw = torch.tensor(x, requires_grad=True), torch.tensor(x, requires_grad=True)
        torch_cases = {"no grad": cases(torch, *tc, *tw), "grad": cases(torch, *tg, *tw)}
        torch_version = torch.__version__
    except ImportError:
        torch_version = None
    for mode in ("no grad", "grad"):
        for name, fn in ours[mode].items():
            if name.startswith("mlp") and mode == "no grad":
                continue
            t_ours = per_call_us(fn, calls if not name.startswith("mlp") else calls // 10)
            t_torch = None
            if torch_cases is not None:
                t_torch = per_call_us(torch_cases[mode][name], calls if not name.startswith("mlp") else calls // 10)
            rows.append((name, mode, t_ours, t_torch))
    print(f"peer: {'PyTorch ' + torch_version if torch_version else 'none installed'}")
    print(f"{'op':<22}{'autograd':<10}{'ours us':>10}{'torch us':>10}{'ratio':>8}")
    for name, mode, t_ours, t_torch in rows:
        ratio = f"{t_ours / t_torch:.1f}x" if t_torch else "-"
        torch_s = f"{t_torch:.1f}" if t_torch else "-"
        print(f"{name:<22}{mode:<10}{t_ours:>10.1f}{torch_s:>10}{ratio:>8}")


if __name__ == "__main__":
    main()
