"""paddle.vision: datasets."""
from paddle.vision import datasets  # noqa: F401
