"""paddle.optimizer: SGD, Momentum, Adam and AdamW for static programs (minimize) and dynamic
mode (step), and the learning-rate schedulers in paddle.optimizer.lr."""
from paddle.optimizer import lr  # noqa: F401
from paddle.optimizer.adadelta import Adadelta  # noqa: F401
from paddle.optimizer.adagrad import Adagrad  # noqa: F401
from paddle.optimizer.adam import Adam  # noqa: F401
from paddle.optimizer.adamax import Adamax  # noqa: F401
from paddle.optimizer.adamw import AdamW  # noqa: F401
from paddle.optimizer.lamb import Lamb  # noqa: F401
from paddle.optimizer.momentum import Momentum  # noqa: F401
from paddle.optimizer.optimizer import Optimizer  # noqa: F401
from paddle.optimizer.rmsprop import RMSProp  # noqa: F401
from paddle.optimizer.sgd import SGD  # noqa: F401
