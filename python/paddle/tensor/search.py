"""Search ops on static Variables: argmax, topk."""
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
