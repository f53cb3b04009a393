"""paddle.incubate: experimental APIs (here: autograd's primitive-op switches)."""
from paddle.incubate import autograd  # noqa: F401
