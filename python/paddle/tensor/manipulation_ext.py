"""More creation, manipulation, indexing and linear-algebra APIs, each composed of existing
ops (no op of their own, so gradients come from the parts): empty, diag / diag_embed /
diagonal, index triangles, vander, logspace, take, index_add / index_fill / index_put,
masked_scatter, unflatten, broadcasting helpers, tensordot / inner / mv / addmm, cdist and cov.
(Searching, counting and sampling: search_ext.py.)"""
import numbers

import numpy as np

from paddle.base import layer_helper as lh
from paddle.base.dtypes import convert_dtype
from paddle.base.dtypes import dtype_to_str as _dtype_name
from paddle.base.framework import Variable, get_default_dtype, in_dynamic_mode
from paddle.tensor import creation as C
from paddle.tensor import linalg as LA
from paddle.tensor import manipulation as MA
from paddle.tensor import math as M
from paddle.tensor import search as S
from paddle.tensor.manipulation import _check_axis, _check_tensor

__all__ = ["empty", "empty_like", "diag", "diagflat", "diag_embed", "diagonal", "tril_indices",
           "triu_indices", "vander", "logspace", "take", "index_add", "index_fill", "index_put",
           "index_sample", "masked_scatter", "unflatten", "view", "broadcast_tensors",
           "broadcast_shape", "is_tensor", "is_empty", "rank", "tensordot", "inner", "mv",
           "addmm", "cdist", "cov"]


def _known(shape):
    return all(d >= 0 for d in shape)


def _differ(a, b):
    """Whether two extents are known and different."""
    return a >= 0 and b >= 0 and a != b


def _check_tensors(api, **named):
    for arg, value in named.items():
        _check_tensor(value, api, arg)


def _int(value, api, arg):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"expected {api}'s {arg} to be an int, but got {type(value).__name__}")
    return int(value)


def _spread(small, like, dtype=None):
    """small broadcast to like's shape at run time (like's extents may be unknown): small plus
    zeros shaped as like; bool stays bool."""
    is_bool = _dtype_name(small.dtype) == "bool"
    work = "int32" if is_bool else (dtype or small.dtype)
    if is_bool or convert_dtype(small.dtype) != convert_dtype(work):
        small = MA.cast(small, work)
    out = M.add(C.zeros_like(like, work), small)
    return M.not_equal(out, C.zeros_like(out)) if is_bool else out


def _value_like(value, x, api, arg="value"):
    """A number or a Tensor as a tensor of x's dtype and shape (for where)."""
    if isinstance(value, Variable):
        if convert_dtype(value.dtype) != convert_dtype(x.dtype):
            value = MA.cast(value, x.dtype)
        return _spread(value, x)
    C._check_number(value, api, arg, allow_tensor=False)
    return C.full_like(x, value)


def _select(condition, x, y):
    """where over tensors of one shape (no broadcasting, so extents may be unknown)."""
    return lh.append_op("where", {"Condition": [condition], "X": [x], "Y": [y]}, {},
                        dtype=x.dtype)


def _reshaped_as(out, like):
    """out reshaped to like's shape (read at run time when more than one extent is unknown)."""
    shape = list(like.shape)
    return MA.reshape(out, shape if shape.count(-1) <= 1 else MA.shape(like))


def _check_dtype_kind(x, api, arg, kinds):
    name = _dtype_name(x.dtype)
    if name not in kinds:
        raise TypeError(f"expected {api}'s {arg} to be a {', '.join(kinds)} Tensor, but got "
                        f"{name}")


_INDEX = ("int32", "int64")


# -- creation ----------------------------------------------------------------------------------
def empty(shape, dtype=None, name=None):
    """An uninitialized tensor of shape in PaddlePaddle; here filled with zeros."""
    return C._fill(shape, dtype or get_default_dtype(), 0, "empty")


def empty_like(x, dtype=None, name=None):
    """An uninitialized tensor shaped as x (zeros here), of dtype (default x's)."""
    _check_tensor(x, "empty_like", "x")
    return C.full_like(x, 0, dtype)


