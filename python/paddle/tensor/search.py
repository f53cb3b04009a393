"""Search ops on static Variables: argmax, argmin, argsort, index_select, topk, nonzero,
take_along_axis, put_along_axis, unique and bincount."""
from paddle.base import layer_helper as lh
from paddle.base.dtypes import convert_dtype


def argmax(x, axis=None, keepdim=False, dtype="int64", name=None):
    attrs = {"axis": 0 if axis is None else int(axis), "keepdims": keepdim,
             "flatten": axis is None, "dtype": int(convert_dtype(dtype))}
    return lh.append_op("arg_max", {"X": [x]}, attrs, dtype=dtype, stop_gradient=True)


def topk(x, k, axis=-1, largest=True, sorted=True, name=None):  # noqa: A002
    """The k largest (smallest) along axis, and their int64 positions; k may be a one-element
    int Tensor (-> K, read at run time)."""
    from paddle.tensor.creation import _scalar_arg
    inputs = {"X": [x]}
    k_tensor = _scalar_arg(k, "topk", "k", integer=True)
    if k_tensor is not None:
        inputs["K"] = [k_tensor]
    return lh.append_op("top_k_v2", inputs,
                        {"k": 1 if k_tensor is not None else int(k), "axis": int(axis),
                         "largest": largest, "sorted": sorted},
                        outputs=("Out", "Indices"), out_dtypes={"Indices": "int64"})


def argmin(x, axis=None, keepdim=False, dtype="int64", name=None):
    attrs = {"axis": 0 if axis is None else int(axis), "keepdims": keepdim,
             "flatten": axis is None, "dtype": int(convert_dtype(dtype))}
    return lh.append_op("arg_min", {"X": [x]}, attrs, dtype=dtype, stop_gradient=True)


def argsort(x, axis=-1, descending=False, stable=False, name=None):
    """The int64 positions that sort x along axis; the sort is always stable (equal values keep
    their order), so `stable` changes nothing."""
    _, indices = lh.append_op("argsort", {"X": [x]}, {"axis": int(axis), "descending": descending},
                              outputs=("Out", "Indices"), out_dtypes={"Indices": "int64"},
                              stop_gradient=True)
    return indices


def index_select(x, index, axis=0, name=None):
    """The entries of x at positions index (int32 or int64, 1-D) along axis."""
    return lh.append_op("index_select", {"X": [x], "Index": [index]}, {"dim": int(axis)})


def sort(x, axis=-1, descending=False, stable=False, name=None):
    """x's values sorted along axis (ascending unless descending); the sort is always stable,
    so `stable` changes nothing. Gradients flow back to the positions the values came from."""
    from paddle.base.framework import Variable
    if not isinstance(x, Variable):
        raise TypeError(f"expected x of paddle.sort to be a Tensor, but got {type(x).__name__}")
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"expected axis of paddle.sort to be an int, but got {type(axis).__name__}")
    rank = len(x.shape)
    if not -max(rank, 1) <= axis < max(rank, 1):
        raise ValueError(f"expected axis of paddle.sort in [{-max(rank, 1)}, {max(rank, 1)}), "
                         f"but got {axis}")
    values, _ = lh.append_op("argsort", {"X": [x]}, {"axis": int(axis), "descending": descending},
                             outputs=("Out", "Indices"), out_dtypes={"Indices": "int64"})
    return values


def nonzero(x, as_tuple=False):
    """The int64 coordinates of x's nonzero (true) elements: one row [num_true, rank] each;
    as_tuple gives one [num_true, 1] column per axis instead."""
    from paddle.base.framework import Variable
    if not isinstance(x, Variable):
        raise TypeError(f"expected x of paddle.nonzero to be a Tensor, but got "
                        f"{type(x).__name__}")
    out = lh.append_op("where_index", {"Condition": [x]}, {}, dtype="int64", stop_gradient=True)
    if not as_tuple:
        return out
    rank = len(x.shape)
    if rank <= 1:
        return (out,)
    from paddle.tensor.manipulation import slice as _slice
    return tuple(_slice(out, axes=[1], starts=[i], ends=[i + 1]) for i in range(rank))


def _along_axis_args(arr, indices, axis, fn):
    from paddle.base.framework import Variable
    for arg, value in (("arr", arr), ("indices", indices)):
        if not isinstance(value, Variable):
            raise TypeError(f"expected {arg} of paddle.{fn} to be a Tensor, but got "
                            f"{type(value).__name__}")
    rank = len(arr.shape)
    if len(indices.shape) != rank:
        raise ValueError(f"expected {fn}'s indices to have arr's rank {rank}, but got indices "
                         f"of shape {list(indices.shape)} and arr of shape {list(arr.shape)}")
    if isinstance(axis, bool) or not isinstance(axis, int) or not -rank <= axis < max(rank, 1):
        raise ValueError(f"expected {fn}'s axis to be an int in [{-rank}, {rank}), but got "
                         f"{axis!r}")
    return axis + rank if axis < 0 else axis


def _broadcast_off_axis(x, target, axis, fn):
    """x broadcast to target off axis (x keeps its own extent on axis); x unchanged when its
    shape already fits or an extent is still unknown."""
    shape = list(x.shape)
    want = [shape[d] if d == axis else target[d] for d in range(len(shape))]
    if want == shape or any(e < 0 for e in want + shape):
        return x
    for d, (have, need) in enumerate(zip(shape, want)):
        if have != need and have != 1:
            raise ValueError(f"expected {fn}'s shapes to broadcast off axis {axis}, but dim {d} "
                             f"has extent {have} where {need} is needed")
    from paddle.tensor.manipulation import broadcast_to
    return broadcast_to(x, want)


