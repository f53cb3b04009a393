"""Math on static Variables: elementwise binary ops (broadcasting), unary math, reductions,
matmul, comparisons, and the Variable operators (+ - * / @ ** < ... unary -)."""
import numbers

from paddle.base import framework as _framework
from paddle.base import layer_helper as lh
from paddle.base.dtypes import convert_dtype, VarType
from paddle.base.framework import Variable
from paddle.tensor.creation import fill_constant


def _as_var(value, like):
    if isinstance(value, Variable):
        return value
    return fill_constant([], like.dtype, value)


# Two eager Tensors of exactly this type go straight to its C operators (the same op and
# attributes, run without append_op): filled by paddle.base.eager when it installs them.
_eager_tensor_type = None
_eager_operators = {}  # op type -> Tensor's C method


def _binary(op_type, x, y, axis=-1):
    if (type(x) is _eager_tensor_type and type(y) is _eager_tensor_type and axis == -1
            and not _framework._static_mode and op_type in _eager_operators):
        return _eager_operators[op_type](x, y)
    if not isinstance(x, Variable):
        x = _as_var(x, y)
    if not isinstance(y, Variable):
        y = _as_var(y, x)
    return lh.append_op(op_type, {"X": [x], "Y": [y]}, {"axis": axis})


def add(x, y, name=None):
    return _binary("elementwise_add", x, y)


def subtract(x, y, name=None):
    return _binary("elementwise_sub", x, y)


def multiply(x, y, name=None):
    return _binary("elementwise_mul", x, y)


def divide(x, y, name=None):
    return _binary("elementwise_div", x, y)


def maximum(x, y, name=None):
    return _binary("elementwise_max", x, y)


def minimum(x, y, name=None):
    return _binary("elementwise_min", x, y)


def elementwise_pow(x, y, name=None):
    return _binary("elementwise_pow", x, y)


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """x * scale + bias (bias_after_scale) or (x + bias) * scale; scale may be a one-element
    Tensor (-> ScaleTensor, read at run time; it takes no gradient, as in PaddlePaddle)."""
    from paddle.tensor.creation import _scalar_arg
    inputs = {"X": [x]}
    scale_tensor = _scalar_arg(scale, "scale", "scale", integer=False)
    if scale_tensor is not None:
        inputs["ScaleTensor"] = [scale_tensor]
        scale = 1.0
    out = lh.append_op("scale", inputs, {"scale": float(scale), "bias": float(bias),
                                         "bias_after_scale": bias_after_scale})
    if act:
        from paddle.nn import functional as F
        out = getattr(F, act)(out)
    return out


def _unary(op_type, x, attrs=None):
    return lh.append_op(op_type, {"X": [x]}, attrs or {})


def exp(x, name=None):
    return _unary("exp", x)


def log(x, name=None):
    return _unary("log", x)


def sqrt(x, name=None):
    return _unary("sqrt", x)


def abs(x, name=None):  # noqa: A001 - PaddlePaddle's name
    return _unary("abs", x)


def square(x, name=None):
    return _unary("square", x)


def tanh(x, name=None):
    return _unary("tanh", x)


def pow(x, y, name=None):  # noqa: A001
    if isinstance(y, Variable):
        return elementwise_pow(x, y)
    return _unary("pow", x, {"factor": float(y)})


def clip(x, min=None, max=None, name=None):  # noqa: A002
    """x limited to [min, max]; either bound may be a one-element Tensor (-> Min / Max, read at
    run time)."""
    from paddle.tensor.creation import _scalar_arg
    inputs, attrs = {"X": [x]}, {}
    for slot, attr, value, default in (("Min", "min", min, -3.4e38), ("Max", "max", max, 3.4e38)):
        tensor = _scalar_arg(value, "clip", attr, integer=False)
        if tensor is not None:
            inputs[slot] = [tensor]
        attrs[attr] = default if value is None or tensor is not None else float(value)
    return lh.append_op("clip", inputs, attrs)


