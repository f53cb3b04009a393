"""python -m paddle.distributed.launch: worker environment, logs, failure handling, signals,
the two-node rendezvous on loopback and argument errors. Every launcher run is a subprocess
with a timeout; worker scripts are tiny and do not import paddle."""
import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time

import pytest

import paddle
from paddle.distributed.launch.main import launch

PYTHONPATH = os.path.dirname(os.path.dirname(os.path.abspath(paddle.__file__)))

# Writes its environment and argv to out/<trainer id>.json and prints a line to its log.
ENV_DUMP = """
import json, os, sys
rank = os.environ["PADDLE_TRAINER_ID"]
print("hello from rank", rank, flush=True)
print("to stderr from rank", rank, file=sys.stderr, flush=True)
env = {k: v for k, v in os.environ.items() if k.startswith(("PADDLE_", "FLAGS_"))}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "out", rank + ".json"),
          "w") as f:
    json.dump({"env": env, "argv": sys.argv[1:], "pid": os.getpid()}, f)
"""


def _env():
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PADDLE_", "FLAGS_", "POD_")) and k != "CUDA_VISIBLE_DEVICES"}
    env["PYTHONPATH"] = PYTHONPATH + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _script(tmp_path, text, name="train.py"):
    (tmp_path / "out").mkdir(exist_ok=True)
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def _cmd(*args):
    return [sys.executable, "-m", "paddle.distributed.launch", *map(str, args)]


def _run(tmp_path, *args, timeout=60):
    return subprocess.run(_cmd(*args), cwd=tmp_path, env=_env(), capture_output=True, text=True,
                          timeout=timeout)


