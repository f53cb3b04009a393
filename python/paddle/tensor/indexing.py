"""x[index] and x[index] = value on static Variables and eager Tensors, with NumPy's meaning:
ints, slices (Python ints or one-element int Tensor bounds), None, ..., one integer array /
list / Tensor (gather, scatter) and a boolean mask (masked_select, gather, scatter)."""
import numpy as np

from paddle.base import layer_helper as lh
from paddle.base.dtypes import convert_dtype, dtype_to_str
from paddle.base.framework import Variable, in_dynamic_mode
from paddle.tensor.creation import _constant, _int_list_arg, _known_numel
from paddle.tensor.manipulation import (_BIG, cast, expand, flatten, gather, masked_select,
                                        reshape, scatter, shape, transpose, unsqueeze, where)

_MAX_INDEX = 2 ** 63 - 1
_SET_VALUE_LISTS = {"bool": "bool_values", "int32": "int32_values", "int64": "int64_values",
                    "float32": "fp32_values", "float64": "fp64_values",
                    "float16": "fp16_values"}
_INDEX_INTS = ("int32", "int64")
_INDEX_CASTABLE = ("int8", "int16", "uint8")
_SLICE_ALL = slice(None)


# -- the index's entries ------------------------------------------------------------------------
def _index_entries(item):
    """The index as a tuple of entries read NumPy's way: NumPy integers as ints (in slices
    too); lists and NumPy arrays as int64 arrays, bool arrays (masks) or, when 0-D, ints; a
    Python or NumPy bool as a 0-D bool array (a mask of no axes). TypeError for the rest."""
    if not isinstance(item, tuple):
        item = (item,)
    out = []
    for pos, idx in enumerate(item):
        if idx is None or idx is Ellipsis or isinstance(idx, Variable):
            out.append(idx)
        elif isinstance(idx, slice):
            out.append(slice(*(_slice_part(p, part, pos) for part, p in
                               (("start", idx.start), ("stop", idx.stop), ("step", idx.step)))))
        elif isinstance(idx, (bool, np.bool_)):
            out.append(np.array(bool(idx)))
        elif isinstance(idx, (int, np.integer)):
            out.append(int(idx))
        elif isinstance(idx, (list, np.ndarray)):
            out.append(_array_entry(idx, pos))
        else:
            raise TypeError(f"expected index {pos} to be an int, a slice, None, ..., a list, a "
                            f"NumPy array or a Tensor, but got {type(idx).__name__}")
    return tuple(out)


def _slice_part(value, part, pos):
    if value is None or isinstance(value, Variable):
        return value  # a Tensor is checked by _tensor_index
    if not hasattr(value, "__index__"):
        raise TypeError(f"expected the slice {part} of index {pos} to be an int, None or a "
                        f"one-element integer Tensor, but got {type(value).__name__}")
    return int(value.__index__())


def _array_entry(value, pos):
    kind = type(value).__name__
    try:
        array = np.asarray(value)
    except ValueError:  # ragged lists
        raise TypeError(f"expected index {pos} to be a rectangular {kind} of ints or bools, "
                        f"but got {value!r}") from None
    if array.size == 0 and isinstance(value, list):
        array = array.astype("int64")  # x[[]] selects nothing (NumPy reads it as integers)
    if array.dtype == np.bool_:
        return array
    if not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"expected index {pos} to be a {kind} of ints or bools, but got one of "
                        f"{array.dtype}")
    return int(array) if array.ndim == 0 else array.astype("int64")


def _is_mask(entry):
    if isinstance(entry, np.ndarray):
        return entry.dtype == np.bool_
    return isinstance(entry, Variable) and dtype_to_str(entry.dtype) == "bool"


def _is_advanced(entry):
    """A boolean mask or an integer array / Tensor of rank >= 1 (a 0-D int Tensor is a plain
    index: _tensor_index)."""
    if isinstance(entry, np.ndarray):
        return True
    return isinstance(entry, Variable) and (len(entry.shape) > 0 or _is_mask(entry))


def _consumed(entry):
    """The number of x's axes an entry indexes."""
    if entry is None or entry is Ellipsis:
        return 0
    return len(entry.shape) if _is_mask(entry) else 1


