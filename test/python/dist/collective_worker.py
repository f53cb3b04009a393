"""One rank of test_ops_collective.py: every collective, eager and static, against NumPy.
Rank r holds values derived from r, so each rank knows what every other rank holds."""
import sys

import numpy as np

import paddle
import paddle.distributed as dist


def data(rank, shape, dtype):
    return (np.arange(int(np.prod(shape))).reshape(shape) % 5 + rank + 1).astype(dtype)


def check(name, got, want):
    if not np.array_equal(np.asarray(got), np.asarray(want)):
        raise AssertionError(f"{name}: expected {np.asarray(want).tolist()}, "
                             f"but got {np.asarray(got).tolist()}")


def eager_checks(r, n):
    for dtype in ("float32", "float64", "int32", "int64"):
        every = [data(k, [2, 3], dtype) for k in range(n)]
        for op, ref in ((dist.ReduceOp.SUM, np.sum), (dist.ReduceOp.MAX, np.max),
                        (dist.ReduceOp.MIN, np.min), (dist.ReduceOp.PROD, np.prod)):
            x = paddle.to_tensor(every[r])
            dist.all_reduce(x, op)
            check(f"all_reduce {op} {dtype}", x.numpy(), ref(np.stack(every), axis=0).astype(dtype))
    x = paddle.to_tensor(data(r, [4], "float32"))
    dist.all_reduce(x, dist.ReduceOp.AVG)
    check("all_reduce avg", x.numpy(), np.mean([data(k, [4], "float32") for k in range(n)], 0))

    x = paddle.to_tensor(data(r, [3, 2], "float32"))
    dist.broadcast(x, src=n - 1)
    check("broadcast", x.numpy(), data(n - 1, [3, 2], "float32"))

    got = []
    dist.all_gather(got, paddle.to_tensor(data(r, [2, 2], "int64")))
    check("all_gather", np.stack([t.numpy() for t in got]),
          np.stack([data(k, [2, 2], "int64") for k in range(n)]))
    got = []
    dist.all_gather(got, paddle.to_tensor(np.float32(r)))
    check("all_gather 0-d", [t.numpy() for t in got], np.arange(n, dtype="float32"))

    out = paddle.zeros([2, 3], dtype="float32")
    dist.reduce_scatter(out, [paddle.to_tensor(data(r * 10 + k, [2, 3], "float32"))
                              for k in range(n)])
    check("reduce_scatter", out.numpy(), sum(data(k * 10 + r, [2, 3], "float32") for k in range(n)))

    out = paddle.zeros([3], dtype="float64")
    dist.scatter(out, [paddle.to_tensor(data(k, [3], "float64")) for k in range(n)]
                 if r == 1 else None, src=1)
    check("scatter", out.numpy(), data(r, [3], "float64"))

    # A ring of sends: rank r sends to r+1 and receives from r-1 (even ranks send first).
    mine = paddle.to_tensor(data(r, [5], "float32"))
    got = paddle.zeros([5], dtype="float32")
    nxt, prv = (r + 1) % n, (r - 1) % n
    if r % 2 == 0:
        dist.send(mine, dst=nxt)
        dist.recv(got, src=prv)
    else:
        dist.recv(got, src=prv)
        dist.send(mine, dst=nxt)
    check("send/recv", got.numpy(), data(prv, [5], "float32"))
    dist.barrier()

    sub = dist.new_group([0, n - 1])
    x = paddle.to_tensor(data(r, [2], "float32"))
    dist.all_reduce(x, group=sub)
    if r in (0, n - 1):
        check("new_group all_reduce", x.numpy(), data(0, [2], "float32") + data(n - 1, [2], "float32"))
        assert sub.rank == (0 if r == 0 else 1), sub
    else:
        check("non-member unchanged", x.numpy(), data(r, [2], "float32"))
        assert not sub.is_member()


def static_checks(r, n):
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2, 3], "float32")
        s = paddle.assign(x)
        dist.all_reduce(s)
        b = paddle.assign(x)
        dist.broadcast(b, src=0)
        gathered = []
        dist.all_gather(gathered, x)
        g = paddle.concat(gathered)
        block = main.global_block()
        rs = block.create_var(name="rs", shape=[2, 3], dtype="float32")
        whole = paddle.concat([x] * n)
        block.append_op(type="c_reducescatter", inputs={"X": [whole]}, outputs={"Out": [rs]},
                        attrs={"ring_id": 0, "nranks": n})
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    feed = data(r, [2, 3], "float32")
    out = exe.run(main, feed={"x": feed}, fetch_list=[s, b, g, rs])
    every = [data(k, [2, 3], "float32") for k in range(n)]
    check("static all_reduce", out[0], np.sum(every, 0))
    check("static broadcast", out[1], every[0])
    check("static all_gather", out[2], np.concatenate(every))
    # Every chunk of concat([x] * n) is x: rank r gets the sum of the ranks' x.
    check("static reduce_scatter", out[3], np.sum(every, 0))
    paddle.disable_static()


def error_checks(r, n):
    x = paddle.to_tensor(data(r, [2], "float32"))
    try:
        dist.broadcast(x, src=n + 3)
        raise AssertionError("broadcast to a rank outside the group did not fail")
    except ValueError as e:
        assert str(n + 3) in str(e), e
    from paddle.base import eager
    try:
        eager.trace_op("c_allreduce_sum", {"X": [x]}, {"Out": [x]}, {"ring_id": 77})
        raise AssertionError("an unknown ring id did not fail")
    except KeyError as e:
        assert "ring_id 77" in str(e), e
    try:
        eager.trace_op("c_allgather", {"X": [x]}, {"Out": [paddle.zeros([2 * (n + 1)])]},
                       {"ring_id": 0, "nranks": n + 1})
        raise AssertionError("a wrong nranks did not fail")
    except ValueError as e:
        assert "nranks" in str(e) and str(n + 1) in str(e), e


def main():
    dist.init_parallel_env()
    r, n = dist.get_rank(), dist.get_world_size()
    eager_checks(r, n)
    static_checks(r, n)
    error_checks(r, n)
    dist.barrier()
    print(f"rank {r} of {n}: OK")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