def _index_pairs(api, rows, cols, offset, dtype, lower):
    rows = _int(rows, api, "row")
    cols = rows if cols is None else _int(cols, api, "col")
    offset = _int(offset, api, "offset")
    if rows < 0 or cols < 0:
        raise ValueError(f"expected {api}'s row and col to be non-negative, but got {rows} and "
                         f"{cols}")
    vartype = C._check_dtype(dtype, api, _INDEX)
    pick = np.tril_indices if lower else np.triu_indices
    pairs = np.stack(pick(rows, offset, cols)).astype(_dtype_name(vartype))
    if pairs.size == 0:
        return C.zeros([2, 0], vartype)
    return C._constant(pairs, vartype)


def tril_indices(row, col, offset=0, dtype="int64"):
    """The [2, N] coordinates (row-major) of the lower triangle (col - row <= offset) of a
    row x col matrix."""
    return _index_pairs("tril_indices", row, col, offset, dtype, True)


def triu_indices(row, col=None, offset=0, dtype="int64"):
    """The [2, N] coordinates (row-major) of the upper triangle (col - row >= offset) of a
    row x col (default row x row) matrix."""
    return _index_pairs("triu_indices", row, col, offset, dtype, False)


def vander(x, n=None, increasing=False, name=None):
    """The Vandermonde matrix of the 1-D x: columns x**(n-1), ..., x**0 (increasing: reversed);
    n defaults to len(x). Products of x, so gradients are exact at x = 0 too."""
    _check_tensor(x, "vander", "x")
    if len(x.shape) != 1:
        raise ValueError(f"expected vander's x to be 1-D, but got shape {list(x.shape)}")
    n = x.shape[0] if n is None else _int(n, "vander", "n")
    if n < 0:
        raise ValueError(f"expected vander's n to be non-negative, but got {n}")
    column = MA.unsqueeze(x, 1)
    if n == 0:
        return MA.slice(column, [1], [0], [0])
    powers = [C.ones_like(column)]
    for _ in range(n - 1):
        powers.append(M.multiply(powers[-1], column))
    return MA.concat(powers if increasing else powers[::-1], axis=1)


def logspace(start, stop, num, base=10.0, dtype=None, name=None):
    """base ** linspace(start, stop, num), computed in float64 and cast to dtype (default
    float32)."""
    C._check_number(base, "logspace", "base")
    dtype = C._check_dtype(dtype or "float32", "logspace", C._RANGE_DTYPES)
    exponents = C.linspace(start, stop, num, "float64")
    out = M.elementwise_pow(C._scalar_tensor(base, "float64"), exponents)
    out = MA.cast(out, dtype) if _dtype_name(dtype) != "float64" else out
    out.stop_gradient = True
    return out


# -- diagonals ---------------------------------------------------------------------------------
def _diag_matrix(x, offset, padding):
    """[..., n] -> [..., m, m] (m = n + |offset|) with x on the offset diagonal of the last two
    axes and padding elsewhere."""
    n = x.shape[-1]
    if n < 0:
        raise NotImplementedError("a diagonal matrix from a vector of unknown length is not "
                                  "supported yet")
    m, rank = n + abs(offset), len(x.shape)
    if offset:
        if n == 0:
            raise NotImplementedError("diag of an empty vector with an offset is not supported")
        pad = C.zeros_like(MA.slice(x, [rank - 1], [0], [1]))
        x = MA.concat([x, MA.tile(pad, [1] * (rank - 1) + [abs(offset)])], axis=rank - 1)
    wide = MA.unsqueeze(x, rank if offset >= 0 else rank - 1)
    wide = MA.expand(wide, [-1] * (rank - 1) + [m, m])
    mask = C._constant(np.eye(m, k=offset, dtype=bool), "bool")
    return _select(_spread(mask, wide), wide, _value_like(padding, wide, "diag", "padding_value"))


def diag_embed(input, offset=0, dim1=-2, dim2=-1):  # noqa: A002 - PaddlePaddle's name
    """The vectors of input's last axis as the offset diagonals of the planes dim1, dim2 of a
    result one axis longer; zeros elsewhere."""
    _check_tensor(input, "diag_embed", "input")
    offset = _int(offset, "diag_embed", "offset")
    rank = len(input.shape) + 1
    if rank < 2:
        raise ValueError("expected diag_embed's input to have at least 1 dimension, but got 0")
    d1 = _check_axis(dim1, rank, "diag_embed", "dim1")
    d2 = _check_axis(dim2, rank, "diag_embed", "dim2")
    if d1 == d2:
        raise ValueError(f"expected diag_embed's dim1 and dim2 to name different axes, but got "
                         f"{dim1} and {dim2}")
    out = _diag_matrix(input, offset, 0)
    if (d1, d2) == (rank - 2, rank - 1):
        return out
    return MA.moveaxis(out, [rank - 2, rank - 1], [d1, d2])


