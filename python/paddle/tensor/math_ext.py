"""More math APIs. One op each (activation.yaml, with its grad op): the trigonometric and
hyperbolic functions and their inverses, expm1, lgamma, digamma, erfinv and trunc. The rest are
compositions of existing ops (gradients come from the parts): frac, neg, deg2rad / rad2deg,
atan2, hypot, logaddexp, fmax / fmin, heaviside, gcd / lcm, lerp, logit, stanh, nan_to_num, the
NaN-ignoring reductions, count_nonzero, prod, isclose, the running cummax / cummin /
logcumsumexp and the order statistics kthvalue and mode."""
import math as _math
import numbers

import numpy as np

from paddle.base import framework as _framework
from paddle.base import layer_helper as lh
from paddle.base.dtypes import VarType, convert_dtype
from paddle.base.dtypes import dtype_to_str as _dtype_name
from paddle.base.framework import Variable
from paddle.tensor.math import (_FLOAT_TYPES, _INT_TYPES, _as_var, _cast, _check_binary,
                                _check_float, _check_tensor, _detached, _float_unary, _reduce,
                                _unary, _where, _zeros_like, abs, add, cumprod, cumsum, divide,
                                equal, exp, greater_equal, greater_than, isnan, less_equal,
                                less_than, log, log1p, logical_and, logical_not, logical_or,
                                maximum, minimum, multiply, not_equal, remainder, scale, sign,
                                sqrt, subtract, tanh)
from paddle.tensor.math import sum as _sum
from paddle.tensor.manipulation import _BIG, _broadcast_all, _check_axis, concat, flatten
from paddle.tensor.manipulation import reshape, squeeze, unsqueeze
from paddle.tensor.manipulation import slice as _slice
from paddle.tensor.manipulation import where as _bwhere

__all__ = ["tan", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "expm1",
           "lgamma", "digamma", "erfinv", "trunc", "frac", "neg", "deg2rad", "rad2deg", "atan2",
           "hypot", "logaddexp", "fmax", "fmin", "heaviside", "gcd", "lcm", "lerp", "logit",
           "stanh", "nan_to_num", "nansum", "nanmean", "count_nonzero", "prod", "isclose",
           "cummax", "cummin", "logcumsumexp", "kthvalue", "mode"]


# -- helpers ---------------------------------------------------------------------------------
def _float_input(x, fn):
    """x as a float tensor: integer and bool inputs compute in float32 (as PaddlePaddle's)."""
    _check_tensor(x, "x", fn)
    if convert_dtype(x.dtype) not in _FLOAT_TYPES:
        x = _cast(x, "float32")
    return x


def _float_pair(x, y, fn):
    """x and y of one float dtype, broadcast to one shape."""
    _check_tensor(x, "x", fn)
    _check_tensor(y, "y", fn)
    if convert_dtype(x.dtype) != convert_dtype(y.dtype):
        raise TypeError(f"expected x and y of paddle.{fn} to have the same dtype, but got "
                        f"{_dtype_name(x.dtype)} and {_dtype_name(y.dtype)}")
    x, y = _float_input(x, fn), _float_input(y, fn)
    return _broadcast_all([x, y], f"paddle.{fn}", ("x", "y"))


def _fill_like(x, value, dtype=None):
    """A constant tensor of x's shape (known at run time) holding value."""
    attr = -1 if dtype is None else int(convert_dtype(dtype))
    return lh.append_op("fill_any_like", {"X": [x]}, {"value": float(value), "dtype": attr},
                        dtype=dtype or x.dtype, stop_gradient=True)


def _positions(x, axis):
    """int64 0, 1, 2 ... along axis, in x's shape (also for extents known only at run time)."""
    return scale(cumsum(_fill_like(x, 1, "int64"), axis), 1.0, -1.0)


