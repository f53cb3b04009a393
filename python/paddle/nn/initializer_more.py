"""Dirac, Bilinear and Orthogonal initializers, and set_global_initializer. Their values are fixed by the parameter's shape (no
randomness), so they are computed here and written as an Assign initializer does: at once
into an eager parameter, or as an assign_value op in the startup program."""
import numpy as np

from paddle.nn.initializer import Assign, Initializer

__all__ = ["Dirac", "Bilinear", "Orthogonal", "set_global_initializer"]

# set_global_initializer's weight and bias initializers (None: the layers' own defaults).
_global = {"weight": None, "bias": None}


class Dirac(Initializer):
    """For a 3-D, 4-D or 5-D convolution weight [C_out, C_in, K...] split into `groups` along
    C_out: within group g, output channel g * C_out / groups + i gets a 1 at the kernel centre
    of input channel i (for i < min(C_out / groups, C_in)); every other value is 0, so the
    convolution passes its input through."""

    def __init__(self, groups=1, name=None):
        if isinstance(groups, bool) or not isinstance(groups, int) or groups <= 0:
            raise ValueError(f"expected Dirac's groups to be a positive int, but got {groups!r}")
        self._groups = groups

    def __call__(self, var, block=None):
        shape = [int(d) for d in var.shape]
        if len(shape) not in (3, 4, 5):
            raise ValueError(f"expected a 3-D, 4-D or 5-D parameter for Dirac, but got shape "
                             f"{shape}")
        if shape[0] % self._groups:
            raise ValueError(f"expected Dirac's parameter shape[0] {shape[0]} to be divisible "
                             f"by groups {self._groups}")
        per_group = shape[0] // self._groups
        values = np.zeros(shape, dtype="float64")
        centre = tuple(k // 2 for k in shape[2:])
        for g in range(self._groups):
            for i in range(min(per_group, shape[1])):
                values[(g * per_group + i, i) + centre] = 1.0
        return Assign(values)(var, block)


class Bilinear(Initializer):
    """A bilinear upsampling kernel for a 4-D [C_out, C_in, K, K] transposed-convolution
    weight: f = ceil(K / 2), c = (2f - 1 - f % 2) / (2f); flat element i holds
    (1 - |x / f - c|) (1 - |y / f - c|) with x = i % K and y = (i / K) % K, a true (not
    floor) division as in PaddlePaddle, whose values this reproduces."""

    def __call__(self, var, block=None):
        shape = [int(d) for d in var.shape]
        if len(shape) != 4:
            raise ValueError(f"expected a 4-D parameter for Bilinear, but got shape {shape}")
        if shape[2] != shape[3]:
            raise ValueError(f"expected Bilinear's parameter shape[2] == shape[3], but got "
                             f"shape {shape}")
        size = shape[3]
        f = np.ceil(size / 2.0)
        c = (2 * f - 1 - f % 2) / (2.0 * f)
        i = np.arange(int(np.prod(shape)), dtype="float64")
        x, y = i % size, (i / size) % size
        values = ((1 - np.abs(x / f - c)) * (1 - np.abs(y / f - c))).astype("float32")
        return Assign(values.reshape(shape))(var, block)


class Orthogonal(Initializer):
    """A parameter of at least 2 dims, viewed as [shape[0], prod(shape[1:])], gets orthonormal
    rows (or columns, whichever are fewer) times gain, as PaddlePaddle's: Q of the QR
    factorization of a standard Gaussian [max, min] matrix, each column's sign set by R's
    diagonal (so that Q is uniformly distributed), transposed when there are fewer rows. Built
    of gaussian_random, qr and elementwise ops: appended to the startup program in static mode,
    run at once (from the global generator, seeded by paddle.seed) in eager mode."""

    def __init__(self, gain=1.0, name=None):
        if isinstance(gain, bool) or not isinstance(gain, (int, float)):
            raise TypeError(f"expected Orthogonal's gain to be a float, but got "
                            f"{type(gain).__name__}")
        self._gain = float(gain)

    def __call__(self, var, block=None):
        from paddle.base.framework import in_dynamic_mode
        shape = [int(d) for d in var.shape]
        if len(shape) < 2:
            raise ValueError(f"expected a parameter of at least 2 dims for Orthogonal, but got "
                             f"shape {shape}")
        if in_dynamic_mode():
            var.set_value(self._values(shape, var.dtype, 0).numpy())
            return None
        import paddle
        block = block or var.block
        with paddle.static.program_guard(block.program, block.program):
            values = self._values(shape, var.dtype, self._seed(block, 0))
        return block.append_op(type="assign", inputs={"X": [values]}, outputs={"Out": [var]})

    def _values(self, shape, dtype, seed):
        from paddle.base import layer_helper as lh
        from paddle.base.dtypes import convert_dtype
        from paddle.tensor import linalg_ext, manipulation_ext
        from paddle.tensor.manipulation import reshape, transpose
        from paddle.tensor.math import multiply, scale, sign
        rows, cols = shape[0], int(np.prod(shape[1:]))
        normal = lh.append_op("gaussian_random", {},
                              {"shape": [max(rows, cols), min(rows, cols)],
                               "dtype": int(convert_dtype(dtype)), "mean": 0.0, "std": 1.0,
                               "seed": int(seed)},
                              dtype=dtype, stop_gradient=True)
        q, r = linalg_ext.qr(normal)
        q = multiply(q, sign(manipulation_ext.diagonal(r)))
        if rows < cols:
            q = transpose(q, [1, 0])
        return scale(reshape(q, shape), self._gain)


def set_global_initializer(weight_init, bias_init=None):
    """Initializers for every parameter created afterwards whose ParamAttr names none (a
    ParamAttr's initializer still wins; the layers' own defaults yield to these), weights and
    biases apart; set_global_initializer(None) restores the defaults."""
    for arg, value in (("weight_init", weight_init), ("bias_init", bias_init)):
        if value is not None and not isinstance(value, Initializer):
            raise TypeError(f"expected {arg} of set_global_initializer to be an Initializer or "
                            f"None, but got {type(value).__name__}")
    _global["weight"], _global["bias"] = weight_init, bias_init


def global_initializer(is_bias):
    """The initializer set_global_initializer gave for biases or weights, or None."""
    return _global["bias" if is_bias else "weight"]
