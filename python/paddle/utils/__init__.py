"""paddle.utils."""
from paddle.base import unique_name  # noqa: F401
