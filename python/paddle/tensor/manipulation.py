"""Shape manipulation of static Variables: cast, reshape, transpose, flatten, concat, split,
stack, squeeze, unsqueeze, slice, gather, and x[index] indexing."""
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


def _getitem(self, item):
    """x[i], x[a:b], x[::-1], x[:, 1], x[..., 0] (steps: strided_slice). Bounds, steps and
    integer indices may be one-element int Tensors (see _tensor_index)."""
    if not isinstance(item, tuple):
        item = (item,)
    if any(i is None for i in item):
        return _getitem_new_axes(self, item)
    if _has_tensor_bounds(item):
        item = _tensor_index(item)
        if _has_tensor_bounds(item):  # a static program: the values are read at run time
            return _getitem_tensor_bounds(self, item)
    if any(i is Ellipsis for i in item):
        k = item.index(Ellipsis)
        fill = len(self.shape) - (len(item) - 1)
        item = item[:k] + (slice_all,) * fill + item[k + 1:]
    axes, starts, ends, decrease, strides = [], [], [], [], []
    for axis, idx in enumerate(item):
        if isinstance(idx, int):
            axes.append(axis)
            starts.append(idx)
            ends.append(idx + 1 if idx != -1 else 2 ** 31 - 1)
            decrease.append(axis)
            strides.append(1)
        elif isinstance(idx, _py_slice):
            if idx.step not in (None, 1):  # a step: strided_slice
                axes.append(axis)
                strides.append(_stepped_bounds(idx, self.shape[axis], starts, ends))
                continue
            if idx.start is None and idx.stop is None:
                continue
            axes.append(axis)
            starts.append(0 if idx.start is None else idx.start)
            ends.append(2 ** 31 - 1 if idx.stop is None else idx.stop)
            strides.append(1)
        elif isinstance(idx, Variable):
            if len(item) != 1:
                raise NotImplementedError("indexing with a Variable works on the first axis only")
            return gather(self, idx)
        else:
            raise TypeError(f"expected int, slice or Variable indices, but got {type(idx).__name__}")
    if not axes:
        return self
    if any(st != 1 for st in strides):
        return lh.append_op("strided_slice", {"Input": [self]},
                            {"axes": axes, "starts": starts, "ends": ends, "strides": strides,
                             "infer_flags": [1] * len(axes), "decrease_axis": decrease})
    out = lh.append_op("slice", {"Input": [self]},
                       {"axes": axes, "starts": starts, "ends": ends,
                        "infer_flags": [1] * len(axes), "decrease_axis": decrease})
    return out


def _getitem_new_axes(self, item):
    """x[None], x[:, None], x[..., None, 0]: the indexing without the Nones, then a new axis of
    extent 1 where each None stands among the result's axes (NumPy's and PaddlePaddle's rule:
    ints and 0-D tensor indices drop their axis, slices keep one, the unindexed axes follow)."""
    if any(i is Ellipsis for i in item):
        k = item.index(Ellipsis)
        consumed = sum(1 for i in item if i is not None and i is not Ellipsis)
        item = item[:k] + (slice_all,) * (len(self.shape) - consumed) + item[k + 1:]
    positions, kept = [], 0
    for idx in item:
        if idx is None:
            positions.append(kept)
            kept += 1
        elif isinstance(idx, _py_slice):
            kept += 1
        elif isinstance(idx, Variable):
            kept += len(idx.shape)  # a gather index keeps its axes; a 0-D one drops the axis
    rest = tuple(i for i in item if i is not None)
    return unsqueeze(_getitem(self, rest) if rest else self, positions)


def _stepped_bounds(idx, extent, starts, ends):
    """Appends strided_slice's start and end for the Python slice idx (a step other than 1) over
    an axis of `extent`; returns the step. A negative step's end of -1 means "through index 0"
    to strided_slice, so a Python stop counting from the end is made absolute when it can be."""
    step = int(idx.step)
    if step == 0:
        raise ValueError("expected a nonzero slice step, but got step 0")
    big = 2 ** 31 - 1
    start = idx.start if idx.start is not None else (0 if step > 0 else big)
    end = idx.stop if idx.stop is not None else (big if step > 0 else -1)
    if step < 0 and idx.stop is not None and end < 0 and extent >= 0:
        end = max(end + extent, -1)
    starts.append(int(start))
    ends.append(int(end))
    return step


