"""Run by test_distributed_spawn.py: paddle.distributed.spawn of a module-level function.
`ok OUTDIR`: each process all-reduces its rank and writes the sum; `fail`: process 1 raises."""
import os
import sys

import numpy as np


def train(mode, outdir):
    import paddle
    import paddle.distributed as dist
    dist.init_parallel_env()
    rank = dist.get_rank()
    if mode == "fail" and rank == 1:
        raise ValueError("process one fails on purpose")
    x = paddle.to_tensor(np.array([rank + 1.0], dtype="float32"))
    dist.all_reduce(x)
    with open(os.path.join(outdir, f"sum_{rank}.txt"), "w") as f:
        f.write(f"{float(x.numpy()[0])} {dist.get_world_size()}")


if __name__ == "__main__":
    import paddle.distributed as dist
    mode, outdir, nprocs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    try:
        dist.spawn(train, args=(mode, outdir), nprocs=nprocs)
    except Exception as e:  # noqa: BLE001 - the test reads the message
        print(f"spawn raised: {e}")
        sys.exit(3)
    print("spawn done")
