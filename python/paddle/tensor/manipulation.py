"""Shape manipulation of static Variables: cast, reshape, transpose, flatten, concat, split,
stack, squeeze, unsqueeze, slice, gather, scatter, where (x[index] itself: indexing.py)."""
from paddle.base import layer_helper as lh
from paddle.base.dtypes import convert_dtype
from paddle.base.framework import Variable
from paddle.tensor.creation import _int_list_arg, _scalar_arg


def cast(x, dtype):
    dtype = convert_dtype(dtype)
    return lh.append_op("cast", {"X": [x]}, {"in_dtype": int(x.dtype), "out_dtype": int(dtype)},
                        dtype=dtype)


def reshape(x, shape, name=None):
    """x with the new shape: a list/tuple of ints (-1 inferred, 0 copying x's extent) and
    one-element int Tensors (-> ShapeTensor), or a 1-D int Tensor (-> Shape)."""
    attr, inputs = _int_list_arg(shape, "reshape", "shape", "Shape", "ShapeTensor")
    inputs["X"] = [x]
    return lh.append_op("reshape2", inputs, {"shape": attr if attr is not None else []},
                        outputs=("Out", "XShape"))[0]


def transpose(x, perm, name=None):
    return lh.append_op("transpose2", {"X": [x]}, {"axis": list(perm)}, outputs=("Out", "XShape"))[0]


def flatten(x, start_axis=0, stop_axis=-1, name=None):
    rank = len(x.shape)
    start = start_axis + rank if start_axis < 0 else start_axis
    stop = stop_axis + rank if stop_axis < 0 else stop_axis
    if rank == 0:
        return reshape(x, [1])
    return lh.append_op("flatten_contiguous_range", {"X": [x]},
                        {"start_axis": start, "stop_axis": stop}, outputs=("Out", "XShape"))[0]


def _axis_arg(axis, api):
    """(attribute value, inputs) for an axis that a one-element int Tensor may give."""
    tensor = _scalar_arg(axis, api, "axis", integer=True)
    if tensor is not None:
        return 0, {"AxisTensor": [tensor]}
    if isinstance(axis, bool) or not hasattr(axis, "__index__"):
        raise TypeError(f"expected {api}'s axis to be an int or a one-element integer Tensor, "
                        f"but got {type(axis).__name__}")
    return int(axis), {}


def concat(x, axis=0, name=None):
    """The tensors of x joined along axis (an int or a one-element int Tensor -> AxisTensor)."""
    x = list(x)
    axis, inputs = _axis_arg(axis, "concat")
    inputs["X"] = x
    return lh.append_op("concat", inputs, {"axis": axis}, dtype=x[0].dtype)


def split(x, num_or_sections, axis=0, name=None):
    """x split along axis (an int or a one-element int Tensor -> AxisTensor) into
    num_or_sections equal parts, or parts of the sizes in the list num_or_sections (ints, one
    -1 inferred, and one-element int Tensors -> SectionsTensorList)."""
    axis, inputs = _axis_arg(axis, "split")
    inputs["X"] = [x]
    if isinstance(num_or_sections, Variable):
        raise TypeError("expected split's num_or_sections to be an int, a list or a tuple, but "
                        "got a Tensor")
    if isinstance(num_or_sections, (list, tuple)):
        sections, fed = _int_list_arg(num_or_sections, "split", "num_or_sections", None,
                                     "SectionsTensorList")
        inputs.update(fed)
        attrs = {"axis": axis, "num": 0, "sections": sections}
        n = len(sections)
    else:
        if isinstance(num_or_sections, bool) or not hasattr(num_or_sections, "__index__"):
            raise TypeError(f"expected split's num_or_sections to be an int, a list or a tuple, "
                            f"but got {type(num_or_sections).__name__}")
        n = int(num_or_sections)
        if n <= 0:
            raise ValueError(f"expected split's num_or_sections to be positive, but got {n}")
        attrs = {"axis": axis, "num": n, "sections": []}
    return lh.append_op("split", inputs, attrs, outputs=(f"Out[]:{n}",))


def stack(x, axis=0, name=None):
    x = list(x)
    return lh.append_op("stack", {"X": x}, {"axis": int(axis)}, outputs=("Y",), dtype=x[0].dtype)


