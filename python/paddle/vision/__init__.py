"""paddle.vision: datasets."""
from paddle.vision import datasets  # noqa: F401
from paddle.vision import ops  # noqa: F401,E402
