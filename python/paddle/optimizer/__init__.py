"""paddle.optimizer for static programs."""
from paddle.optimizer import lr  # noqa: F401
from paddle.optimizer.optimizer import Optimizer  # noqa: F401
from paddle.optimizer.sgd import SGD, Adam, AdamW, Momentum  # noqa: F401
