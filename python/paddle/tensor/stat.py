"""Order statistics: median, nanmedian, quantile and nanquantile, composed of existing ops. The
reduced axes move to the end and merge into one, x is sorted along it (a stable sort that puts
NaNs last), and the wanted positions are gathered with take_along_axis, so gradients flow back
to the elements picked (split by the interpolation weights)."""
import numbers

import numpy as np

from paddle.base import layer_helper as lh
from paddle.base.dtypes import VarType, convert_dtype
from paddle.base.dtypes import dtype_to_str as _dtype_name
from paddle.base.framework import Variable, in_dynamic_mode

__all__ = ["median", "nanmedian", "quantile", "nanquantile"]

_FLOATS = (VarType.FP16, VarType.BF16, VarType.FP32, VarType.FP64)
_INTERPOLATIONS = ("linear", "lower", "higher", "nearest", "midpoint")


def _check_x(x, fn):
    if not isinstance(x, Variable):
        raise TypeError(f"expected x of paddle.{fn} to be a Tensor, but got {type(x).__name__}")
    name = _dtype_name(x.dtype)
    if convert_dtype(x.dtype) not in _FLOATS and name not in ("int32", "int64"):
        raise TypeError(f"expected x of paddle.{fn} to be a float16, bfloat16, float32, float64, "
                        f"int32 or int64 Tensor, but got {name}")


def _reduced_axes(x, axis, keepdim, fn, allow_list):
    """The sorted non-negative axes that axis names (all of x for None); keepdim checked."""
    from paddle.tensor.manipulation import _check_axis
    if not isinstance(keepdim, bool):
        raise TypeError(f"expected keepdim of paddle.{fn} to be a bool, but got "
                        f"{type(keepdim).__name__}")
    rank = len(x.shape)
    if axis is None:
        return list(range(rank))
    if isinstance(axis, (list, tuple)) and allow_list:
        axes = [_check_axis(a, max(rank, 1), f"paddle.{fn}") for a in axis]
        if len(set(axes)) != len(axes):
            raise ValueError(f"expected axis of paddle.{fn} to name each axis once, but got "
                             f"{list(axis)}")
        return sorted(a for a in axes if a < rank)
    if isinstance(axis, (list, tuple)) or isinstance(axis, bool) or not isinstance(
            axis, (numbers.Integral, np.integer)):
        kinds = "None, an int or a list of ints" if allow_list else "None or an int"
        raise TypeError(f"expected axis of paddle.{fn} to be {kinds}, but got "
                        f"{type(axis).__name__}")
    a = _check_axis(axis, max(rank, 1), f"paddle.{fn}")
    return [a] if rank else []


def _check_not_empty(x, axes, fn):
    if any(x.shape[a] == 0 for a in axes):
        raise ValueError(f"expected x of paddle.{fn} to have elements along the reduced axes "
                         f"{axes}, but got shape {list(x.shape)}")


def _to_last_axis(x, axes):
    """x with the axes moved to the end (others keep their order) and merged into one."""
    from paddle.tensor.manipulation import flatten, reshape, transpose
    rank = len(x.shape)
    if rank == 0:
        return reshape(x, [1])
    kept = [a for a in range(rank) if a not in axes]
    if kept + axes != list(range(rank)):
        x = transpose(x, kept + axes)
    if len(axes) == 1:
        return x
    return flatten(x, len(kept), rank - 1)


def _restore_axes(out, axes, keepdim, leading):
    """out ([leading..., kept...]) with the reduced axes put back as extent 1 (keepdim)."""
    from paddle.tensor.manipulation import unsqueeze
    if keepdim and axes:
        out = unsqueeze(out, [a + leading for a in axes])
    return out


def _float64_const(values):
    from paddle.tensor.creation import _constant
    return _constant(np.asarray(values, "float64"), "float64")


