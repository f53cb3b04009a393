"""Tensor functions of the static graph."""
from paddle.tensor.creation import *  # noqa: F401,F403
from paddle.tensor.manipulation import *  # noqa: F401,F403
from paddle.tensor.math import *  # noqa: F401,F403
from paddle.tensor.search import *  # noqa: F401,F403