_py_slice = __builtins__["slice"] if isinstance(__builtins__, dict) else __builtins__.slice
slice_all = _py_slice(None, None, None)
Variable.__getitem__ = _getitem


# -- indices that tensors give ----------------------------------------------------------------
# x[a:b], x[a:b:s], x[i] and x[a:b] = v where a, b, s or i are one-element int Tensors (as
# PaddlePaddle accepts them). In eager mode their values are read at once (as PaddlePaddle's
# dygraph indexing does) and the Python int paths run; in a static program they become the
# slice / strided_slice / set_value tensor inputs (StartsTensorList, EndsTensorList,
# StridesTensorList / StepsTensorList), constant entries exact int64 constants and the
# attribute -1 where a tensor gives the entry, so that every run reads them afresh.
_INDEX_INTS = ("int32", "int64")
_INDEX_CASTABLE = ("int8", "int16", "uint8")


def _has_tensor_bounds(item):
    """Whether the index tuple holds a tensor bound/step or a 0-D tensor index."""
    for idx in item:
        if isinstance(idx, _py_slice):
            if any(isinstance(p, Variable) for p in (idx.start, idx.stop, idx.step)):
                return True
        elif isinstance(idx, Variable) and len(idx.shape) == 0:
            return True
    return False


def _index_tensor(value, what, kinds):
    """value (a Tensor giving `what`, which may be one of `kinds`) checked to be a one-element
    integer tensor: int32/int64 as it is, int8/int16/uint8 cast to int64; TypeError /
    ValueError otherwise."""
    from paddle.base.dtypes import dtype_to_str
    from paddle.tensor.creation import _known_numel
    name = dtype_to_str(value.dtype)
    if name not in _INDEX_INTS + _INDEX_CASTABLE:
        raise TypeError(f"expected {what} to be {kinds}, but got a {name} Tensor")
    n = _known_numel(value)
    if n is not None and n != 1:
        raise ValueError(f"expected {what} to be a Tensor of one element, but got shape "
                         f"{list(value.shape)}")
    return value if name in _INDEX_INTS else cast(value, "int64")


def _tensor_index(item):
    """The index tuple with its tensor bounds and 0-D tensor indices checked; in eager mode
    they are replaced by their Python ints."""
    from paddle.base.framework import in_dynamic_mode
    eager = in_dynamic_mode()

    def resolve(value, what, kinds):
        if not isinstance(value, Variable):
            return value
        value = _index_tensor(value, what, kinds)
        return int(value.item()) if eager else value

    out = []
    for pos, idx in enumerate(item):
        if isinstance(idx, _py_slice):
            out.append(_py_slice(*(resolve(p, f"the slice {part} of index {pos}",
                                           "an int, None or a one-element integer Tensor")
                                   for part, p in (("start", idx.start), ("stop", idx.stop),
                                                   ("step", idx.step)))))
        elif isinstance(idx, Variable) and len(idx.shape) == 0:
            out.append(resolve(idx, f"index {pos}", "an int, a slice, ... or an integer Tensor"))
        else:
            out.append(idx)
    return tuple(out)


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _i64(value):
    """A Variable as int64 (Python ints as they are)."""
    from paddle.base.dtypes import VarType
    if isinstance(value, Variable) and convert_dtype(value.dtype) != VarType.INT64:
        return cast(value, "int64")
    return value


def _pick(cond, a, b):
    """where(cond, a, b) for int64 values, Python ints folded when everything is known."""
    if not isinstance(cond, Variable):
        return a if cond else b
    if not isinstance(a, Variable) and not isinstance(b, Variable):
        from paddle.tensor.creation import _constant
        a = _constant(a, "int64")
    return where(cond, a, b)


def _max(a, b):
    if not isinstance(a, Variable) and not isinstance(b, Variable):
        return max(a, b)
    from paddle.tensor.math import maximum
    return maximum(a, b) if isinstance(a, Variable) else maximum(b, a)


def _min(a, b):
    if not isinstance(a, Variable) and not isinstance(b, Variable):
        return min(a, b)
    from paddle.tensor.math import minimum
    return minimum(a, b) if isinstance(a, Variable) else minimum(b, a)


def _wrapped(value, n):
    """value counted from the end when negative, as Python reads an index (not clamped)."""
    if isinstance(value, Variable):
        return _pick(value < 0, value + n, value)
    return value + n if value < 0 else value