def squeeze(x, axis=None, name=None):
    axes = [] if axis is None else ([axis] if isinstance(axis, int) else list(axis))
    return lh.append_op("squeeze2", {"X": [x]}, {"axes": axes}, outputs=("Out", "XShape"))[0]


def unsqueeze(x, axis, name=None):
    """x with axes of extent 1 inserted at axis: an int, a list/tuple of ints and one-element
    int Tensors (-> AxesTensorList), or a 1-D int Tensor (-> AxesTensor)."""
    axes, inputs = _int_list_arg(axis, "unsqueeze", "axis", "AxesTensor", "AxesTensorList",
                                allow_int=True)
    if inputs:  # the tensors give every axis (PaddlePaddle leaves the attribute unset)
        axes = []
    inputs["X"] = [x]
    return lh.append_op("unsqueeze2", inputs, {"axes": axes}, outputs=("Out", "XShape"))[0]


def _bounds_arg(values, api, arg, slots, count, infer_flags, attrs, inputs):
    """starts / ends / strides of slice and strided_slice: a list/tuple of `count` ints and
    one-element int Tensors, or a 1-D int Tensor; fills attrs[arg], inputs and infer_flags
    (-1 where a Tensor decides the bound, as PaddlePaddle marks them)."""
    attr, fed = _int_list_arg(values, api, arg, *slots)
    if attr is None:
        infer_flags[:] = [-1] * count
        attr = []
    else:
        if len(attr) != count:
            raise ValueError(f"expected {api}'s {arg} to have one entry per axis ({count}), but "
                             f"got {len(attr)}")
        if fed:
            for i, v in enumerate(values):
                if isinstance(v, Variable):
                    infer_flags[i] = -1
    attrs[arg] = attr
    inputs.update(fed)


def _axes_arg(axes, api):
    if isinstance(axes, range) or (hasattr(axes, "ndim") and getattr(axes, "ndim") == 1
                                   and not isinstance(axes, Variable)):
        axes = list(axes)  # a range or a NumPy array
    if isinstance(axes, Variable) or not isinstance(axes, (list, tuple)):
        raise TypeError(f"expected {api}'s axes to be a list or tuple of ints, but got "
                        f"{type(axes).__name__}")
    out = []
    for i, a in enumerate(axes):
        if isinstance(a, bool) or not hasattr(a, "__index__"):
            raise TypeError(f"expected {api}'s axes to hold ints, but got {type(a).__name__} at "
                            f"position {i}")
        out.append(int(a))
    return out


def slice(input, axes, starts, ends):  # noqa: A001 - PaddlePaddle's name
    """input[starts[i]:ends[i]] along each axes[i]; starts and ends: lists/tuples of ints and
    one-element int Tensors (-> StartsTensorList / EndsTensorList) or 1-D int Tensors
    (-> StartsTensor / EndsTensor), read at run time."""
    axes = _axes_arg(axes, "slice")
    infer_flags = [1] * len(axes)
    attrs = {"axes": axes, "decrease_axis": []}
    inputs = {"Input": [input]}
    _bounds_arg(starts, "slice", "starts", ("StartsTensor", "StartsTensorList"), len(axes),
                infer_flags, attrs, inputs)
    _bounds_arg(ends, "slice", "ends", ("EndsTensor", "EndsTensorList"), len(axes),
                infer_flags, attrs, inputs)
    attrs["infer_flags"] = infer_flags
    return lh.append_op("slice", inputs, attrs)


def gather(x, index, axis=None, name=None):
    return lh.append_op("gather", {"X": [x], "Index": [index]}, {"axis": int(axis or 0)})


def gather_nd(x, index, name=None):
    """The slices of x at the index tuples in the last axis of index (int32 or int64)."""
    return lh.append_op("gather_nd", {"X": [x], "Index": [index]}, {})


def scatter(x, index, updates, overwrite=True, name=None):
    """x with rows index replaced by updates (overwrite=False: the updates of a row summed)."""
    return lh.append_op("scatter", {"X": [x], "Ids": [index], "Updates": [updates]},
                        {"overwrite": bool(overwrite)})