def _order_statistics(x, axes, positions, interpolation, ignore_nan, dtype):
    """x's values at the fractional sorted positions (along the merged last axis of `axes`).

    positions(count) maps the float64 count of elements taking part ([..., 1]) to the float64
    positions ([..., P]). Rows holding a NaN give NaN unless ignore_nan, where NaNs are left
    out (a row of NaNs only gives NaN). Interpolated values ('linear', 'midpoint') have dtype;
    picked ones keep x's. Returns (values [..., P], their int64 indices along the merged axis
    for 'lower' positions, or None)."""
    from paddle.tensor import math as M
    from paddle.tensor.manipulation import where
    from paddle.tensor.search import take_along_axis
    flat = _to_last_axis(x, axes)
    values, order = lh.append_op("argsort", {"X": [flat]}, {"axis": -1, "descending": False},
                                 outputs=("Out", "Indices"), out_dtypes={"Indices": "int64"})
    is_float = convert_dtype(x.dtype) in _FLOATS
    ones = M._cast(lh.append_op("fill_any_like", {"X": [flat]}, {"value": 1.0, "dtype": -1},
                                stop_gradient=True), "float64")
    total = M._reduce("reduce_sum", ones, -1, True)
    if is_float:
        valid = M._cast(M.logical_not(M.isnan(flat)), "float64")
        count = M._reduce("reduce_sum", valid, -1, True)
    else:
        count = total
    pos = positions(count if ignore_nan else total)
    pos = M.maximum(pos, M._as_var(0.0, pos))  # a row of NaNs: position 0, a NaN
    if is_float and not ignore_nan:  # a row with a NaN: the first NaN, sorted after the numbers
        pos = where(M.less_than(count, total), count, pos)

    def at(p):
        return take_along_axis(values, M._cast(p, "int64"), -1)

    below = M.floor(pos)
    if interpolation == "lower":
        return at(below), take_along_axis(order, M._cast(below, "int64"), -1)
    upper = M.ceil(pos)
    if interpolation == "higher":
        return at(upper), None
    if interpolation == "nearest":  # half-way positions go to the even one, as NumPy
        half = M.equal(M.subtract(pos, below), M._as_var(0.5, pos))
        twice_half = M.scale(M.round(M.scale(pos, 0.5)), 2.0)
        return at(M._where(half, twice_half, M.round(pos))), None
    low, high = at(below), at(upper)
    if convert_dtype(x.dtype) != convert_dtype(dtype):
        low, high = M._cast(low, dtype), M._cast(high, dtype)
    if interpolation == "midpoint":
        return M.scale(M.add(low, high), 0.5), None
    weight = M._cast(M.subtract(pos, below), low.dtype)
    mixed = M.add(low, M.multiply(M.subtract(high, low), weight))
    # one element (weight 0): itself, also when it is infinite (inf - inf would be NaN)
    return M._where(M.equal(high, low), low, mixed), None


def _median(x, axis, keepdim, mode, fn, ignore_nan):
    _check_x(x, fn)
    if mode not in ("avg", "min"):
        raise ValueError(f"expected mode of paddle.{fn} to be 'avg' or 'min', but got {mode!r}")
    axes = _reduced_axes(x, axis, keepdim, fn, allow_list=ignore_nan)
    _check_not_empty(x, axes, fn)
    with_index = mode == "min" and isinstance(axis, (numbers.Integral, np.integer))
    # 'avg' gives float64 for float64 x, else float32 (as PaddlePaddle)
    dtype = VarType.FP64 if convert_dtype(x.dtype) == VarType.FP64 else VarType.FP32
    value, index = _order_statistics(x, axes, _middle, "lower" if mode == "min" else "midpoint",
                                     ignore_nan, dtype)
    from paddle.tensor.manipulation import reshape, squeeze
    rank = len(x.shape)

    def finish(t):
        t = squeeze(t, [-1])
        if axis is None:  # every axis reduced: a 0-D result, or all ones with keepdim
            return reshape(t, [1] * rank if keepdim else [])
        return _restore_axes(t, axes, keepdim, 0)

    if with_index:
        return finish(value), finish(index)
    return finish(value)


def _middle(count):
    """The middle position (count - 1) / 2 among count sorted values: 'lower' takes the lower
    middle of an even count, 'midpoint' the average of the two."""
    from paddle.tensor.math import scale
    return scale(count, 0.5, -0.5)


def median(x, axis=None, keepdim=False, mode="avg", name=None):
    """The median of x along axis (an int; None: all elements). mode 'avg' averages the two
    middle values of an even count (float64 for float64 x, else float32); 'min' takes the
    lower one in x's dtype and, with an int axis, also returns its int64 index. A row holding
    a NaN gives NaN (and, for 'min', the index of its first NaN)."""
    return _median(x, axis, keepdim, mode, "median", ignore_nan=False)