def _reduce(op_type, x, axis, keepdim, dtype=None):
    if axis is None or axis == []:
        attrs = {"dim": [0], "keep_dim": keepdim, "reduce_all": True}
    else:
        axes = [axis] if isinstance(axis, int) else list(axis)
        attrs = {"dim": axes, "keep_dim": keepdim, "reduce_all": False}
    return lh.append_op(op_type, {"X": [x]}, attrs, dtype=dtype)  # None: X's dtype


def sum(x, axis=None, dtype=None, keepdim=False, name=None):  # noqa: A001
    if dtype is not None and convert_dtype(dtype) != convert_dtype(x.dtype):
        from paddle.tensor.manipulation import cast
        x = cast(x, dtype)
    return _reduce("reduce_sum", x, axis, keepdim)


def mean(x, axis=None, keepdim=False, name=None):
    if axis is None and not keepdim:
        return lh.append_op("mean", {"X": [x]})
    return _reduce("reduce_mean", x, axis, keepdim)


def max(x, axis=None, keepdim=False, name=None):  # noqa: A001
    return _reduce("reduce_max", x, axis, keepdim)


def min(x, axis=None, keepdim=False, name=None):  # noqa: A001
    return _reduce("reduce_min", x, axis, keepdim)


def add_n(inputs, name=None):
    inputs = inputs if isinstance(inputs, (list, tuple)) else [inputs]
    return lh.append_op("sum", {"X": list(inputs)}, dtype=inputs[0].dtype)


def matmul(x, y, transpose_x=False, transpose_y=False, name=None):
    if (type(x) is _eager_tensor_type and type(y) is _eager_tensor_type
            and not (transpose_x or transpose_y or _framework._static_mode)):
        return _eager_operators["matmul_v2"](x, y)
    return lh.append_op("matmul_v2", {"X": [x], "Y": [y]},
                        {"trans_x": transpose_x, "trans_y": transpose_y})


def _compare(op_type, x, y):
    if not isinstance(x, Variable):
        x = _as_var(x, y)
    if not isinstance(y, Variable):
        y = _as_var(y, x)
    return lh.append_op(op_type, {"X": [x], "Y": [y]}, {"axis": -1}, dtype="bool",
                        stop_gradient=True)


def equal(x, y, name=None):
    return _compare("equal", x, y)


def not_equal(x, y, name=None):
    return _compare("not_equal", x, y)


def less_than(x, y, name=None):
    return _compare("less_than", x, y)


def less_equal(x, y, name=None):
    return _compare("less_equal", x, y)


def greater_than(x, y, name=None):
    return _compare("greater_than", x, y)


def greater_equal(x, y, name=None):
    return _compare("greater_equal", x, y)


def logical_not(x, out=None, name=None):
    return lh.append_op("logical_not", {"X": [x]}, dtype="bool", stop_gradient=True)


# -- Variable operators ----------------------------------------------------------------------
def _scalar_op(x, y, op):
    """x <op> python-number via one scale op where possible."""
    if op == "add":
        return scale(x, 1.0, float(y))
    if op == "sub":
        return scale(x, 1.0, -float(y))
    if op == "rsub":
        return scale(x, -1.0, float(y))
    if op == "mul":
        return scale(x, float(y), 0.0)
    if op == "div":
        return scale(x, 1.0 / float(y), 0.0)
    raise ValueError(op)


def _is_scalar(v):
    return isinstance(v, numbers.Number) and not isinstance(v, bool)