def diagonal(x, offset=0, axis1=0, axis2=1, name=None):
    """The offset diagonal of the plane axis1, axis2 of x as the last axis of the result (as
    numpy.diagonal); the one code path that trace and einsum also use."""
    _check_tensor(x, "diagonal", "x")
    return LA._diagonal(x, offset, axis1, axis2, "diagonal")


def diag(x, offset=0, padding_value=0, name=None):
    """A 1-D x as the offset diagonal of a square matrix (padding_value elsewhere); a 2-D x's
    offset diagonal as a 1-D tensor."""
    _check_tensor(x, "diag", "x")
    offset = _int(offset, "diag", "offset")
    if len(x.shape) == 0:
        x = MA.reshape(x, [1])
    if len(x.shape) == 1:
        return _diag_matrix(x, offset, padding_value)
    if len(x.shape) == 2:
        return LA._diagonal(x, offset, 0, 1, "diag")
    raise ValueError(f"expected diag's x to be 1-D or 2-D, but got shape {list(x.shape)}")


def diagflat(x, offset=0, name=None):
    """x flattened, as the offset diagonal of a square matrix."""
    _check_tensor(x, "diagflat", "x")
    return diag(MA.flatten(x), offset)


# -- gathering and scattering ------------------------------------------------------------------
def _numel(x):
    """x's element count: a Python int when known, else a 0-D int64 tensor."""
    count = C._known_numel(x)
    return count if count is not None else MA.numel(x)


def _check_index_range(index, extent, api, arg="index", lowest=None):
    """In eager mode, index values in [lowest (default -extent), extent); IndexError else."""
    if not in_dynamic_mode() or isinstance(extent, Variable):
        return
    values = np.asarray(index.numpy())
    low = -extent if lowest is None else lowest
    if values.size and (values.min() < low or values.max() >= extent):
        bad = values[(values < low) | (values >= extent)].reshape(-1)[0]
        raise IndexError(f"expected {api}'s {arg} in [{low}, {extent}), but got {int(bad)}")


def _nonnegative(index, extent):
    """index with negative entries counted from the end (+ extent)."""
    return M._where(M.less_than(index, C.zeros_like(index)), M.add(index, extent), index)


def take(x, index, mode="raise", name=None):
    """x's elements (x read flat) at index, shaped as index. mode: 'raise' (out of range is an
    error; negatives count from the end), 'wrap' (modulo the size) or 'clip' (into
    [0, size - 1]; no negative indexing)."""
    _check_tensors("take", x=x, index=index)
    _check_dtype_kind(index, "take", "index", _INDEX)
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"expected take's mode to be 'raise', 'wrap' or 'clip', but got "
                         f"{mode!r}")
    index = MA.cast(index, "int64") if _dtype_name(index.dtype) != "int64" else index
    n = _numel(x)
    size = n if isinstance(n, Variable) else C._constant(n, "int64")
    if mode == "raise":
        _check_index_range(index, n, "take")
        flat_index = _nonnegative(index, size)
    elif mode == "wrap":
        flat_index = M.remainder(index, size)
    else:
        flat_index = M.clip(index, 0, n - 1) if not isinstance(n, Variable) else M.minimum(
            M.maximum(index, C.zeros_like(index)), M.subtract(size, C.ones_like(size)))
    return _reshaped_as(MA.gather(MA.reshape(x, [-1]), MA.reshape(flat_index, [-1])), index)


def _axis_line(x, axis):
    """A float32 zero vector with x's extent along axis (known or not)."""
    rank = len(x.shape)
    line = MA.slice(x, [a for a in range(rank) if a != axis], [0] * (rank - 1),
                    [1] * (rank - 1)) if rank > 1 else x
    return C.zeros_like(MA.reshape(line, [-1]), "float32")


