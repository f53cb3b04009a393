"""The launcher: parse arguments, agree on endpoints (node rendezvous), start one worker per
local rank with PaddlePaddle's environment, tee local rank 0 to the console, and stop all
workers as soon as one fails or the launcher is told to stop."""
import os
import signal
import subprocess
import sys
import time

from paddle.distributed.launch.args import parse_args
from paddle.distributed.launch.rendezvous import (RendezvousError, free_ports, local_ip_towards,
                                                  rendezvous, single_node)

# Seconds between SIGTERM and SIGKILL when stopping workers.
STOP_GRACE_S = 3.0
_POLL_S = 0.1
_TAIL_LINES = 20
_TAIL_BYTES = 64 << 10

# The variables the launcher owns: it sets them per worker, and drops stale values inherited
# from its own environment (e.g. a launcher started inside a worker) before that.
WORKER_ENV_KEYS = (
    "PADDLE_MASTER", "PADDLE_GLOBAL_SIZE", "PADDLE_LOCAL_SIZE", "PADDLE_GLOBAL_RANK",
    "PADDLE_LOCAL_RANK", "PADDLE_NNODES", "PADDLE_TRAINER_ENDPOINTS", "PADDLE_CURRENT_ENDPOINT",
    "PADDLE_TRAINER_ID", "PADDLE_TRAINERS_NUM", "PADDLE_RANK_IN_NODE", "PADDLE_JOB_ID",
    "PADDLE_DISTRI_BACKEND", "FLAGS_selected_gpus", "PADDLE_LOCAL_DEVICE_IDS",
    "PADDLE_WORLD_DEVICE_IDS")


def _log(message):
    print(f"[launch] {message}", file=sys.stderr, flush=True)


def _visible_device_indices(devices):
    """--devices ids as indices into CUDA_VISIBLE_DEVICES when that is set (PaddlePaddle gives
    each worker the index among the visible devices), else unchanged."""
    visible = os.environ.get("CUDA_VISIBLE_DEVICES", "").strip()
    if not visible or visible == "all":
        return list(devices)
    labels = [v.strip() for v in visible.split(",")]
    missing = [d for d in devices if d not in labels]
    if missing:
        raise ValueError(f"--devices {','.join(missing)} not in CUDA_VISIBLE_DEVICES={visible}")
    return [str(labels.index(d)) for d in devices]


def worker_envs(args, rdzv, devices=None):
    """The PADDLE_* environment of each local rank (list of dicts, local rank order)."""
    import paddle

    node = rdzv.nodes[rdzv.node_rank]
    offset = sum(len(n.endpoints) for n in rdzv.nodes[:rdzv.node_rank])
    endpoints = [e for n in rdzv.nodes for e in n.endpoints]
    world = len(endpoints)
    local_size = len(node.endpoints)
    backend = "nccl" if devices and paddle.is_compiled_with_cuda() else "gloo"
    envs = []
    for i in range(local_size):
        env = {
            "PADDLE_MASTER": rdzv.master,
            "PADDLE_GLOBAL_SIZE": str(world),
            "PADDLE_LOCAL_SIZE": str(local_size),
            "PADDLE_GLOBAL_RANK": str(offset + i),
            "PADDLE_LOCAL_RANK": str(i),
            "PADDLE_NNODES": str(len(rdzv.nodes)),
            "PADDLE_TRAINER_ENDPOINTS": ",".join(endpoints),
            "PADDLE_CURRENT_ENDPOINT": node.endpoints[i],
            "PADDLE_TRAINER_ID": str(offset + i),
            "PADDLE_TRAINERS_NUM": str(world),
            "PADDLE_RANK_IN_NODE": str(i),
            "PADDLE_JOB_ID": args.job_id,
            "PADDLE_DISTRI_BACKEND": backend,
        }
        if devices:
            # One worker on several devices gets all of them (as PaddlePaddle does).
            mine = ",".join(devices) if local_size == 1 else devices[i]
            env["FLAGS_selected_gpus"] = mine
            env["PADDLE_LOCAL_DEVICE_IDS"] = mine
        envs.append(env)
    return envs