def _install_operators():
    def binop(name, op_type, scalar_kind=None, reverse=False, reverse_scalar=None):
        def method(self, other):
            if isinstance(other, Variable):  # tensor op tensor: straight to the op
                return _binary(op_type, other, self) if reverse else _binary(op_type, self, other)
            if _is_scalar(other) and convert_dtype(self.dtype) in (VarType.FP32, VarType.FP64, VarType.FP16):
                kind = reverse_scalar if reverse else scalar_kind
                if kind is not None:
                    return _scalar_op(self, other, kind)
            if reverse:
                return _binary(op_type, other if isinstance(other, Variable) else _as_var(other, self), self)
            return _binary(op_type, self, other)
        setattr(Variable, name, method)

    binop("__add__", "elementwise_add", "add")
    binop("__radd__", "elementwise_add", reverse=True, reverse_scalar="add")
    binop("__sub__", "elementwise_sub", "sub")
    binop("__rsub__", "elementwise_sub", reverse=True, reverse_scalar="rsub")
    binop("__mul__", "elementwise_mul", "mul")
    binop("__rmul__", "elementwise_mul", reverse=True, reverse_scalar="mul")
    binop("__truediv__", "elementwise_div", "div")
    binop("__rtruediv__", "elementwise_div", reverse=True)
    Variable.__div__ = Variable.__truediv__
    Variable.__matmul__ = lambda self, other: matmul(self, other)
    Variable.__pow__ = lambda self, other: pow(self, other)
    Variable.__rpow__ = lambda self, other: elementwise_pow(_as_var(other, self), self)
    Variable.__neg__ = lambda self: scale(self, -1.0, 0.0)
    Variable.__abs__ = lambda self: abs(self)
    Variable.__eq__ = lambda self, other: equal(self, other)
    Variable.__ne__ = lambda self, other: not_equal(self, other)
    Variable.__lt__ = lambda self, other: less_than(self, other)
    Variable.__le__ = lambda self, other: less_equal(self, other)
    Variable.__gt__ = lambda self, other: greater_than(self, other)
    Variable.__ge__ = lambda self, other: greater_equal(self, other)
    Variable.__hash__ = lambda self: id(self)


_install_operators()


def cumsum(x, axis=None, dtype=None, name=None):
    """Running sums along axis; over all elements of x flattened when axis is None."""
    if dtype is not None and convert_dtype(dtype) != convert_dtype(x.dtype):
        from paddle.tensor.manipulation import cast
        x = cast(x, dtype)
    attrs = {"axis": -1 if axis is None else int(axis), "flatten": axis is None,
             "exclusive": False, "reverse": False}
    return lh.append_op("cumsum", {"X": [x]}, attrs)


def cumprod(x, dim=None, dtype=None, name=None):
    """Running products along dim; over all elements of x flattened when dim is None."""
    if dtype is not None and convert_dtype(dtype) != convert_dtype(x.dtype):
        from paddle.tensor.manipulation import cast
        x = cast(x, dtype)
    if dim is None:
        from paddle.tensor.manipulation import flatten
        x, dim = flatten(x), -1
    return lh.append_op("cumprod", {"X": [x]}, {"dim": int(dim)})


def bmm(x, y, name=None):
    """Batched matrix product: [B, M, K] x [B, K, N] -> [B, M, N]."""
    return lh.append_op("bmm", {"X": [x], "Y": [y]})


def scatter_nd_add(x, index, updates, name=None):
    """x with each slice of updates added at the slice of x that its index tuple names: index
    [..., k] (int32 / int64), updates index.shape[:-1] + x.shape[k:]; repeats accumulate."""
    for arg, value in (("x", x), ("index", index), ("updates", updates)):
        if not isinstance(value, Variable):
            raise TypeError(f"expected {arg} of paddle.scatter_nd_add to be a Tensor, but got "
                            f"{type(value).__name__}")
    return lh.append_op("scatter_nd_add", {"X": [x], "Index": [index], "Updates": [updates]},
                        dtype=x.dtype)


def scatter_nd(index, updates, shape, name=None):
    """A zero tensor of `shape` (updates' dtype) with updates scatter-added at index, as
    PaddlePaddle composes it: scatter_nd_add(zeros(shape), index, updates)."""
    from paddle.tensor.creation import zeros
    if not isinstance(updates, Variable):
        raise TypeError(f"expected updates of paddle.scatter_nd to be a Tensor, but got "
                        f"{type(updates).__name__}")
    return scatter_nd_add(zeros(shape, updates.dtype), index, updates, name)