def _index_arg(index, x, axis, api):
    _check_tensor(index, api, "index")
    _check_dtype_kind(index, api, "index", _INDEX)
    if len(index.shape) != 1:
        raise ValueError(f"expected {api}'s index to be 1-D, but got shape {list(index.shape)}")
    _check_index_range(index, x.shape[axis] if x.shape[axis] >= 0 else MA.numel(x), api,
                       lowest=0)
    return index


def index_add(x, index, axis, value, name=None):
    """x with the slices of value added at positions index along axis (repeats accumulate)."""
    _check_tensors("index_add", x=x, value=value)
    axis = _check_axis(axis, len(x.shape), "index_add")
    index = _index_arg(index, x, axis, "index_add")
    if len(value.shape) != len(x.shape):
        raise ValueError(f"expected index_add's value to have x's rank {len(x.shape)}, but got "
                         f"shape {list(value.shape)}")
    front_x = MA.moveaxis(x, axis, 0) if axis else x
    front_v = MA.moveaxis(value, axis, 0) if axis else value
    added = MA.scatter(C.zeros_like(front_x), index, front_v, overwrite=False)
    out = M.add(front_x, added)
    return MA.moveaxis(out, 0, axis) if axis else out


def index_fill(x, index, axis, value, name=None):
    """x with value (a number or a 0-D Tensor) written at positions index along axis."""
    _check_tensor(x, "index_fill", "x")
    axis = _check_axis(axis, len(x.shape), "index_fill")
    index = _index_arg(index, x, axis, "index_fill")
    line = _axis_line(x, axis)
    hit = MA.scatter(line, index, C.ones_like(MA.cast(index, "float32")), overwrite=True)
    shape = [1] * len(x.shape)
    shape[axis] = -1
    hit = MA.reshape(hit, shape)
    mask = _spread(M.greater_than(hit, C.zeros_like(hit)), x)
    return _select(mask, _value_like(value, x, "index_fill"), x)


def _index_tensors(indices, x, api):
    """index_put's indices as int64 tensors (a bool mask gives one per axis it covers),
    broadcast together, negatives counted from the end."""
    if isinstance(indices, Variable) or not isinstance(indices, (list, tuple)):
        raise TypeError(f"expected {api}'s indices to be a tuple or list of Tensors, but got "
                        f"{type(indices).__name__}")
    out = []
    for i, idx in enumerate(indices):
        _check_tensor(idx, api, f"indices[{i}]")
        name = _dtype_name(idx.dtype)
        if name == "bool":
            coords = S.nonzero(idx)
            out += [MA.reshape(MA.slice(coords, [1], [a], [a + 1]), [-1])
                    for a in range(max(len(idx.shape), 1))]
        elif name in _INDEX:
            out.append(MA.cast(idx, "int64") if name != "int64" else idx)
        else:
            raise TypeError(f"expected {api}'s indices[{i}] to be a bool, int32 or int64 Tensor, "
                            f"but got {name}")
    if len(out) > len(x.shape):
        raise ValueError(f"expected {api}'s indices to cover at most x's {len(x.shape)} axes, "
                         f"but got {len(out)}")
    extents = list(x.shape[:len(out)])
    if not _known(extents):
        raise NotImplementedError(f"{api} over axes of unknown extent {list(x.shape)} is not "
                                  "supported yet")
    for idx, extent in zip(out, extents):
        _check_index_range(idx, extent, api, "indices")
    out = MA._broadcast_all(out, api, [f"indices[{i}]" for i in range(len(out))])
    return [_nonnegative(idx, extent) for idx, extent in zip(out, extents)], extents


