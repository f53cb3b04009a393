"""paddle.static.amp: automatic mixed precision for static programs (float16 / bfloat16 on
the GPU): decorate(optimizer), fp16_guard(), the op lists."""
import contextlib

from paddle.base.framework import name_scope
from paddle.static.amp.decorator import OptimizerWithMixedPrecision, decorate  # noqa: F401
from paddle.static.amp.fp16_lists import AutoMixedPrecisionLists, CustomOpLists  # noqa: F401
from paddle.static.amp.rewrite import FP16_GUARD_SCOPE, rewrite_program  # noqa: F401


@contextlib.contextmanager
def fp16_guard():
    """Ops appended inside are the only ones decorate(..., use_fp16_guard=True) casts."""
    with name_scope(FP16_GUARD_SCOPE):
        yield


bf16_guard = fp16_guard
