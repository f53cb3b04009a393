"""`python -m paddle.distributed.launch`: starts one worker process per device (or
--nproc_per_node on CPU) with PaddlePaddle's PADDLE_* environment, agrees on endpoints across
nodes through a small TCP rendezvous at --master, and stops every worker when one fails."""
from paddle.distributed.launch.main import launch  # noqa: F401

__all__ = ["launch"]
