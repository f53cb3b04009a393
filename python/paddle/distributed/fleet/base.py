"""fleet's collective mode (see the package docstring)."""
from paddle.distributed import collective
from paddle.distributed.parallel import ParallelEnv, init_parallel_env

# Strategy fields of features this runtime does not have: setting one is refused at
# minimize() rather than silently ignored.
_UNSUPPORTED = ("amp", "recompute", "sharding", "gradient_merge", "pipeline", "tensor_parallel",
                "lars", "lamb", "localsgd", "dgc", "a_sync")


class DistributedStrategy:
    def __init__(self):
        self.fuse_all_reduce_ops = True
        self.fuse_grad_size_in_MB = 32
        self.gradient_scale_configs = {"scale_strategy": "avg"}
        self.find_unused_parameters = False
        self.without_graph_optimization = True
        self.nccl_comm_num = 1
        for name in _UNSUPPORTED:
            setattr(self, name, False)
        for name in ("amp_configs", "recompute_configs", "sharding_configs",
                     "gradient_merge_configs", "pipeline_configs", "tensor_parallel_configs",
                     "hybrid_configs"):
            setattr(self, name, {})

    def __repr__(self):
        return (f"DistributedStrategy(fuse_all_reduce_ops={self.fuse_all_reduce_ops}, "
                f"fuse_grad_size_in_MB={self.fuse_grad_size_in_MB}, "
                f"gradient_scale_configs={self.gradient_scale_configs})")


class _Fleet:
    strategy = None
    initialized = False


def init(role_maker=None, is_collective=False, strategy=None, log_level="INFO"):
    if not is_collective:
        raise NotImplementedError("fleet.init(is_collective=False) (parameter-server mode) is "
                                  "not supported; use fleet.init(is_collective=True)")
    _Fleet.strategy = strategy
    _Fleet.initialized = True
    init_parallel_env()


def worker_index():
    return collective.get_rank()


def worker_num():
    return collective.get_world_size()


def is_first_worker():
    return worker_index() == 0


def worker_endpoints(to_string=False):
    endpoints = ParallelEnv().trainer_endpoints
    return ",".join(endpoints) if to_string else endpoints


def barrier_worker():
    collective.barrier()


def distributed_model(model):
    """Dygraph: the model wrapped in paddle.DataParallel (gradients averaged over the ranks
    after each backward), with the strategy's find_unused_parameters."""
    from paddle.distributed.parallel import DataParallel
    if not _Fleet.initialized:
        raise RuntimeError("expected fleet.init(is_collective=True) before "
                           "fleet.distributed_model, but it was not called")
    strategy = _Fleet.strategy or DistributedStrategy()
    return DataParallel(model, find_unused_parameters=strategy.find_unused_parameters)


def distributed_optimizer(optimizer, strategy=None):
    if not _Fleet.initialized:
        raise RuntimeError("expected fleet.init(is_collective=True) before "
                           "fleet.distributed_optimizer, but it was not called")
    strategy = strategy or _Fleet.strategy or DistributedStrategy()
    if not isinstance(strategy, DistributedStrategy):
        raise TypeError(f"expected a fleet.DistributedStrategy, but got {type(strategy).__name__}")
    from paddle.distributed.fleet.data_parallel import DistributedOptimizer
    return DistributedOptimizer(optimizer, strategy)
