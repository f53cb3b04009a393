"""Random tensors: rand, randn, standard_normal, uniform, normal, randint and randperm over the
uniform_random, gaussian_random, randint and randperm ops (the global generator, seeded by
paddle.seed, unless a seed is given)."""
from paddle.base import layer_helper as lh
from paddle.base.dtypes import VarType, convert_dtype, dtype_to_str, is_floating
from paddle.base.framework import get_default_dtype
from paddle.tensor.creation import _set_shape_from_shape_op, _shape_arg

__all__ = ["rand", "randn", "standard_normal", "uniform", "normal", "randint", "randperm"]


def _float_dtype(dtype, fn):
    dtype = convert_dtype(dtype if dtype is not None else get_default_dtype())
    if not is_floating(dtype):
        raise TypeError(f"expected a floating dtype for {fn}, but got {dtype}")
    return dtype


def _random_op(op_type, shape, api, attrs, dtype):
    """A random op whose shape (ints and one-element int Tensors, or a 1-D int Tensor) may be
    given by tensors (ShapeTensorList / ShapeTensor, read at run time)."""
    shape_attrs, inputs = _shape_arg(shape, api)
    attrs.update(shape_attrs, dtype=int(dtype))
    out = lh.append_op(op_type, inputs, attrs, dtype=dtype, stop_gradient=True)
    _set_shape_from_shape_op(out, inputs)
    return out


def uniform(shape, dtype=None, min=-1.0, max=1.0, seed=0, name=None):  # noqa: A002
    """Values drawn uniformly from [min, max)."""
    if min > max:
        raise ValueError(f"expected min <= max, but got min={min}, max={max}")
    dtype = _float_dtype(dtype, "uniform")
    return _random_op("uniform_random", shape, "uniform",
                      {"min": float(min), "max": float(max), "seed": int(seed)}, dtype)


def rand(shape, dtype=None, name=None):
    return uniform(shape, dtype, 0.0, 1.0)


def normal(mean=0.0, std=1.0, shape=None, name=None):
    """Values drawn from N(mean, std^2); mean and std are Python numbers here."""
    if not isinstance(mean, (int, float)) or not isinstance(std, (int, float)):
        raise NotImplementedError("normal with Tensor mean or std is not supported yet")
    if std < 0:
        raise ValueError(f"expected a non-negative std, but got {std}")
    dtype = _float_dtype(None, "normal")
    return _random_op("gaussian_random", [1] if shape is None else shape, "normal",
                      {"mean": float(mean), "std": float(std), "seed": 0}, dtype)


def standard_normal(shape, dtype=None, name=None):
    dtype = _float_dtype(dtype, "standard_normal")
    return _random_op("gaussian_random", shape, "standard_normal",
                      {"mean": 0.0, "std": 1.0, "seed": 0}, dtype)


def randn(shape, dtype=None, name=None):
    return standard_normal(shape, dtype)


def _integer(value, fn, arg):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected {arg} of paddle.{fn} to be an int, but got "
                        f"{type(value).__name__}")
    return value


def randint(low=0, high=None, shape=[1], dtype=None, name=None):  # noqa: B006 - Paddle's default
    """Integers drawn uniformly from [low, high); with high None, from [0, low)."""
    if high is None:
        if _integer(low, "randint", "low") <= 0:
            raise ValueError(f"expected randint's low > 0 when high is None, but got low={low}")
        low, high = 0, low
    _integer(low, "randint", "low")
    _integer(high, "randint", "high")
    if low >= high:
        raise ValueError(f"expected randint's low < high, but got low={low} and high={high}")
    dtype = convert_dtype(dtype if dtype is not None else "int64")
    if dtype not in (VarType.INT32, VarType.INT64):
        raise TypeError(f"expected randint's dtype to be int32 or int64, but got "
                        f"{dtype_to_str(dtype)}")
    return _random_op("randint", shape, "randint", {"low": int(low), "high": int(high), "seed": 0},
                      dtype)


def randperm(n, dtype="int64", name=None):
    """A random permutation of 0 .. n-1 (n >= 1, as in PaddlePaddle)."""
    if _integer(n, "randperm", "n") < 1:
        raise ValueError(f"expected randperm's n >= 1, but got {n}")
    dtype = convert_dtype(dtype)
    if dtype not in (VarType.INT32, VarType.INT64, VarType.FP32, VarType.FP64):
        raise TypeError(f"expected randperm's dtype to be int32, int64, float32 or float64, "
                        f"but got {dtype_to_str(dtype)}")
    return lh.append_op("randperm", {}, {"n": int(n), "dtype": int(dtype), "seed": 0},
                        dtype=dtype, stop_gradient=True)
