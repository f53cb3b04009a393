"""Starting N local ranks of a worker script for the multi-process tests (loopback only)."""
import os
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WORKERS = os.path.join(HERE, "dist")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rank_env(rank, nranks, master_port, extra=None):
    endpoints = [f"127.0.0.1:{master_port + 1 + k}" for k in range(nranks)]
    env = dict(os.environ, PADDLE_TRAINER_ID=str(rank), PADDLE_TRAINERS_NUM=str(nranks),
               PADDLE_MASTER=f"127.0.0.1:{master_port}",
               PADDLE_TRAINER_ENDPOINTS=",".join(endpoints),
               PADDLE_CURRENT_ENDPOINT=endpoints[rank], OMP_NUM_THREADS="1")
    env.update(extra or {})
    return env


def start_ranks(script, nranks, args=(), extra_env=None, ranks=None):
    """Popen per rank (all by default) of dist/<script>; stdout and stderr captured."""
    port = free_port()
    procs = {}
    for r in (range(nranks) if ranks is None else ranks):
        env = rank_env(r, nranks, port, (extra_env or {}).get(r, (extra_env or {}).get("all")))
        procs[r] = subprocess.Popen([sys.executable, os.path.join(WORKERS, script), *map(str, args)],
                                    env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                    text=True)
    return procs


def finish(procs, timeout):
    """Waits for every rank (killing all at the deadline); returns {rank: (code, output, s)}."""
    start = time.monotonic()
    out = {}
    for r, p in procs.items():
        left = max(0.1, timeout - (time.monotonic() - start))
        try:
            text, _ = p.communicate(timeout=left)
        except subprocess.TimeoutExpired:
            for q in procs.values():
                q.kill()
            text, _ = p.communicate()
            text += f"\n[killed at the test's {timeout} s deadline]"
        out[r] = (p.returncode, text, time.monotonic() - start)
    return out
