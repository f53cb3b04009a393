"""paddle.linalg: norm (from paddle.tensor.linalg), cov (from paddle.tensor.manipulation_ext)
and the dense linear algebra of paddle.tensor.linalg_ext, as PaddlePaddle's paddle.linalg
namespace has them."""
from paddle.tensor.linalg import norm  # noqa: F401
from paddle.tensor.linalg_ext import (cholesky, cond, corrcoef, det, eigh, eigvalsh,  # noqa: F401
                                      inv, matrix_power, matrix_rank, multi_dot, pinv, qr,
                                      slogdet, solve, svd, triangular_solve)
from paddle.tensor.manipulation_ext import cov  # noqa: F401