def _die_with_parent_hook():
    """preexec_fn: on Linux the worker gets SIGTERM if the launcher dies (even by SIGKILL),
    so no worker outlives its launcher."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def hook():
        prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:  # the launcher died before prctl took effect
            os._exit(1)

    return hook


class Worker:
    """One worker process: its own session (so it and its children are signalled as a
    group), stdout and stderr into its log file."""

    def __init__(self, local_rank, env, log_path):
        self.local_rank = local_rank
        self.global_rank = int(env["PADDLE_TRAINER_ID"])
        self.env = env
        self.log_path = log_path
        self.proc = None
        self.log_start = 0

    def start(self, cmd, base_env, overwrite, preexec):
        with open(self.log_path, "wb" if overwrite else "ab") as log:
            self.log_start = log.tell()
            self.proc = subprocess.Popen(cmd, env=dict(base_env, **self.env),
                                         stdin=subprocess.DEVNULL, stdout=log,
                                         stderr=subprocess.STDOUT, start_new_session=True,
                                         preexec_fn=preexec)

    def poll(self):
        return self.proc.poll()

    def signal(self, sig):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, sig)
            except (ProcessLookupError, PermissionError):
                pass

    def tail(self, lines=_TAIL_LINES):
        try:
            with open(self.log_path, "rb") as f:
                size = f.seek(0, os.SEEK_END)
                f.seek(max(self.log_start, size - _TAIL_BYTES))
                text = f.read().decode(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


class _Tee:
    """Copies what a worker appends to its log to the launcher's stdout."""

    def __init__(self, worker):
        self.worker = worker
        self.pos = worker.log_start

    def pump(self):
        if self.pos is None:
            return
        try:
            with open(self.worker.log_path, "rb") as f:
                f.seek(self.pos)
                data = f.read()
            if data:
                self.pos += len(data)
                out = getattr(sys.stdout, "buffer", None)
                if out is not None:
                    out.write(data)
                else:
                    sys.stdout.write(data.decode(errors="replace"))
                sys.stdout.flush()
        except (OSError, ValueError):  # console closed (e.g. a broken pipe): keep the job going
            self.pos = None


