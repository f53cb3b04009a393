"""paddle.incubate.autograd: the primitive-op decomposition switches and to_prim."""
from paddle.incubate.autograd.primapi import to_prim  # noqa: F401
from paddle.incubate.autograd.utils import disable_prim, enable_prim, prim_enabled  # noqa: F401

__all__ = ["enable_prim", "disable_prim", "prim_enabled", "to_prim"]
