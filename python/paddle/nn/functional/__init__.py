"""paddle.nn.functional: activations, losses, convolution, pooling, normalization, dropout,
embedding and one_hot. Every function appends ops, so it runs eagerly in dynamic mode and
builds the program in static mode."""
from paddle.nn.functional.activation import *  # noqa: F401,F403
from paddle.nn.functional.common import *  # noqa: F401,F403
from paddle.nn.functional.conv import *  # noqa: F401,F403
from paddle.nn.functional.input import *  # noqa: F401,F403
from paddle.nn.functional.loss import *  # noqa: F401,F403
from paddle.nn.functional.norm import *  # noqa: F401,F403
from paddle.nn.functional.extra import *  # noqa: F401,F403
from paddle.nn.functional.extra_more import *  # noqa: F401,F403
