"""paddle.distributed's process groups and collectives (PaddlePaddle's names and signatures).

Each collective is one of the collective ops (c_allreduce_sum, c_broadcast, ...): in static
mode it is appended to the program, in dynamic mode it runs at once through the eager op
path, in place on the given tensor. The ops' kernels find the group of their ring_id, which
init_parallel_env / new_group register (Gloo over a TCP rendezvous store on rank 0's node).

Every wait is bounded: PADDLE_PG_TIMEOUT (seconds, default 1800) applies to the rendezvous
and to each collective, so a dead or missing rank makes the others fail with an error naming
the collective and the ranks that are gone rather than hang."""
import os

from paddle.base import core
from paddle.base.framework import default_main_program, in_dynamic_mode


class ReduceOp:
    SUM = 0
    MAX = 1
    MIN = 2
    PROD = 3
    AVG = 4


_REDUCE_OPS = {ReduceOp.SUM: "c_allreduce_sum", ReduceOp.MAX: "c_allreduce_max",
               ReduceOp.MIN: "c_allreduce_min", ReduceOp.PROD: "c_allreduce_prod",
               ReduceOp.AVG: "c_allreduce_sum"}


class Group:
    """A set of global ranks with its ring id; `rank` is this process's rank in the group
    (-1 when it is not a member)."""

    def __init__(self, rank, ring_id, ranks, process_group=None, name=None):
        self.rank = rank
        self.id = ring_id
        self.ranks = list(ranks)
        self.nranks = len(self.ranks)
        self.world_size = self.nranks
        self.process_group = process_group
        self.name = name or f"ring{ring_id}"

    def is_member(self):
        return self.rank >= 0

    def get_group_rank(self, rank):
        return self.ranks.index(rank) if rank in self.ranks else -1

    @property
    def backend(self):
        return "gloo"

    def __repr__(self):
        return f"Group(id={self.id}, rank={self.rank}, ranks={self.ranks})"


class _State:
    store = None
    default_group = None
    groups = {}
    next_ring = 1
    timeout = 1800.0
    host = "127.0.0.1"


def _timeout():
    value = os.environ.get("PADDLE_PG_TIMEOUT", "1800")
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if seconds <= 0:
        raise ValueError(f"expected PADDLE_PG_TIMEOUT to be a positive number of seconds, but got "
                         f"{value!r}")
    return seconds


def _split_endpoint(endpoint, what):
    host, sep, port = endpoint.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ValueError(f"expected {what} to be 'ip:port', but got {endpoint!r}")
    return host, int(port)


def is_initialized():
    return _State.default_group is not None


def _init_default_group(rank, world_size, master, current_endpoint):
    if not core.with_gloo:
        raise NotImplementedError("this build has no Gloo (built with WITH_GLOO=OFF): "
                                  "collectives are not available")
    if world_size < 1 or not 0 <= rank < world_size:
        raise ValueError(f"expected PADDLE_TRAINER_ID in [0, {world_size}) and "
                         f"PADDLE_TRAINERS_NUM >= 1, but got rank {rank} of {world_size}")
    _State.timeout = _timeout()
    host, port = _split_endpoint(master, "PADDLE_MASTER")
    _State.host = _split_endpoint(current_endpoint, "PADDLE_CURRENT_ENDPOINT")[0]
    _State.store = core.TCPStore(host, port, rank == 0, rank, _State.timeout)
    pg = core.new_gloo_process_group(_State.store, rank, world_size, "ring0", _State.host,
                                     _State.timeout)
    core.register_process_group(0, pg)
    _State.default_group = Group(rank, 0, range(world_size), pg)
    _State.groups = {0: _State.default_group}
    _State.next_ring = 1
    return _State.default_group


def _get_group(group):
    if group is not None:
        return group
    if _State.default_group is None:
        raise RuntimeError("expected paddle.distributed.init_parallel_env() (or fleet.init) to "
                           "be called before a collective, but it was not")
    return _State.default_group


def get_group(id=0):  # noqa: A002 - PaddlePaddle's name
    return _State.groups.get(id)


