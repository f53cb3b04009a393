"""Tensor creation in static programs: full/zeros/ones, assign, create_parameter,
fill_constant, *_like."""
import numpy as np

from paddle.base import layer_helper as lh
from paddle.base.dtypes import convert_dtype
from paddle.base.dtypes import dtype_to_str as _dtype_to_str
from paddle.base.framework import Variable


def fill_constant(shape, dtype, value, force_cpu=False, out=None, name=None):
    """A tensor of `shape` filled with `value`. shape: an int, a list/tuple of ints and
    one-element int Tensors, or a 1-D int Tensor (-> ShapeTensorList / ShapeTensor); value: a
    number or a one-element Tensor (-> ValueTensor). Tensors are read at run time."""
    return _fill(shape, dtype, value, "fill_constant", out)


def _fill(shape, dtype, value, api, out=None):
    dtype = convert_dtype(dtype)
    attrs, inputs = _shape_arg(shape, api)
    attrs["dtype"] = int(dtype)
    value_tensor = _scalar_arg(value, api, "fill_value" if api != "fill_constant" else "value",
                              integer=False)
    if value_tensor is not None:
        inputs["ValueTensor"] = [value_tensor]
        attrs.update(value=0.0, str_value="")
    else:
        # str_value is exact (the kernel prefers it): an int in full, a float's repr.
        if isinstance(value, (bool, np.bool_)):
            text = str(bool(value))
        elif isinstance(value, (int, np.integer)):
            text = str(int(value))
        else:
            text = repr(float(value))
        attrs.update(value=float(value), str_value=text)
    if out is None:
        out = lh.append_op("fill_constant", inputs, attrs, dtype=dtype, stop_gradient=True)
        _set_shape_from_shape_op(out, inputs)
        return out
    lh.main_block().append_op(type="fill_constant", inputs=inputs, outputs={"Out": [out]},
                              attrs=attrs)
    return out


def full(shape, fill_value, dtype=None, name=None):
    """A tensor of `shape` (ints and one-element int Tensors, or a 1-D int Tensor) filled with
    fill_value (a number or a one-element Tensor)."""
    return _fill(shape, dtype or "float32", fill_value, "full")


def zeros(shape, dtype=None, name=None):
    return _fill(shape, dtype or "float32", 0.0, "zeros")


def ones(shape, dtype=None, name=None):
    return _fill(shape, dtype or "float32", 1.0, "ones")


def full_like(x, fill_value, dtype=None, name=None):
    attrs = {"value": float(fill_value), "dtype": int(convert_dtype(dtype)) if dtype else -1}
    return lh.append_op("fill_any_like", {"X": [x]}, attrs, dtype=dtype or x.dtype, stop_gradient=True)


def zeros_like(x, dtype=None, name=None):
    return full_like(x, 0.0, dtype)


def ones_like(x, dtype=None, name=None):
    return full_like(x, 1.0, dtype)


def assign(x, output=None):
    """Copies a Variable, or makes a constant from a NumPy array / Python value."""
    if isinstance(x, Variable):
        if output is None:
            return lh.append_op("assign", {"X": [x]})
        lh.main_block().append_op(type="assign", inputs={"X": [x]}, outputs={"Out": [output]})
        return output
    array = np.asarray(x)
    if array.dtype == np.float64:
        array = array.astype(np.float32)
    # A constant: one fill_constant per distinct value would be wasteful; build from a
    # parameter-free concat of scalars only for small arrays.
    if array.size == 1:
        out = fill_constant(list(array.shape), array.dtype, array.reshape(-1)[0].item())
    else:
        from paddle.tensor.manipulation import reshape, stack
        parts = [fill_constant([], array.dtype, v.item()) for v in array.reshape(-1)]
        out = reshape(stack(parts), list(array.shape))
    if output is not None:
        return assign(out, output)
    return out


# -- arguments that tensors may give ----------------------------------------------------------
# A shape, starts/ends, an axis or a scale passed as a Tensor (or a list mixing ints and
# one-element Tensors) becomes the op's tensor input slot (ShapeTensor, StartsTensorList,
# AxisTensor, ...), which the executor reads on the host before each run in place of the
# attribute; at build time the extents they decide are -1. One code path for static Variables
# and eager Tensors (a subclass of Variable).
_INTS = ("int32", "int64")
_CASTABLE_INTS = ("int8", "int16", "uint8")  # cast to int64 (the runtime reads int32/int64)
_NUMBERS = ("bool", "int32", "int64", "float32", "float64")  # what the runtime reads
_CASTABLE_NUMBERS = ("int8", "int16", "uint8", "float16", "bfloat16")  # cast to float64/int64