def _expand_ellipsis(item, rank):
    """item with its one ... replaced by the full slices it stands for over rank axes;
    IndexError for two ellipses or more indices than axes."""
    if sum(i is Ellipsis for i in item) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = sum(_consumed(i) for i in item)
    if used > rank:
        raise IndexError(f"too many indices for a tensor of rank {rank}: {used} given")
    if any(i is Ellipsis for i in item):
        k = next(j for j, i in enumerate(item) if i is Ellipsis)  # no ==: tensors compare
        item = item[:k] + (_SLICE_ALL,) * (rank - used) + item[k + 1:]
    return item


def _is_full(entry):
    return isinstance(entry, slice) and entry.start is None and entry.stop is None \
        and entry.step is None


# -- indices that tensors give ----------------------------------------------------------------
# x[a:b], x[a:b:s], x[i] and x[a:b] = v where a, b, s or i are one-element int Tensors (as
# PaddlePaddle accepts them). In eager mode their values are read at once (as PaddlePaddle's
# dygraph indexing does) and the Python int paths run; in a static program they become the
# slice / strided_slice / set_value tensor inputs (StartsTensorList, EndsTensorList,
# StridesTensorList / StepsTensorList), constant entries exact int64 constants and the
# attribute -1 where a tensor gives the entry, so that every run reads them afresh.
def _has_tensor_bounds(item):
    """Whether the index tuple holds a tensor bound/step or a 0-D tensor index."""
    for idx in item:
        if isinstance(idx, slice):
            if any(isinstance(p, Variable) for p in (idx.start, idx.stop, idx.step)):
                return True
        elif isinstance(idx, Variable) and len(idx.shape) == 0:
            return True
    return False


