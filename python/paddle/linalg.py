"""paddle.linalg: norm (from paddle.tensor.linalg) and cov (from paddle.tensor.manipulation_ext),
as PaddlePaddle's paddle.linalg namespace has them."""
from paddle.tensor.linalg import norm  # noqa: F401
from paddle.tensor.manipulation_ext import cov  # noqa: F401