def _known_numel(t):
    """The element count of t from its static shape; None while an extent is unknown."""
    n = 1
    for d in t.shape:
        if d < 0:
            return None
        n *= int(d)
    return n


def _cast(t, dtype):
    from paddle.tensor.manipulation import cast
    return cast(t, dtype)


def _int_tensor(t, api, what):
    """t as an int32/int64 tensor (other integer dtypes cast to int64); TypeError otherwise."""
    name = _dtype_to_str(t.dtype)
    if name in _INTS:
        return t
    if name in _CASTABLE_INTS:
        return _cast(t, "int64")
    raise TypeError(f"expected {api}'s {what} to be an int32 or int64 Tensor, but got a {name} "
                    "Tensor")


def _one_element(t, api, what):
    n = _known_numel(t)
    if n is not None and n != 1:
        raise ValueError(f"expected {api}'s {what} to be a Tensor of one element, but got shape "
                         f"{list(t.shape)}")


def _python_int(value, api, what):
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"expected {api}'s {what} to be an int or a one-element integer Tensor, "
                        f"but got {type(value).__name__}")
    return int(value.__index__())


def _constant_int(value):
    """A one-element int64 constant (assign_value: exact for any int64)."""
    return _constant(value, "int64", [1])


def _int_list_arg(values, api, arg, tensor_slot, list_slot, tensor_entry=-1, allow_int=False,
                  check=None):
    """A list attribute that tensors may give, for an op's attrs and inputs.

    values: a 1-D int Tensor (the whole list, -> tensor_slot), or a list/tuple of ints and
    one-element int Tensors (with a Tensor among them, every entry becomes a one-element
    tensor of list_slot, the ints as constants), or (allow_int) one int; check(i, value), when
    given, checks each constant entry (raising for a bad one).
    Returns (attr, inputs): attr the attribute's list (the ints, tensor_entry where a Tensor
    gives the entry; None for a whole tensor, whose length may be unknown) and inputs the
    op's extra input slots ({} when no Tensor is involved)."""
    if isinstance(values, Variable):
        if tensor_slot is None:
            raise TypeError(f"expected {api}'s {arg} to be a list or tuple (it may hold "
                            "one-element Tensors), but got a Tensor")
        t = _int_tensor(values, api, arg)
        if len(t.shape) > 1:
            raise ValueError(f"expected {api}'s {arg} to be a 1-D Tensor, but got shape "
                             f"{list(t.shape)}")
        return None, {tensor_slot: [t]}
    if isinstance(values, (np.ndarray, range)) and np.ndim(values) == 1:
        values = list(values)
    elif allow_int and not isinstance(values, (list, tuple)) and hasattr(values, "__index__") \
            and not isinstance(values, bool):
        values = [values]
    if not isinstance(values, (list, tuple)):
        kinds = ("an int, a list, a tuple or a Tensor" if allow_int
                 else "a list, a tuple or a Tensor")
        raise TypeError(f"expected {api}'s {arg} to be {kinds}, but got {type(values).__name__}")
    attr, entries = [], []
    for i, v in enumerate(values):
        what = f"{arg}[{i}]"
        if isinstance(v, Variable):
            v = _int_tensor(v, api, what)
            _one_element(v, api, what)
            attr.append(tensor_entry)
        else:
            v = _python_int(v, api, what)
            if check is not None:
                check(i, v)
            attr.append(v)
        entries.append(v)
    if not any(isinstance(v, Variable) for v in entries):
        return attr, {}
    return attr, {list_slot: [v if isinstance(v, Variable) else _constant_int(v)
                              for v in entries]}


def _scalar_arg(value, api, arg, integer):
    """An attribute a one-element Tensor may give (concat's axis, scale's scale, full's value):
    None for a Python value, else the tensor (integer: an int32/int64 one; else a number type
    the runtime reads, others cast). Raises TypeError/ValueError for a wrong tensor."""
    if not isinstance(value, Variable):
        return None
    if integer:
        t = _int_tensor(value, api, arg)
    else:
        name = _dtype_to_str(value.dtype)
        if name in _NUMBERS:
            t = value
        elif name in _CASTABLE_NUMBERS:
            t = _cast(value, "int64" if name.startswith(("int", "uint")) else "float64")
        else:
            raise TypeError(f"expected {api}'s {arg} to be a Tensor of a real number type, but "
                            f"got a {name} Tensor")
    _one_element(t, api, arg)
    return t