def index_put(x, indices, value, accumulate=False, name=None):
    """x with value (broadcast) written at x[indices] (accumulate: added there, repeats summed);
    indices: a tuple of int or bool Tensors for x's leading axes."""
    _check_tensors("index_put", x=x, value=value)
    index, extents = _index_tensors(indices, x, "index_put")
    rest = list(x.shape[len(index):])
    flat_index = None
    stride = 1
    for idx, extent in zip(reversed(index), reversed(extents)):
        term = M.multiply(idx, C._constant(stride, "int64")) if stride != 1 else idx
        flat_index = term if flat_index is None else M.add(flat_index, term)
        stride *= extent
    batch = list(index[0].shape)
    flat_index = MA.reshape(flat_index, [-1])
    rows = MA.reshape(x, [stride] + (rest if rest.count(-1) <= 1 else [-1]))
    picked = MA.gather(rows, flat_index)
    if convert_dtype(value.dtype) != convert_dtype(x.dtype):
        raise TypeError(f"expected index_put's value to have x's dtype {_dtype_name(x.dtype)}, "
                        f"but got {_dtype_name(value.dtype)}")
    zeros = C.zeros_like(picked) if len(batch) == 1 else MA.reshape(C.zeros_like(picked),
                                                                    batch + rest)
    spread = M.add(zeros, value)
    if len(spread.shape) != len(batch) + len(rest):
        raise ValueError(f"expected index_put's value {list(value.shape)} to broadcast to "
                         f"{batch + rest}")
    updates = MA.flatten(spread, 0, len(batch) - 1) if len(batch) > 1 else spread
    if accumulate:
        out = M.add(rows, MA.scatter(C.zeros_like(rows), flat_index, updates, overwrite=False))
    else:
        out = MA.scatter(rows, flat_index, updates, overwrite=True)
    return _reshaped_as(out, x)


def index_sample(x, index):
    """out[i, j] = x[i, index[i, j]] for a 2-D x and a 2-D int index of x's rows."""
    _check_tensors("index_sample", x=x, index=index)
    _check_dtype_kind(index, "index_sample", "index", _INDEX)
    if len(x.shape) != 2 or len(index.shape) != 2:
        raise ValueError(f"expected index_sample's x and index to be 2-D, but got shapes "
                         f"{list(x.shape)} and {list(index.shape)}")
    if _differ(x.shape[0], index.shape[0]):
        raise ValueError(f"expected index_sample's x and index to have one row count, but got "
                         f"{x.shape[0]} and {index.shape[0]}")
    if x.shape[1] >= 0:
        _check_index_range(index, x.shape[1], "index_sample", lowest=0)
    return S.take_along_axis(x, index, 1, broadcast=False)


def masked_scatter(x, mask, value, name=None):
    """x with the elements of value (read flat, in order) written where the bool mask
    (broadcast with x) is True."""
    _check_tensors("masked_scatter", x=x, mask=mask, value=value)
    if _dtype_name(mask.dtype) != "bool":
        raise TypeError(f"expected masked_scatter's mask to be a bool Tensor, but got "
                        f"{_dtype_name(mask.dtype)}")
    if convert_dtype(value.dtype) != convert_dtype(x.dtype):
        raise TypeError(f"expected masked_scatter's value to have x's dtype "
                        f"{_dtype_name(x.dtype)}, but got {_dtype_name(value.dtype)}")
    dims = MA._broadcast_dims([list(x.shape), list(mask.shape)])
    if dims is None:
        raise ValueError(f"expected masked_scatter's mask {list(mask.shape)} to broadcast with x "
                         f"{list(x.shape)}")
    if dims != list(x.shape):  # a mask wider than x: x repeats
        x = _spread(x, M.add(C.zeros_like(x, "int32"), MA.cast(mask, "int32")))
    mask = _spread(mask, x)
    if in_dynamic_mode():
        need, have = int(np.asarray(mask.numpy()).sum()), int(np.prod(value.shape))
        if have < need:
            raise ValueError(f"expected masked_scatter's value to hold at least {need} elements "
                             f"(the True entries of mask), but got {have}")
    counts = M.cumsum(MA.cast(MA.reshape(mask, [-1]), "int64"))
    position = M.maximum(M.subtract(counts, C.ones_like(counts)), C.zeros_like(counts))
    return _select(mask, _reshaped_as(MA.gather(MA.reshape(value, [-1]), position), x), x)


