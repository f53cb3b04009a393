"""Shape manipulation of static Variables: cast, reshape, transpose, flatten, concat, split,
stack, squeeze, unsqueeze, slice, gather, and x[index] indexing."""
from paddle.base import layer_helper as lh
from paddle.base.dtypes import convert_dtype
from paddle.base.framework import Variable


def cast(x, dtype):
    dtype = convert_dtype(dtype)
    return lh.append_op("cast", {"X": [x]}, {"in_dtype": int(x.dtype), "out_dtype": int(dtype)},
                        dtype=dtype)


def reshape(x, shape, name=None):
    if isinstance(shape, Variable):
        raise NotImplementedError("a shape given as a Variable is not supported yet; pass a list")
    shape = [int(d) for d in shape]
    return lh.append_op("reshape2", {"X": [x]}, {"shape": shape}, outputs=("Out", "XShape"))[0]


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


def concat(x, axis=0, name=None):
    x = list(x)
    if isinstance(axis, Variable):
        raise NotImplementedError("axis given as a Variable is not supported yet")
    return lh.append_op("concat", {"X": x}, {"axis": int(axis)}, dtype=x[0].dtype)


def split(x, num_or_sections, axis=0, name=None):
    if isinstance(num_or_sections, int):
        attrs = {"axis": int(axis), "num": num_or_sections, "sections": []}
        n = num_or_sections
    else:
        attrs = {"axis": int(axis), "num": 0, "sections": [int(s) for s in num_or_sections]}
        n = len(num_or_sections)
    return lh.append_op("split", {"X": [x]}, attrs, outputs=(f"Out[]:{n}",))


def stack(x, axis=0, name=None):
    x = list(x)
    return lh.append_op("stack", {"X": x}, {"axis": int(axis)}, outputs=("Y",), dtype=x[0].dtype)


def squeeze(x, axis=None, name=None):
    axes = [] if axis is None else ([axis] if isinstance(axis, int) else list(axis))
    return lh.append_op("squeeze2", {"X": [x]}, {"axes": axes}, outputs=("Out", "XShape"))[0]


def unsqueeze(x, axis, name=None):
    axes = [axis] if isinstance(axis, int) else list(axis)
    return lh.append_op("unsqueeze2", {"X": [x]}, {"axes": axes}, outputs=("Out", "XShape"))[0]


def slice(input, axes, starts, ends):  # noqa: A001 - PaddlePaddle's name
    return lh.append_op("slice", {"Input": [input]},
                        {"axes": list(axes), "starts": [int(s) for s in starts],
                         "ends": [int(e) for e in ends], "infer_flags": [1] * len(axes),
                         "decrease_axis": []})


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
    """x[i], x[a:b], x[::-1], x[:, 1], x[..., 0] with constant indices (steps: strided_slice)."""
    if not isinstance(item, tuple):
        item = (item,)
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


def strided_slice(x, axes, starts, ends, strides, name=None):
    """The elements starts[i], starts[i] + strides[i], ... before ends[i] along axes[i]
    (negative strides walk backwards); constant bounds only."""
    lists = {"axes": axes, "starts": starts, "ends": ends, "strides": strides}
    for key, values in lists.items():
        if isinstance(values, Variable) or any(isinstance(v, Variable) for v in values):
            raise NotImplementedError(f"strided_slice {key} given as a Variable is not "
                                      "supported yet; pass a list of ints")
    axes = [int(a) for a in axes]
    return lh.append_op("strided_slice", {"Input": [x]},
                        {"axes": axes, "starts": [int(s) for s in starts],
                         "ends": [int(e) for e in ends], "strides": [int(s) for s in strides],
                         "infer_flags": [1] * len(axes), "decrease_axis": []})


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


def _set_value_attrs(shape, item):
    """set_value's axes/starts/ends/steps/decrease_axes/none_axes for x[item] = ..."""
    if not isinstance(item, tuple):
        item = (item,)
    if sum(i is Ellipsis for i in item) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if any(i is Ellipsis for i in item):
        k = item.index(Ellipsis)
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
    attrs = _set_value_attrs(list(self.shape), item)
    dtype = convert_dtype(self.dtype)
    attrs["dtype"] = int(dtype)
    inputs = {"Input": [self]}
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
