"""Eager per-op cost on 4x4 float32 tensors, ours beside PyTorch's eager in the same process,
interleaved (best of 5 rounds of 3 x 5000 calls). Run:
    PYTHONPATH=build/python /usr/bin/python3 benchmarks/eager_op_interleaved.py
(Debian's python3-torch; benchmarks only)."""
import timeit

import numpy as np
import paddle
import torch

torch.set_num_threads(1)
x = np.random.rand(4, 4).astype("float32")
a, b = paddle.to_tensor(x), paddle.to_tensor(x)
ta, tb = torch.tensor(x), torch.tensor(x)
pairs = {
    "a + b": (lambda: a + b, lambda: ta + tb),
    "add(a, b)": (lambda: paddle.add(a, b), lambda: torch.add(ta, tb)),
    "a @ b": (lambda: a @ b, lambda: ta @ tb),
    "matmul(a, b)": (lambda: paddle.matmul(a, b), lambda: torch.matmul(ta, tb)),
    "relu(a)": (lambda: paddle.nn.functional.relu(a), lambda: torch.relu(ta)),
    "a + 1.0": (lambda: a + 1.0, lambda: ta + 1.0),
    "a.sum()": (lambda: a.sum(), lambda: ta.sum()),
}
best = {(k, who): 1e9 for k in pairs for who in (0, 1)}
for _ in range(5):
    for k, fns in pairs.items():
        for who, fn in enumerate(fns):
            t = min(timeit.repeat(fn, number=5000, repeat=3)) / 5000 * 1e6
            best[k, who] = min(best[k, who], t)
print(f"{'op':<14}{'ours us':>9}{'torch us':>10}{'ratio':>7}")
for k in pairs:
    print(f"{k:<14}{best[k, 0]:>9.2f}{best[k, 1]:>10.2f}{best[k, 0] / best[k, 1]:>7.2f}")