def take_along_axis(arr, indices, axis, broadcast=True):
    """arr's values at the positions indices (int32 / int64, arr's rank) name along axis.
    With broadcast, indices and arr broadcast together off axis, as in PaddlePaddle."""
    axis = _along_axis_args(arr, indices, axis, "take_along_axis")
    if broadcast:
        target = [max(a, i) if a >= 0 and i >= 0 else -1
                  for a, i in zip(arr.shape, indices.shape)]
        indices = _broadcast_off_axis(indices, target, axis, "take_along_axis")
        arr = _broadcast_off_axis(arr, target, axis, "take_along_axis")
    return lh.append_op("take_along_axis", {"Input": [arr], "Index": [indices]}, {"Axis": axis},
                        outputs=("Result",), dtype=arr.dtype)


def put_along_axis(arr, indices, values, axis, reduce="assign", include_self=True,
                   broadcast=True):
    """arr with values written (reduce 'assign'), added ('add') or multiplied in ('mul' /
    'multiply') at the positions indices name along axis; values (a Tensor or a number)
    broadcast to indices' shape, indices to arr's off axis."""
    from paddle.base.framework import Variable
    axis = _along_axis_args(arr, indices, axis, "put_along_axis")
    if reduce not in ("assign", "add", "mul", "multiply"):
        raise ValueError(f"expected put_along_axis's reduce to be 'assign', 'add', 'mul' or "
                         f"'multiply', but got {reduce!r}")
    if not include_self:
        raise NotImplementedError("put_along_axis with include_self=False is not supported")
    if broadcast:
        indices = _broadcast_off_axis(indices, list(arr.shape), axis, "put_along_axis")
    if not isinstance(values, Variable):
        from paddle.tensor.creation import full
        values = full([1] * len(arr.shape), values, dtype=arr.dtype)
    if list(values.shape) != list(indices.shape) and all(e >= 0 for e in indices.shape):
        from paddle.tensor.manipulation import broadcast_to
        values = broadcast_to(values, list(indices.shape))
    return lh.append_op("put_along_axis", {"Input": [arr], "Index": [indices], "Value": [values]},
                        {"Axis": axis, "Reduce": reduce}, outputs=("Result",), dtype=arr.dtype)


def unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None,
           dtype="int64", name=None):
    """x's unique values, sorted (axis None: x flattened), or its unique slices along axis;
    also, as asked, the first position of each in x (index), each element's (slice's)
    position in the result (inverse, 1-D) and how often each occurs (counts), all of dtype
    (int32 or int64). Returns the result alone, or a tuple in that order."""
    from paddle.base.dtypes import VarType
    from paddle.base.framework import Variable
    if not isinstance(x, Variable):
        raise TypeError(f"expected x of paddle.unique to be a Tensor, but got {type(x).__name__}")
    index_dtype = convert_dtype(dtype)
    if index_dtype not in (VarType.INT32, VarType.INT64):
        raise TypeError(f"expected dtype of paddle.unique to be int32 or int64, but got {dtype!r}")
    if axis is None:
        axes = []
    else:
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError(f"expected axis of paddle.unique to be None or an int, but got "
                            f"{type(axis).__name__}")
        rank = len(x.shape)
        if not -rank <= axis < rank:
            raise ValueError(f"expected axis of paddle.unique in [{-rank}, {rank}), but got "
                             f"{axis}")
        axes = [axis]
    attrs = {"dtype": int(index_dtype), "return_index": bool(return_index),
             "return_inverse": bool(return_inverse), "return_counts": bool(return_counts),
             "axis": axes, "is_sorted": True}
    out, indices, inverse, counts = lh.append_op(
        "unique", {"X": [x]}, attrs, outputs=("Out", "Indices", "Index", "Counts"),
        dtype=x.dtype, out_dtypes={"Indices": index_dtype, "Index": index_dtype,
                                   "Counts": index_dtype},
        stop_gradient=True)
    results = [out]
    if return_index:
        results.append(indices)
    if return_inverse:
        results.append(inverse)
    if return_counts:
        results.append(counts)
    return results[0] if len(results) == 1 else tuple(results)


def bincount(x, weights=None, minlength=0, name=None):
    """How often each value in [0, max(x) + 1) (at least minlength of them) occurs in the 1-D
    int x, or the sums of the weights of its occurrences; values must be non-negative."""
    from paddle.base.dtypes import VarType
    from paddle.base.framework import Variable
    if not isinstance(x, Variable):
        raise TypeError(f"expected x of paddle.bincount to be a Tensor, but got "
                        f"{type(x).__name__}")
    if convert_dtype(x.dtype) not in (VarType.INT32, VarType.INT64):
        raise TypeError(f"expected x of paddle.bincount to be int32 or int64, but got "
                        f"{x.dtype}")
    if isinstance(minlength, bool) or not isinstance(minlength, int) or minlength < 0:
        raise ValueError(f"expected minlength of paddle.bincount to be an int >= 0, but got "
                         f"{minlength!r}")
    inputs = {"X": [x]}
    out_dtype = VarType.INT64
    if weights is not None:
        if not isinstance(weights, Variable):
            raise TypeError(f"expected weights of paddle.bincount to be a Tensor or None, but "
                            f"got {type(weights).__name__}")
        out_dtype = convert_dtype(weights.dtype)
        if out_dtype not in (VarType.FP32, VarType.FP64, VarType.INT32, VarType.INT64):
            raise TypeError(f"expected weights of paddle.bincount to be float32, float64, int32 "
                            f"or int64, but got {weights.dtype}")
        inputs["Weights"] = [weights]
    return lh.append_op("bincount", inputs, {"minlength": minlength}, dtype=out_dtype,
                        stop_gradient=True)