def _affine(x, a=1.0, b=0.0):
    """x * a + b, exact in x's dtype: scale's attributes hold float32 values, so constants that
    float32 cannot hold go in as float64-exact constant tensors."""
    if float(np.float32(a)) == a and float(np.float32(b)) == b:
        return scale(x, float(a), float(b))
    out = x if a == 1.0 else multiply(x, _as_var(float(a), x))
    return out if b == 0.0 else add(out, _as_var(float(b), x))


def _check_real(value, fn, arg):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"expected {arg} of paddle.{fn} to be a float, but got "
                        f"{type(value).__name__}")


# -- trigonometric, hyperbolic and special functions (one op each) -------------------------
def tan(x, name=None):
    return _float_unary("tan", x, "tan")


def asin(x, name=None):
    """NaN outside [-1, 1]."""
    return _float_unary("asin", x, "asin")


def acos(x, name=None):
    """NaN outside [-1, 1]."""
    return _float_unary("acos", x, "acos")


def atan(x, name=None):
    return _float_unary("atan", x, "atan")


def sinh(x, name=None):
    return _float_unary("sinh", x, "sinh")


def cosh(x, name=None):
    return _float_unary("cosh", x, "cosh")


def asinh(x, name=None):
    return _float_unary("asinh", x, "asinh")


def acosh(x, name=None):
    """NaN below 1."""
    return _float_unary("acosh", x, "acosh")


def atanh(x, name=None):
    """+-1 gives +-inf, |x| > 1 NaN."""
    return _float_unary("atanh", x, "atanh")


def expm1(x, name=None):
    """exp(x) - 1, accurate for small |x|."""
    return _float_unary("expm1", x, "expm1")


def lgamma(x, name=None):
    """log |Gamma(x)|; the poles (0 and the negative integers) give inf."""
    return _float_unary("lgamma", x, "lgamma")


def digamma(x, name=None):
    """d/dx log Gamma(x); the poles (0 and the negative integers) give NaN."""
    return _float_unary("digamma", x, "digamma")


def erfinv(x, name=None):
    """The inverse of erf on [-1, 1]: +-1 give +-inf, |x| > 1 NaN."""
    return _float_unary("erfinv", x, "erfinv")


def atan2(x, y, name=None):
    """The angle of the point (y, x) (x the ordinate, as numpy.arctan2(x, y)), in [-pi, pi];
    integer inputs give float64 (as PaddlePaddle's)."""
    _check_binary(x, y, "atan2")
    if convert_dtype(x.dtype) not in _FLOAT_TYPES:
        x = _cast(x, "float64")
    if convert_dtype(y.dtype) not in _FLOAT_TYPES:
        y = _cast(y, "float64")
    x, y = _float_pair(x, y, "atan2")
    # |y| >= |x|: atan(x / y), turned by +-pi for y < 0; else sign(x) pi/2 - atan(y / x). Each
    # branch divides by the larger magnitude, so values and gradients stay finite off (0, 0).
    zero, one = _zeros_like(y), _fill_like(y, 1.0)
    flat = greater_equal(abs(y), abs(x))
    y_safe = _where(logical_and(flat, not_equal(y, zero)), y, one)
    base = atan(divide(x, y_safe))
    turned = _where(greater_equal(x, zero), _affine(base, 1.0, _math.pi),
                    _affine(base, 1.0, -_math.pi))
    near_axis = _where(less_than(y, zero), turned, base)
    steep = subtract(_affine(sign(x), _math.pi / 2), atan(divide(y, _where(flat, one, x))))
    return _where(flat, near_axis, steep)


def stanh(x, scale_a=0.67, scale_b=1.7159, name=None):
    """scale_b * tanh(scale_a * x)."""
    _check_float(x, "x", "stanh")
    _check_real(scale_a, "stanh", "scale_a")
    _check_real(scale_b, "stanh", "scale_b")
    return _affine(tanh(_affine(x, float(scale_a))), float(scale_b))