def _shape_arg(shape, api, arg="shape"):
    """A creation op's shape (fill_constant, uniform_random, gaussian_random, randint):
    (attrs, inputs) with the `shape` attribute (-1 for entries a Tensor gives) and ShapeTensor
    or ShapeTensorList."""
    def non_negative(i, d):
        if d < 0:
            raise ValueError(f"expected {api}'s {arg} to hold non-negative ints, but got {d} at "
                             f"position {i}")

    attr, inputs = _int_list_arg(shape, api, arg, "ShapeTensor", "ShapeTensorList",
                                 tensor_entry=-1, allow_int=True, check=non_negative)
    return {"shape": attr if attr is not None else []}, inputs


def _set_shape_from_shape_op(out, inputs):
    """In a static program, a creation op whose whole shape is paddle.shape(y) gets y's static
    shape (as PaddlePaddle's front end does); the build-time inference knows only the rank."""
    from paddle.base.framework import in_dynamic_mode
    shape = inputs.get("ShapeTensor")
    if in_dynamic_mode() or not shape:
        return
    op = getattr(shape[0], "op", None)
    if op is None or op.type != "shape":
        return
    names = op.input("Input")
    source = op.block._find_var_recursive(names[0]) if names else None
    if source is not None and len(source.shape) == len(out.shape):
        out.desc.set_shape([int(d) for d in source.shape])


def create_parameter(shape, dtype, name=None, attr=None, is_bias=False, default_initializer=None):
    from paddle.base.param_attr import ParamAttr
    attr = ParamAttr._to_attr(attr)
    if name is not None and attr.name is None:
        attr.name = name
    return lh.create_parameter(shape, dtype, attr, is_bias, default_initializer)


def create_global_var(shape, value, dtype, persistable=False, force_cpu=False, name=None):
    return lh.create_global_var(shape, value, dtype, persistable, force_cpu, name)



def tril(x, diagonal=0, name=None):
    """The lower triangle of the last two axes of x (column - row <= diagonal); zeros elsewhere."""
    return lh.append_op("tril_triu", {"X": [x]}, {"diagonal": int(diagonal), "lower": True})


def triu(x, diagonal=0, name=None):
    """The upper triangle of the last two axes of x (column - row >= diagonal); zeros elsewhere."""
    return lh.append_op("tril_triu", {"X": [x]}, {"diagonal": int(diagonal), "lower": False})


# -- ranges, eye, meshgrid, clone -------------------------------------------------------------
_RANGE_DTYPES = ("int32", "int64", "float32", "float64")
_ASSIGN_VALUE_LISTS = {"bool": "bool_values", "int32": "int32_values",
                       "int64": "int64_values", "float32": "fp32_values",
                       "float64": "fp64_values"}


def _constant(value, dtype, shape=()):
    """A constant tensor of `shape` filled with the Python number `value`, or holding the NumPy
    array `value` (taking its shape), exact in its dtype (assign_value carries int64 and float64
    values without a float32 round trip)."""
    name = _dtype_to_str(dtype)
    convert = (lambda v: int(bool(v))) if name == "bool" else (
        int if name.startswith("int") else float)
    if isinstance(value, np.ndarray):
        if name not in _ASSIGN_VALUE_LISTS:
            raise TypeError(f"expected a constant array's dtype to be one of "
                            f"{', '.join(_ASSIGN_VALUE_LISTS)}, but got {name}")
        shape = list(value.shape)
        values = [convert(v) for v in value.reshape(-1).tolist()]
    else:
        shape = [int(d) for d in shape]
        if name not in _ASSIGN_VALUE_LISTS:
            return fill_constant(shape, dtype, value)
        values = [convert(value)] * (int(np.prod(shape)) if shape else 1)
    return lh.append_op("assign_value", {}, {"shape": shape, "dtype": int(convert_dtype(dtype)),
                                             _ASSIGN_VALUE_LISTS[name]: values},
                        dtype=convert_dtype(dtype), stop_gradient=True)


def _check_number(value, api, arg, allow_tensor=True):
    if isinstance(value, Variable) and allow_tensor:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        expected = "an int, a float or a Tensor" if allow_tensor else "an int or a float"
        raise TypeError(f"expected {api}'s {arg} to be {expected}, but got "
                        f"{type(value).__name__}")


