"""paddle.nn.functional for static programs: activations, losses, pooling, normalization,
dropout, one_hot."""
from paddle.nn.functional.activation import *  # noqa: F401,F403
from paddle.nn.functional.common import *  # noqa: F401,F403
from paddle.nn.functional.loss import *  # noqa: F401,F403
