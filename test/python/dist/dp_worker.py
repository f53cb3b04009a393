"""A rank of test_distributed_data_parallel.py: trains a small tanh MLP on its shard of a
fixed batch, data-parallel (`dygraph`: paddle.DataParallel; `static`: fleet), and saves its
parameters to <outdir>/<mode>_<rank>.npz. Rank 0 starts from fixed parameters, the other
ranks from different ones: the broadcast from rank 0 must make them equal."""
import os
import sys

import numpy as np

BATCH, IN, HIDDEN, STEPS, LR = 12, 5, 8, 5, 0.2


def make_data():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(BATCH, IN)).astype("float32"),
            rng.normal(size=(BATCH, 1)).astype("float32"))


def initial_params(rank):
    rng = np.random.default_rng(1 if rank == 0 else 100 + rank)
    return {"w1": rng.normal(size=(IN, HIDDEN)).astype("float32") * 0.5,
            "b1": rng.normal(size=(HIDDEN,)).astype("float32") * 0.1,
            "w2": rng.normal(size=(HIDDEN, 1)).astype("float32") * 0.5,
            "b2": rng.normal(size=(1,)).astype("float32") * 0.1}


def numpy_reference():
    """Single-process training on the whole batch (mean squared error, SGD) in NumPy."""
    x, y = make_data()
    p = {k: v.astype("float64") for k, v in initial_params(0).items()}
    for _ in range(STEPS):
        h = np.tanh(x @ p["w1"] + p["b1"])
        d = 2 * (h @ p["w2"] + p["b2"] - y) / y.size
        dh = d @ p["w2"].T * (1 - h * h)
        grads = {"w2": h.T @ d, "b2": d.sum(0), "w1": x.T @ dh, "b1": dh.sum(0)}
        for k in p:
            p[k] -= LR * grads[k]
    return p


def shard(rank, nranks, array):
    per = BATCH // nranks
    return array[rank * per:(rank + 1) * per]


def dygraph(outdir, use_fleet=False):
    """paddle.DataParallel, or with use_fleet fleet's dygraph API (distributed_model and
    distributed_optimizer)."""
    import paddle
    import paddle.distributed as dist
    from paddle.distributed import fleet
    if use_fleet:
        fleet.init(is_collective=True)
    else:
        dist.init_parallel_env()
    r, n = dist.get_rank(), dist.get_world_size()
    init = initial_params(r)
    model = paddle.nn.Sequential(paddle.nn.Linear(IN, HIDDEN), paddle.nn.Tanh(),
                                 paddle.nn.Linear(HIDDEN, 1))
    model.set_state_dict({"0.weight": init["w1"], "0.bias": init["b1"],
                          "2.weight": init["w2"], "2.bias": init["b2"]})
    # A tiny bucket size: several buckets, each its own all-reduce.
    if use_fleet:
        dp = fleet.distributed_model(model)
        opt = fleet.distributed_optimizer(paddle.optimizer.SGD(LR, parameters=model.parameters()))
    else:
        dp = paddle.DataParallel(model, comm_buffer_size=0.0001)
        opt = paddle.optimizer.SGD(LR, parameters=model.parameters())
    x, y = make_data()
    xs, ys = paddle.to_tensor(shard(r, n, x)), paddle.to_tensor(shard(r, n, y))
    for _ in range(STEPS):
        loss = paddle.nn.functional.mse_loss(dp(xs), ys)
        loss.backward()
        opt.step()
        opt.clear_grad()
    state = dp.state_dict()
    np.savez(os.path.join(outdir, f"{'fleet_dygraph' if use_fleet else 'dygraph'}_{r}.npz"), w1=state["0.weight"].numpy(),
             b1=state["0.bias"].numpy(), w2=state["2.weight"].numpy(), b2=state["2.bias"].numpy())


def static(outdir):
    import paddle
    from paddle.distributed import fleet
    paddle.enable_static()
    fleet.init(is_collective=True)
    r, n = fleet.worker_index(), fleet.worker_num()
    init = initial_params(r)
    assign = paddle.nn.initializer.Assign
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [-1, IN], "float32")
        y = paddle.static.data("y", [-1, 1], "float32")
        fc1 = paddle.nn.Linear(IN, HIDDEN, weight_attr=paddle.ParamAttr(name="w1", initializer=assign(init["w1"])),
                               bias_attr=paddle.ParamAttr(name="b1", initializer=assign(init["b1"])))
        fc2 = paddle.nn.Linear(HIDDEN, 1, weight_attr=paddle.ParamAttr(name="w2", initializer=assign(init["w2"])),
                               bias_attr=paddle.ParamAttr(name="b2", initializer=assign(init["b2"])))
        loss = paddle.nn.functional.mse_loss(fc2(paddle.tanh(fc1(x))), y)
        strategy = fleet.DistributedStrategy()
        strategy.fuse_all_reduce_ops = True  # one bucket: concat, all-reduce, split
        opt = fleet.distributed_optimizer(paddle.optimizer.SGD(LR), strategy)
        opt.minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    xd, yd = make_data()
    for _ in range(STEPS):
        exe.run(main, feed={"x": shard(r, n, xd), "y": shard(r, n, yd)}, fetch_list=[loss])
    scope = paddle.static.global_scope()
    np.savez(os.path.join(outdir, f"static_{r}.npz"),
             **{k: np.array(scope.find_var(k).get_tensor()) for k in ("w1", "b1", "w2", "b2")})


if __name__ == "__main__":
    {"dygraph": dygraph, "static": static,
     "fleet_dygraph": lambda out: dygraph(out, use_fleet=True)}[sys.argv[1]](sys.argv[2])
    print("done")