def _index_end(index):
    """The exclusive end of the one-element slice that the tensor index `index` picks: index + 1,
    or the largest bound for -1 (whose index + 1 would be 0, an empty slice)."""
    from paddle.tensor.math import equal
    return where(equal(index, -1), _BIG, index + 1)


def _extent(x, axis):
    """x's extent along axis: a Python int when known, else an int64 tensor read at run time."""
    d = x.shape[axis]
    if d >= 0:
        return int(d)
    return _i64(shape(x)[axis])


def _normalized_bounds(start, stop, step, n):
    """(start, end) for strided_slice / set_value giving exactly Python's x[start:stop:step]
    over an axis of extent n, where any of start, stop (ints, None or int64 tensors), step (an
    int or an int64 tensor) and n may be tensors: the bounds are clamped into the axis as
    Python does, an empty range becomes (start, start) for a positive step and (0, 0) for a
    negative one, and a negative step's end of -1 means "through index 0" as the kernels read
    it. The kernels alone differ from Python for out-of-range or crossing bounds."""
    def positive():
        s = 0 if start is None else _min(_max(_wrapped(start, n), 0), n)
        e = n if stop is None else _min(_max(_wrapped(stop, n), 0), n)
        return s, _max(e, s)

    def negative():
        s = n - 1 if start is None else _min(_wrapped(start, n), n - 1)
        e = -1 if stop is None else _max(_wrapped(stop, n), -1)
        empty = s <= e
        return _pick(empty, 0, s), _pick(empty, 0, e)

    if not isinstance(step, Variable):
        return positive() if step > 0 else negative()
    up = step > 0
    (ps, pe), (ns, ne) = positive(), negative()
    return _pick(up, ps, ns), _pick(up, pe, ne)


def _expand_ellipsis(item, rank):
    """item with its one ... replaced by the full slices it stands for over rank axes."""
    if sum(i is Ellipsis for i in item) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if any(i is Ellipsis for i in item):
        k = next(j for j, i in enumerate(item) if i is Ellipsis)  # no ==: tensors compare
        fill = rank - (len(item) - 1)
        item = item[:k] + (slice_all,) * fill + item[k + 1:]
    return item


def _tensor_bounded_region(x, item):
    """axes, starts, ends, strides, decrease axes, infer_flags and whether a step is involved
    for x[item] where tensors give some bounds (static programs); entries are Python ints or
    int64 tensors. With a step (strided_slice) the tensor-bounded axes are normalized by
    _normalized_bounds, since that kernel refuses crossing bounds that Python reads as an
    empty range; slice clamps as Python does."""
    rank = len(x.shape)
    item = _expand_ellipsis(item, rank)
    if len(item) > rank:
        raise IndexError(f"too many indices for a tensor of rank {rank}: {len(item)} given")
    stepped = any(isinstance(i, _py_slice) and not (i.step is None or (_is_int(i.step)
                                                                       and i.step == 1))
                  for i in item)
    axes, starts, ends, steps, decrease, flags = [], [], [], [], [], []
    for axis, idx in enumerate(item):
        if isinstance(idx, Variable):
            if len(idx.shape) != 0:
                raise NotImplementedError("indexing with a Variable works on the first axis only")
            start, end, step = idx, _index_end(idx), 1
            decrease.append(axis)
        elif _is_int(idx):
            start, end, step = idx, (idx + 1 if idx != -1 else _BIG), 1
            decrease.append(axis)
        elif isinstance(idx, _py_slice):
            if idx.start is None and idx.stop is None and idx.step is None:
                continue
            if not any(isinstance(p, Variable) for p in (idx.start, idx.stop, idx.step)):
                if idx.step not in (None, 1):  # as the Python int path writes it
                    s, e = [], []
                    step = _stepped_bounds(idx, x.shape[axis], s, e)
                    start, end = s[0], e[0]
                else:
                    start = 0 if idx.start is None else idx.start
                    end = _BIG if idx.stop is None else idx.stop
                    step = 1
            elif stepped:
                start, stop, step = (_i64(p) for p in (idx.start, idx.stop, idx.step))
                step = 1 if step is None else step
                if not isinstance(step, Variable) and step == 0:
                    raise ValueError("expected a nonzero slice step, but got step 0")
                start, end = _normalized_bounds(start, stop, step, _extent(x, axis))
            else:  # slice clamps as Python does
                start = 0 if idx.start is None else idx.start
                end = _BIG if idx.stop is None else idx.stop
                step = 1
        else:
            raise TypeError(f"expected int, slice or Variable indices, but got "
                            f"{type(idx).__name__}")
        axes.append(axis)
        starts.append(start)
        ends.append(end)
        steps.append(step)
        flags.append(-1 if any(isinstance(v, Variable) for v in (start, end, step)) else 1)
    return axes, starts, ends, steps, decrease, flags, stepped