# -- shapes ------------------------------------------------------------------------------------
def unflatten(x, axis, shape, name=None):
    """x with axis split into the extents of shape (one -1 inferred)."""
    _check_tensor(x, "unflatten", "x")
    rank = len(x.shape)
    axis = _check_axis(axis, rank, "unflatten")
    if isinstance(shape, Variable):
        shape = MA._int_list(shape, "unflatten", "shape")
    if not isinstance(shape, (list, tuple)) or not shape:
        raise TypeError(f"expected unflatten's shape to be a non-empty list, tuple or Tensor, but "
                        f"got {shape!r}")
    shape = [_int(d, "unflatten", "shape") for d in shape]
    extent = x.shape[axis]
    if shape.count(-1) > 1 or any(d < -1 for d in shape):
        raise ValueError(f"expected unflatten's shape to hold non-negative ints and at most one "
                         f"-1, but got {shape}")
    known = int(np.prod([d for d in shape if d != -1]))
    if extent >= 0:
        if -1 in shape:
            if known == 0 or extent % known:
                raise ValueError(f"expected unflatten's shape {shape} to divide the extent "
                                 f"{extent} of axis {axis}")
            shape[shape.index(-1)] = extent // known
        elif known != extent:
            raise ValueError(f"expected unflatten's shape {shape} to multiply to the extent "
                             f"{extent} of axis {axis}, but got {known}")
    before = [d if d >= 0 else 0 for d in x.shape[:axis]]  # 0: keep x's extent
    after = list(x.shape[axis + 1:])
    target = before + shape + after
    if target.count(-1) > 1:
        raise NotImplementedError(f"unflatten of shape {list(x.shape)} into {shape} with more "
                                  "than one unknown extent is not supported yet")
    return MA.reshape(x, target)


def view(x, shape_or_dtype, name=None):
    """x with a new shape (as reshape). Viewing as another dtype is not supported."""
    _check_tensor(x, "view", "x")
    if isinstance(shape_or_dtype, (list, tuple, Variable)):
        return MA.reshape(x, shape_or_dtype)
    raise NotImplementedError(f"view with a dtype ({shape_or_dtype!r}) is not supported; "
                              "expected a shape (a list, tuple or Tensor)")


def broadcast_shape(x_shape, y_shape):
    """The shape that x_shape and y_shape broadcast to (a list)."""
    for arg, value in (("x_shape", x_shape), ("y_shape", y_shape)):
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"expected broadcast_shape's {arg} to be a list or tuple, but got "
                            f"{type(value).__name__}")
    out = MA._broadcast_dims([[int(d) for d in x_shape], [int(d) for d in y_shape]])
    if out is None:
        raise ValueError(f"expected broadcast_shape's shapes to broadcast, but got "
                         f"{list(x_shape)} and {list(y_shape)}")
    return out


def broadcast_tensors(input, name=None):  # noqa: A002 - PaddlePaddle's name
    """The tensors of input broadcast to one shape."""
    if not isinstance(input, (list, tuple)) or not input:
        raise TypeError(f"expected broadcast_tensors's input to be a non-empty list of Tensors, "
                        f"but got {input!r}")
    for i, t in enumerate(input):
        _check_tensor(t, "broadcast_tensors", f"input[{i}]")
    names = [f"input[{i}]" for i in range(len(input))]
    dims = MA._broadcast_dims([list(t.shape) for t in input])
    if dims is None or _known(dims):
        return MA._broadcast_all(list(input), "broadcast_tensors", names)
    outs = []  # an unknown extent: add the zeros of every other input
    for t in input:
        for other in input:
            if other is not t:
                t = _spread(t, other)
        outs.append(t)
    return outs


def is_tensor(x):
    """Whether x is a Tensor (a Variable in a static program)."""
    return isinstance(x, Variable)


def is_empty(x, name=None):
    """A 0-D bool tensor: whether x has no elements."""
    _check_tensor(x, "is_empty", "x")
    count = _numel(x)
    if isinstance(count, Variable):
        return M.equal(count, C.zeros_like(count))
    return C._constant(count == 0, "bool")


def rank(input):  # noqa: A002 - PaddlePaddle's name
    """The number of dimensions of input as a 0-D int32 tensor."""
    _check_tensor(input, "rank", "input")
    return C._constant(len(input.shape), "int32")