def unstack(x, axis=0, num=None, name=None):
    """The slices of x along axis, as a list of x.shape[axis] tensors without that axis."""
    shape = list(x.shape)
    ax = int(axis) + len(shape) if int(axis) < 0 else int(axis)
    if not 0 <= ax < len(shape):
        raise ValueError(f"expected unstack's axis in [{-len(shape)}, {len(shape)}) for a tensor "
                         f"of rank {len(shape)}, but got {axis}")
    if num is None:
        num = shape[ax]
        if num < 0:
            raise ValueError(f"expected unstack's num for an unknown extent along axis {axis}, "
                             "but got None")
    num = int(num)
    if num == 0:
        return []
    return lh.append_op("unstack", {"X": [x]}, {"axis": int(axis), "num": num},
                        outputs=(f"Y[]:{num}",))


def strided_slice(x, axes, starts, ends, strides, name=None):
    """The elements starts[i], starts[i] + strides[i], ... before ends[i] along axes[i]
    (negative strides walk backwards). starts, ends and strides: lists/tuples of ints and
    one-element int Tensors (-> *TensorList) or 1-D int Tensors (-> StartsTensor, EndsTensor,
    StridesTensor), read at run time."""
    axes = _axes_arg(axes, "strided_slice")
    infer_flags = [1] * len(axes)
    attrs = {"axes": axes, "decrease_axis": []}
    inputs = {"Input": [x]}
    for arg, values in (("starts", starts), ("ends", ends), ("strides", strides)):
        prefix = arg.capitalize()
        _bounds_arg(values, "strided_slice", arg, (f"{prefix}Tensor", f"{prefix}TensorList"),
                    len(axes), infer_flags, attrs, inputs)
    attrs["infer_flags"] = infer_flags
    return lh.append_op("strided_slice", inputs, attrs)


def masked_select(x, mask, name=None):
    """The 1-D list of x's elements where the bool mask (broadcast with x) is True."""
    return lh.append_op("masked_select", {"X": [x], "Mask": [mask]}, {}, outputs=("Y",))


def unbind(input, axis=0):  # noqa: A002 - PaddlePaddle's name
    """The slices of input along axis, as a list of input.shape[axis] tensors without it."""
    shape = list(input.shape)
    if not isinstance(axis, int) or not -len(shape) <= axis < len(shape):
        raise ValueError(f"expected unbind's axis in [{-len(shape)}, {len(shape)}) for a tensor "
                         f"of rank {len(shape)}, but got {axis!r}")
    num = shape[axis]
    if num < 0:
        raise ValueError(f"expected unbind's input to have a known extent along axis {axis}, "
                         f"but got shape {shape}")
    if num == 0:
        return []
    return lh.append_op("unbind", {"X": [input]}, {"axis": axis}, outputs=(f"Out[]:{num}",))


# -- shape queries, tiling and broadcasting, flips and rolls, where ---------------------------
_BIG = 2 ** 31 - 1


def _check_tensor(value, api, arg):
    if not isinstance(value, Variable):
        raise TypeError(f"expected {api}'s {arg} to be a Tensor, but got {type(value).__name__}")


def _check_axis(axis, rank, api, arg="axis"):
    """axis (an int in [-rank, rank)) made non-negative."""
    if isinstance(axis, bool) or not isinstance(axis, int):
        import numpy as np
        if not isinstance(axis, np.integer):
            raise TypeError(f"expected {api}'s {arg} to be an int, but got "
                            f"{type(axis).__name__}")
    axis = int(axis)
    if not -rank <= axis < rank:
        raise ValueError(f"expected {api}'s {arg} in [{-rank}, {rank}) for a tensor of rank "
                         f"{rank}, but got {axis}")
    return axis + rank if axis < 0 else axis


def _int_list(values, api, arg):
    """A list of ints from a list/tuple of ints (or, in dynamic mode, a Tensor or a list holding
    one-element Tensors)."""
    from paddle.base.framework import in_dynamic_mode
    if isinstance(values, Variable):
        if not in_dynamic_mode():
            raise NotImplementedError(f"{api}'s {arg} given as a Tensor in a static program is "
                                      "not supported yet; pass a list of ints")
        return [int(v) for v in values.numpy().reshape(-1)]
    if not isinstance(values, (list, tuple)):
        raise TypeError(f"expected {api}'s {arg} to be a list, tuple or Tensor, but got "
                        f"{type(values).__name__}")
    out = []
    for v in values:
        if isinstance(v, Variable):
            if not in_dynamic_mode():
                raise NotImplementedError(f"{api}'s {arg} holding Tensors in a static program is "
                                          "not supported yet; pass ints")
            v = v.numpy().reshape(-1)[0]
        if isinstance(v, bool):
            raise TypeError(f"expected {api}'s {arg} to hold ints, but got bool")
        try:
            out.append(int(v))
        except (TypeError, ValueError):
            raise TypeError(f"expected {api}'s {arg} to hold ints, but got "
                            f"{type(v).__name__}") from None
    return out


