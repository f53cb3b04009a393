"""Random tensors: rand, randn, standard_normal, uniform and normal over the uniform_random
and gaussian_random ops (the global generator, seeded by paddle.seed, unless a seed is given)."""
from paddle.base import layer_helper as lh
from paddle.base.dtypes import convert_dtype, is_floating
from paddle.base.framework import get_default_dtype
from paddle.tensor.creation import _shape_list

__all__ = ["rand", "randn", "standard_normal", "uniform", "normal"]


def _float_dtype(dtype, fn):
    dtype = convert_dtype(dtype if dtype is not None else get_default_dtype())
    if not is_floating(dtype):
        raise TypeError(f"expected a floating dtype for {fn}, but got {dtype}")
    return dtype


def uniform(shape, dtype=None, min=-1.0, max=1.0, seed=0, name=None):  # noqa: A002
    """Values drawn uniformly from [min, max)."""
    if min > max:
        raise ValueError(f"expected min <= max, but got min={min}, max={max}")
    dtype = _float_dtype(dtype, "uniform")
    return lh.append_op("uniform_random", {},
                        {"shape": _shape_list(shape), "dtype": int(dtype), "min": float(min),
                         "max": float(max), "seed": int(seed)}, dtype=dtype, stop_gradient=True)


def rand(shape, dtype=None, name=None):
    return uniform(shape, dtype, 0.0, 1.0)


def normal(mean=0.0, std=1.0, shape=None, name=None):
    """Values drawn from N(mean, std^2); mean and std are Python numbers here."""
    if not isinstance(mean, (int, float)) or not isinstance(std, (int, float)):
        raise NotImplementedError("normal with Tensor mean or std is not supported yet")
    if std < 0:
        raise ValueError(f"expected a non-negative std, but got {std}")
    dtype = _float_dtype(None, "normal")
    return lh.append_op("gaussian_random", {},
                        {"shape": _shape_list([1] if shape is None else shape),
                         "mean": float(mean), "std": float(std), "seed": 0, "dtype": int(dtype)},
                        dtype=dtype, stop_gradient=True)


def standard_normal(shape, dtype=None, name=None):
    dtype = _float_dtype(dtype, "standard_normal")
    return lh.append_op("gaussian_random", {},
                        {"shape": _shape_list(shape), "mean": 0.0, "std": 1.0, "seed": 0,
                         "dtype": int(dtype)}, dtype=dtype, stop_gradient=True)


def randn(shape, dtype=None, name=None):
    return standard_normal(shape, dtype)