def new_group(ranks=None, backend=None, timeout=None):
    """A group of the given global ranks. Every rank must call it, in the same order (the
    ring ids are assigned by call order); non-members get a Group with rank -1."""
    world = _get_group(None)
    ranks = sorted(range(world.nranks) if ranks is None else [int(r) for r in ranks])
    if not ranks or len(set(ranks)) != len(ranks) or ranks[0] < 0 or ranks[-1] >= world.nranks:
        raise ValueError(f"expected new_group's ranks to be distinct ranks in [0, {world.nranks}), "
                         f"but got {ranks}")
    if backend not in (None, "gloo"):
        raise ValueError(f"expected backend 'gloo' (CPU), but got {backend!r}")
    ring_id = _State.next_ring
    _State.next_ring += 1
    seconds = _State.timeout
    if timeout is not None:
        seconds = timeout.total_seconds() if hasattr(timeout, "total_seconds") else float(timeout)
    rank = ranks.index(world.rank) if world.rank in ranks else -1
    pg = None
    if rank >= 0:
        pg = core.new_gloo_process_group(_State.store, rank, len(ranks), f"ring{ring_id}",
                                         _State.host, seconds)
        core.register_process_group(ring_id, pg)
    group = Group(rank, ring_id, ranks, pg)
    _State.groups[ring_id] = group
    return group


def get_rank(group=None):
    if group is None and _State.default_group is None:
        return int(os.environ.get("PADDLE_TRAINER_ID", "0"))
    return _get_group(group).rank


def get_world_size(group=None):
    if group is None and _State.default_group is None:
        return int(os.environ.get("PADDLE_TRAINERS_NUM", "1"))
    return _get_group(group).nranks


def destroy_process_group(group=None):
    """Unregisters `group` (default: all groups, ending the parallel environment)."""
    groups = [group] if group is not None else list(_State.groups.values())
    for g in groups:
        core.remove_process_group(g.id)
        _State.groups.pop(g.id, None)
    if group is None or group is _State.default_group:
        _State.default_group, _State.store = None, None


# -- running the ops -----------------------------------------------------------------------------
def _run(op_type, inputs, outputs, attrs):
    """Appends the op (static mode) or runs it now on eager tensors (outputs in place)."""
    if in_dynamic_mode():
        from paddle.base import eager
        eager.trace_op(op_type, inputs, outputs, attrs)
    else:
        default_main_program().current_block().append_op(type=op_type, inputs=inputs,
                                                         outputs=outputs, attrs=attrs)


def _group_rank(group, rank, what, role):
    """`rank` (global) as a rank of `group`; a ValueError naming `what`'s `role` otherwise."""
    local = group.get_group_rank(rank)
    if local < 0:
        raise ValueError(f"expected {what}'s {role} to be a global rank in the group "
                         f"{group.ranks}, but got {rank}")
    return local


def _member(group):
    """The group (default: the global one), or None when this rank is not in it (a
    collective of a group this rank is not in does nothing here, as in PaddlePaddle)."""
    group = _get_group(group)
    return group if group.is_member() else None


def all_reduce(tensor, op=ReduceOp.SUM, group=None, sync_op=True, use_calc_stream=False):
    group = _member(group)
    if group is None:
        return None
    if op not in _REDUCE_OPS:
        raise ValueError(f"expected op to be a ReduceOp (SUM, MAX, MIN, PROD, AVG), but got {op!r}")
    _run(_REDUCE_OPS[op], {"X": [tensor]}, {"Out": [tensor]}, {"ring_id": group.id})
    if op == ReduceOp.AVG:
        _run("scale", {"X": [tensor]}, {"Out": [tensor]},
             {"scale": 1.0 / group.nranks, "bias": 0.0, "bias_after_scale": True})
    return None


def broadcast(tensor, src=0, group=None, sync_op=True):
    group = _member(group)
    if group is None:
        return None
    root = _group_rank(group, src, "broadcast", "src")
    _run("c_broadcast", {"X": [tensor]}, {"Out": [tensor]}, {"ring_id": group.id, "root": root})
    return None


def _stacked(tensor, group, op_type):
    from paddle.base import layer_helper
    return layer_helper.append_op(op_type, {"X": [tensor]},
                                  {"ring_id": group.id, "nranks": group.nranks})


def all_gather(tensor_list, tensor, group=None, sync_op=True):
    """tensor_list gets every rank's `tensor`, in rank order."""
    import paddle
    group = _member(group)
    if group is None:
        return None
    scalar = len(tensor.shape) == 0
    gathered = _stacked(tensor, group, "c_allgather")
    parts = paddle.split(gathered, group.nranks, axis=0)
    tensor_list.clear()
    tensor_list.extend(paddle.reshape(p, []) if scalar else p for p in parts)
    return None


