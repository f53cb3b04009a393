"""Run-time helpers of converted code: each looks at its operands and runs plain Python for
Python values (a loop over a Python int unrolls) or builds ops for static tensors (cond,
while_loop, logical ops, len/range/enumerate over tensors, print ops)."""
import builtins
import numbers
import warnings

import numpy as np

from paddle.base import core
from paddle.base.dtypes import VarType, convert_dtype, dtype_to_str
from paddle.base.framework import Variable
from paddle.static.control_flow import (UndefinedVar, build_cond, build_while, is_static_var,
                                        _truth)

__all__ = [
    "UndefinedVar", "convert_ifelse", "convert_ifexp", "convert_while_loop",
    "convert_logical_and", "convert_logical_or", "convert_logical_not", "convert_len",
    "convert_range", "convert_range_args", "convert_range_cond", "convert_for_iter",
    "convert_enumerate", "convert_zip", "convert_getitem", "convert_print", "convert_assert",
    "convert_isinstance", "convert_to_bool", "convert_to_int", "convert_to_float",
    "convert_shape"
]


def _as_bool_pred(pred, what):
    """A static predicate as a one-element bool tensor (a non-bool tensor is true when
    nonzero, as Python's truth value of a one-element tensor)."""
    shape = list(pred.shape)
    if all(d >= 0 for d in shape) and int(np.prod(shape)) != 1:
        raise ValueError(f"expected the condition of {what} to hold one element (the truth value "
                         f"of a tensor with more elements is ambiguous), but got shape {shape}")
    if convert_dtype(pred.dtype) != VarType.BOOL:
        from paddle.tensor.manipulation import cast
        pred = cast(pred, "bool")
    return pred


# -- if / while -----------------------------------------------------------------------------------
def convert_ifelse(pred, true_fn, false_fn, get_args, set_args, names):
    """`if pred:` of converted code; true_fn/false_fn change the enclosing variables `names`
    (read and written through get_args/set_args)."""
    if not is_static_var(pred):
        if _truth(pred, "if"):
            true_fn()
        else:
            false_fn()
        return
    pred = _as_bool_pred(pred, "if")
    initial = get_args()
    # Both branches are traced: a list or dict one of them changes in place would carry the
    # change of both, which no op can undo, so it is refused.
    snapshots = [(i, list(v.items()) if isinstance(v, dict) else list(v))
                 for i, v in enumerate(initial) if isinstance(v, (list, dict))]

    def branch(fn):
        def run():
            set_args(initial)
            fn()
            for i, before in snapshots:
                now = list(initial[i].items()) if isinstance(initial[i], dict) else list(initial[i])
                if len(now) != len(before) or any(a is not b for a, b in zip(
                        _flat_items(now), _flat_items(before))):
                    raise NotImplementedError(
                        f"to_static: {type(initial[i]).__name__} '{names[i]}' is changed in place "
                        "inside a tensor-dependent if; build a new value in each branch instead "
                        "(e.g. a tensor with paddle.concat)")
            return get_args()
        return run

    set_args(build_cond(pred, branch(true_fn), branch(false_fn), names=names, strict=False))


def convert_ifexp(pred, true_fn, false_fn):
    """`a if pred else b` of converted code (a cond whose branches give one value)."""
    if not is_static_var(pred):
        return true_fn() if _truth(pred, "a conditional expression") else false_fn()
    pred = _as_bool_pred(pred, "a conditional expression")
    return build_cond(pred, true_fn, false_fn, strict=False)


def _flat_items(items):
    for item in items:
        yield from (item if isinstance(item, tuple) else (item,))


def convert_while_loop(cond_fn, body_fn, get_args, set_args, names):
    """`while cond:` of converted code. Runs as Python while the condition is a Python value;
    once it is a static tensor (from the start, or after some unrolled iterations) the rest
    of the loop becomes a while op."""
    pred = cond_fn()
    while not is_static_var(pred):
        if not _truth(pred, "while"):
            return
        body_fn()
        pred = cond_fn()
    pred = _as_bool_pred(pred, "while")

    def cond(*values):
        set_args(values)
        value = cond_fn()
        return _as_bool_pred(value, "while") if is_static_var(value) else value

    def body(*values):
        set_args(values)
        body_fn()
        return list(get_args())

    set_args(build_while(cond, body, list(get_args()), pred, names=names))


# -- and / or / not ---------------------------------------------------------------------------------
def _bool_var(value):
    if is_static_var(value):
        return _as_bool_pred(value, "and/or") if convert_dtype(value.dtype) != VarType.BOOL else value
    from paddle.tensor.creation import fill_constant
    return fill_constant([], "bool", bool(_truth(value, "and/or")))


