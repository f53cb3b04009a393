"""Parameter initializers: each appends one op that fills the parameter in the startup
program (fill_constant, uniform_random, gaussian_random, truncated_gaussian_random or
assign_value), or, in dynamic mode, runs it on the eager parameter at once. Assign copies given
values into an eager parameter directly."""
import math

from paddle.base.dtypes import convert_dtype


class Initializer:
    def __call__(self, var, block=None):
        raise NotImplementedError

    @staticmethod
    def _seed(block, seed):
        """The op's seed: the initializer's own, else in static mode the program's
        random_seed. In dynamic mode 0 (the global generator, which paddle.seed seeds), as in
        PaddlePaddle: a fixed seed per op would give every parameter of a shape the same
        values."""
        from paddle.base.framework import in_dynamic_mode
        if seed or in_dynamic_mode():
            return seed
        return block.program.random_seed if block is not None else 0


def _fans(shape):
    shape = list(shape)
    if len(shape) == 0:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = 1
    for d in shape[2:]:
        receptive *= d
    return shape[1] * receptive, shape[0] * receptive


class Constant(Initializer):
    def __init__(self, value=0.0, force_cpu=False):
        self.value = float(value)

    def __call__(self, var, block=None):
        block = block or var.block
        return block.append_op(type="fill_constant", outputs={"Out": [var]},
                               attrs={"shape": list(var.shape), "dtype": int(convert_dtype(var.dtype)),
                                      "value": self.value})


class Uniform(Initializer):
    def __init__(self, low=-1.0, high=1.0, seed=0, name=None):
        if low > high:
            raise ValueError(f"expected low <= high, but got low={low}, high={high}")
        self.low, self.high, self.seed = float(low), float(high), seed

    def __call__(self, var, block=None):
        block = block or var.block
        return block.append_op(type="uniform_random", outputs={"Out": [var]},
                               attrs={"shape": list(var.shape), "dtype": int(convert_dtype(var.dtype)),
                                      "min": self.low, "max": self.high,
                                      "seed": self._seed(block, self.seed)})


class Normal(Initializer):
    def __init__(self, mean=0.0, std=1.0, seed=0, name=None):
        if std < 0:
            raise ValueError(f"expected a non-negative std, but got {std}")
        self.mean, self.std, self.seed = float(mean), float(std), seed

    def __call__(self, var, block=None):
        block = block or var.block
        return block.append_op(type="gaussian_random", outputs={"Out": [var]},
                               attrs={"shape": list(var.shape), "dtype": int(convert_dtype(var.dtype)),
                                      "mean": self.mean, "std": self.std,
                                      "seed": self._seed(block, self.seed)})


class XavierUniform(Initializer):
    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        self.fan_in, self.fan_out, self.gain = fan_in, fan_out, gain

    def __call__(self, var, block=None):
        fi, fo = _fans(var.shape)
        fi = self.fan_in or fi
        fo = self.fan_out or fo
        limit = self.gain * math.sqrt(6.0 / float(fi + fo))
        return Uniform(-limit, limit)(var, block)


class XavierNormal(Initializer):
    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        self.fan_in, self.fan_out, self.gain = fan_in, fan_out, gain

    def __call__(self, var, block=None):
        fi, fo = _fans(var.shape)
        std = self.gain * math.sqrt(2.0 / float((self.fan_in or fi) + (self.fan_out or fo)))
        return Normal(0.0, std)(var, block)


def calculate_gain(nonlinearity, param=None):
    table = {"sigmoid": 1.0, "linear": 1.0, "conv2d": 1.0, "tanh": 5.0 / 3, "relu": math.sqrt(2.0),
             "selu": 3.0 / 4}
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity not in table:
        raise ValueError(f"expected a known nonlinearity, but got {nonlinearity!r}")
    return table[nonlinearity]


class KaimingNormal(Initializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu"):
        self.fan_in, self.slope, self.nonlinearity = fan_in, negative_slope, nonlinearity

    def __call__(self, var, block=None):
        fi = self.fan_in or _fans(var.shape)[0]
        gain = calculate_gain(self.nonlinearity, self.slope)
        return Normal(0.0, gain / math.sqrt(float(fi)))(var, block)


class KaimingUniform(Initializer):
    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu"):
        self.fan_in, self.slope, self.nonlinearity = fan_in, negative_slope, nonlinearity

    def __call__(self, var, block=None):
        fi = self.fan_in or _fans(var.shape)[0]
        limit = calculate_gain(self.nonlinearity, self.slope) * math.sqrt(3.0 / float(fi))
        return Uniform(-limit, limit)(var, block)


class Assign(Initializer):
    """Fills the parameter with the given values (array, list, scalar or Tensor)."""

    def __init__(self, value, name=None):
        import numpy as np
        self.value = value.numpy() if hasattr(value, "numpy") else np.asarray(value)

    def __call__(self, var, block=None):
        import numpy as np

        from paddle.base.eager import Tensor
        if list(self.value.shape) != list(var.shape):
            raise ValueError(f"expected Assign values of shape {list(var.shape)} for "
                             f"'{var.name}', but got {list(self.value.shape)}")
        if isinstance(var, Tensor):
            var.set_value(self.value)
            return None
        # Static mode: an assign_value op in the startup program holds the values.
        dtype = convert_dtype(var.dtype)
        attr = _ASSIGN_VALUE_ATTRS.get(int(dtype))
        if attr is None:
            raise NotImplementedError(f"expected an Assign parameter of dtype bool, int32, int64, "
                                      f"float32 or float64, but got {var.dtype}")
        name, np_dtype = attr
        values = np.asarray(self.value).astype(np_dtype).ravel()
        if name == "bool_values":
            values = values.astype("int32")
        block = block or var.block
        return block.append_op(type="assign_value", outputs={"Out": [var]},
                               attrs={"shape": [int(d) for d in var.shape], "dtype": int(dtype),
                                      name: values.tolist()})


# VarType number -> (assign_value's values attribute, NumPy dtype of its values)
_ASSIGN_VALUE_ATTRS = {0: ("bool_values", "bool"), 2: ("int32_values", "int32"),
                       3: ("int64_values", "int64"), 5: ("fp32_values", "float32"),
                       6: ("fp64_values", "float64")}


class TruncatedNormal(Initializer):
    """Normal samples redrawn until they lie within mean +- 2 std (truncated_gaussian_random)."""

    def __init__(self, mean=0.0, std=1.0, a=-2.0, b=2.0, name=None):
        if std < 0:
            raise ValueError(f"expected a non-negative std, but got {std}")
        if (float(a), float(b)) != (-2.0, 2.0):
            raise NotImplementedError(f"expected the cutoffs a=-2.0, b=2.0 (mean +- 2 std), but "
                                      f"got a={a}, b={b}")
        self.mean, self.std, self.a, self.b = float(mean), float(std), a, b
        self.seed = 0

    def __call__(self, var, block=None):
        block = block or var.block
        return block.append_op(type="truncated_gaussian_random", outputs={"Out": [var]},
                               attrs={"shape": [int(d) for d in var.shape],
                                      "dtype": int(convert_dtype(var.dtype)),
                                      "mean": self.mean, "std": self.std,
                                      "seed": self._seed(block, self.seed)})


MSRAInitializer = KaimingNormal
ConstantInitializer = Constant
UniformInitializer = Uniform
NormalInitializer = Normal
XavierInitializer = XavierUniform
NumpyArrayInitializer = Assign
TruncatedNormalInitializer = TruncatedNormal

from paddle.nn.initializer_more import (Bilinear, Dirac, Orthogonal,  # noqa: E402,F401
                                        set_global_initializer)