def reduce_scatter(tensor, tensor_list, op=ReduceOp.SUM, group=None, sync_op=True):
    """`tensor` gets the sum over the ranks of tensor_list[rank]."""
    import paddle
    group = _member(group)
    if group is None:
        return None
    if op != ReduceOp.SUM:
        raise NotImplementedError(f"reduce_scatter supports ReduceOp.SUM only, but got {op!r}")
    if len(tensor_list) != group.nranks:
        raise ValueError(f"expected reduce_scatter's tensor_list to hold {group.nranks} tensors "
                         f"(one per rank), but got {len(tensor_list)}")
    whole = paddle.concat(list(tensor_list), axis=0)
    part = _stacked(whole, group, "c_reducescatter")
    paddle.assign(part, output=tensor)
    return None


def reduce(tensor, dst=0, op=ReduceOp.SUM, group=None, sync_op=True):
    """The reduction reaches every rank (dst's result is the one PaddlePaddle promises)."""
    _group_rank(_get_group(group), dst, "reduce", "dst")
    return all_reduce(tensor, op, group, sync_op)


def scatter(tensor, tensor_list=None, src=0, group=None, sync_op=True):
    """`tensor` gets tensor_list[rank] of rank `src`."""
    import paddle
    group = _member(group)
    if group is None:
        return None
    root = _group_rank(group, src, "scatter", "src")
    if group.rank == root:
        if tensor_list is None or len(tensor_list) != group.nranks:
            raise ValueError(f"expected scatter's tensor_list on src to hold {group.nranks} "
                             f"tensors, but got {None if tensor_list is None else len(tensor_list)}")
        whole = paddle.concat([paddle.reshape(t, [1] + list(t.shape)) for t in tensor_list], 0)
    else:
        whole = paddle.zeros([group.nranks] + list(tensor.shape), dtype=tensor.dtype)
    broadcast(whole, src, group)
    paddle.assign(whole[group.rank], output=tensor)
    return None


def barrier(group=None):
    import paddle
    group = _member(group)
    if group is None:
        return None
    token = paddle.zeros([1], dtype="int32")
    _run("barrier", {"X": [token]}, {"Out": [token]}, {"ring_id": group.id})
    return None


def send(tensor, dst=0, group=None, sync_op=True):
    group = _member(group)
    if group is None:
        return None
    peer = _group_rank(group, dst, "send", "dst")
    _run("send_v2", {"X": [tensor]}, {}, {"ring_id": group.id, "peer": peer})
    return None


def recv(tensor, src=0, group=None, sync_op=True):
    """Receives into `tensor` (its shape and dtype must be the sender's)."""
    from paddle.base.dtypes import convert_dtype
    group = _member(group)
    if group is None:
        return None
    peer = _group_rank(group, src, "recv", "src")
    _run("recv_v2", {}, {"Out": [tensor]},
         {"ring_id": group.id, "peer": peer, "out_shape": [int(d) for d in tensor.shape],
          "dtype": convert_dtype(tensor.dtype)})
    return None


isend = send
irecv = recv


def _nbytes(t):
    import numpy as np
    from paddle.base.dtypes import dtype_to_np
    numel = int(np.prod([max(int(d), 1) for d in t.shape], dtype=np.int64))
    return numel, numel * np.dtype(dtype_to_np(t.dtype)).itemsize


def allreduce_gradients(grads, group=None, bucket_bytes=32 << 20, average=True):
    """All-reduces `grads` in place over `group`, averaged when `average`, in buckets of at
    most bucket_bytes (one dtype each, in the given order): a bucket of several gradients
    travels flattened (concat, one all-reduce, split back). Builds ops in static mode (the
    data-parallel rewrite of fleet) and runs them in dynamic mode (DataParallel)."""
    import paddle
    group = _get_group(group)
    buckets, size = [], 0
    for g in grads:
        nbytes = _nbytes(g)[1]
        if not buckets or size + nbytes > bucket_bytes or g.dtype != buckets[-1][0].dtype:
            buckets.append([])
            size = 0
        buckets[-1].append(g)
        size += nbytes
    for bucket in buckets:
        flat = bucket[0] if len(bucket) == 1 else paddle.concat(
            [paddle.reshape(g, [-1]) for g in bucket])
        all_reduce(flat, ReduceOp.AVG if average else ReduceOp.SUM, group)
        if len(bucket) > 1:
            parts = paddle.split(flat, [_nbytes(g)[0] for g in bucket])
            for g, part in zip(bucket, parts):
                paddle.assign(paddle.reshape(part, [int(d) for d in g.shape]), output=g)
