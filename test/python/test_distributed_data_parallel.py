"""Data-parallel training on 2 and 3 local processes (dist/dp_worker.py): after 5 steps each
rank's parameters equal single-process training on the whole batch (NumPy, to 1e-5) and are
identical across ranks, in dygraph (paddle.DataParallel) and static mode (fleet, started by
python -m paddle.distributed.launch)."""
import os
import subprocess
import sys

import numpy as np
import pytest

from paddle.base import core
from distributed_util import WORKERS, finish, start_ranks

sys.path.insert(0, WORKERS)
import dp_worker  # noqa: E402

pytestmark = pytest.mark.skipif(not core.with_gloo, reason="built without Gloo")


def _check(outdir, mode, nranks):
    want = dp_worker.numpy_reference()
    states = [dict(np.load(os.path.join(outdir, f"{mode}_{r}.npz"))) for r in range(nranks)]
    for r, state in enumerate(states):
        for k, v in want.items():
            np.testing.assert_allclose(state[k].reshape(v.shape), v, rtol=1e-5, atol=1e-5,
                                       err_msg=f"{mode} rank {r} {k}")
            np.testing.assert_array_equal(state[k], states[0][k], err_msg=f"{mode} rank {r} {k}")


@pytest.mark.parametrize("mode,nranks", [("dygraph", 2), ("dygraph", 3), ("fleet_dygraph", 2)])
def test_dygraph_data_parallel_equals_whole_batch_training(tmp_path, mode, nranks):
    """paddle.DataParallel, and fleet's distributed_model + distributed_optimizer."""
    results = finish(start_ranks("dp_worker.py", nranks, [mode, tmp_path]), timeout=120)
    for r, (code, text, _) in results.items():
        assert code == 0, f"rank {r}:\n{text}"
    _check(tmp_path, mode, nranks)


@pytest.mark.parametrize("nranks", [2, 3])
def test_fleet_static_data_parallel_under_the_launcher(tmp_path, nranks):
    cmd = [sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", str(nranks),
           "--log_dir", str(tmp_path / "log"), os.path.join(WORKERS, "dp_worker.py"), "static",
           str(tmp_path)]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, OMP_NUM_THREADS="1"))
    logs = "".join(open(tmp_path / "log" / f"workerlog.{r}").read() for r in range(nranks))
    assert run.returncode == 0, run.stderr + logs
    _check(tmp_path, "static", nranks)


def test_fleet_rewrites_the_program():
    """One process: minimize adds the all-reduce and 1/nranks scaling only for several ranks,
    and refuses strategies it cannot honour."""
    import paddle
    from paddle.distributed import fleet
    paddle.enable_static()
    try:
        fleet.init(is_collective=True)
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [-1, 3], "float32")
            loss = paddle.mean(paddle.nn.Linear(3, 1)(x))
            strategy = fleet.DistributedStrategy()
            strategy.amp = True
            with pytest.raises(NotImplementedError, match="amp"):
                fleet.distributed_optimizer(paddle.optimizer.SGD(0.1), strategy).minimize(loss)
            strategy.amp = False
            fleet.distributed_optimizer(paddle.optimizer.SGD(0.1), strategy).minimize(loss)
        types = [op.type for op in main.global_block().ops]
        assert "sgd" in types and "c_allreduce_sum" not in types, types  # a job of one
    finally:
        paddle.disable_static()


def _sh(*args):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=20)


def test_two_nodes_across_network_namespaces(tmp_path):
    """Two "nodes" (network namespaces joined by a veth pair, made here) each run the
    launcher with --nnodes 2: static data-parallel training over the veth link."""
    tag = str(os.getpid() % 100000)
    ns = [f"pdn{tag}a", f"pdn{tag}b"]
    veth = [f"pv{tag}a", f"pv{tag}b"]
    ips = ["10.231.7.1", "10.231.7.2"]
    made = _sh("ip", "netns", "add", ns[0])
    if made.returncode != 0:
        pytest.skip(f"cannot create network namespaces here (needs root and iproute2): "
                    f"{made.stderr.strip() or made.stdout.strip()}")
    try:
        steps = [("ip", "netns", "add", ns[1]),
                 ("ip", "link", "add", veth[0], "type", "veth", "peer", "name", veth[1])]
        for i in range(2):
            steps += [("ip", "link", "set", veth[i], "netns", ns[i]),
                      ("ip", "-n", ns[i], "addr", "add", f"{ips[i]}/24", "dev", veth[i]),
                      ("ip", "-n", ns[i], "link", "set", veth[i], "up"),
                      ("ip", "-n", ns[i], "link", "set", "lo", "up")]
        for step in steps:
            done = _sh(*step)
            if done.returncode != 0:
                pytest.skip(f"cannot set up the veth link ({' '.join(step)}): {done.stderr.strip()}")
        procs = []
        for i in range(2):
            cmd = ["ip", "netns", "exec", ns[i], sys.executable, "-m", "paddle.distributed.launch",
                   "--nnodes", "2", "--rank", str(i), "--master", f"{ips[0]}:29517",
                   "--nproc_per_node", "1", "--log_dir", str(tmp_path / f"log{i}"),
                   os.path.join(WORKERS, "dp_worker.py"), "static", str(tmp_path)]
            procs.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                          text=True, env=dict(os.environ, OMP_NUM_THREADS="1")))
        outputs = [p.communicate(timeout=120)[0] for p in procs]
        for i, p in enumerate(procs):
            log = (tmp_path / f"log{i}" / "workerlog.0")
            assert p.returncode == 0, outputs[i] + (log.read_text() if log.exists() else "")
        _check(tmp_path, "static", 2)
    finally:
        for name in ns:
            _sh("ip", "netns", "del", name)
