"""init_parallel_env, ParallelEnv and DataParallel (PaddlePaddle's dygraph data parallelism).

DataParallel makes every rank start from rank 0's parameters and buffers (a broadcast at
construction: ranks that drew different random parameters would otherwise diverge silently),
and after each backward() averages the gradients over the ranks, in buckets of about
comm_buffer_size MB (one all-reduce per bucket, the last layers' gradients first). The
all-reduces run after the backward pass: the tape runs on the calling thread and Gloo's
collectives block it, so there is no overlap with the backward computation yet."""
import contextlib
import os

from paddle.distributed import collective
from paddle.nn.layer.layers import Layer


class ParallelEnv:
    """The process's place in the job, from the launcher's environment variables."""

    def __init__(self):
        self._rank = int(os.environ.get("PADDLE_TRAINER_ID", "0"))
        self._world_size = int(os.environ.get("PADDLE_TRAINERS_NUM", "1"))
        endpoints = os.environ.get("PADDLE_TRAINER_ENDPOINTS", "")
        self._trainer_endpoints = [e for e in endpoints.split(",") if e]
        self._current_endpoint = os.environ.get("PADDLE_CURRENT_ENDPOINT", "")
        devices = os.environ.get("FLAGS_selected_gpus", "") or os.environ.get(
            "PADDLE_LOCAL_DEVICE_IDS", "")
        self._device_id = int(devices.split(",")[0]) if devices else 0

    @property
    def rank(self):
        return self._rank

    local_rank = rank

    @property
    def world_size(self):
        return self._world_size

    nranks = world_size

    @property
    def device_id(self):
        return self._device_id

    dev_id = device_id

    @property
    def current_endpoint(self):
        return self._current_endpoint

    @property
    def trainer_endpoints(self):
        return self._trainer_endpoints


def init_parallel_env():
    """Joins the job the launcher started (PADDLE_TRAINER_ID, PADDLE_TRAINERS_NUM,
    PADDLE_MASTER or the first of PADDLE_TRAINER_ENDPOINTS): meets the other ranks at the TCP
    store on the master and creates the global group (ring 0). Returns it; a second call
    returns the same group."""
    if collective.is_initialized():
        return collective._State.default_group
    env = ParallelEnv()
    master = os.environ.get("PADDLE_MASTER") or (
        env.trainer_endpoints[0] if env.trainer_endpoints else "")
    if not master:
        if env.world_size > 1:
            raise RuntimeError(f"expected PADDLE_MASTER or PADDLE_TRAINER_ENDPOINTS for a job of "
                               f"{env.world_size} ranks (start it with python -m "
                               "paddle.distributed.launch), but neither is set")
        master = "127.0.0.1:0"  # a job of one: a store on any free port
    current = env.current_endpoint or (
        env.trainer_endpoints[env.rank] if env.rank < len(env.trainer_endpoints) else "127.0.0.1:0")
    return collective._init_default_group(env.rank, env.world_size, master, current)


def sync_params_buffers(model, comm_group=None, src_rank=0, is_model_parallel=False):
    """Broadcasts model's parameters and buffers from src_rank to every rank."""
    from paddle.base.eager import no_grad
    with no_grad():
        for t in list(model.parameters()) + list(model.buffers()):
            collective.broadcast(t, src_rank, comm_group)


class DataParallel(Layer):
    def __init__(self, layers, strategy=None, comm_buffer_size=25, last_comm_buffer_size=1,
                 find_unused_parameters=False, group=None):
        super().__init__()
        if not isinstance(layers, Layer):
            raise TypeError(f"expected DataParallel to wrap a paddle.nn.Layer, but got "
                            f"{type(layers).__name__}")
        if comm_buffer_size <= 0:
            raise ValueError(f"expected comm_buffer_size > 0 (MB), but got {comm_buffer_size}")
        self._layers = layers
        self.find_unused_parameters = find_unused_parameters
        self._group = collective._get_group(group)
        self._bucket_bytes = int(comm_buffer_size * 1024 * 1024)
        self._grad_need_sync = True
        self._sync_queued = False
        if self._group.nranks > 1:
            sync_params_buffers(layers, self._group)

    def forward(self, *inputs, **kwargs):
        from paddle.base import eager
        if (self.training and self._grad_need_sync and self._group.nranks > 1
                and eager.is_grad_enabled() and not self._sync_queued):
            self._sync_queued = True
            eager._post_backward_callbacks.append(self._sync_gradients)
        return self._layers(*inputs, **kwargs)

    @contextlib.contextmanager
    def no_sync(self):
        """Gradients accumulate locally inside (no all-reduce), as for gradient merging."""
        old, self._grad_need_sync = self._grad_need_sync, False
        try:
            yield
        finally:
            self._grad_need_sync = old

    def _sync_gradients(self):
        import paddle
        self._sync_queued = False
        params = [p for p in self._layers.parameters() if not p.stop_gradient]
        for p in params:
            if p.grad is None:
                if not self.find_unused_parameters:
                    raise RuntimeError(
                        f"expected every trainable parameter to get a gradient in backward() "
                        f"so that the ranks all-reduce the same gradients, but '{p.name}' got "
                        "none (pass find_unused_parameters=True to DataParallel)")
                p._grad = paddle.zeros(p.shape, dtype=p.dtype)
        # Last layers first: their gradients were ready first.
        collective.allreduce_gradients([p.grad for p in reversed(params)], self._group,
                                       self._bucket_bytes)

    # The wrapped layer's state, without a "_layers." prefix (PaddlePaddle's behaviour).
    def state_dict(self, *args, **kwargs):
        return self._layers.state_dict(*args, **kwargs)

    def set_state_dict(self, state_dict, use_structured_name=True):
        return self._layers.set_state_dict(state_dict, use_structured_name)

    set_dict = set_state_dict
    load_dict = set_state_dict