# -- rounding, sign and angle units ----------------------------------------------------------
def trunc(input, name=None):  # noqa: A002 - PaddlePaddle's name
    """input rounded toward zero (integers unchanged); the gradient is zero."""
    _check_tensor(input, "input", "trunc")
    if convert_dtype(input.dtype) in _INT_TYPES:
        return scale(input, 1.0)
    _check_float(input, "input", "trunc")
    return _unary("trunc", input)


def frac(x, name=None):
    """x - trunc(x): the fractional part, with x's sign (0 for integers)."""
    _check_tensor(x, "x", "frac")
    return subtract(x, trunc(x))


def neg(x, name=None):
    _check_tensor(x, "x", "neg")
    return scale(x, -1.0)


def deg2rad(x, name=None):
    return _affine(_float_input(x, "deg2rad"), _math.pi / 180.0)


def rad2deg(x, name=None):
    return _affine(_float_input(x, "rad2deg"), 180.0 / _math.pi)


# -- binary math -----------------------------------------------------------------------------
def hypot(x, y, name=None):
    """sqrt(x^2 + y^2) element-wise (broadcast)."""
    x, y = _float_pair(x, y, "hypot")
    return sqrt(add(multiply(x, x), multiply(y, y)))


def _logaddexp(x, y):
    """max(x, y) + log1p(exp(-|x - y|)); equal infinities give themselves (no inf - inf)."""
    same = equal(x, y)
    d = _where(same, _zeros_like(x), subtract(x, y))
    return add(maximum(x, y), log1p(exp(scale(abs(d), -1.0))))


def logaddexp(x, y, name=None):
    """log(exp(x) + exp(y)) without overflow, element-wise (broadcast)."""
    x, y = _float_pair(x, y, "logaddexp")
    return _logaddexp(x, y)


def _nan_ignoring(op, x, y, fn):
    _check_binary(x, y, fn)
    x, y = _broadcast_all([x, y], f"paddle.{fn}", ("x", "y"))
    if convert_dtype(x.dtype) not in _FLOAT_TYPES:
        return op(x, y)
    return _where(isnan(x), y, _where(isnan(y), x, op(x, y)))


def fmax(x, y, name=None):
    """Element-wise maximum where a NaN loses to a number (numpy.fmax)."""
    return _nan_ignoring(maximum, x, y, "fmax")


def fmin(x, y, name=None):
    """Element-wise minimum where a NaN loses to a number (numpy.fmin)."""
    return _nan_ignoring(minimum, x, y, "fmin")


def heaviside(x, y, name=None):
    """0 where x < 0, y where x == 0, 1 where x > 0 (NaN stays NaN, as numpy.heaviside)."""
    _check_binary(x, y, "heaviside")
    x, y = _broadcast_all([x, y], "paddle.heaviside", ("x", "y"))
    zero = _zeros_like(x)
    step = _where(greater_than(x, zero), _fill_like(x, 1.0), zero)
    out = _where(equal(x, zero), y, step)
    if convert_dtype(x.dtype) in _FLOAT_TYPES:
        out = _where(isnan(x), x, out)
    return out


_EUCLID_STEPS = {VarType.INT8: 12, VarType.UINT8: 13, VarType.INT16: 24, VarType.INT32: 47,
                 VarType.INT64: 93}  # Fibonacci bound on Euclid's steps for each width


def _gcd_pair(x, y, fn):
    _check_binary(x, y, fn)
    if convert_dtype(x.dtype) not in _INT_TYPES:
        raise TypeError(f"expected x and y of paddle.{fn} to be integer Tensors, but got "
                        f"{_dtype_name(x.dtype)}")
    x, y = _broadcast_all([x, y], f"paddle.{fn}", ("x", "y"))
    a, b = abs(x), abs(y)
    zero, one = _zeros_like(a), _fill_like(a, 1.0)
    for _ in range(_EUCLID_STEPS[convert_dtype(x.dtype)]):
        if not _framework._static_mode and not np.any(b.numpy()):
            break  # eager: stop as soon as every pair is done
        more = not_equal(b, zero)
        r = remainder(a, _where(more, b, one))
        a, b = _where(more, b, a), _where(more, r, zero)
    return x, y, a


