"""enable_prim / disable_prim / prim_enabled: forward and backward prim together."""
from paddle.base import core


def enable_prim():
    core._set_prim_all_enabled(True)


def disable_prim():
    core._set_prim_all_enabled(False)


def prim_enabled():
    return core._is_all_prim_enabled()