def _index_tensor(value, what, kinds):
    """value (a Tensor giving `what`, which may be one of `kinds`) checked to be a one-element
    integer tensor: int32/int64 as it is, int8/int16/uint8 cast to int64; TypeError /
    ValueError otherwise."""
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
    eager = in_dynamic_mode()

    def resolve(value, what, kinds):
        if not isinstance(value, Variable):
            return value
        value = _index_tensor(value, what, kinds)
        return int(value.item()) if eager else value

    out = []
    for pos, idx in enumerate(item):
        if isinstance(idx, slice):
            out.append(slice(*(resolve(p, f"the slice {part} of index {pos}",
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


# -- the region of ints and slices ------------------------------------------------------------
def _checked_step(step):
    if not isinstance(step, Variable) and step == 0:
        raise ValueError("expected a nonzero slice step, but got step 0")
    return step


def _slice_bounds(x, axis, idx, op):
    """(start, end, step) of the slice idx over x's axis as `op` (slice, strided_slice or
    set_value) reads them, selecting exactly NumPy's x[idx] along the axis. slice clamps as
    Python does, so its bounds stay as given; for the others a known extent normalizes Python
    ints at once, tensor bounds are normalized in the program (_normalized_bounds), and Python
    ints over an unknown extent stay as given where the kernels read them as NumPy does for
    every extent (_unknown_extent_bounds), else are normalized in the program too."""
    big = _MAX_INDEX if op == "set_value" else _BIG
    if any(isinstance(p, Variable) for p in (idx.start, idx.stop, idx.step)):
        if op == "slice":  # no step
            return (0 if idx.start is None else idx.start, big if idx.stop is None else idx.stop,
                    1)
        start, stop, step = (_i64(p) for p in (idx.start, idx.stop, idx.step))
        step = _checked_step(1 if step is None else step)
        return (*_normalized_bounds(start, stop, step, _extent(x, axis)), step)
    step = _checked_step(1 if idx.step is None else idx.step)
    start, stop = (None if p is None else max(-big, min(big, p)) for p in (idx.start, idx.stop))
    if op == "slice":
        return (0 if start is None else start, big if stop is None else stop, 1)
    if x.shape[axis] >= 0:
        return (*_normalized_bounds(start, stop, step, int(x.shape[axis])), step)
    bounds = _unknown_extent_bounds(start, stop, step, big)
    if bounds is None:  # whether the range is empty depends on the extent
        bounds = _normalized_bounds(start, stop, step, _extent(x, axis))
    return (*bounds, step)


def _unknown_extent_bounds(start, stop, step, big):
    """(start, end) for Python int bounds over an axis whose extent is known only at run time,
    where strided_slice and set_value read them as NumPy does for every extent: a positive
    step's bounds of one sign (or None); a negative step's stop 0, or None after None, a
    non-negative start or -1; a range empty for every extent. None otherwise: whether and
    where the range crosses depends on the extent."""
    if start is not None and stop is not None and (start >= 0) == (stop >= 0) and (
            start >= stop if step > 0 else start <= stop):
        return (start, start) if step > 0 else (0, 0)
    if step > 0:
        if start is None or stop is None or (start >= 0) == (stop >= 0):
            return (0 if start is None else start, big if stop is None else stop)
        return None
    if stop == -1 and (start is None or start < 0):  # NumPy's last index: empty
        return (0, 0)
    if stop == 0 or (stop is None and (start is None or start >= -1)):
        return (big if start is None else start, -1 if stop is None else stop)  # -1: through 0
    return None


def _index_bounds(x, axis, idx, op):
    """(start, end) of the one-element slice the int (or 0-D int tensor) idx picks on x's
    axis; IndexError for an int outside a known extent, as NumPy refuses it."""
    if isinstance(idx, Variable):
        return idx, _index_end(idx)
    n = x.shape[axis]
    if n >= 0:
        if not -n <= idx < n:
            raise IndexError(f"index {idx} is out of bounds for axis {axis} with size {n}")
        idx = idx + n if idx < 0 else idx
        return idx, idx + 1
    return idx, (idx + 1 if idx != -1 else (_MAX_INDEX if op == "set_value" else _BIG))


def _region(x, item, op):
    """The region x[item] names (ints, slices, None, ... and 0-D int tensors) as `op` (slice,
    strided_slice or set_value) takes it: axes, starts, ends, steps, decrease_axes and
    none_axes (set_value's new axes of extent 1); entries are Python ints or int64 tensors."""
    item = _expand_ellipsis(item, len(x.shape))
    region = {key: [] for key in ("axes", "starts", "ends", "steps", "decrease_axes",
                                  "none_axes")}
    axis = 0
    for idx in item:
        if idx is None:
            region["none_axes"].append(axis)
            continue
        if isinstance(idx, slice):
            if _is_full(idx):
                axis += 1
                continue
            bounds = _slice_bounds(x, axis, idx, op)
        elif _is_int(idx) or isinstance(idx, Variable):
            bounds = (*_index_bounds(x, axis, idx, op), 1)
            region["decrease_axes"].append(axis)
        else:
            raise TypeError(f"expected int, slice, None, ... or Tensor indices, but got "
                            f"{type(idx).__name__}")
        for key, value in zip(("axes", "starts", "ends", "steps"), (axis, *bounds)):
            region[key].append(value)
        axis += 1
    return region


# -- x[index] ---------------------------------------------------------------------------------
def _getitem(self, item):
    """x[item] as NumPy reads it: ints, slices (any step; Python ints or one-element int
    Tensors), None and ... (slice / strided_slice, unsqueeze), one integer array, list or
    Tensor among them (gather on its axis), or a boolean mask of x's shape or of its leading
    axes (masked_select / gather)."""
    item = _index_entries(item)
    advanced = [k for k, entry in enumerate(item) if _is_advanced(entry)]
    if advanced:
        return _getitem_advanced(self, item, advanced)
    if any(i is None for i in item):
        return _getitem_new_axes(self, item)
    if _has_tensor_bounds(item):
        item = _tensor_index(item)  # eager: the tensors' ints
    return _getitem_region(self, item)


def _getitem_region(x, item):
    """x[item] for ints, slices and 0-D int tensors: slice, or strided_slice where a step is
    involved, with StartsTensorList / EndsTensorList / StridesTensorList where tensors give
    bounds (static programs)."""
    stepped = any(isinstance(i, slice) and not (i.step is None or (_is_int(i.step)
                                                                   and i.step == 1))
                  for i in item)
    op = "strided_slice" if stepped else "slice"
    region = _region(x, item, op)
    if not region["axes"]:
        return x
    inputs = {"Input": [x]}
    flags = [-1 if any(isinstance(v, Variable) for v in bounds) else 1
             for bounds in zip(region["starts"], region["ends"], region["steps"])]
    attrs = {"axes": region["axes"], "infer_flags": flags,
             "decrease_axis": region["decrease_axes"]}
    lists = [("starts", region["starts"]), ("ends", region["ends"])]
    if stepped:
        lists.append(("strides", region["steps"]))
    for arg, values in lists:
        attr, fed = _int_list_arg(values, op, arg, None, f"{arg.capitalize()}TensorList")
        attrs[arg] = attr
        inputs.update(fed)
    out = lh.append_op(op, inputs, attrs)
    if len(inputs) > 1 and not in_dynamic_mode():
        # The build-time inference leaves every sliced axis -1 once a tensor gives a bound;
        # axes with Python bounds keep their extent, as PaddlePaddle's infer_flags mark them.
        expanded, dims = _expand_ellipsis(item, len(x.shape)), []
        for axis, idx in enumerate(expanded):
            if not isinstance(idx, slice):
                continue  # an index: the axis is dropped
            extent = x.shape[axis]
            if not _is_full(idx):
                known = extent >= 0 and flags[region["axes"].index(axis)] == 1
                extent = len(range(extent)[idx]) if known else -1
            dims.append(int(extent))
        out.desc.set_shape(dims + [int(d) for d in x.shape[len(expanded):]])
    return out


def _getitem_new_axes(self, item):
    """x[None], x[:, None], x[..., None, 0]: the indexing without the Nones, then a new axis of
    extent 1 where each None stands among the result's axes (NumPy's and PaddlePaddle's rule:
    ints and 0-D tensor indices drop their axis, slices keep one, the unindexed axes follow)."""
    item = _expand_ellipsis(item, len(self.shape))
    positions, kept = [], 0
    for idx in item:
        if idx is None:
            positions.append(kept)
        if idx is None or isinstance(idx, slice):
            kept += 1
    rest = tuple(i for i in item if i is not None)
    return unsqueeze(_getitem(self, rest) if rest else self, positions)


def _advanced_axis(x, item, positions, what):
    """(the expanded item, the position of its one advanced entry, the axis of x it indexes);
    NotImplementedError for more than one advanced entry."""
    if len(positions) > 1:
        raise NotImplementedError(f"{what} with more than one integer or boolean array / Tensor "
                                  f"in one index (at positions {positions}) is not supported "
                                  "yet; index one axis at a time")
    entry = item[positions[0]]
    if _is_mask(entry) and all(e is None for e in item[:positions[0]]):
        _check_mask(x, entry)  # before _expand_ellipsis counts its axes
    item = _expand_ellipsis(item, len(x.shape))
    pos = next(j for j, e in enumerate(item) if e is entry)
    return item, pos, sum(_consumed(e) for e in item[:pos])


def _only_advanced(item, pos, axis, what):
    """NotImplementedError unless the advanced entry at pos indexes x's first axes and the rest
    of the index is full slices (x[mask], x[mask, ...], x[:, idx] = v)."""
    kind = "a boolean mask" if _is_mask(item[pos]) else "an integer array / Tensor index"
    if any(not _is_full(e) for j, e in enumerate(item) if j != pos) or (
            _is_mask(item[pos]) and axis != 0):
        raise NotImplementedError(f"{what} with {kind} combined with ints, slices, None or an "
                                  f"axis before it (index {_shown(item)}) is not supported yet; "
                                  f"use {kind} alone" + ("" if _is_mask(item[pos]) else
                                                         " or with full slices ':'"))


def _shown(item):
    return "(" + ", ".join("Tensor" if isinstance(e, Variable) else
                           ("array" if isinstance(e, np.ndarray) else repr(e))
                           for e in item) + ")"


def _getitem_advanced(x, item, positions):
    """x[item] with one integer array / Tensor among ints, slices, None and ...: the rest of the
    index first, then gather on the axis the array indexes, whose place the array's axes take
    (NumPy's result with one advanced index; first, when a slice or None parts the array from
    an int). A boolean mask indexes alone (with full slices after it)."""
    item, pos, axis = _advanced_axis(x, item, positions, "indexing")
    entry = item[pos]
    if _is_mask(entry):
        _only_advanced(item, pos, axis, "indexing")
        mask = _mask_tensor(x, entry)
        if len(mask.shape) == len(x.shape) and mask.shape:
            return masked_select(x, mask)
        rows, positions = _mask_rows(x, mask)
        return gather(rows, positions)
    index = _index_array(x, entry, axis, positions[0])
    base = _getitem(x, item[:pos] + (_SLICE_ALL,) + item[pos + 1:])
    at = sum(1 for e in item[:pos] if e is None or isinstance(e, slice))  # the axis in base
    rank = len(index.shape)
    if rank == 1:
        out = gather(base, index, at)
    else:
        dims = list(base.shape[:at]) + list(index.shape) + list(base.shape[at + 1:])
        dims = [0 if d < 0 and j < at else d for j, d in enumerate(dims)]  # 0: keep the extent
        if sum(d < 0 for d in dims) > 1:
            raise NotImplementedError(f"indexing with an index array of rank {rank} where more "
                                      f"than one extent of the result {dims} is unknown is not "
                                      "supported yet")
        if 0 in dims[at:]:  # reshape reads 0 as "keep the extent": nothing to select anyway
            out = _constant(0, x.dtype, dims)
        else:
            out = reshape(gather(base, reshape(index, [-1]), at), dims)
    # NumPy's rule: ints count as advanced indices too; apart from the array (a slice or None
    # between them), the array's axes come first.
    group = [j for j, e in enumerate(item)
             if j == pos or _is_int(e) or (isinstance(e, Variable) and not e.shape)]
    if at and group != list(range(group[0], group[-1] + 1)):
        kept = len(out.shape)
        out = transpose(out, list(range(at, at + rank)) +
                        [d for d in range(kept) if not at <= d < at + rank])
    return out


def _index_array(x, entry, axis, pos):
    """The integer array / Tensor entry (at index position pos) as an int tensor of positions
    along x's axis: a constant's entries checked against a known extent (IndexError, as NumPy)
    and counted from the end when negative; a Tensor's dtype checked and its negative entries
    counted from the end in the program (out-of-range ones are refused by gather / scatter)."""
    if isinstance(entry, np.ndarray):
        n = x.shape[axis]
        if n >= 0:
            bad = entry[(entry < -n) | (entry >= n)]
            if bad.size:
                raise IndexError(f"index {int(bad[0])} is out of bounds for axis {axis} with "
                                 f"size {n}")
            return _constant(np.where(entry < 0, entry + n, entry), "int64")
        index = _constant(entry, "int64")
        return _wrapped(index, _extent(x, axis)) if (entry < 0).any() else index
    name = dtype_to_str(entry.dtype)
    if name not in _INDEX_INTS + _INDEX_CASTABLE:
        raise TypeError(f"expected index {pos} to be an integer or bool Tensor, but got a {name} "
                        "Tensor")
    # Entries in [-n, 0) count from the end (NumPy's and PaddlePaddle's rule), read at run
    # time; others stay as they are, so that gather / scatter name the entry given.
    from paddle.tensor.math import logical_and
    index, n = _i64(entry), _extent(x, axis)
    return where(logical_and(index < 0, index >= -n), index + n, index)


def _check_mask(x, mask):
    """ValueError (naming both shapes) unless the boolean mask has x's shape or the shape of
    x's leading axes."""
    dims, have = list(x.shape), list(mask.shape)
    if len(have) > len(dims) or any(m >= 0 and d >= 0 and m != d for m, d in zip(have, dims)):
        raise ValueError(f"expected a boolean mask of x's shape {dims} or of its leading axes' "
                         f"shape, but got a mask of shape {have}")


def _mask_tensor(x, mask):
    """The boolean mask (a bool Tensor or NumPy array) checked (_check_mask), as a tensor."""
    _check_mask(x, mask)
    return _constant(mask, "bool") if isinstance(mask, np.ndarray) else mask


def _mask_rows(x, mask):
    """(x with the mask's axes flattened into one, the int64 positions of the mask's true
    elements along it): x[mask] is rows[positions]."""
    k = len(mask.shape)
    if k == 0:
        rows = unsqueeze(x, [0])
    else:
        rows = x if k == 1 else flatten(x, 0, k - 1)
    flat = mask if k == 1 else reshape(mask, [-1])
    from paddle.tensor.search import nonzero
    return rows, reshape(nonzero(flat), [-1])


# -- x[index] = value -------------------------------------------------------------------------
def _setitem(self, item, value):
    """x[item] = value, written into x itself (in place, as PaddlePaddle does) in static and
    eager mode: ints, slices (any step), None and ... (set_value), one integer array / Tensor
    with full slices (scatter along its axis) or a boolean mask (scatter of the flattened
    masked axes); value broadcasts to x[item] as NumPy's does."""
    item = _index_entries(item)
    advanced = [k for k, entry in enumerate(item) if _is_advanced(entry)]
    if advanced:
        item, pos, axis = _advanced_axis(self, item, advanced, "assigning")
        _only_advanced(item, pos, axis, "assigning")
        if _is_mask(item[pos]):
            mask = _mask_tensor(self, item[pos])
            rows, positions = _mask_rows(self, mask)
            new = _scatter_rows(rows, positions, 0, value, self.dtype)
            new = reshape(new, list(self.shape) if -1 not in self.shape else shape(self))
        else:
            index = _index_array(self, item[pos], axis, advanced[0])
            if len(index.shape) != 1:
                raise NotImplementedError(f"assigning through an index array of rank "
                                          f"{len(index.shape)} is not supported yet; use a 1-D "
                                          "index")
            new = _scatter_rows(self, index, axis, value, self.dtype)
        _set_value(self, _region(self, (), "set_value"), new)
        return
    if _has_tensor_bounds(item):
        item = _tensor_index(item)  # eager: the tensors' ints
    _set_value(self, _region(self, item, "set_value"), value)


def _value_tensor(value, dtype):
    """The value to assign as a tensor of dtype (numbers, lists and NumPy arrays as constants)."""
    if isinstance(value, Variable):
        return value if convert_dtype(value.dtype) == convert_dtype(dtype) else cast(value, dtype)
    array = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
    if array.dtype == object or not (array.dtype == np.bool_
                                     or np.issubdtype(array.dtype, np.number)):
        raise TypeError(f"expected a number, list, NumPy array or Tensor to assign, but got "
                        f"{type(value).__name__}")
    name = dtype_to_str(dtype)
    if name in ("float16", "bfloat16"):
        return cast(_constant(array.astype("float32"), "float32"), dtype)
    return _constant(array.astype(name), dtype)


def _scatter_rows(x, index, axis, value, dtype):
    """x with the entries at positions index (1-D) along axis replaced by value, broadcast to
    x[..., index, ...]'s shape as NumPy broadcasts an assigned value (ValueError otherwise)."""
    value = _value_tensor(value, dtype)
    if dtype_to_str(dtype) == "bool":  # scatter has no bool kernel: through int32
        return cast(_scatter_rows(cast(x, "int32"), index, axis, cast(value, "int32"), "int32"),
                    "bool")
    target = list(x.shape)
    target[axis] = index.shape[0]
    have = list(value.shape)
    if len(have) > len(target) or any(
            v >= 0 and t >= 0 and v not in (1, t)
            for v, t in zip(have[::-1], target[::-1])):
        raise ValueError(f"expected the assigned value to broadcast to the indexed region's "
                         f"shape {target}, but got a value of shape {have}")
    if have != target or -1 in target:
        if -1 in target:  # broadcast at run time, to the region's own shape
            if len(have) < len(target):  # the build-time check keeps -1 on X's own axes only
                value = unsqueeze(value, list(range(len(target) - len(have))))
            value = lh.append_op("expand_as_v2", {"X": [value], "Y": [gather(x, index, axis)]},
                                 {"target_shape": []})
            if not in_dynamic_mode():
                value.desc.set_shape(target)
        else:
            value = expand(value, target)
    if axis == 0:
        return scatter(x, index, value, overwrite=True)
    perm = [axis] + [d for d in range(len(target)) if d != axis]
    moved = scatter(transpose(x, perm), index, transpose(value, perm), overwrite=True)
    return transpose(moved, [perm.index(d) for d in range(len(perm))])


def _set_value(self, region, value):
    """Appends set_value writing value (a Tensor, number, list or NumPy array) into the region
    of self (in place); in eager mode, a constant leaf taking a value that needs a gradient
    becomes part of the graph."""
    inputs = {"Input": [self]}
    attrs = dict(region)
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


Variable.__getitem__ = _getitem
Variable.__setitem__ = _setitem