def shape(input):  # noqa: A002 - PaddlePaddle's name
    """The shape of input as a 1-D int32 tensor (read at run time)."""
    _check_tensor(input, "shape", "input")
    return lh.append_op("shape", {"Input": [input]}, {}, dtype="int32", stop_gradient=True)


def numel(x, name=None):
    """The number of elements of x as a 0-D int64 tensor."""
    _check_tensor(x, "numel", "x")
    dims = list(x.shape)
    if all(d >= 0 for d in dims):
        from paddle.tensor.creation import _constant
        count = 1
        for d in dims:
            count *= int(d)
        return _constant(count, "int64")
    flat = shape(reshape(x, [-1]))
    return reshape(cast(flat, "int64"), [])


def chunk(x, chunks, axis=0, name=None):
    """x split into `chunks` equal parts along axis (the extent must divide evenly)."""
    _check_tensor(x, "chunk", "x")
    if isinstance(chunks, bool) or not isinstance(chunks, int):
        raise TypeError(f"expected chunk's chunks to be an int, but got {type(chunks).__name__}")
    if chunks <= 0:
        raise ValueError(f"expected chunk's chunks to be positive, but got {chunks}")
    ax = _check_axis(axis, len(x.shape), "chunk")
    extent = x.shape[ax]
    if extent >= 0 and extent % chunks:
        raise ValueError(f"expected chunk's x to have an extent along axis {axis} divisible by "
                         f"chunks={chunks}, but got {extent}")
    return split(x, chunks, ax)


def tile(x, repeat_times, name=None):
    """x repeated repeat_times[i] times along axis i (x gets leading axes of 1 when
    repeat_times is longer than its rank)."""
    _check_tensor(x, "tile", "x")
    times, inputs = _int_list_arg(repeat_times, "tile", "repeat_times", "RepeatTimes",
                                 "repeat_times_tensor")
    if times is None:  # a whole tensor: its length only, when known
        count = repeat_times.shape[0] if len(repeat_times.shape) == 1 else 1
        if not (count < 0 or 1 <= count <= 6):
            raise ValueError(f"expected tile's repeat_times to hold 1 to 6 values, but got a "
                             f"Tensor of shape {list(repeat_times.shape)}")
        times = []
    elif not 1 <= len(times) <= 6 or any(
            t <= 0 for t, v in zip(times, repeat_times) if not isinstance(v, Variable)):
        shown = [v if not isinstance(v, Variable) else "Tensor" for v in repeat_times]
        raise ValueError(f"expected tile's repeat_times to be 1 to 6 positive ints or Tensors, "
                         f"but got {shown}")
    inputs["X"] = [x]
    return lh.append_op("tile", inputs, {"repeat_times": times})


def _expand_shape(x, shape, api):
    """expand_v2's shape attribute and inputs: a 1-D int Tensor (-> Shape), or a list/tuple of
    ints (-1 keeping x's extent) and one-element int Tensors (-> expand_shapes_tensor; -2 in
    the attribute for them, as PaddlePaddle stores). The constant entries are checked."""
    target, inputs = _int_list_arg(shape, api, "shape", "Shape", "expand_shapes_tensor",
                                  tensor_entry=-2)
    if target is None:
        return [], inputs
    dims = list(x.shape)
    if len(target) < len(dims):
        raise ValueError(f"expected {api}'s shape to have at least rank(x)={len(dims)} entries, "
                         f"but got {target}")
    lead = len(target) - len(dims)
    for i, t in enumerate(target):
        if isinstance(shape[i], Variable):
            continue
        if t == -1:
            if i < lead:
                raise ValueError(f"expected {api}'s shape to have no -1 among the new leading "
                                 f"axes, but got {target}")
            continue
        if t < 0:
            raise ValueError(f"expected {api}'s shape to hold non-negative ints or -1, but got "
                             f"{target}")
        if i >= lead:
            d = dims[i - lead]
            if d not in (1, -1, t):
                raise ValueError(f"expected {api}'s shape {target} to be a broadcast of x's "
                                 f"shape {dims}, but got {t} for an axis of extent {d}")
    return target, inputs


