"""paddle.framework: paddle.save / paddle.load and the mode queries PaddlePaddle exports here."""
from paddle.base.framework import in_dynamic_mode  # noqa: F401
from paddle.framework.io import load, save  # noqa: F401
from paddle.base import core  # noqa: F401,E402 - paddle.framework.core, as in PaddlePaddle
