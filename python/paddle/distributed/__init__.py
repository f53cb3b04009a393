"""paddle.distributed: program passes (collectives are not part of this build yet)."""
from paddle.distributed import passes  # noqa: F401
