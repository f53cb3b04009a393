"""paddle.vision: datasets, ops and transforms."""
from paddle.vision import datasets  # noqa: F401
from paddle.vision import ops  # noqa: F401,E402
from paddle.vision import transforms  # noqa: F401,E402