# -- more unary math, predicates, logical ops, reductions and binary math --------------------
# Each is a composition of existing ops (no op of its own), so gradients come from the parts.
_FLOAT_TYPES = (VarType.FP16, VarType.BF16, VarType.FP32, VarType.FP64)
_INT_TYPES = (VarType.INT8, VarType.UINT8, VarType.INT16, VarType.INT32, VarType.INT64)


def _check_tensor(x, arg, fn):
    if not isinstance(x, Variable):
        raise TypeError(f"expected {arg} of paddle.{fn} to be a Tensor, but got "
                        f"{type(x).__name__}")


def _check_float(x, arg, fn):
    _check_tensor(x, arg, fn)
    if convert_dtype(x.dtype) not in _FLOAT_TYPES:
        from paddle.base.dtypes import dtype_to_str
        raise TypeError(f"expected {arg} of paddle.{fn} to be a float16, bfloat16, float32 or "
                        f"float64 Tensor, but got {dtype_to_str(x.dtype)}")


def _cast(x, dtype):
    from paddle.tensor.manipulation import cast
    return cast(x, dtype)


def _detached(x):
    """x's value as a constant: gradients do not flow back through it."""
    return lh.append_op("scale", {"X": [x]}, {"scale": 1.0, "bias": 0.0, "bias_after_scale": True},
                        stop_gradient=True)


def _float_unary(op_type, x, fn):
    """A float op on x; integer and bool inputs compute in float32 (as PaddlePaddle's)."""
    _check_tensor(x, "x", fn)
    if convert_dtype(x.dtype) not in _FLOAT_TYPES:
        x = _cast(x, "float32")
    return _unary(op_type, x)


def sin(x, name=None):
    return _float_unary("sin", x, "sin")


def cos(x, name=None):
    return _float_unary("cos", x, "cos")


def erf(x, name=None):
    return _float_unary("erf", x, "erf")


def rsqrt(x, name=None):
    return _float_unary("rsqrt", x, "rsqrt")


def log1p(x, name=None):
    return _float_unary("log1p", x, "log1p")


def sigmoid(x, name=None):
    return _float_unary("sigmoid", x, "sigmoid")


def reciprocal(x, name=None):
    return _float_unary("reciprocal", x, "reciprocal")


def floor(x, name=None):
    _check_tensor(x, "x", "floor")
    if convert_dtype(x.dtype) in _INT_TYPES:
        return scale(x, 1.0, 0.0)  # already whole numbers
    return _unary("floor", x)


def ceil(x, name=None):
    _check_tensor(x, "x", "ceil")
    if convert_dtype(x.dtype) in _INT_TYPES:
        return scale(x, 1.0, 0.0)
    return _unary("ceil", x)


def round(x, decimals=0, name=None):  # noqa: A001 - PaddlePaddle's name
    """Rounds half away from zero; decimals != 0 rounds x * 10**decimals."""
    _check_tensor(x, "x", "round")
    if convert_dtype(x.dtype) in _INT_TYPES:
        return scale(x, 1.0, 0.0)
    if decimals == 0:
        return _unary("round", x)
    factor = 10.0 ** int(decimals)
    return divide(_unary("round", scale(x, factor, 0.0)), _as_var(factor, x))


def _log_base(x, base, fn):
    """log(x) / log(base); float32 and float16 compute in float64 so that exact powers of the
    base give exact results."""
    _check_tensor(x, "x", fn)
    dtype = convert_dtype(x.dtype)
    if dtype not in _FLOAT_TYPES:
        dtype = VarType.FP32
    wide = _cast(x, "float64") if dtype != VarType.FP64 else x
    # log(base) by the same kernel (an attribute would hold it only to float32 precision)
    out = divide(_unary("log", wide), _unary("log", _as_var(base, wide)))
    return _cast(out, dtype) if dtype != VarType.FP64 else out


def log2(x, name=None):
    return _log_base(x, 2.0, "log2")