# -- products and distances --------------------------------------------------------------------
_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _tensordot_axes(axes, rx, ry):
    if isinstance(axes, Variable):
        axes = MA._int_list(axes, "tensordot", "axes")
    if isinstance(axes, numbers.Integral) and not isinstance(axes, bool):
        k = int(axes)
        if not 0 <= k <= min(rx, ry):
            raise ValueError(f"expected tensordot's axes in [0, {min(rx, ry)}], but got {k}")
        return list(range(rx - k, rx)), list(range(k))
    if not isinstance(axes, (list, tuple)):
        raise TypeError(f"expected tensordot's axes to be an int, a list, a tuple or a Tensor, "
                        f"but got {type(axes).__name__}")
    axes = list(axes)
    if all(isinstance(a, numbers.Integral) and not isinstance(a, bool) for a in axes):
        ax, ay = axes, axes
    elif len(axes) == 1:
        ax = ay = list(axes[0])
    elif len(axes) == 2:
        ax, ay = list(axes[0]), list(axes[1])
        if len(ax) < len(ay):
            ax += ay[len(ax):]
        elif len(ay) < len(ax):
            ay += ax[len(ay):]
    else:
        raise ValueError(f"expected tensordot's axes to hold one or two lists, but got {axes}")
    ax = [_check_axis(a, rx, "tensordot", "axes") for a in ax]
    ay = [_check_axis(a, ry, "tensordot", "axes") for a in ay]
    if len(set(ax)) != len(ax) or len(set(ay)) != len(ay):
        raise ValueError(f"expected tensordot's axes to name each axis once, but got {axes}")
    return ax, ay


def tensordot(x, y, axes=2, name=None):
    """The sum of x * y over the pairs of axes in axes (an int k: x's last k with y's first k),
    the other axes of x then of y kept in order."""
    M._check_binary(x, y, "tensordot")
    rx, ry = len(x.shape), len(y.shape)
    if rx + ry > len(_LETTERS):
        raise ValueError(f"expected tensordot's x and y to have at most {len(_LETTERS)} axes in "
                         f"all, but got {rx + ry}")
    ax, ay = _tensordot_axes(axes, rx, ry)
    for a, b in zip(ax, ay):
        if _differ(x.shape[a], y.shape[b]):
            raise ValueError(f"expected tensordot's contracted axes to match, but got axis {a} of "
                             f"x ({x.shape[a]}) and axis {b} of y ({y.shape[b]})")
    lx = list(_LETTERS[:rx])
    ly = list(_LETTERS[rx:rx + ry])
    for a, b in zip(ax, ay):
        ly[b] = lx[a]
    out = [c for i, c in enumerate(lx) if i not in ax] + [c for i, c in enumerate(ly)
                                                          if i not in ay]
    return LA.einsum(f"{''.join(lx)},{''.join(ly)}->{''.join(out)}", x, y)


def inner(x, y, name=None):
    """The sums of products over the last axes of x and y: shape x.shape[:-1] + y.shape[:-1]
    (a 0-D operand multiplies)."""
    M._check_binary(x, y, "inner")
    if len(x.shape) == 0 or len(y.shape) == 0:
        return M.multiply(x, y)
    if _differ(x.shape[-1], y.shape[-1]):
        raise ValueError(f"expected inner's x and y to have one last extent, but got shapes "
                         f"{list(x.shape)} and {list(y.shape)}")
    return tensordot(x, y, [[len(x.shape) - 1], [len(y.shape) - 1]])


def mv(x, vec, name=None):
    """The product of the matrix x [M, N] and the vector vec [N]: a vector [M]."""
    _check_tensors("mv", x=x, vec=vec)
    if len(x.shape) != 2 or len(vec.shape) != 1:
        raise ValueError(f"expected mv's x to be 2-D and vec 1-D, but got shapes "
                         f"{list(x.shape)} and {list(vec.shape)}")
    if _differ(x.shape[1], vec.shape[0]):
        raise ValueError(f"expected mv's vec to have x's column count {x.shape[1]}, but got "
                         f"{vec.shape[0]}")
    return M.matmul(x, vec)


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002 - PaddlePaddle's name
    """beta * input + alpha * (x @ y) for 2-D x and y; input broadcasts to the product."""
    _check_tensors("addmm", input=input, x=x, y=y)
    if len(x.shape) != 2 or len(y.shape) != 2:
        raise ValueError(f"expected addmm's x and y to be 2-D, but got shapes {list(x.shape)} "
                         f"and {list(y.shape)}")
    if _differ(x.shape[1], y.shape[0]):
        raise ValueError(f"expected addmm's x columns ({x.shape[1]}) to match y's rows "
                         f"({y.shape[0]})")
    if MA._broadcast_dims([list(input.shape), [x.shape[0], y.shape[1]]]) is None:
        raise ValueError(f"expected addmm's input {list(input.shape)} to broadcast to "
                         f"{[x.shape[0], y.shape[1]]}")
    product = M.matmul(x, y)
    # Multiplied by constants of the operands' dtype: scale's float attribute would round a
    # float64 alpha or beta to float32.
    product = M.multiply(product, C._constant(alpha, x.dtype)) if alpha != 1 else product
    base = M.multiply(input, C._constant(beta, input.dtype)) if beta != 1 else input
    return M.add(base, product)


