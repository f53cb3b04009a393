"""paddle.distributed: process groups and collectives (Gloo on CPU), data parallelism
(DataParallel in dygraph, fleet in static mode), the launcher (python -m
paddle.distributed.launch) and program passes."""
from paddle.distributed import passes  # noqa: F401
from paddle.distributed.collective import (  # noqa: F401
    Group, ReduceOp, all_gather, all_reduce, barrier, broadcast, destroy_process_group,
    get_group, get_rank, get_world_size, irecv, is_initialized, isend, new_group, recv, reduce,
    reduce_scatter, scatter, send)
from paddle.distributed.spawn import spawn  # noqa: F401
from paddle.distributed.parallel import (  # noqa: F401
    DataParallel, ParallelEnv, init_parallel_env, sync_params_buffers)