def _getitem_tensor_bounds(x, item):
    """x[item] in a static program where tensors give some bounds: slice (or strided_slice
    where a step is involved) with StartsTensorList / EndsTensorList / StridesTensorList."""
    axes, starts, ends, steps, decrease, flags, stepped = _tensor_bounded_region(x, item)
    if not axes:
        return x
    op = "strided_slice" if stepped else "slice"
    inputs = {"Input": [x]}
    attrs = {"axes": axes, "infer_flags": flags, "decrease_axis": decrease}
    lists = [("starts", starts), ("ends", ends)] + ([("strides", steps)] if stepped else [])
    for arg, values in lists:
        attr, fed = _int_list_arg(values, op, arg, None, f"{arg.capitalize()}TensorList")
        attrs[arg] = attr
        inputs.update(fed)
    out = lh.append_op(op, inputs, attrs)
    from paddle.base.framework import in_dynamic_mode
    if not in_dynamic_mode():
        # The build-time inference leaves every sliced axis -1; axes that Python values bound
        # keep their extent, as PaddlePaddle's infer_flags mark them.
        dims, expanded = [], _expand_ellipsis(item, len(x.shape))
        for axis, idx in enumerate(expanded):
            extent = x.shape[axis]
            if not isinstance(idx, _py_slice):
                continue  # an index: the axis is dropped
            if extent >= 0 and not any(isinstance(p, Variable)
                                       for p in (idx.start, idx.stop, idx.step)):
                extent = len(range(extent)[idx])
            elif not (idx.start is None and idx.stop is None and idx.step is None):
                extent = -1
            dims.append(int(extent))
        dims += [int(d) for d in x.shape[len(expanded):]]
        out.desc.set_shape(dims)
    return out


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


_MAX_INDEX = 2 ** 63 - 1
_SET_VALUE_LISTS = {"bool": "bool_values", "int32": "int32_values", "int64": "int64_values",
                    "float32": "fp32_values", "float64": "fp64_values",
                    "float16": "fp16_values"}


def _set_value_attrs(shape, item, x=None):
    """set_value's axes/starts/ends/steps/decrease_axes/none_axes for x[item] = ...; where
    tensors (static programs: checked by _tensor_index) give a bound, step or 0-D index, the
    entries are int64 tensors (bounds normalized by _normalized_bounds, as set_value refuses
    crossing bounds that Python reads as an empty range)."""
    if not isinstance(item, tuple):
        item = (item,)
    if sum(i is Ellipsis for i in item) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if any(i is Ellipsis for i in item):
        k = next(j for j, i in enumerate(item) if i is Ellipsis)  # no ==: tensors compare
        fill = len(shape) - (len(item) - 1 - sum(i is None for i in item))
        item = item[:k] + (slice_all,) * fill + item[k + 1:]
    attrs = {"axes": [], "starts": [], "ends": [], "steps": [], "decrease_axes": [],
             "none_axes": []}
    dim = 0
    for idx in item:
        if idx is None:
            attrs["none_axes"].append(dim)
            continue
        if dim >= len(shape):
            raise IndexError(f"too many indices for a tensor of rank {len(shape)}: {item!r}")
        if isinstance(idx, Variable) and len(idx.shape) == 0:  # a tensor index (static)
            attrs["decrease_axes"].append(dim)
            for key, v in (("axes", dim), ("starts", idx), ("ends", _index_end(idx)),
                           ("steps", 1)):
                attrs[key].append(v)
            dim += 1
            continue
        if isinstance(idx, _py_slice) and any(isinstance(p, Variable)
                                              for p in (idx.start, idx.stop, idx.step)):
            start, stop, step = (_i64(p) for p in (idx.start, idx.stop, idx.step))
            step = 1 if step is None else step
            if not isinstance(step, Variable) and step == 0:
                raise ValueError("expected a nonzero slice step when assigning to a Tensor, "
                                 "but got step 0")
            start, end = _normalized_bounds(start, stop, step, _extent(x, dim))
            for key, v in (("axes", dim), ("starts", start), ("ends", end), ("steps", step)):
                attrs[key].append(v)
            dim += 1
            continue
        if isinstance(idx, bool) or not isinstance(idx, (int, _py_slice)):
            raise NotImplementedError(f"assigning through an index of type {type(idx).__name__}"
                                      " is not supported yet; use ints, slices, None and ...")
        if isinstance(idx, int):
            if shape[dim] >= 0 and not -shape[dim] <= idx < shape[dim]:
                raise IndexError(f"index {idx} is out of bounds for axis {dim} with size "
                                 f"{shape[dim]}")
            start, end, step = idx, (idx + 1 if idx != -1 else _MAX_INDEX), 1
            attrs["decrease_axes"].append(dim)
        else:
            if idx.start is None and idx.stop is None and idx.step is None:
                dim += 1
                continue
            step = 1 if idx.step is None else int(idx.step)
            if step == 0:
                raise ValueError("expected a nonzero slice step when assigning to a Tensor, "
                                 "but got step 0")
            start = idx.start if idx.start is not None else (0 if step > 0 else _MAX_INDEX)
            end = idx.stop if idx.stop is not None else (_MAX_INDEX if step > 0 else -_MAX_INDEX)
        attrs["axes"].append(dim)
        attrs["starts"].append(int(start))
        attrs["ends"].append(int(end))
        attrs["steps"].append(step)
        dim += 1
    return attrs


