import timeit, numpy as np, paddle, torch
torch.set_num_threads(1)
x = np.random.rand(4, 4).astype("float32")
a, b = paddle.to_tensor(x), paddle.to_tensor(x)
ta, tb = torch.tensor(x), torch.tensor(x)
cases = {"ours a+b": lambda: a + b, "ours paddle.add": lambda: paddle.add(a, b),
         "ours a@b": lambda: a @ b, "ours relu": lambda: paddle.nn.functional.relu(a),
         "torch a+b": lambda: ta + tb, "torch a@b": lambda: ta @ tb, "torch relu": lambda: torch.relu(ta)}
best = {k: 1e9 for k in cases}
for _ in range(5):
    for k, f in cases.items():
        best[k] = min(best[k], min(timeit.repeat(f, number=5000, repeat=3)) / 5000 * 1e6)
for k, v in best.items():
    print(f"{k:<18} {v:.2f} us")