def gcd(x, y, name=None):
    """The greatest common divisor of |x| and |y| (gcd(0, 0) = 0), element-wise (broadcast)."""
    return _gcd_pair(x, y, "gcd")[2]


def lcm(x, y, name=None):
    """The least common multiple of |x| and |y| (0 when either is 0), element-wise."""
    x, y, g = _gcd_pair(x, y, "lcm")
    g = _where(equal(g, _zeros_like(g)), _fill_like(g, 1.0), g)
    return abs(multiply(divide(x, g), y))


def lerp(x, y, weight, name=None):
    """x + weight * (y - x); weight a float or a Tensor (broadcast)."""
    _check_binary(x, y, "lerp")
    _check_float(x, "x", "lerp")
    if isinstance(weight, Variable):
        if convert_dtype(weight.dtype) != convert_dtype(x.dtype):
            raise TypeError(f"expected weight of paddle.lerp to have x's dtype "
                            f"{_dtype_name(x.dtype)}, but got {_dtype_name(weight.dtype)}")
        return add(x, multiply(weight, subtract(y, x)))
    _check_real(weight, "lerp", "weight")
    return add(x, _affine(subtract(y, x), float(weight)))


def logit(x, eps=None, name=None):
    """log(x / (1 - x)), x first clipped to [eps, 1 - eps] when eps is given."""
    _check_float(x, "x", "logit")
    if eps is not None:
        _check_real(eps, "logit", "eps")
        x = minimum(maximum(x, _as_var(float(eps), x)), _as_var(1.0 - float(eps), x))
    return log(divide(x, scale(x, -1.0, 1.0)))


def nan_to_num(x, nan=0.0, posinf=None, neginf=None, name=None):
    """x with NaN, +inf and -inf replaced (the infinities by default by the largest and the
    smallest finite value of x's dtype)."""
    _check_tensor(x, "x", "nan_to_num")
    for arg, value in (("nan", nan), ("posinf", posinf), ("neginf", neginf)):
        if value is not None:
            _check_real(value, "nan_to_num", arg)
    if convert_dtype(x.dtype) not in _FLOAT_TYPES:
        return scale(x, 1.0)
    name_ = _dtype_name(x.dtype)
    big = float(np.finfo(np.float32 if name_ == "bfloat16" else name_).max)
    if name_ == "bfloat16":
        big = 3.3895313892515355e38
    posinf = big if posinf is None else float(posinf)
    neginf = -big if neginf is None else float(neginf)
    inf = _as_var(float("inf"), x)
    out = _bwhere(isnan(x), float(nan), x)
    out = _bwhere(equal(x, inf), posinf, out)
    return _bwhere(equal(x, scale(inf, -1.0)), neginf, out)


# -- reductions ------------------------------------------------------------------------------
def _axis_arg(axis, fn):
    if axis is not None and not isinstance(axis, (int, list, tuple)) or isinstance(axis, bool):
        raise TypeError(f"expected axis of paddle.{fn} to be None, an int, a list or a tuple, "
                        f"but got {type(axis).__name__}")


def nansum(x, axis=None, dtype=None, keepdim=False, name=None):
    """The sum over axis with NaNs taken as zero."""
    _check_tensor(x, "x", "nansum")
    _axis_arg(axis, "nansum")
    if convert_dtype(x.dtype) in _FLOAT_TYPES:
        x = _where(isnan(x), _zeros_like(x), x)
    return _sum(x, axis, dtype, keepdim)