def _setitem(self, item, value):
    """x[item] = value with ints, slices (any step), None and ...: appends set_value writing
    x itself (in place, as PaddlePaddle does), in static and eager mode."""
    import numpy as np

    from paddle.base.dtypes import dtype_to_str
    from paddle.base.framework import in_dynamic_mode
    if not isinstance(item, tuple):
        item = (item,)
    inputs = {"Input": [self]}
    if _has_tensor_bounds(item):
        item = _tensor_index(item)  # eager: the tensors' ints
    attrs = _set_value_attrs(list(self.shape), item, self)
    for key in ("starts", "ends", "steps"):
        if any(isinstance(v, Variable) for v in attrs[key]):
            attrs[key], fed = _int_list_arg(attrs[key], "set_value", key, None,
                                            f"{key.capitalize()}TensorList")
            inputs.update(fed)
    dtype = convert_dtype(self.dtype)
    attrs["dtype"] = int(dtype)
    if isinstance(value, Variable):
        if convert_dtype(value.dtype) != dtype:
            value = cast(value, dtype)
        inputs["ValueTensor"] = [value]
    else:
        name = dtype_to_str(dtype)
        if name not in _SET_VALUE_LISTS:
            raise TypeError(f"assigning to a {name} Tensor is not supported")
        array = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
        if array.dtype == object:
            raise TypeError(f"expected a number, list, NumPy array or Tensor to assign, but got "
                            f"{type(value).__name__}")
        array = array.astype(name if name != "float16" else "float32")
        if array.ndim == 0:
            array = array.reshape([1])
        values = array.reshape(-1).tolist()
        attrs[_SET_VALUE_LISTS[name]] = [int(v) for v in values] if name == "bool" else values
        attrs["shape"] = list(array.shape)
    if in_dynamic_mode():
        from paddle.base import core as eager_core
        from paddle.base.eager import Tensor, is_grad_enabled, trace_op
        value = inputs.get("ValueTensor", [None])[0]
        if (self.stop_gradient and self.is_leaf and value is not None
                and not value.stop_gradient and is_grad_enabled()):
            # A constant leaf taking a value that needs a gradient becomes part of the graph.
            out, version = Tensor(), self.inplace_version
            trace_op("set_value", inputs, {"Out": [out]}, attrs)
            self._t, self._uid, self._node = out._t, out._uid, out._node
            eager_core.eager_mark_written(self._t, version)  # new storage: an in-place write
            self._stop_gradient = out.stop_gradient
            return
    lh.main_block().append_op(type="set_value", inputs=inputs, outputs={"Out": [self]},
                              attrs=attrs)


Variable.__setitem__ = _setitem


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