def log10(x, name=None):
    return _log_base(x, 10.0, "log10")


def sign(x, name=None):
    _check_tensor(x, "x", "sign")
    if convert_dtype(x.dtype) in _FLOAT_TYPES:
        return _unary("sign", x)
    # integers: (x > 0) - (x < 0)
    zero = _as_var(0, x)
    return subtract(_cast(greater_than(x, zero), x.dtype), _cast(less_than(x, zero), x.dtype))


# -- predicates ------------------------------------------------------------------------------
def _all_false_like(x):
    return lh.append_op("fill_any_like", {"X": [x]}, {"value": 0.0, "dtype": int(VarType.BOOL)},
                        dtype="bool", stop_gradient=True)


def isnan(x, name=None):
    _check_tensor(x, "x", "isnan")
    if convert_dtype(x.dtype) not in _FLOAT_TYPES:
        return _all_false_like(x)
    return not_equal(x, x)  # NaN is the one value unequal to itself


def isinf(x, name=None):
    _check_tensor(x, "x", "isinf")
    if convert_dtype(x.dtype) not in _FLOAT_TYPES:
        return _all_false_like(x)
    return equal(abs(x), _as_var(float("inf"), x))


def isfinite(x, name=None):
    _check_tensor(x, "x", "isfinite")
    if convert_dtype(x.dtype) not in _FLOAT_TYPES:
        return lh.append_op("fill_any_like", {"X": [x]}, {"value": 1.0, "dtype": int(VarType.BOOL)},
                            dtype="bool", stop_gradient=True)
    return less_than(abs(x), _as_var(float("inf"), x))  # false for +-inf and NaN


def _logical(op_type, x, y, fn):
    _check_tensor(x, "x", fn)
    _check_tensor(y, "y", fn)
    return lh.append_op(op_type, {"X": [x], "Y": [y]}, dtype="bool", stop_gradient=True)


def logical_and(x, y, out=None, name=None):
    return _logical("logical_and", x, y, "logical_and")


def logical_or(x, y, out=None, name=None):
    return _logical("logical_or", x, y, "logical_or")


def logical_xor(x, y, out=None, name=None):
    return _logical("logical_xor", x, y, "logical_xor")


# -- reductions ------------------------------------------------------------------------------
def _bool_reduce(op_type, x, axis, keepdim, fn):
    _check_tensor(x, "x", fn)
    if axis is not None and not isinstance(axis, (int, list, tuple)):
        raise TypeError(f"expected axis of paddle.{fn} to be None, an int, a list or a tuple, "
                        f"but got {type(axis).__name__}")
    as_int = _cast(x if convert_dtype(x.dtype) == VarType.BOOL else _cast(x, "bool"), "int32")
    return _cast(_reduce(op_type, as_int, axis, keepdim), "bool")


def any(x, axis=None, keepdim=False, name=None):  # noqa: A001 - PaddlePaddle's name
    return _bool_reduce("reduce_max", x, axis, keepdim, "any")


def all(x, axis=None, keepdim=False, name=None):  # noqa: A001 - PaddlePaddle's name
    return _bool_reduce("reduce_min", x, axis, keepdim, "all")


def _where(condition, x, y):
    return lh.append_op("where", {"Condition": [condition], "X": [x], "Y": [y]})


def _zeros_like(x):
    return lh.append_op("fill_any_like", {"X": [x]}, {"value": 0.0, "dtype": -1},
                        stop_gradient=True)