def _logical(op_type, x, y):
    x, y = _bool_var(x), _bool_var(y)
    if core.has_op(op_type):
        from paddle.base import layer_helper as lh
        return lh.append_op(op_type, {"X": [x], "Y": [y]}, dtype="bool", stop_gradient=True)
    # Without logical_and/or ops: min/max over int32, which broadcast the same way.
    from paddle.tensor.manipulation import cast
    from paddle.tensor.math import maximum, minimum
    combine = minimum if op_type == "logical_and" else maximum
    return cast(combine(cast(x, "int32"), cast(y, "int32")), "bool")


def convert_logical_and(x_fn, y_fn):
    x = x_fn()
    if is_static_var(x):
        return _logical("logical_and", x, y_fn())
    if not _truth(x, "and"):
        return x
    return y_fn()


def convert_logical_or(x_fn, y_fn):
    x = x_fn()
    if is_static_var(x):
        return _logical("logical_or", x, y_fn())
    if _truth(x, "or"):
        return x
    return y_fn()


def convert_logical_not(x):
    if is_static_var(x):
        from paddle.tensor.math import logical_not
        return logical_not(_bool_var(x))
    return not x


# -- len / range / enumerate / indexing ------------------------------------------------------------
def _dim(x, axis):
    """Extent `axis` of static x: a Python int when known when tracing, else a tensor."""
    extent = x.shape[axis]
    if extent >= 0:
        return extent
    from paddle.tensor.creation import full_like
    from paddle.tensor.manipulation import slice as slice_
    from paddle.tensor.math import sum as sum_
    # No shape op: count ones over a [n, 1, ..., 1] slice of x.
    others = [a for a in range(x.ndim) if a != axis]
    part = slice_(x, others, [0] * len(others), [1] * len(others)) if others else x
    return sum_(full_like(part, 1, dtype="int64"))


def convert_shape(x):
    """x.shape in converted code. For a static tensor with extents unknown when tracing (-1,
    e.g. an InputSpec's None batch), a list whose unknown entries are 0-D int32 tensors of
    paddle.shape(x), read at run time: paddle.zeros([x.shape[0], 3]) or
    x.reshape([x.shape[0], -1]) then follow the batch fed (as PaddlePaddle's convert_shape).
    Known extents stay ints; anything else's shape is returned as it is."""
    shape = x.shape
    if not is_static_var(x) or all(d >= 0 for d in shape):
        return shape
    from paddle.tensor.manipulation import shape as shape_of
    dims = shape_of(x)
    return [d if d >= 0 else dims[i] for i, d in enumerate(shape)]


def convert_len(x):
    if is_static_var(x):
        if x.ndim == 0:
            raise TypeError(f"expected a tensor of rank >= 1 for len(), but got the 0-D '{x.name}'")
        return _dim(x, 0)
    if isinstance(x, _TensorEnumerate):
        return x.length()
    return builtins.len(x)


def _check_range_arg(value, what):
    if isinstance(value, Variable):
        if convert_dtype(value.dtype) not in (VarType.INT32, VarType.INT64):
            raise TypeError(f"expected an integer tensor as range() {what}, but got "
                            f"{dtype_to_str(value.dtype)}")
        if convert_dtype(value.dtype) == VarType.INT32:
            # int64 as the loop index that a Python int start becomes (an int32 stop such as
            # x.shape[0] of a None batch would not compare with it)
            from paddle.tensor.manipulation import cast
            value = cast(value, "int64")
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"expected an int or integer tensor as range() {what}, but got "
                        f"{type(value).__name__}")
    return int(value)


def convert_range_args(*args):
    """(start, stop, step) of range(*args); each a Python int or an integer tensor."""
    if not 1 <= len(args) <= 3:
        raise TypeError(f"expected 1 to 3 arguments for range(), but got {len(args)}")
    if len(args) == 1:
        start, stop, step = 0, args[0], 1
    else:
        start, stop, step = args[0], args[1], args[2] if len(args) == 3 else 1
    start, stop, step = (_check_range_arg(start, "start"), _check_range_arg(stop, "stop"),
                         _check_range_arg(step, "step"))
    if not isinstance(step, Variable) and step == 0:
        raise ValueError("expected a nonzero range() step, but got 0")
    return start, stop, step


