"""Parameter initializers: each appends one op that fills the parameter in the startup
program (fill_constant, uniform_random or gaussian_random), or, in dynamic mode, runs it on the
eager parameter at once. Assign copies given values into an eager parameter."""
import math

from paddle.base.dtypes import convert_dtype


class Initializer:
    def __call__(self, var, block=None):
        raise NotImplementedError

    @staticmethod
    def _seed(block, seed):
        return seed if seed else (block.program.random_seed if block is not None else 0)


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
        from paddle.base.eager import Tensor
        if not isinstance(var, Tensor):
            raise NotImplementedError("the Assign initializer in static mode needs op "
                                      "'assign_value', which this runtime does not have yet")
        if list(self.value.shape) != list(var.shape):
            raise ValueError(f"expected Assign values of shape {list(var.shape)} for "
                             f"'{var.name}', but got {list(self.value.shape)}")
        var.set_value(self.value)
        return None


class TruncatedNormal(Initializer):
    def __init__(self, mean=0.0, std=1.0, a=-2.0, b=2.0, name=None):
        self.mean, self.std, self.a, self.b = mean, std, a, b

    def __call__(self, var, block=None):
        raise NotImplementedError("the TruncatedNormal initializer needs op "
                                  "'truncated_gaussian_random', which this runtime does not "
                                  "have yet")


MSRAInitializer = KaimingNormal
ConstantInitializer = Constant
UniformInitializer = Uniform
NormalInitializer = Normal
XavierInitializer = XavierUniform
NumpyArrayInitializer = Assign
TruncatedNormalInitializer = TruncatedNormal