def expand(x, shape, name=None):
    """x broadcast to shape (-1 keeps x's extent)."""
    _check_tensor(x, "expand", "x")
    target, inputs = _expand_shape(x, shape, "expand")
    inputs["X"] = [x]
    return lh.append_op("expand_v2", inputs, {"shape": target})


def broadcast_to(x, shape, name=None):
    """x broadcast to shape (as expand)."""
    _check_tensor(x, "broadcast_to", "x")
    target, inputs = _expand_shape(x, shape, "broadcast_to")
    inputs["X"] = [x]
    return lh.append_op("expand_v2", inputs, {"shape": target})


def expand_as(x, y, name=None):
    """x broadcast to the shape of y (y gets no gradient)."""
    _check_tensor(x, "expand_as", "x")
    _check_tensor(y, "expand_as", "y")
    target, _ = _expand_shape(x, list(y.shape), "expand_as")
    return lh.append_op("expand_as_v2", {"X": [x], "Y": [y]}, {"target_shape": target})


def _axes_list(axis, rank, api, arg="axis"):
    axes = [axis] if not isinstance(axis, (list, tuple)) else list(axis)
    axes = [_check_axis(a, rank, api, arg) for a in axes]
    if len(set(axes)) != len(axes):
        raise ValueError(f"expected {api}'s {arg} to name each axis once, but got {axis}")
    return axes


def flip(x, axis, name=None):
    """x reversed along the axes in axis (an int or a list of ints)."""
    _check_tensor(x, "flip", "x")
    axes = _axes_list(axis, len(x.shape), "flip")
    if not axes:
        from paddle.tensor.creation import assign
        return assign(x)
    return strided_slice(x, axes, [_BIG] * len(axes), [-1] * len(axes), [-1] * len(axes))


def roll(x, shifts, axis=None, name=None):
    """x with its elements shifted by shifts along axis (wrapping around); with axis None, the
    flattened x is shifted and the original shape restored."""
    _check_tensor(x, "roll", "x")
    shift_list = [shifts] if not isinstance(shifts, (list, tuple, Variable)) else shifts
    shift_list = _int_list(shift_list, "roll", "shifts")
    dims = list(x.shape)
    if axis is None:
        if len(shift_list) != 1:
            raise ValueError(f"expected roll's shifts to be one int when axis is None, but got "
                             f"{shifts}")
        if sum(d < 0 for d in dims) > 1:
            raise NotImplementedError("roll with axis None of a tensor with more than one unknown "
                                      f"extent is not supported yet: shape {dims}")
        if 0 in dims:
            from paddle.tensor.creation import assign
            return assign(x)
        return reshape(roll(reshape(x, [-1]), shift_list, 0), dims)
    axes = [axis] if not isinstance(axis, (list, tuple)) else list(axis)
    if len(axes) != len(shift_list):
        raise ValueError(f"expected roll's shifts and axis to have the same length, but got "
                         f"{len(shift_list)} and {len(axes)}")
    axes = [_check_axis(a, len(dims), "roll") for a in axes]
    out = x
    for s, ax in zip(shift_list, axes):
        n = dims[ax]
        if n < 0:
            raise NotImplementedError(f"roll along axis {ax} of unknown extent is not supported "
                                      "yet")
        s = s % n if n else 0
        if s:
            out = concat([slice(out, [ax], [n - s], [n]), slice(out, [ax], [0], [n - s])], ax)
    if out is x:
        from paddle.tensor.creation import assign
        out = assign(x)
    return out