def _extremum(op_type, x, axis, keepdim, fn):
    """amax / amin: the value of max / min; the gradient is split evenly between equal
    extreme elements (max / min give each of them the whole gradient)."""
    _check_tensor(x, "x", fn)
    if convert_dtype(x.dtype) not in _FLOAT_TYPES:
        return _reduce(op_type, x, axis, keepdim)
    xs = _detached(x)
    value = _reduce(op_type, xs, axis, keepdim)
    kept = _reduce(op_type, xs, axis, True)
    mask = equal(xs, kept)
    weight = _cast(mask, x.dtype)
    count = maximum(_reduce("reduce_sum", weight, axis, True), _as_var(1.0, weight))
    weight = divide(weight, count)
    # x - kept is exactly 0 where mask holds; an infinite extreme is taken as 0 so that
    # inf - inf never makes a NaN (the sum is then that infinity, and value + it = value).
    kept = _where(isfinite(kept), kept, _zeros_like(kept))
    delta = _where(mask, multiply(subtract(x, kept), weight), _zeros_like(x))
    return add(value, _reduce("reduce_sum", delta, axis, keepdim))


def amax(x, axis=None, keepdim=False, name=None):
    return _extremum("reduce_max", x, axis, keepdim, "amax")


def amin(x, axis=None, keepdim=False, name=None):
    return _extremum("reduce_min", x, axis, keepdim, "amin")


def var(x, axis=None, unbiased=True, keepdim=False, name=None):
    """Variance over axis (all of x when None), divided by N - 1 when unbiased (N when not);
    as PaddlePaddle's, the divisor is at least 1."""
    _check_float(x, "x", "var")
    centered = subtract(x, _reduce("reduce_mean", x, axis, True))
    total = _reduce("reduce_sum", multiply(centered, centered), axis, keepdim)
    ones = lh.append_op("fill_any_like", {"X": [x]}, {"value": 1.0, "dtype": -1},
                        stop_gradient=True)
    count = _reduce("reduce_sum", ones, axis, keepdim)
    if unbiased:
        count = maximum(scale(count, 1.0, -1.0), _as_var(1.0, count))
    return divide(total, count)


def std(x, axis=None, unbiased=True, keepdim=False, name=None):
    _check_float(x, "x", "std")
    return sqrt(var(x, axis, unbiased, keepdim))


def logsumexp(x, axis=None, keepdim=False, name=None):
    """log(sum(exp(x))) over axis, shifted by the maximum so that large inputs do not
    overflow."""
    _check_float(x, "x", "logsumexp")
    xs = _detached(x)

    def finite_max(keep):
        m = _reduce("reduce_max", xs, axis, keep)
        return _where(isfinite(m), m, _zeros_like(m))

    shifted = exp(subtract(x, finite_max(True)))
    return add(log(_reduce("reduce_sum", shifted, axis, keepdim)), finite_max(keepdim))


# -- integer-exact floor division and remainder ----------------------------------------------
def _check_binary(x, y, fn):
    _check_tensor(x, "x", fn)
    _check_tensor(y, "y", fn)
    if convert_dtype(x.dtype) != convert_dtype(y.dtype):
        from paddle.base.dtypes import dtype_to_str
        raise TypeError(f"expected x and y of paddle.{fn} to have the same dtype, but got "
                        f"{dtype_to_str(x.dtype)} and {dtype_to_str(y.dtype)}")


def _int_divmod(x, y):
    """Floor quotient and remainder (sign of y) of integers, exactly: the op's truncated
    quotient, one less where the truncated remainder is nonzero with a sign unlike y's."""
    q = divide(x, y)
    r = subtract(x, multiply(q, y))
    zero = _as_var(0, r)
    signs_differ = not_equal(less_than(r, zero), less_than(y, _as_var(0, y)))
    fix = logical_and(not_equal(r, zero), signs_differ)
    fix = _cast(fix, x.dtype)
    return subtract(q, fix), add(r, multiply(fix, y))


def _float_floor_div(x, y):
    """floor(x / y); float16 / bfloat16 / float32 divide in float64 first."""
    dtype = convert_dtype(x.dtype)
    if dtype == VarType.FP64:
        return _unary("floor", divide(x, y)), x, y
    x64, y64 = _cast(x, "float64"), _cast(y, "float64")
    return _unary("floor", divide(x64, y64)), x64, y64


