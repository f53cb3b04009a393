"""paddle.distributed.spawn: the processes get the launcher's environment (an all_reduce of
their ranks works), and a failing process makes spawn raise with its traceback."""
import os
import subprocess
import sys

import pytest

from paddle.base import core
from distributed_util import WORKERS

pytestmark = pytest.mark.skipif(not core.with_gloo, reason="built without Gloo")


def _run(mode, outdir, nprocs):
    return subprocess.run([sys.executable, os.path.join(WORKERS, "spawn_main.py"), mode,
                           str(outdir), str(nprocs)], capture_output=True, text=True,
                          timeout=90, env=dict(os.environ, OMP_NUM_THREADS="1"))


def test_spawn_runs_an_all_reduce_on_every_process(tmp_path):
    run = _run("ok", tmp_path, 3)
    assert run.returncode == 0 and "spawn done" in run.stdout, run.stdout + run.stderr
    for r in range(3):
        assert (tmp_path / f"sum_{r}.txt").read_text() == "6.0 3"


def test_a_failing_process_makes_spawn_raise_its_error(tmp_path):
    run = _run("fail", tmp_path, 2)
    assert run.returncode == 3, run.stdout + run.stderr
    assert "but process 1 exited" in run.stdout and "fails on purpose" in run.stdout, run.stdout


def test_bad_nprocs():
    import paddle.distributed as dist
    with pytest.raises(ValueError, match="nprocs"):
        dist.spawn(print, nprocs=0)