def _dumps(tmp_path):
    out = tmp_path / "out"
    return {int(p.stem): json.loads(p.read_text()) for p in out.glob("*.json")}


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _dead(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def _wait_for_files(paths, timeout=20):
    deadline = time.monotonic() + timeout
    while not all(os.path.exists(p) for p in paths):
        assert time.monotonic() < deadline, f"workers never wrote {paths}"
        time.sleep(0.05)


def _check_job_env(dumps, world, nnodes=1):
    assert sorted(dumps) == list(range(world))
    envs = [dumps[r]["env"] for r in range(world)]
    endpoints = envs[0]["PADDLE_TRAINER_ENDPOINTS"].split(",")
    assert len(endpoints) == len(set(endpoints)) == world
    master = envs[0]["PADDLE_MASTER"]
    assert master.rpartition(":")[2].isdigit() and master not in endpoints
    for rank, env in enumerate(envs):
        assert env["PADDLE_TRAINER_ID"] == env["PADDLE_GLOBAL_RANK"] == str(rank)
        assert env["PADDLE_TRAINERS_NUM"] == env["PADDLE_GLOBAL_SIZE"] == str(world)
        assert env["PADDLE_TRAINER_ENDPOINTS"].split(",") == endpoints
        assert env["PADDLE_CURRENT_ENDPOINT"] == endpoints[rank]
        assert env["PADDLE_MASTER"] == master
        assert env["PADDLE_NNODES"] == str(nnodes)
        assert env["PADDLE_RANK_IN_NODE"] == env["PADDLE_LOCAL_RANK"]
        assert env["PADDLE_LOCAL_SIZE"] == str(world // nnodes)
        assert env["PADDLE_DISTRI_BACKEND"] == "gloo"
        assert env["PADDLE_JOB_ID"] == "default"
    return envs


@pytest.mark.parametrize("nproc", [2, 3])
def test_workers_env_logs_and_args(tmp_path, nproc):
    script = _script(tmp_path, ENV_DUMP)
    r = _run(tmp_path, "--nproc_per_node", nproc, script, "--lr", "0.1", "pos arg")
    assert r.returncode == 0, r.stderr
    envs = _check_job_env(_dumps(tmp_path), nproc)
    assert [e["PADDLE_RANK_IN_NODE"] for e in envs] == [str(i) for i in range(nproc)]
    assert all(e["PADDLE_CURRENT_ENDPOINT"].startswith("127.0.0.1:") for e in envs)
    assert "FLAGS_selected_gpus" not in envs[0]
    for rank, dump in _dumps(tmp_path).items():
        assert dump["argv"] == ["--lr", "0.1", "pos arg"]
        log = (tmp_path / "log" / f"workerlog.{rank}").read_text()
        assert f"hello from rank {rank}" in log and f"to stderr from rank {rank}" in log
        assert f"pid {dump['pid']}, log log/workerlog.{rank}" in r.stderr
    # local rank 0 is teed to the console, the others only to their logs
    assert "hello from rank 0" in r.stdout and "hello from rank 1" not in r.stdout


def test_two_runs_get_different_ports_and_log_dir(tmp_path):
    script = _script(tmp_path, ENV_DUMP)
    r = _run(tmp_path, "--log_dir", "mylogs", script)  # default: one worker on CPU
    assert r.returncode == 0, r.stderr
    first = _check_job_env(_dumps(tmp_path), 1)[0]
    assert (tmp_path / "mylogs" / "workerlog.0").exists()
    r = _run(tmp_path, "--log_dir", "mylogs", script)
    assert r.returncode == 0, r.stderr
    second = _check_job_env(_dumps(tmp_path), 1)[0]
    # the logs append by default, like PaddlePaddle's (--log_overwrite true truncates)
    assert (tmp_path / "mylogs" / "workerlog.0").read_text().count("hello from rank 0") == 2
    assert first["PADDLE_CURRENT_ENDPOINT"] != second["PADDLE_CURRENT_ENDPOINT"] or \
        first["PADDLE_MASTER"] != second["PADDLE_MASTER"]
    r = _run(tmp_path, "--log_dir", "mylogs", "--log_overwrite", "true", script)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "mylogs" / "workerlog.0").read_text().count("hello from rank 0") == 1


def test_devices_select_one_device_per_worker(tmp_path):
    script = _script(tmp_path, ENV_DUMP)
    r = _run(tmp_path, "--devices", "0,1", "--job_id", "job7", script)
    assert r.returncode == 0, r.stderr
    dumps = _dumps(tmp_path)
    assert sorted(dumps) == [0, 1]  # --devices sets the default nproc_per_node
    for rank in (0, 1):
        env = dumps[rank]["env"]
        assert env["FLAGS_selected_gpus"] == env["PADDLE_LOCAL_DEVICE_IDS"] == str(rank)
        assert env["PADDLE_JOB_ID"] == "job7"


FAIL_ONE = """
import os, sys, time
here = os.path.dirname(os.path.abspath(__file__))
rank = int(os.environ["PADDLE_TRAINER_ID"])
if rank == 1:
    n = int(os.environ["PADDLE_TRAINERS_NUM"])
    others = [os.path.join(here, "out", "%d.pid" % r) for r in range(n) if r != 1]
    while not all(os.path.exists(p) for p in others):
        time.sleep(0.05)
    print("rank 1 gives up", flush=True)
    sys.exit(3)
with open(os.path.join(here, "out", "%d.tmp" % rank), "w") as f:
    f.write(str(os.getpid()))
os.rename(os.path.join(here, "out", "%d.tmp" % rank), os.path.join(here, "out", "%d.pid" % rank))
time.sleep(60)
"""


def test_failing_worker_stops_the_others(tmp_path):
    script = _script(tmp_path, FAIL_ONE)
    start = time.monotonic()
    r = _run(tmp_path, "--nproc_per_node", 3, script)
    elapsed = time.monotonic() - start
    assert r.returncode == 3, r.stderr
    assert elapsed < 15
    assert "worker rank 1 (local 1" in r.stderr and "exited with code 3" in r.stderr
    assert "rank 1 gives up" in r.stderr  # the tail of the failed worker's log
    pids = [int((tmp_path / "out" / f"{rank}.pid").read_text()) for rank in (0, 2)]
    assert all(_dead(pid) for pid in pids)


SLEEPER = """
import os, time
here = os.path.dirname(os.path.abspath(__file__))
rank = os.environ["PADDLE_TRAINER_ID"]
with open(os.path.join(here, "out", rank + ".tmp"), "w") as f:
    f.write(str(os.getpid()))
os.rename(os.path.join(here, "out", rank + ".tmp"), os.path.join(here, "out", rank + ".pid"))
time.sleep(60)
"""


def test_sigterm_to_launcher_stops_workers(tmp_path):
    script = _script(tmp_path, SLEEPER)
    proc = subprocess.Popen(_cmd("--nproc_per_node", 2, script), cwd=tmp_path, env=_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        pid_files = [str(tmp_path / "out" / f"{r}.pid") for r in (0, 1)]
        _wait_for_files(pid_files)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert "got signal" in err
    assert all(_dead(int(open(p).read())) for p in pid_files)


def _launch_nodes(tmp_path, script, node_args, timeout=60):
    """Starts one launcher per entry of node_args (its own log dir) and waits for all."""
    procs = [subprocess.Popen(_cmd("--log_dir", f"log{i}", *args, script), cwd=tmp_path,
                              env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
             for i, args in enumerate(node_args)]
    results = []
    try:
        for p in procs:
            out, err = p.communicate(timeout=timeout)
            results.append((p.returncode, out, err))
    finally:
        for p in procs:
            p.kill()
            p.wait()
    return results


def test_two_nodes_on_loopback(tmp_path):
    script = _script(tmp_path, ENV_DUMP)
    port = _free_port()
    common = ["--nnodes", 2, "--master", f"127.0.0.1:{port}", "--nproc_per_node", 1]
    # node 1 starts first: it must wait for the master instead of failing
    results = _launch_nodes(tmp_path, script, [common + ["--rank", 1], common + ["--rank", 0]])
    assert [rc for rc, _, _ in results] == [0, 0], results
    envs = _check_job_env(_dumps(tmp_path), 2, nnodes=2)
    # the collectives' store gets its own port, not the launcher's rendezvous port
    assert envs[0]["PADDLE_MASTER"].startswith("127.0.0.1:")
    assert envs[0]["PADDLE_MASTER"] != f"127.0.0.1:{port}"
    assert (tmp_path / "log1" / "workerlog.0").read_text().startswith("hello from rank 0")
    assert (tmp_path / "log0" / "workerlog.0").read_text().startswith("hello from rank 1")


FAIL_ON_NODE_1 = """
import os, sys, time
if os.environ["PADDLE_TRAINER_ID"] == "2":
    time.sleep(0.5)
    sys.exit(5)
time.sleep(60)
"""


def test_two_nodes_auto_rank_and_failure_on_one_node_stops_both(tmp_path):
    script = _script(tmp_path, FAIL_ON_NODE_1)
    port = _free_port()
    common = ["--nnodes", 2, "--master", f"127.0.0.1:{port}", "--nproc_per_node", 2]
    start = time.monotonic()
    # no --rank: the launcher that binds the master port first is node 0
    results = _launch_nodes(tmp_path, script, [common, common])
    assert time.monotonic() - start < 20
    codes = sorted(rc for rc, _, _ in results)
    assert codes == [1, 5], results  # node 1: its worker's code; node 0: aborted by the peer
    node0_err = next(err for rc, _, err in results if rc == 1)
    assert "worker rank 2 on node 1 exited with code 5" in node0_err


def test_master_that_never_answers(tmp_path):
    script = _script(tmp_path, ENV_DUMP)
    start = time.monotonic()
    r = _run(tmp_path, "--nnodes", 2, "--rank", 1, "--master", f"127.0.0.1:{_free_port()}",
             "--rendezvous_timeout", 1, script)
    assert time.monotonic() - start < 15
    assert r.returncode == 1
    assert "could not reach the rendezvous master" in r.stderr and "within 1 s" in r.stderr
    assert not _dumps(tmp_path)


def test_rendezvous_rejects_a_node_of_another_job(tmp_path):
    script = _script(tmp_path, ENV_DUMP)
    master = f"127.0.0.1:{_free_port()}"
    common = ["--nnodes", 2, "--master", master, "--rendezvous_timeout", 2]
    results = _launch_nodes(tmp_path, script, [common + ["--rank", 0, "--job_id", "a"],
                                               common + ["--rank", 1, "--job_id", "b"]])
    (rc0, _, err0), (rc1, _, err1) = results
    assert rc1 == 1 and "refused this node: --job_id 'b' differs from the master's 'a'" in err1
    assert rc0 == 1 and "rendezvous timed out after 2 s: 1 of 2 nodes joined" in err0
    assert not _dumps(tmp_path)


def test_node_0_cannot_listen_on_a_busy_master_port(tmp_path):
    script = _script(tmp_path, ENV_DUMP)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        r = _run(tmp_path, "--nnodes", 2, "--rank", 0, "--master", f"127.0.0.1:{port}", script)
    assert r.returncode == 1
    assert f"node rank 0 cannot listen on the master address 127.0.0.1:{port}" in r.stderr


def test_bad_arguments_exit_2_from_the_command_line(tmp_path):
    r = _run(tmp_path, "--nproc_per_node", 0, "missing.py")
    assert r.returncode == 2
    assert "--nproc_per_node" in r.stderr and "got '0'" in r.stderr


@pytest.mark.parametrize("args, culprit", [
    (["--nproc_per_node", "-1", "{script}"], "argument --nproc_per_node"),
    (["--nproc_per_node", "two", "{script}"], "argument --nproc_per_node"),
    (["--master", "127.0.0.1", "{script}"], "argument --master: expected ip:port"),
    (["--master", "127.0.0.1:70000", "{script}"], "argument --master"),
    (["--master", "etcd://127.0.0.1:2379", "{script}"], "argument --master"),
    (["--nnodes", "2", "{script}"], "argument --master: required when --nnodes > 1"),
    (["--nnodes", "2:4", "{script}"], "argument --nnodes"),
    (["--nnodes", "2", "--master", "127.0.0.1:1234", "--rank", "2", "{script}"],
     "argument --rank"),
    (["--devices", "0,a", "{script}"], "argument --devices"),
    (["--devices", "0,1", "--nproc_per_node", "3", "{script}"], "argument --nproc_per_node"),
    (["no_such_script.py"], "argument training_script: no such file: 'no_such_script.py'"),
    ([], "training_script"),
])
def test_bad_arguments_name_the_culprit(tmp_path, capsys, monkeypatch, args, culprit):
    for key in list(os.environ):
        if key.startswith("PADDLE_"):
            monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    script = _script(tmp_path, "pass\n")
    with pytest.raises(SystemExit) as e:
        launch([a.format(script=script) for a in args])
    assert e.value.code == 2
    assert culprit in capsys.readouterr().err