def nanmedian(x, axis=None, keepdim=False, mode="avg", name=None):
    """median with NaNs left out (axis may also be a list of ints); a row of NaNs gives NaN.
    mode 'min' with an int axis also returns the index of the value."""
    return _median(x, axis, keepdim, mode, "nanmedian", ignore_nan=True)


def _q_values(q, fn):
    """(float64 tensor [P] of the q's, whether the result gets a leading axis for them)."""
    if isinstance(q, Variable):
        if len(q.shape) > 1:
            raise ValueError(f"expected q of paddle.{fn} to be a 0-D or 1-D Tensor, but got "
                             f"shape {list(q.shape)}")
        if in_dynamic_mode():
            _check_q_range(q.numpy().reshape(-1).tolist(), fn)
        from paddle.tensor.manipulation import cast, reshape
        values = reshape(cast(q, "float64"), [-1])
        return values, len(q.shape) == 1 and q.shape[0] != 1
    single = isinstance(q, (numbers.Real, np.number)) and not isinstance(q, bool)
    if not single and not isinstance(q, (list, tuple)):
        raise TypeError(f"expected q of paddle.{fn} to be a float, a list of floats or a Tensor, "
                        f"but got {type(q).__name__}")
    values = [q] if single else list(q)
    if not values:
        raise ValueError(f"expected q of paddle.{fn} to hold at least one value, but got {q!r}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (numbers.Real, np.number)):
            raise TypeError(f"expected q of paddle.{fn} to hold floats, but got "
                            f"{type(v).__name__}")
    _check_q_range(values, fn)
    # as PaddlePaddle: a list of one q gives the same shape as that q alone
    return _float64_const(values), len(values) > 1


def _check_q_range(values, fn):
    for v in values:
        if not 0.0 <= float(v) <= 1.0:
            raise ValueError(f"expected q of paddle.{fn} to be in [0, 1], but got {v}")


def _quantile(x, q, axis, keepdim, interpolation, fn, ignore_nan):
    _check_x(x, fn)
    if interpolation not in _INTERPOLATIONS:
        raise ValueError(f"expected interpolation of paddle.{fn} to be one of "
                         f"{', '.join(_INTERPOLATIONS)}, but got {interpolation!r}")
    axes = _reduced_axes(x, axis, keepdim, fn, allow_list=True)
    _check_not_empty(x, axes, fn)
    q_values, stacked = _q_values(q, fn)
    from paddle.tensor import math as M
    from paddle.tensor.manipulation import reshape, squeeze, transpose

    def positions(count):
        return M.multiply(M.subtract(count, M._as_var(1.0, count)), q_values)

    dtype = x.dtype if convert_dtype(x.dtype) in _FLOATS else VarType.FP32
    out, _ = _order_statistics(x, axes, positions, interpolation, ignore_nan, dtype)
    if convert_dtype(out.dtype) != convert_dtype(dtype):  # lower / higher / nearest of integers
        out = M._cast(out, dtype)
    rank = len(x.shape)
    kept = rank - len(axes)
    if stacked:  # [kept..., P] -> [P, kept...]
        out = transpose(out, [kept] + list(range(kept)))
    else:
        out = squeeze(out, [-1])
    if axis is None and keepdim:
        return reshape(out, ([-1] if stacked else []) + [1] * rank)
    return _restore_axes(out, axes, keepdim, 1 if stacked else 0)


def quantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None):
    """The q-th quantiles of x along axis (an int or a list of ints; None: all elements), as
    numpy.quantile with `method=interpolation` ('linear', 'lower', 'higher', 'nearest' or
    'midpoint'). q: a float in [0, 1], a list of them or a 0-D / 1-D Tensor; several q's stack
    on a new leading axis. A row holding a NaN gives NaN. Integer x gives float32."""
    return _quantile(x, q, axis, keepdim, interpolation, "quantile", ignore_nan=False)


def nanquantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None):
    """quantile with NaNs left out; a row of NaNs gives NaN."""
    return _quantile(x, q, axis, keepdim, interpolation, "nanquantile", ignore_nan=True)