def floor_divide(x, y, name=None):
    """x // y element-wise, rounded toward -inf (also for integers, as Python's //)."""
    _check_binary(x, y, "floor_divide")
    dtype = convert_dtype(x.dtype)
    if dtype in _INT_TYPES:
        return _int_divmod(x, y)[0]
    if dtype not in _FLOAT_TYPES:
        raise TypeError(f"expected x of paddle.floor_divide to be an integer or float Tensor, "
                        f"but got {x.dtype}")
    q, _, _ = _float_floor_div(x, y)
    return q if dtype == VarType.FP64 else _cast(q, dtype)


def remainder(x, y, name=None):
    """x % y element-wise with the sign of y (Python's and numpy.mod's convention). Integers
    are exact; floats compute x - floor(x / y) * y (in float64 for narrower floats), which can
    differ from an exact fmod by rounding for huge quotients."""
    _check_binary(x, y, "remainder")
    dtype = convert_dtype(x.dtype)
    if dtype in _INT_TYPES:
        return _int_divmod(x, y)[1]
    if dtype not in _FLOAT_TYPES:
        raise TypeError(f"expected x of paddle.remainder to be an integer or float Tensor, "
                        f"but got {x.dtype}")
    q, xw, yw = _float_floor_div(x, y)
    r = subtract(xw, multiply(q, yw))
    return r if dtype == VarType.FP64 else _cast(r, dtype)


mod = remainder
floor_mod = remainder


# -- products, comparisons of whole tensors, distance ----------------------------------------
def dot(x, y, name=None):
    """Inner product of 1-D x and y (a 0-D result), or row by row of 2-D x and y ([N])."""
    _check_binary(x, y, "dot")
    if len(x.shape) not in (1, 2) or len(y.shape) != len(x.shape):
        raise ValueError(f"expected x and y of paddle.dot to be both 1-D or both 2-D, but got "
                         f"shapes {list(x.shape)} and {list(y.shape)}")
    return _reduce("reduce_sum", multiply(x, y), -1, False)


def outer(x, y, name=None):
    """x (flattened) as a column times y (flattened) as a row: [x.size, y.size]."""
    from paddle.tensor.manipulation import reshape
    _check_tensor(x, "x", "outer")
    _check_tensor(y, "y", "outer")
    return multiply(reshape(x, [-1, 1]), reshape(y, [1, -1]))


def _known_shape(shape):
    return shape is not None and -1 not in list(shape)


def equal_all(x, y, name=None):
    """True (a 0-D bool tensor) when x and y have the same shape and equal elements."""
    _check_tensor(x, "x", "equal_all")
    _check_tensor(y, "y", "equal_all")
    if _known_shape(x.shape) and _known_shape(y.shape) and list(x.shape) != list(y.shape):
        return fill_constant([], "bool", False)
    return all(equal(x, y))


def _close(x, y, rtol, atol, equal_nan, fn):
    """Element-wise |x - y| <= atol + rtol * |y| (bool, broadcast) for paddle.allclose and
    paddle.isclose: an infinite y is close only to an equal x (as numpy's isclose; the tolerance
    would be inf), NaNs only to each other with equal_nan."""
    _check_float(x, "x", fn)
    _check_float(y, "y", fn)
    for arg, value in (("rtol", rtol), ("atol", atol)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(f"expected {arg} of paddle.{fn} to be a float, but got "
                            f"{type(value).__name__}")
    if not isinstance(equal_nan, bool):
        raise TypeError(f"expected equal_nan of paddle.{fn} to be a bool, but got "
                        f"{type(equal_nan).__name__}")
    close = less_equal(abs(subtract(x, y)), scale(abs(y), float(rtol), float(atol)))
    close = logical_or(logical_and(close, isfinite(y)), equal(x, y))
    if equal_nan:
        close = logical_or(close, logical_and(isnan(x), isnan(y)))
    return close


def allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """True (a 0-D bool tensor) when x and y are close everywhere (see _close)."""
    return all(_close(x, y, rtol, atol, equal_nan, "allclose"))


def dist(x, y, p=2, name=None):
    """The p-norm of x - y (broadcast), over all its elements: p = 0 counts the nonzeros,
    inf / -inf take the largest / smallest magnitude."""
    _check_float(x, "x", "dist")
    _check_float(y, "y", "dist")
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"expected p of paddle.dist to be a float, but got {type(p).__name__}")
    return lh.append_op("p_norm", {"X": [subtract(x, y)]},
                        {"porder": float(p), "axis": -1, "epsilon": 1.0e-12, "keepdim": False,
                         "asvector": True})