def nanmean(x, axis=None, keepdim=False, name=None):
    """The mean over axis of the non-NaN elements (NaN where there are none)."""
    _check_float(x, "x", "nanmean")
    _axis_arg(axis, "nanmean")
    kept = logical_not(isnan(x))
    total = _sum(_where(kept, x, _zeros_like(x)), axis, None, keepdim)
    return divide(total, _sum(_cast(kept, x.dtype), axis, None, keepdim))


def count_nonzero(x, axis=None, keepdim=False, name=None):
    """The int64 number of nonzero elements over axis."""
    _check_tensor(x, "x", "count_nonzero")
    _axis_arg(axis, "count_nonzero")
    if convert_dtype(x.dtype) == VarType.BOOL:
        x = _cast(x, "int32")
    nonzero = _cast(not_equal(x, _zeros_like(x)), "int64")
    return _reduce("reduce_sum", nonzero, axis, keepdim)


def prod(x, axis=None, keepdim=False, dtype=None, name=None):
    """The product over axis (all elements when None): the last running product (cumprod)
    along each reduced axis in turn."""
    _check_tensor(x, "x", "prod")
    _axis_arg(axis, "prod")
    if dtype is not None and convert_dtype(dtype) != convert_dtype(x.dtype):
        x = _cast(x, dtype)
    rank = len(x.shape)
    if rank == 0:
        return scale(x, 1.0)
    if axis is None or axis == []:
        axes = list(range(rank))
    else:
        axes = [axis] if isinstance(axis, int) else list(axis)
        axes = sorted({_check_axis(a, rank, "paddle.prod") for a in axes})
    out = x
    for a in axes:
        out = _slice(cumprod(out, a), [a], [-1], [_BIG])
    return out if keepdim else squeeze(out, axes)


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Element-wise closeness of x and y (bool, broadcast), as paddle.allclose judges it."""
    from paddle.tensor.math import _close
    _check_binary(x, y, "isclose")
    x, y = _broadcast_all([x, y], "paddle.isclose", ("x", "y"))
    return _close(x, y, rtol, atol, equal_nan, "isclose")


# -- running scans along an axis (log2(n) steps of shifted combines) -------------------------
def _scan_axis(x, axis, fn):
    _check_tensor(x, "x", fn)
    if axis is None:
        x, axis = flatten(x), 0
    rank = len(x.shape)
    if rank == 0:
        x, axis = reshape(x, [1]), 0
        rank = 1
    ax = _check_axis(axis, rank, f"paddle.{fn}")
    n = int(x.shape[ax])
    if n < 0:
        raise ValueError(f"expected the extent of x along axis {ax} of paddle.{fn} to be known "
                         f"when the program is built, but got shape {list(x.shape)}")
    return x, ax, n


def _scan(parts, ax, n, combine):
    """Inclusive scan (Hillis-Steele): parts (tensors of one shape) with position j combined
    with position j - s for s = 1, 2, 4 ...; combine(earlier, later) -> combined parts."""
    s = 1
    while s < n:
        earlier = [_slice(p, [ax], [0], [n - s]) for p in parts]
        later = [_slice(p, [ax], [s], [n]) for p in parts]
        merged = combine(earlier, later)
        parts = [concat([_slice(p, [ax], [0], [s]), m], ax) for p, m in zip(parts, merged)]
        s *= 2
    return parts


def _cum_extreme(x, axis, dtype, fn, later_wins):
    x, ax, n = _scan_axis(x, axis, fn)
    if dtype not in ("int32", "int64") and convert_dtype(dtype) not in (VarType.INT32,
                                                                        VarType.INT64):
        raise ValueError(f"expected dtype of paddle.{fn} to be int32 or int64, but got {dtype}")
    with_nan = convert_dtype(x.dtype) in _FLOAT_TYPES

    def combine(earlier, later):
        (ev, ei), (lv, li) = earlier, later
        take = later_wins(lv, ev)  # ties: the later position, as PaddlePaddle's
        if with_nan:  # a NaN wins over numbers, the later NaN over an earlier one
            take = logical_or(isnan(lv), logical_and(logical_not(isnan(ev)), take))
        return [_where(take, lv, ev), _where(take, li, ei)]

    _, index = _scan([_detached(x), _positions(x, ax)], ax, n, combine)
    from paddle.tensor.search import take_along_axis
    values = take_along_axis(x, index, ax)
    if convert_dtype(dtype) != VarType.INT64:
        index = _cast(index, dtype)
    return values, index


def cummax(x, axis=None, dtype="int64", name=None):
    """The running maximum along axis (x flattened when None) and its positions (dtype); of
    equal values the last position counts, and a NaN stays once it appears."""
    return _cum_extreme(x, axis, dtype, "cummax", greater_equal)


def cummin(x, axis=None, dtype="int64", name=None):
    """The running minimum along axis (x flattened when None) and its positions (dtype)."""
    return _cum_extreme(x, axis, dtype, "cummin", less_equal)


def logcumsumexp(x, axis=None, dtype=None, name=None):
    """log(cumsum(exp(x))) along axis (x flattened when None), without overflow."""
    _check_tensor(x, "x", "logcumsumexp")
    if dtype is not None and convert_dtype(dtype) != convert_dtype(x.dtype):
        x = _cast(x, dtype)
    _check_float(x, "x", "logcumsumexp")
    x, ax, n = _scan_axis(x, axis, "logcumsumexp")
    (out,) = _scan([x], ax, n, lambda e, l: [_logaddexp(e[0], l[0])])
    return out


# -- order statistics ------------------------------------------------------------------------
def _order_axis(x, axis, fn):
    _check_tensor(x, "x", fn)
    rank = len(x.shape)
    if rank == 0:
        raise ValueError(f"expected x of paddle.{fn} to have at least 1 dimension, but got a "
                         "0-D Tensor")
    return _check_axis(axis, rank, f"paddle.{fn}")


def kthvalue(x, k, axis=None, keepdim=False, name=None):
    """The k-th smallest value along axis (the last when None) and its int64 position."""
    from paddle.tensor.search import argsort, take_along_axis
    ax = _order_axis(x, -1 if axis is None else axis, "kthvalue")
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"expected k of paddle.kthvalue to be an int, but got {type(k).__name__}")
    n = int(x.shape[ax])
    if k < 1 or (n >= 0 and k > n):
        raise ValueError(f"expected k of paddle.kthvalue in [1, {n if n >= 0 else 'n'}] (the "
                         f"extent of axis {ax}), but got {k}")
    order = argsort(_detached(x), ax)  # stable: of equal values the first position
    index = _slice(order, [ax], [int(k) - 1], [int(k)])
    values = take_along_axis(x, index, ax)
    if not keepdim:
        values, index = squeeze(values, [ax]), squeeze(index, [ax])
    return values, index


def mode(x, axis=-1, keepdim=False, name=None):
    """The most frequent value along axis and its int64 position: of equally frequent values
    the smallest, at its last position (as PaddlePaddle's)."""
    from paddle.tensor.search import take_along_axis
    ax = _order_axis(x, axis, "mode")
    xs = _detached(x)
    pairs = equal(unsqueeze(xs, ax + 1), unsqueeze(xs, ax))  # [..., n, n, ...]
    counts = _reduce("reduce_sum", _cast(pairs, "int64"), ax + 1, False)
    best = equal(counts, _reduce("reduce_max", counts, ax, True))
    largest = _reduce("reduce_max", xs, ax, True)
    value = _reduce("reduce_min", _bwhere(best, xs, largest), ax, True)
    positions = _positions(x, ax)
    index = _reduce("reduce_max", _where(equal(xs, value), positions,
                                         _fill_like(positions, -1.0)), ax, True)
    values = take_along_axis(x, index, ax)
    if not keepdim:
        values, index = squeeze(values, [ax]), squeeze(index, [ax])
    return values, index