def stop_workers(workers, grace=STOP_GRACE_S):
    """SIGTERM to every running worker's process group, SIGKILL to those still running after
    `grace` seconds; returns once all are reaped."""
    for w in workers:
        w.signal(signal.SIGTERM)
    deadline = time.monotonic() + grace
    while any(w.poll() is None for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    for w in workers:
        w.signal(signal.SIGKILL)
    for w in workers:
        w.proc.wait()


def _exit_code(returncode):
    """A worker's exit status as the launcher's: its code, or 128 + signal number."""
    return min(255, returncode if returncode > 0 else 128 - returncode)


def _setup_node(args):
    """Rendezvous (or its single-node stand-in) -> Rendezvous."""
    if args.nnodes == 1:
        if args.master is not None:
            host = args.host or local_ip_towards(args.master[0])
            master = "%s:%d" % args.master
        else:
            host = args.host or "127.0.0.1"
            master = None
        ports = free_ports(host, args.nproc_per_node + (master is None))
        if master is None:
            master = f"{host}:{ports.pop()}"
        return single_node(host, [f"{host}:{p}" for p in ports], master)
    host = args.host or local_ip_towards(args.master[0])
    endpoints = [f"{host}:{p}" for p in free_ports(host, args.nproc_per_node)]
    return rendezvous(args.job_id, args.nnodes, args.rank, host, endpoints, args.master,
                      args.rendezvous_timeout, _log)


def launch(argv=None):
    """`python -m paddle.distributed.launch [options] train.py [args]`; returns the exit code
    (0 when every worker on every node exited 0)."""
    args = parse_args(argv)
    devices = None
    if args.devices:
        try:
            devices = _visible_device_indices(args.devices)
        except ValueError as e:
            _log(f"error: {e}")
            return 2
    try:
        rdzv = _setup_node(args)
    except RendezvousError as e:
        _log(f"error: {e}")
        return 1
    except KeyboardInterrupt:
        _log("interrupted during the rendezvous")
        return 130
    try:
        return _run(args, rdzv, devices)
    finally:
        rdzv.close()


def _run(args, rdzv, devices):
    received = []

    def on_signal(signum, _frame):
        received.append(signum)

    try:
        previous = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    except ValueError:  # launch() called off the main thread: no handlers, no forwarding
        previous = {}
    try:
        return _run_workers(args, rdzv, devices, received)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def _run_workers(args, rdzv, devices, received):
    os.makedirs(args.log_dir, exist_ok=True)
    envs = worker_envs(args, rdzv, devices)
    base_env = {k: v for k, v in os.environ.items() if k not in WORKER_ENV_KEYS}
    cmd = [sys.executable, "-u", args.training_script] + list(args.training_script_args)
    preexec = _die_with_parent_hook()
    node = rdzv.node_rank
    _log(f"job {args.job_id!r}: node {node} of {len(rdzv.nodes)}, {len(envs)} worker(s), world "
         f"size {envs[0]['PADDLE_TRAINERS_NUM']}, PADDLE_MASTER {rdzv.master}")
    workers = []
    try:
        for i, env in enumerate(envs):
            w = Worker(i, env, os.path.join(args.log_dir, f"workerlog.{i}"))
            w.start(cmd, base_env, args.log_overwrite, preexec)
            workers.append(w)
            _log(f"worker rank {w.global_rank} (local {i}): pid {w.proc.pid}, log {w.log_path}")
    except OSError as e:
        _log(f"error: cannot start worker {len(workers)}: {e}")
        stop_workers(workers)
        rdzv.report(False, f"node {node} could not start its workers: {e}")
        return 1
    try:
        return _watch(workers, rdzv, received)
    except BaseException as e:
        stop_workers(workers)  # never leave workers behind, whatever went wrong here
        rdzv.report(False, f"the launcher of node {node} failed: {e!r}")
        raise


def _watch(workers, rdzv, received):
    """Polls the workers and the other nodes until the job ends; returns the exit code."""
    node = rdzv.node_rank
    tee = _Tee(workers[0])
    while True:
        tee.pump()
        if received:
            sig = received[0]
            _log(f"got signal {sig}; stopping the workers")
            stop_workers(workers)
            tee.pump()
            rdzv.report(False, f"the launcher of node {node} got signal {sig}")
            return 128 + sig
        failed = [w for w in workers if w.poll() not in (None, 0)]
        if failed:
            w = failed[0]
            code = w.poll()
            stop_workers(workers)
            tee.pump()
            what = (f"exited with code {code}" if code > 0 else f"was killed by signal {-code}")
            _log(f"worker rank {w.global_rank} (local {w.local_rank}, pid {w.proc.pid}) {what}; "
                 "stopped the other workers")
            _log(f"last lines of {w.log_path}:\n{w.tail()}")
            rdzv.report(False, f"worker rank {w.global_rank} on node {node} {what}")
            return _exit_code(code)
        reason = rdzv.poll()
        if reason is not None:
            _log(f"stopping the workers: {reason}")
            stop_workers(workers)
            tee.pump()
            return 1
        if all(w.poll() == 0 for w in workers):
            break
        time.sleep(_POLL_S)
    tee.pump()
    rdzv.report(True)
    _log(f"all {len(workers)} worker(s) of node {node} exited 0")
    # Node 0 stays until every other node has reported, so the job's outcome is its exit code.
    if rdzv.pending():
        _log(f"waiting for node(s) {rdzv.pending()} to finish")
    while rdzv.pending():
        if received:
            rdzv.abort(f"the launcher of node 0 got signal {received[0]}")
            return 128 + received[0]
        reason = rdzv.poll()
        if reason is not None:
            _log(f"error: {reason}")
            return 1
        time.sleep(_POLL_S)
    return 0