def _scalar_tensor(value, dtype):
    """value (a Python number or a one-element Tensor) as a 0-D tensor of dtype."""
    if isinstance(value, Variable):
        if convert_dtype(value.dtype) != convert_dtype(dtype):
            from paddle.tensor.manipulation import cast
            value = cast(value, dtype)
        if list(value.shape) != []:
            from paddle.tensor.manipulation import reshape
            value = reshape(value, [])
        return value
    return _constant(value, dtype)


def _check_dtype(dtype, api, allowed):
    vartype = convert_dtype(dtype)
    name = _dtype_to_str(vartype)
    if name not in allowed:
        raise TypeError(f"expected {api}'s dtype to be one of {', '.join(allowed)}, but got "
                        f"{name}")
    return vartype


def _is_integer_value(value):
    if isinstance(value, Variable):
        return _dtype_to_str(value.dtype) in ("int8", "int16", "int32", "int64", "uint8")
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def arange(start=0, end=None, step=1, dtype=None, name=None):
    """The 1-D tensor start, start + step, ... before end (the half-open [start, end)); with
    end None the range is [0, start). dtype None: int64 when start, end and step are all
    integers (or integer tensors), else the default float dtype (float32)."""
    for arg, value in (("start", start), ("end", end), ("step", step)):
        if value is not None or arg != "end":
            _check_number(value, "arange", arg)
    if end is None:
        start, end = 0, start
    if not isinstance(step, Variable) and step == 0:
        raise ValueError("expected arange's step to be nonzero, but got 0")
    if dtype is None:
        if all(_is_integer_value(v) for v in (start, end, step)):
            dtype = "int64"
        else:
            from paddle.base.framework import get_default_dtype
            dtype = get_default_dtype()
    dtype = _check_dtype(dtype, "arange", _RANGE_DTYPES)
    out = lh.append_op("range", {"Start": [_scalar_tensor(start, dtype)],
                                 "End": [_scalar_tensor(end, dtype)],
                                 "Step": [_scalar_tensor(step, dtype)]},
                       dtype=dtype, stop_gradient=True)
    _set_range_length(out, start, end, step)
    return out


def _set_range_length(out, start, end, step):
    """In a static program, the length of a range of constant bounds (as PaddlePaddle's
    InferMeta gives it) instead of an unknown one."""
    from paddle.base.framework import in_dynamic_mode
    if in_dynamic_mode() or any(isinstance(v, Variable) for v in (start, end, step)):
        return
    length = max(int(np.ceil((end - start) / step)), 0)
    if list(out.shape) != [length]:
        out.desc.set_shape([length])


def _static_int(value, api, arg):
    """An int argument that may be given as a one-element integer Tensor (dynamic mode)."""
    if isinstance(value, Variable):
        from paddle.base.framework import in_dynamic_mode
        if not in_dynamic_mode():
            raise NotImplementedError(f"{api}'s {arg} given as a Tensor in a static program is "
                                      "not supported yet; pass an int")
        array = np.asarray(value.numpy()).reshape(-1)
        if array.size != 1 or not np.issubdtype(array.dtype, np.integer):
            raise TypeError(f"expected {api}'s {arg} to be an int or a one-element integer "
                            f"Tensor, but got a {array.dtype} Tensor of {array.size} elements")
        return int(array[0])
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"expected {api}'s {arg} to be an int, but got {type(value).__name__}")
    return int(value)


def linspace(start, stop, num, dtype=None, name=None):
    """num evenly spaced values from start to stop, both included (num == 1: [start]).
    Computed in float64 as PaddlePaddle's kernel does (start + i * step for the first half,
    stop - (num - 1 - i) * step for the second) and cast to dtype (default float32).
    No gradient flows to start or stop."""
    _check_number(start, "linspace", "start")
    _check_number(stop, "linspace", "stop")
    num = _static_int(num, "linspace", "num")
    if num < 0:
        raise ValueError(f"expected linspace's num to be non-negative, but got {num}")
    dtype = _check_dtype(dtype or "float32", "linspace", _RANGE_DTYPES)
    from paddle.tensor.manipulation import cast, concat, reshape
    f64 = convert_dtype("float64")
    first = _scalar_tensor(start, f64)
    if num <= 1:
        out = reshape(first, [num]) if num == 1 else _range_f64(0, 0, 1)
    else:
        last = _scalar_tensor(stop, f64)
        step = lh.append_op("elementwise_div", {
            "X": [lh.append_op("elementwise_sub", {"X": [last], "Y": [first]}, {"axis": -1})],
            "Y": [_constant(num - 1, f64)]}, {"axis": -1})
        half = num // 2
        low = lh.append_op("elementwise_add", {"X": [lh.append_op(
            "elementwise_mul", {"X": [_range_f64(0, half, 1)], "Y": [step]}, {"axis": -1})],
            "Y": [first]}, {"axis": -1})
        high = lh.append_op("elementwise_sub", {"X": [last], "Y": [lh.append_op(
            "elementwise_mul", {"X": [_range_f64(num - 1 - half, -1, -1)], "Y": [step]},
            {"axis": -1})]}, {"axis": -1})
        out = concat([low, high])
    if convert_dtype(out.dtype) != dtype:
        out = cast(out, dtype)
    out.stop_gradient = True
    return out


