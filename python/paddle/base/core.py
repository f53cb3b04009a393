"""The compiled core (paddle.base.libpaddle): program descs, scope, tensors, executor."""
from paddle.base.libpaddle import *  # noqa: F401,F403
from paddle.base import libpaddle as _lib

VarDesc = _lib.VarDesc
VarDesc.VarType = _lib.VarType

# Primitive-op decomposition switches (PaddlePaddle's names; paddle.decomposition acts on
# them). Forward prim decomposes programs before they run, backward prim before their
# backward is built.
import os as _os

_prim_enabled = {"forward": False, "backward": False}


def _set_prim_forward_enabled(enable):
    _prim_enabled["forward"] = bool(enable)


def _set_prim_backward_enabled(enable):
    _prim_enabled["backward"] = bool(enable)


def _set_prim_all_enabled(enable):
    _set_prim_forward_enabled(enable)
    _set_prim_backward_enabled(enable)


def _is_fwd_prim_enabled():
    return _prim_enabled["forward"]


def _is_bwd_prim_enabled():
    return _prim_enabled["backward"]


def _is_all_prim_enabled():
    return _prim_enabled["forward"] and _prim_enabled["backward"]


def _env_flag(name):
    value = _os.environ.get(name)
    return None if value is None else value.strip().lower() in ("1", "true", "on", "yes")


def check_and_set_prim_all_enabled():
    """Reads FLAGS_prim_all (both), else FLAGS_prim_forward / FLAGS_prim_backward, from the
    environment; flags that are not set leave the state as it is."""
    all_flag = _env_flag("FLAGS_prim_all")
    if all_flag is not None:
        _set_prim_all_enabled(all_flag)
        return
    for name, setter in (("FLAGS_prim_forward", _set_prim_forward_enabled),
                         ("FLAGS_prim_backward", _set_prim_backward_enabled)):
        flag = _env_flag(name)
        if flag is not None:
            setter(flag)


check_and_set_prim_all_enabled()