def repeat_interleave(x, repeats, axis=None, name=None):
    """Each element of x repeated `repeats` times along axis (axis None: of the flattened x).
    repeats: an int, or (dynamic mode) a Tensor of one count per element along axis."""
    _check_tensor(x, "repeat_interleave", "x")
    if axis is None:
        x = reshape(x, [-1])
        axis = 0
    dims = list(x.shape)
    ax = _check_axis(axis, len(dims), "repeat_interleave")
    if isinstance(repeats, Variable):
        from paddle.base.framework import in_dynamic_mode
        if not in_dynamic_mode():
            raise NotImplementedError("repeat_interleave's repeats given as a Tensor in a static "
                                      "program is not supported yet; pass an int")
        import numpy as np
        counts = repeats.numpy().reshape(-1)
        if not np.issubdtype(counts.dtype, np.integer):
            raise TypeError(f"expected repeat_interleave's repeats to be an integer Tensor, but "
                            f"got {counts.dtype}")
        if counts.size == 1:
            repeats = int(counts[0])
        else:
            if counts.size != dims[ax] or (counts < 0).any():
                raise ValueError(f"expected repeat_interleave's repeats to hold {dims[ax]} "
                                 f"non-negative counts, but got {counts.tolist()}")
            from paddle.base.eager import to_tensor
            index = to_tensor(np.repeat(np.arange(dims[ax]), counts).astype("int64"))
            return lh.append_op("index_select", {"X": [x], "Index": [index]}, {"dim": ax})
    if isinstance(repeats, bool) or not isinstance(repeats, int):
        raise TypeError(f"expected repeat_interleave's repeats to be an int or a Tensor, but got "
                        f"{type(repeats).__name__}")
    if repeats < 0:
        raise ValueError(f"expected repeat_interleave's repeats to be non-negative, but got "
                         f"{repeats}")
    out_dims = list(dims)
    out_dims[ax] = dims[ax] * repeats if dims[ax] >= 0 else -1
    if sum(d < 0 for d in out_dims) > 1:
        raise NotImplementedError("repeat_interleave of a tensor with more than one unknown "
                                  f"extent is not supported yet: shape {dims}")
    if repeats == 0:
        return slice(x, [ax], [0], [0])
    if 0 in dims:  # no elements to order (and reshape reads a 0 as "keep this extent")
        return tile(x, [1] * ax + [repeats] + [1] * (len(dims) - ax - 1))
    wide = unsqueeze(x, ax + 1)
    wide = lh.append_op("expand_v2", {"X": [wide]},
                        {"shape": [-1] * (ax + 1) + [repeats] + [-1] * (len(dims) - ax - 1)})
    return reshape(wide, out_dims)


def _broadcast_dims(shapes):
    rank = max(len(s) for s in shapes)
    out = []
    for i in range(rank):
        ds = [s[i - rank + len(s)] for s in shapes if i - rank + len(s) >= 0]
        known = {d for d in ds if d not in (1, -1)}
        if len(known) > 1:
            return None
        out.append(known.pop() if known else (-1 if -1 in ds else 1))
    return out


def _broadcast_all(tensors, api, names):
    dims = _broadcast_dims([list(t.shape) for t in tensors])
    if dims is None:
        shown = ", ".join(f"{n} {list(t.shape)}" for n, t in zip(names, tensors))
        raise ValueError(f"expected {api}'s inputs to have broadcastable shapes, but got {shown}")
    out = []
    for t in tensors:
        if list(t.shape) != dims:
            t = lh.append_op("expand_v2", {"X": [t]}, {"shape": dims})
        out.append(t)
    return out


def _number_like(value, other, api, arg):
    from paddle.tensor.creation import _constant
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        import numpy as np
        if not isinstance(value, (np.integer, np.floating)):
            raise TypeError(f"expected {api}'s {arg} to be a Tensor or a number, but got "
                            f"{type(value).__name__}")
    if other is not None:
        return _constant(value, other.dtype)
    if isinstance(value, float) or not float(value).is_integer():
        from paddle.base.framework import get_default_dtype
        return _constant(value, get_default_dtype())
    return _constant(value, "int64")


def where(condition, x=None, y=None, name=None):
    """Elements of x where the bool condition is True, of y elsewhere (broadcast together);
    x or y may be a number (taking the other's dtype). With condition alone, the coordinates
    of its True elements, as paddle.nonzero(condition, as_tuple=True)."""
    if x is None and y is None:  # the coordinates of the True elements
        from paddle.tensor.search import nonzero
        return nonzero(condition, as_tuple=True)
    if x is None or y is None:
        raise ValueError("expected where's x and y to be given together, but got only "
                         f"{'y' if x is None else 'x'}")
    _check_tensor(condition, "where", "condition")
    if _dtype_name(condition.dtype) != "bool":
        raise TypeError(f"expected where's condition to be a bool Tensor, but got "
                        f"{_dtype_name(condition.dtype)}")
    if not isinstance(x, Variable):
        x = _number_like(x, y if isinstance(y, Variable) else None, "where", "x")
    if not isinstance(y, Variable):
        y = _number_like(y, x, "where", "y")
    if convert_dtype(x.dtype) != convert_dtype(y.dtype):
        raise TypeError(f"expected where's x and y to have one dtype, but got "
                        f"{_dtype_name(x.dtype)} and {_dtype_name(y.dtype)}")
    condition, x, y = _broadcast_all([condition, x, y], "where", ("condition", "x", "y"))
    return lh.append_op("where", {"Condition": [condition], "X": [x], "Y": [y]}, {},
                        dtype=x.dtype)