def _range_f64(start, end, step):
    f64 = convert_dtype("float64")
    out = lh.append_op("range", {"Start": [_constant(start, f64)], "End": [_constant(end, f64)],
                                 "Step": [_constant(step, f64)]}, dtype=f64, stop_gradient=True)
    _set_range_length(out, start, end, step)
    return out


def eye(num_rows, num_columns=None, dtype=None, name=None):
    """The num_rows x num_columns (default num_rows) matrix with ones on the diagonal."""
    num_rows = _static_int(num_rows, "eye", "num_rows")
    num_columns = num_rows if num_columns is None else _static_int(num_columns, "eye",
                                                                     "num_columns")
    for arg, value in (("num_rows", num_rows), ("num_columns", num_columns)):
        if value < 0:
            raise ValueError(f"expected eye's {arg} to be non-negative, but got {value}")
    dtype = convert_dtype(dtype or "float32")
    from paddle.tensor.manipulation import cast, reshape
    rows = reshape(arange(0, num_rows, 1, "int64"), [-1, 1])
    cols = reshape(arange(0, num_columns, 1, "int64"), [1, -1])
    same = lh.append_op("equal", {"X": [rows], "Y": [cols]}, {"axis": -1}, dtype="bool",
                        stop_gradient=True)
    out = cast(same, dtype) if _dtype_to_str(dtype) != "bool" else same
    out.stop_gradient = True
    return out


def meshgrid(*args, **kwargs):
    """Coordinate grids ('ij' indexing) of the 1-D tensors given (as arguments or one list):
    the i-th output has shape [len(args[0]), len(args[1]), ...] and repeats args[i] along
    axis i."""
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = args[0]
    args = list(args)
    if not args:
        raise ValueError("expected meshgrid to get at least one Tensor, but got none")
    sizes = []
    for i, arg in enumerate(args):
        if not isinstance(arg, Variable):
            raise TypeError(f"expected meshgrid's inputs to be Tensors, but got "
                            f"{type(arg).__name__} at position {i}")
        if len(arg.shape) > 1:
            raise ValueError(f"expected meshgrid's inputs to be 0-D or 1-D, but got shape "
                             f"{list(arg.shape)} at position {i}")
        sizes.append(int(arg.shape[0]) if len(arg.shape) == 1 else 1)
    from paddle.tensor.manipulation import reshape
    columns = []
    for i, arg in enumerate(args):
        view = [1] * len(args)
        view[i] = -1
        columns.append(reshape(arg, view))
    if all(n >= 0 for n in sizes):
        return [lh.append_op("expand_v2", {"X": [c]}, {"shape": sizes}) for c in columns]
    # An extent known only at run time: broadcast by adding zeros of the full grid.
    outs = []
    for column in columns:
        zeros = None
        for other in columns:
            z = lh.append_op("fill_any_like", {"X": [other]},
                             {"value": 0.0, "dtype": int(convert_dtype(column.dtype))},
                             dtype=column.dtype, stop_gradient=True)
            zeros = z if zeros is None else lh.append_op(
                "elementwise_add", {"X": [zeros], "Y": [z]}, {"axis": -1})
        outs.append(lh.append_op("elementwise_add", {"X": [column], "Y": [zeros]},
                                 {"axis": -1}))
    return outs


def clone(x, name=None):
    """A copy of x (assign); gradients flow back to x."""
    if not isinstance(x, Variable):
        raise TypeError(f"expected clone's x to be a Tensor, but got {type(x).__name__}")
    return assign(x)
