"""Data types: paddle.float32 and friends are the program format's VarType values, as in
PaddlePaddle's static graph; conversion from strings and NumPy dtypes."""
import numpy as np

from paddle.base import core

VarType = core.VarType

_STR_TO_VARTYPE = {
    "bool": VarType.BOOL, "int8": VarType.INT8, "uint8": VarType.UINT8, "int16": VarType.INT16,
    "int32": VarType.INT32, "int64": VarType.INT64, "float16": VarType.FP16,
    "bfloat16": VarType.BF16, "float32": VarType.FP32, "float64": VarType.FP64,
    "complex64": VarType.COMPLEX64, "complex128": VarType.COMPLEX128,
}
_VARTYPE_TO_STR = {v: k for k, v in _STR_TO_VARTYPE.items()}
_VARTYPE_TO_NP = {v: np.dtype(k) for k, v in _STR_TO_VARTYPE.items() if k != "bfloat16"}
_VARTYPE_TO_NP[VarType.BF16] = np.dtype("uint16")


def convert_dtype(dtype):
    """Returns the VarType for a VarType, a dtype name, or a NumPy dtype/type."""
    if isinstance(dtype, VarType):
        return dtype
    if isinstance(dtype, str):
        key = dtype.replace("paddle.", "")
        if key in ("float", "fp32"):
            key = "float32"
        if key in _STR_TO_VARTYPE:
            return _STR_TO_VARTYPE[key]
        raise TypeError(f"expected a data type name such as 'float32', but got {dtype!r}")
    try:
        name = np.dtype(dtype).name
    except TypeError:
        raise TypeError(f"expected a data type, but got {dtype!r}") from None
    if name in _STR_TO_VARTYPE:
        return _STR_TO_VARTYPE[name]
    raise TypeError(f"data type {dtype!r} is not supported")


def dtype_to_str(dtype):
    return _VARTYPE_TO_STR[convert_dtype(dtype)]


def dtype_to_np(dtype):
    return _VARTYPE_TO_NP[convert_dtype(dtype)]


def is_floating(dtype):
    return convert_dtype(dtype) in (VarType.FP16, VarType.BF16, VarType.FP32, VarType.FP64)
