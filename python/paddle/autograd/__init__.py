"""paddle.autograd: backward over the eager tape, gradient switches."""
from paddle.base.eager import backward, enable_grad, grad, is_grad_enabled, no_grad, set_grad_enabled  # noqa: F401