def convert_range_cond(index, stop, step):
    if isinstance(step, Variable):
        # The sign of a tensor step is known only when running: both tests, chosen by it.
        up = convert_logical_and(lambda: step > 0, lambda: index < stop)
        down = convert_logical_and(lambda: step < 0, lambda: index > stop)
        return convert_logical_or(lambda: up, lambda: down)
    return index < stop if step > 0 else index > stop


def convert_range(*args):
    start, stop, step = convert_range_args(*args)
    if not any(isinstance(v, Variable) for v in (start, stop, step)):
        return builtins.range(start, stop, step)
    raise NotImplementedError("range() over tensors is supported as the iterable of a for loop "
                              "only (e.g. `for i in range(n):`)")


class _TensorEnumerate:
    def __init__(self, x, start):
        self.x, self.start = x, start

    def length(self):
        return convert_len(self.x)

    def item(self, index):
        return (index + self.start, convert_getitem(self.x, index))


def convert_for_iter(x):
    """The sequence a converted for loop indexes: tensors and sequences as they are, other
    iterables (generators, dict keys, zip ...) as a list."""
    if isinstance(x, Variable):
        if x.ndim == 0:
            raise TypeError(f"expected a tensor of rank >= 1 to iterate over, but got the 0-D "
                            f"'{x.name}'")
        return x
    if isinstance(x, (list, tuple, range, str, bytes, np.ndarray)):
        return x
    return list(x)


def convert_enumerate(x, start=0):
    if is_static_var(x):
        return _TensorEnumerate(x, start)
    return list(builtins.enumerate(convert_for_iter(x), start))


def convert_zip(*iterables):
    parts = []
    for x in iterables:
        if is_static_var(x):
            n = convert_len(x)
            if isinstance(n, Variable):
                raise NotImplementedError(f"zip() over the tensor '{x.name}' with an unknown first "
                                          "extent is not supported; iterate with range(len(x))")
            x = [x[i] for i in builtins.range(n)]
        parts.append(x)
    return builtins.zip(*parts)


def convert_getitem(seq, index):
    if isinstance(seq, _TensorEnumerate):
        return seq.item(index)
    if is_static_var(index):
        if not is_static_var(seq) and not isinstance(seq, Variable):
            raise NotImplementedError(f"indexing a Python {type(seq).__name__} with a tensor "
                                      "index (a loop over it that depends on tensors) is not "
                                      "supported; make the loop bound a Python int")
        from paddle.tensor.manipulation import gather, reshape, squeeze
        picked = gather(seq, reshape(index, [1]), axis=0)
        return squeeze(picked, [0])
    return seq[index]


# -- print / assert / casts / isinstance ------------------------------------------------------------
_PRINTABLE = (VarType.FP32, VarType.FP64, VarType.INT32, VarType.INT64, VarType.BOOL)


def _describe(value):
    if is_static_var(value):
        return (f"Var(name={value.name}, shape={list(value.shape)}, "
                f"dtype={dtype_to_str(value.dtype)})")
    return value


def convert_print(*args, **kwargs):
    """print() in converted code: prints now (static tensors by name, shape and dtype) and
    appends a print op per static tensor, so its value prints at every run."""
    builtins.print(*[_describe(a) for a in args], **kwargs)
    from paddle.static.control_flow import Print
    for value in args:
        if not is_static_var(value):
            continue
        if convert_dtype(value.dtype) not in _PRINTABLE:
            warnings.warn(f"print of '{value.name}' ({dtype_to_str(value.dtype)}) at run time is "
                          "not supported by the print op; printed when tracing only")
            continue
        Print(value, message=f"Variable: {value.name}")


def convert_assert(test, message=None):
    if is_static_var(test):
        raise NotImplementedError("assert on a tensor inside to_static is not supported (the "
                                  "condition is known only when the program runs)")
    if not test:
        raise AssertionError(message) if message is not None else AssertionError()


def _cast_or(builtin, dtype):
    def convert(x=0, *args):
        if is_static_var(x) and not args:
            from paddle.tensor.manipulation import cast
            return cast(x, dtype)
        return builtin(x, *args)
    return convert


convert_to_bool = _cast_or(bool, "bool")
convert_to_int = _cast_or(int, "int32")  # PaddlePaddle casts int() to int32
convert_to_float = _cast_or(float, "float32")


def convert_isinstance(obj, classinfo):
    """isinstance(x, paddle.Tensor) holds for the static tensors that stand for tensors."""
    from paddle.base.eager import Tensor
    classes = classinfo if isinstance(classinfo, tuple) else (classinfo,)
    if is_static_var(obj) and any(c is Tensor for c in classes):
        return True
    return builtins.isinstance(obj, classinfo)
