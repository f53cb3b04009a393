"""paddle.nn: the Layer base class and standard layers (dygraph and static), functional
ops, initializers and gradient clipping."""
from paddle.nn import functional, initializer  # noqa: F401
from paddle.nn.clip import ClipGradByGlobalNorm, ClipGradByNorm, ClipGradByValue  # noqa: F401
from paddle.nn import layer  # noqa: F401
from paddle.nn.layer import *  # noqa: F401,F403
from paddle.nn import utils  # noqa: F401,E402
