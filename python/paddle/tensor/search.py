"""Search ops on static Variables: argmax, argmin, argsort, index_select, topk."""
from paddle.base import layer_helper as lh
from paddle.base.dtypes import convert_dtype


def argmax(x, axis=None, keepdim=False, dtype="int64", name=None):
    attrs = {"axis": 0 if axis is None else int(axis), "keepdims": keepdim,
             "flatten": axis is None, "dtype": int(convert_dtype(dtype))}
    return lh.append_op("arg_max", {"X": [x]}, attrs, dtype=dtype, stop_gradient=True)


def topk(x, k, axis=-1, largest=True, sorted=True, name=None):  # noqa: A002
    return lh.append_op("top_k_v2", {"X": [x]},
                        {"k": int(k), "axis": int(axis), "largest": largest, "sorted": sorted},
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
