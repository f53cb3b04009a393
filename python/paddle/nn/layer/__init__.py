"""paddle.nn.layer: the Layer base class, containers and the standard layers. Each module
lists its public names in __all__; paddle.nn re-exports them."""
from paddle.nn.layer.activation import *  # noqa: F401,F403
from paddle.nn.layer.common import *  # noqa: F401,F403
from paddle.nn.layer.container import *  # noqa: F401,F403
from paddle.nn.layer.conv import *  # noqa: F401,F403
from paddle.nn.layer.extra import *  # noqa: F401,F403
from paddle.nn.layer.extra_more import *  # noqa: F401,F403
from paddle.nn.layer.layers import *  # noqa: F401,F403
from paddle.nn.layer.loss import *  # noqa: F401,F403
from paddle.nn.layer.norm import *  # noqa: F401,F403
from paddle.nn.layer.pooling import *  # noqa: F401,F403
from paddle.nn.layer.rnn import *  # noqa: F401,F403
from paddle.nn.layer.transformer import *  # noqa: F401,F403