def increment(x, value=1.0, name=None):
    """Adds value to the one-element tensor x in place and returns x."""
    _check_tensor(x, "x", "increment")
    if _known_shape(x.shape):
        size = 1
        for d in x.shape:
            size *= int(d)
        if size != 1:
            raise ValueError(f"expected x of paddle.increment to have exactly 1 element, but got "
                             f"shape {list(x.shape)}")
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"expected value of paddle.increment to be a number, but got "
                        f"{type(value).__name__}")
    attrs = {"scale": 1.0, "bias": float(value), "bias_after_scale": True}
    if not _framework._static_mode:
        from paddle.base import eager
        with eager.no_grad():  # x + c: the gradient is the identity, nothing to record
            eager.trace_op("scale", {"X": [x]}, {"Out": [x]}, attrs)
        return x
    lh.main_block().append_op(type="scale", inputs={"X": [x]}, outputs={"Out": [x]}, attrs=attrs)
    return x


def _install_more_operators():
    Variable.__mod__ = lambda self, other: remainder(self, other if isinstance(other, Variable)
                                                     else _as_var(other, self))
    Variable.__rmod__ = lambda self, other: remainder(_as_var(other, self), self)
    Variable.__floordiv__ = lambda self, other: floor_divide(
        self, other if isinstance(other, Variable) else _as_var(other, self))
    Variable.__rfloordiv__ = lambda self, other: floor_divide(_as_var(other, self), self)


_install_more_operators()


# -- diff: a composition of slices and subtraction -------------------------------------------
def diff(x, n=1, axis=-1, prepend=None, append=None, name=None):
    """The n-th forward difference of x along axis (x[1:] - x[:-1], n times; logical_xor for
    bool x), after prepend and append (Tensors) are joined to x along axis."""
    from paddle.tensor.manipulation import _check_axis, concat, slice as _slice
    _check_tensor(x, "x", "diff")
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"expected n of paddle.diff to be an int, but got {type(n).__name__}")
    if n < 0:
        raise ValueError(f"expected n of paddle.diff to be non-negative, but got {n}")
    rank = len(x.shape)
    if rank == 0:
        raise ValueError("expected x of paddle.diff to have at least 1 dimension, but got a 0-D "
                         "Tensor")
    ax = _check_axis(axis, rank, "paddle.diff")
    pieces = [x]
    for arg, extra in (("prepend", prepend), ("append", append)):
        if extra is None:
            continue
        _check_tensor(extra, arg, "diff")
        if convert_dtype(extra.dtype) != convert_dtype(x.dtype):
            from paddle.base.dtypes import dtype_to_str
            raise TypeError(f"expected {arg} of paddle.diff to have x's dtype "
                            f"{dtype_to_str(x.dtype)}, but got {dtype_to_str(extra.dtype)}")
        if len(extra.shape) != rank:
            raise ValueError(f"expected {arg} of paddle.diff to have x's rank {rank}, but got "
                             f"shape {list(extra.shape)}")
        pieces = [extra] + pieces if arg == "prepend" else pieces + [extra]
    if len(pieces) > 1:
        x = concat(pieces, ax)
    if n == 0:
        from paddle.tensor.creation import assign
        return assign(x)
    is_bool = convert_dtype(x.dtype) == VarType.BOOL
    for _ in range(n):
        later, earlier = _slice(x, [ax], [1], [2 ** 31 - 1]), _slice(x, [ax], [0], [-1])
        x = logical_xor(later, earlier) if is_bool else subtract(later, earlier)
    return x
