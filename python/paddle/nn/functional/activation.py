"""Activation functions."""
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
