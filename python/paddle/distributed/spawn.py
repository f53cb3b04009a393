"""paddle.distributed.spawn: runs func(*args) in nprocs new processes on this machine, each
with the environment paddle.distributed.launch gives its workers (so init_parallel_env works
the same), and joins them: when one fails, the others are stopped and its error is raised."""
import multiprocessing
import os
import traceback
import types


def _entry(func, args, env, errors, rank):
    os.environ.update(env)
    try:
        func(*args)
    except KeyboardInterrupt:
        pass
    except BaseException:  # noqa: BLE001 - reported to the parent, which raises it
        errors.put((rank, traceback.format_exc()))
        raise SystemExit(1)


class MultiprocessContext:
    """The started processes; join() waits for them (see spawn)."""

    def __init__(self, processes, errors):
        self.processes = processes
        self.error_queue = errors

    def join(self, timeout=None):
        """Waits until every process ends (True), or one fails: then the others are
        terminated and an Exception carrying the failed rank's traceback is raised. With a
        timeout, returns False if processes are still running when it ends."""
        import time
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            failed = [(r, p) for r, p in enumerate(self.processes)
                      if p.exitcode is not None and p.exitcode != 0]
            if failed:
                rank, code = failed[0][0], failed[0][1].exitcode
                for p in self.processes:
                    if p.is_alive():
                        p.terminate()
                for p in self.processes:
                    p.join(5)
                    if p.is_alive():
                        p.kill()
                # The first error reported is the cause; later ones are usually its effect
                # (peers losing the failed process in a collective).
                detail = ""
                if not self.error_queue.empty():
                    rank, text = self.error_queue.get()
                    code = self.processes[rank].exitcode
                    detail = f"\n-- process {rank} --\n{text}"
                raise Exception(f"expected every spawned process to succeed, but process {rank} "
                                f"exited with code {code}{detail}")
            if all(p.exitcode == 0 for p in self.processes):
                return True
            if deadline is not None and time.monotonic() >= deadline:
                return False
            for p in self.processes:
                if p.is_alive():
                    p.join(0.05)
                    break


def spawn(func, args=(), nprocs=-1, join=True, daemon=False, **options):
    """Starts nprocs processes running func(*args) (func must be picklable: a module-level
    function), ranks 0..nprocs-1 on 127.0.0.1 (or options['ips'] is refused: one machine).
    nprocs=-1 means one per CPU core. Returns the MultiprocessContext (already joined when
    join=True)."""
    if options.get("ips") not in (None, "127.0.0.1"):
        raise NotImplementedError("spawn runs on one machine; use python -m "
                                  "paddle.distributed.launch --nnodes for several")
    nprocs = os.cpu_count() if nprocs == -1 else int(nprocs)
    if nprocs < 1:
        raise ValueError(f"expected nprocs >= 1 (or -1), but got {nprocs}")
    from paddle.distributed.launch.main import worker_envs
    from paddle.distributed.launch.rendezvous import free_ports, single_node
    # The launcher's single-node environment, free ports and all.
    ports = free_ports("127.0.0.1", nprocs + 1)
    rdzv = single_node("127.0.0.1", [f"127.0.0.1:{p}" for p in ports[1:]],
                       f"127.0.0.1:{ports[0]}")
    envs = worker_envs(types.SimpleNamespace(job_id="default"), rdzv)
    ctx = multiprocessing.get_context("spawn")
    errors = ctx.SimpleQueue()
    processes = []
    for rank, env in enumerate(envs):
        p = ctx.Process(target=_entry, args=(func, args, env, errors, rank), daemon=daemon)
        p.start()
        processes.append(p)
    context = MultiprocessContext(processes, errors)
    if join:
        context.join()
    return context
