"""paddle.distributed.fleet for collective (data-parallel) training in static mode:
fleet.init(is_collective=True), DistributedStrategy and distributed_optimizer, whose
minimize(loss) adds, after the backward ops, an averaging all-reduce of every gradient (fused
into buckets of fuse_grad_size_in_MB) and, in the startup program, a broadcast of every
parameter from rank 0, so all ranks start equal and stay equal."""
from paddle.distributed.fleet.base import (  # noqa: F401
    DistributedStrategy, barrier_worker, distributed_model, distributed_optimizer, init,
    is_first_worker, worker_endpoints, worker_index, worker_num)
