"""paddle.nn for static programs: functional ops, initializers and gradient clipping."""
from paddle.nn import functional, initializer  # noqa: F401
from paddle.nn.clip import ClipGradByGlobalNorm, ClipGradByNorm, ClipGradByValue  # noqa: F401
