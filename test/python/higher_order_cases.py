"""Third-derivative cases shared by the eager and the static higher-order gradient tests:
(name, the function on paddle Tensors / Variables, its third derivative in NumPy)."""
import numpy as np

import paddle


def tanh3(x):
    t = np.tanh(x)
    return (1 - t * t) * (6 * t * t - 2)


def sigmoid3(x):
    s = 1 / (1 + np.exp(-x))
    return s * (1 - s) * (1 - 6 * s + 6 * s * s)


THIRD_DERIVATIVE_CASES = [
    ("tanh", paddle.tanh, tanh3),
    ("sigmoid", paddle.nn.functional.sigmoid, sigmoid3),
    ("tanh(3x+1)", lambda x: paddle.tanh(x * 3.0 + 1.0), lambda x: 27 * tanh3(3 * x + 1)),
    ("x*x*x", lambda x: x * x * x, lambda x: np.full_like(x, 6.0)),
    ("tanh(x)*x", lambda x: paddle.tanh(x) * x,
     lambda x: 3 * (-2 * np.tanh(x) * (1 - np.tanh(x) ** 2)) + x * tanh3(x)),
]
