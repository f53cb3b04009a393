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
            and not _framework._static_mode):
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
    if isinstance(scale, Variable):
        raise NotImplementedError("scale given as a Variable is not supported yet")
    out = lh.append_op("scale", {"X": [x]}, {"scale": float(scale), "bias": float(bias),
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
    lo = -3.4e38 if min is None else float(min)
    hi = 3.4e38 if max is None else float(max)
    return _unary("clip", x, {"min": lo, "max": hi})


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


def bmm(x, y, name=None):
    """Batched matrix product: [B, M, K] x [B, K, N] -> [B, M, N]."""
    return lh.append_op("bmm", {"X": [x], "Y": [y]})
