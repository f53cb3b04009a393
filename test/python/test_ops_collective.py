"""The collective ops (c_allreduce_sum/max/min/prod, c_broadcast, c_allgather,
c_reducescatter, barrier, send_v2/recv_v2, c_identity, c_sync_calc_stream,
c_sync_comm_stream) and paddle.distributed's collectives, run by 2 and 3 local processes
over Gloo and checked against NumPy (dist/collective_worker.py); timeouts and a dead rank."""
import numpy as np
import pytest

import paddle
from paddle.base import core
from distributed_util import finish, start_ranks

pytestmark = pytest.mark.skipif(not core.with_gloo, reason="built without Gloo")


@pytest.mark.parametrize("nranks", [2, 3])
def test_collectives_match_numpy(nranks):
    results = finish(start_ranks("collective_worker.py", nranks), timeout=90)
    for r, (code, text, _) in results.items():
        assert code == 0 and f"rank {r} of {nranks}: OK" in text, f"rank {r}:\n{text}"


def test_local_ops_and_errors_in_one_process():
    """c_identity / c_sync_* copy; a group of one; typed errors for bad attributes."""
    import paddle.distributed as dist
    paddle.disable_static()
    dist.init_parallel_env()
    from paddle.base import eager
    x = paddle.to_tensor(np.arange(6, dtype="float32").reshape(2, 3))
    for op in ("c_identity", "c_sync_calc_stream"):
        out = paddle.zeros([2, 3])
        eager.trace_op(op, {"X": [x]}, {"Out": [out]}, {})
        np.testing.assert_array_equal(out.numpy(), x.numpy())
    outs = [paddle.zeros([2, 3]), paddle.zeros([2, 3])]
    eager.trace_op("c_sync_comm_stream", {"X": [x, x * 2]}, {"Out": outs}, {})
    np.testing.assert_array_equal(outs[1].numpy(), x.numpy() * 2)
    y = x * 1
    dist.all_reduce(y)  # a group of one: unchanged
    np.testing.assert_array_equal(y.numpy(), x.numpy())
    with pytest.raises(ValueError, match="nranks"):
        eager.trace_op("c_reducescatter", {"X": [paddle.zeros([3, 2])]},
                       {"Out": [paddle.zeros([1, 2])]}, {"ring_id": 0, "nranks": 2})
    with pytest.raises(ValueError, match="peer"):
        eager.trace_op("send_v2", {"X": [x]}, {}, {"ring_id": 0, "peer": 0})
    with pytest.raises(ValueError, match="out_shape"):
        eager.trace_op("recv_v2", {}, {"Out": [paddle.zeros([1])]},
                       {"ring_id": 0, "peer": 1, "out_shape": [-2, 3]})


def test_missing_rank_times_out_naming_it():
    """Rank 1 never starts: rank 0 fails within PADDLE_PG_TIMEOUT + 5 s, naming rank 1."""
    results = finish(start_ranks("fail_worker.py", 2, ["none"], ranks=[0],
                                 extra_env={"all": {"PADDLE_PG_TIMEOUT": "3"}}), timeout=30)
    code, text, took = results[0]
    assert code == 3 and "TimeoutError" in text and "[1]" in text, text
    assert took < 3 + 5 + 5, took  # + interpreter start


@pytest.mark.parametrize("victim", [2, 0])
def test_dead_rank_fails_the_others_naming_it(victim):
    """One of 3 ranks dies (SIGKILL) before an all_reduce: the others exit with an error that
    names the collective and the dead rank (or, for rank 0, the unreachable master) well
    within the timeout."""
    results = finish(start_ranks("fail_worker.py", 3, ["kill", victim],
                                 extra_env={"all": {"PADDLE_PG_TIMEOUT": "20"}}), timeout=60)
    for r, (code, text, took) in results.items():
        if r == victim:
            assert code != 0
            continue
        assert code == 3, f"rank {r}:\n{text}"
        assert "all_reduce" in text, text
        if victim == 0:
            assert "rank 0" in text or "[0]" in text, text
        else:
            assert f"[{victim}]" in text, text
        assert took < 20 + 5 + 5, took


def test_hung_rank_times_out():
    """A rank that stays alive but never joins the all_reduce: the others fail with a
    TimeoutError within PADDLE_PG_TIMEOUT + 5 s."""
    procs = start_ranks("fail_worker.py", 2, ["hang", 1], extra_env={"all": {"PADDLE_PG_TIMEOUT": "3"}})
    results = finish({0: procs[0]}, timeout=30)
    procs[1].kill()
    procs[1].communicate()
    code, text, took = results[0]
    assert code == 3 and "TimeoutError" in text and "all_reduce" in text, text
    assert took < 3 + 5 + 5, took


def test_static_api_appends_paddles_ops():
    """The API builds PaddlePaddle's ops with their attributes (the 2- and 3-rank runs above
    check their values); a group of one runs them."""
    import paddle.distributed as dist
    dist.init_parallel_env()
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [2, 3], "float32")
            for op in (dist.ReduceOp.SUM, dist.ReduceOp.MAX, dist.ReduceOp.MIN, dist.ReduceOp.PROD):
                dist.all_reduce(x, op)
            dist.broadcast(x, src=0)
            gathered = []
            dist.all_gather(gathered, x)
            dist.barrier()
        types = [op.type for op in main.global_block().ops]
        for t in ("c_allreduce_sum", "c_allreduce_max", "c_allreduce_min", "c_allreduce_prod",
                  "c_broadcast", "c_allgather", "barrier"):
            assert t in types, types
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        value = np.arange(6, dtype="float32").reshape(2, 3)
        out = exe.run(main, feed={"x": value}, fetch_list=[x, gathered[0]])
        np.testing.assert_array_equal(out[0], value)
        np.testing.assert_array_equal(out[1], value)
    finally:
        paddle.disable_static()
