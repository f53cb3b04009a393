"""The compiled core (paddle.base.libpaddle): program descs, scope, tensors, executor."""
from paddle.base.libpaddle import *  # noqa: F401,F403
from paddle.base import libpaddle as _lib

VarDesc = _lib.VarDesc
VarDesc.VarType = _lib.VarType
