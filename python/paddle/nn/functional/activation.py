"""Activation functions: each appends its op, so it runs eagerly in dynamic mode and
builds the program in static mode."""
from paddle.base import layer_helper as lh


def relu(x, name=None):
    return lh.append_op("relu", {"X": [x]})


def relu6(x, name=None):
    return lh.append_op("relu6", {"X": [x]}, {"threshold": 6.0})


def sigmoid(x, name=None):
    return lh.append_op("sigmoid", {"X": [x]})


def tanh(x, name=None):
    return lh.append_op("tanh", {"X": [x]})


def softmax(x, axis=-1, dtype=None, name=None):
    if dtype is not None:
        from paddle.tensor.manipulation import cast
        x = cast(x, dtype)
    return lh.append_op("softmax", {"X": [x]}, {"axis": int(axis)})


def log_softmax(x, axis=-1, dtype=None, name=None):
    if dtype is not None:
        from paddle.tensor.manipulation import cast
        x = cast(x, dtype)
    return lh.append_op("log_softmax", {"X": [x]}, {"axis": int(axis)})


def gelu(x, approximate=False, name=None):
    return lh.append_op("gelu", {"X": [x]}, {"approximate": bool(approximate)})


def leaky_relu(x, negative_slope=0.01, name=None):
    return lh.append_op("leaky_relu", {"X": [x]}, {"alpha": float(negative_slope)})


def elu(x, alpha=1.0, name=None):
    return lh.append_op("elu", {"X": [x]}, {"alpha": float(alpha)})


def selu(x, scale=1.0507009873554804934193349852946, alpha=1.6732632423543772848170429916717,
         name=None):
    if scale <= 1.0:
        raise ValueError(f"expected selu scale > 1.0, but got {scale}")
    if alpha < 0:
        raise ValueError(f"expected selu alpha >= 0, but got {alpha}")
    return lh.append_op("selu", {"X": [x]}, {"scale": float(scale), "alpha": float(alpha)})


def hardswish(x, name=None):
    return lh.append_op("hard_swish", {"X": [x]}, {"threshold": 6.0, "scale": 6.0, "offset": 3.0})


def hardsigmoid(x, slope=0.1666667, offset=0.5, name=None):
    return lh.append_op("hard_sigmoid", {"X": [x]}, {"slope": float(slope), "offset": float(offset)})


def hardtanh(x, min=-1.0, max=1.0, name=None):  # noqa: A002 - PaddlePaddle's argument names
    return lh.append_op("clip", {"X": [x]}, {"min": float(min), "max": float(max)})


def silu(x, name=None):
    return lh.append_op("silu", {"X": [x]})


def swish(x, name=None):
    return lh.append_op("swish", {"X": [x]}, {"beta": 1.0})


def mish(x, name=None):
    return lh.append_op("mish", {"X": [x]}, {"threshold": 20.0})


def softplus(x, beta=1, threshold=20, name=None):
    return lh.append_op("softplus", {"X": [x]}, {"beta": float(beta), "threshold": float(threshold)})


def softsign(x, name=None):
    return lh.append_op("softsign", {"X": [x]})


def log_sigmoid(x, name=None):
    return lh.append_op("logsigmoid", {"X": [x]})


def tanhshrink(x, name=None):
    return lh.append_op("elementwise_sub", {"X": [x], "Y": [tanh(x)]}, {"axis": -1})


_PRELU_FORMATS = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")


def prelu(x, weight, data_format="NCHW", name=None):
    """x where x > 0, else weight * x: one weight for all (weight of size 1), else one per
    channel (axis 1, or the last axis for a channels-last data_format)."""
    if data_format not in _PRELU_FORMATS:
        raise ValueError(f"expected data_format in {list(_PRELU_FORMATS)}, but got "
                         f"{data_format!r}")
    wshape = list(weight.shape)
    if len(wshape) > 1:
        raise ValueError(f"expected a weight of rank 0 or 1 for prelu, but got shape {wshape}")
    layout = "NCHW" if data_format[1] == "C" else "NHWC"
    mode = "all"
    if len(wshape) == 1 and wshape[0] > 1:
        xshape = list(x.shape)
        if len(xshape) < 2:
            raise ValueError(f"expected an input of rank >= 2 for prelu with {wshape[0]} "
                             f"weights, but got shape {xshape}")
        channels = xshape[-1] if layout == "NHWC" else xshape[1]
        if channels >= 0 and channels != wshape[0]:
            raise ValueError(f"expected the input's channels ({data_format}) to equal the "
                             f"weight's size {wshape[0]}, but got shape {xshape}")
        mode = "channel"
    return lh.append_op("prelu", {"X": [x], "Alpha": [weight]},
                        {"mode": mode, "data_format": layout})


def celu(x, alpha=1.0, name=None):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1))."""
    if alpha == 0:
        raise ZeroDivisionError("expected a nonzero alpha for celu, but got 0")
    return lh.append_op("celu", {"X": [x]}, {"alpha": float(alpha)})


def glu(x, axis=-1, name=None):
    """Gated linear unit: x split in two halves a, b along axis; a * sigmoid(b)."""
    from paddle.base.framework import Variable
    from paddle.tensor.manipulation import split
    if not isinstance(x, Variable):
        raise TypeError(f"expected x of glu to be a Tensor, but got {type(x).__name__}")
    rank = len(x.shape)
    if isinstance(axis, bool) or not isinstance(axis, int) or not -rank <= axis < rank:
        raise ValueError(f"expected axis of glu to be an int in [{-rank}, {rank}), but got "
                         f"{axis!r}")
    extent = x.shape[axis]
    if extent is not None and extent >= 0 and extent % 2 != 0:
        raise ValueError(f"expected the size of x along axis {axis} of glu to be even, but got "
                         f"{extent}")
    a, b = split(x, 2, axis)
    return lh.append_op("elementwise_mul", {"X": [a], "Y": [sigmoid(b)]}, {"axis": -1})