def _dtype_name(dtype):
    from paddle.base.dtypes import dtype_to_str
    return dtype_to_str(dtype)


def masked_fill(x, mask, value, name=None):
    """x with value written where the bool mask (broadcast with x) is True; value is a number
    or a 0-D / one-element Tensor (cast to x's dtype; it gets the gradient of the filled
    elements)."""
    _check_tensor(x, "masked_fill", "x")
    _check_tensor(mask, "masked_fill", "mask")
    if _dtype_name(mask.dtype) != "bool":
        raise TypeError(f"expected masked_fill's mask to be a bool Tensor, but got "
                        f"{_dtype_name(mask.dtype)}")
    if isinstance(value, Variable):
        if convert_dtype(value.dtype) != convert_dtype(x.dtype):
            value = cast(value, x.dtype)
    else:
        value = _number_like(value, x, "masked_fill", "value")
    return where(mask, value, x)


def t(input, name=None):  # noqa: A002 - PaddlePaddle's name
    """The transpose of a 2-D tensor; a 0-D or 1-D tensor is returned as it is."""
    _check_tensor(input, "t", "input")
    rank = len(input.shape)
    if rank > 2:
        raise ValueError(f"expected t's input to have at most 2 dimensions, but got "
                         f"{rank} (shape {list(input.shape)})")
    if rank < 2:
        return input
    return transpose(input, [1, 0])


def mm(input, mat2, name=None):  # noqa: A002 - PaddlePaddle's name
    """The matrix product of input and mat2 (batched and broadcast as matmul)."""
    _check_tensor(input, "mm", "input")
    _check_tensor(mat2, "mm", "mat2")
    return lh.append_op("matmul_v2", {"X": [input], "Y": [mat2]},
                        {"trans_x": False, "trans_y": False})


def moveaxis(x, source, destination, name=None):
    """x with the axes in source moved to the positions in destination (others keep their
    order)."""
    _check_tensor(x, "moveaxis", "x")
    rank = len(x.shape)
    src = _axes_list(source, rank, "moveaxis", "source")
    dst = _axes_list(destination, rank, "moveaxis", "destination")
    if len(src) != len(dst):
        raise ValueError(f"expected moveaxis's source and destination to have the same length, "
                         f"but got {len(src)} and {len(dst)}")
    perm = [a for a in range(rank) if a not in src]
    for d, s in sorted(zip(dst, src)):
        perm.insert(d, s)
    if perm == list(range(rank)):
        from paddle.tensor.creation import assign
        return assign(x)
    return transpose(x, perm)


def rot90(x, k=1, axes=[0, 1], name=None):  # noqa: B006 - PaddlePaddle's default
    """x rotated by 90 degrees k times in the plane of axes (from axes[0] towards axes[1])."""
    _check_tensor(x, "rot90", "x")
    rank = len(x.shape)
    if rank < 2:
        raise ValueError(f"expected rot90's x to have at least 2 dimensions, but got {rank}")
    if not isinstance(axes, (list, tuple)) or len(axes) != 2:
        raise ValueError(f"expected rot90's axes to be 2 ints, but got {axes!r}")
    a0, a1 = (_check_axis(a, rank, "rot90", "axes") for a in axes)
    if a0 == a1:
        raise ValueError(f"expected rot90's axes to name two different axes, but got {axes}")
    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"expected rot90's k to be an int, but got {type(k).__name__}")
    k %= 4
    if k == 0:
        from paddle.tensor.creation import assign
        return assign(x)
    if k == 2:
        return flip(x, [a0, a1])
    perm = list(range(rank))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return transpose(flip(x, a1), perm)
    return flip(transpose(x, perm), a1)