def cdist(x, y, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary", name=None):
    """The p-norm distances between the rows of x [..., P, M] and y [..., R, M]: [..., P, R]
    (p = 0 counts differing entries, inf takes the largest)."""
    M._check_binary(x, y, "cdist")
    if len(x.shape) < 2 or len(y.shape) < 2:
        raise ValueError(f"expected cdist's x and y to have at least 2 dimensions, but got "
                         f"shapes {list(x.shape)} and {list(y.shape)}")
    if _differ(x.shape[-1], y.shape[-1]):
        raise ValueError(f"expected cdist's x and y to have one last extent, but got shapes "
                         f"{list(x.shape)} and {list(y.shape)}")
    C._check_number(p, "cdist", "p", allow_tensor=False)
    if p < 0:
        raise ValueError(f"expected cdist's p to be non-negative, but got {p}")
    diff = M.subtract(MA.unsqueeze(x, -2), MA.unsqueeze(y, -3))
    return LA._p_norm(diff, float(p), -1, False, False)


def cov(x, rowvar=True, ddof=True, fweights=None, aweights=None, name=None):
    """The covariance matrix of the variables in the rows of x (rowvar False: its columns), as
    numpy.cov with bias = not ddof; a single variable gives a 0-D result."""
    M._check_float(x, "x", "cov")
    if len(x.shape) > 2:
        raise ValueError(f"expected cov's x to have at most 2 dimensions, but got shape "
                         f"{list(x.shape)}")
    data = MA.reshape(x, [1, -1]) if len(x.shape) < 2 else x
    if not rowvar and len(x.shape) == 2:
        data = MA.transpose(data, [1, 0])
    count = data.shape[1]
    weight = None
    for arg, w in (("fweights", fweights), ("aweights", aweights)):
        if w is None:
            continue
        _check_tensor(w, "cov", arg)
        if len(w.shape) != 1 or _differ(w.shape[0], count):
            raise ValueError(f"expected cov's {arg} to be 1-D with one entry per observation "
                             f"({count}), but got shape {list(w.shape)}")
        if in_dynamic_mode() and (np.asarray(w.numpy()) < 0).any():
            raise ValueError(f"expected cov's {arg} to be non-negative")
        w = MA.cast(w, x.dtype) if convert_dtype(w.dtype) != convert_dtype(x.dtype) else w
        weight = w if weight is None else M.multiply(weight, w)
    correction = 1.0 if ddof else 0.0
    if weight is None:
        mean = M.mean(data, axis=1, keepdim=True)
        centered = M.subtract(data, mean)
        total = count if count >= 0 else MA.cast(MA.numel(MA.slice(data, [0], [0], [1])), x.dtype)
        factor = M.subtract(total, correction) if isinstance(total, Variable) else \
            float(total - correction)
        product = M.matmul(centered, centered, transpose_y=True)
    else:
        w_sum = M.sum(weight)
        mean = M.divide(M.sum(M.multiply(data, weight), axis=1, keepdim=True), w_sum)
        centered = M.subtract(data, mean)
        if not ddof:
            factor = w_sum
        elif aweights is None:
            factor = M.scale(w_sum, 1.0, -correction)
        else:
            aw = MA.cast(aweights, x.dtype) if convert_dtype(aweights.dtype) != \
                convert_dtype(x.dtype) else aweights
            factor = M.subtract(w_sum, M.divide(M.sum(M.multiply(weight, aw)), w_sum))
        product = M.matmul(M.multiply(centered, weight), centered, transpose_y=True)
    if not isinstance(factor, Variable):
        factor = C._constant(factor, x.dtype)
    out = M.divide(product, factor)
    return MA.squeeze(out) if out.shape[0] == 1 else out
