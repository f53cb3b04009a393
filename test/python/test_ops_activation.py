"""NumPy reference and float64 central-difference gradient tests of the elementwise
activations and math functions in paddle/ops/yaml/activation.yaml (leaky_relu, elu, selu,
softplus, swish, silu, mish, logsigmoid, softsign, erf, rsqrt, reciprocal, log1p, sin, cos,
floor, ceil, round, sign). Inputs keep clear of kinks and jumps so differences are valid."""
import math

import numpy as np
import pytest

from op_test import check_grad, check_output, run_op

rng = np.random.default_rng(5)


def away_from(x, points, margin=0.05):
    for p in points:
        near = np.abs(x - p) < margin
        x[near] = p + 2 * margin
    return x


def rand(*shape, low=-3.0, high=3.0):
    return rng.uniform(low, high, shape)


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def _softplus(x, beta=1.0, threshold=20.0):
    return np.where(beta * x > threshold, x, np.log1p(np.exp(beta * x)) / beta)


CASES = [
    # op, attrs, numpy reference, input, differentiable check wanted
    ("leaky_relu", {}, lambda x: np.where(x > 0, x, 0.02 * x), away_from(rand(4, 5), [0.0]), True),
    ("leaky_relu", {"alpha": 0.3}, lambda x: np.where(x > 0, x, 0.3 * x), away_from(rand(4, 5), [0.0]), True),
    ("elu", {"alpha": 0.7}, lambda x: np.where(x > 0, x, 0.7 * (np.exp(x) - 1)), away_from(rand(4, 5), [0.0]), True),
    ("selu", {}, lambda x: 1.0507009873554805 * np.where(x > 0, x, 1.6732632423543772 * (np.exp(x) - 1)),
     away_from(rand(4, 5), [0.0]), True),
    ("softplus", {}, _softplus, rand(4, 5), True),
    ("softplus", {"beta": 2.0, "threshold": 3.0}, lambda x: _softplus(x, 2.0, 3.0),
     away_from(rand(4, 5), [1.5]), True),
    ("swish", {"beta": 1.5}, lambda x: x * _sigmoid(1.5 * x), rand(4, 5), True),
    ("silu", {}, lambda x: x * _sigmoid(x), rand(4, 5), True),
    ("mish", {}, lambda x: x * np.tanh(_softplus(x)), rand(4, 5), True),
    ("logsigmoid", {}, lambda x: -np.log1p(np.exp(-x)), rand(4, 5, low=-30, high=30), True),
    ("softsign", {}, lambda x: x / (1 + np.abs(x)), away_from(rand(4, 5), [0.0]), True),
    ("erf", {}, np.vectorize(math.erf), rand(4, 5), True),
    ("rsqrt", {}, lambda x: 1 / np.sqrt(x), rand(4, 5, low=0.2, high=4.0), True),
    ("reciprocal", {}, lambda x: 1 / x, away_from(rand(4, 5), [0.0], 0.3), True),
    ("log1p", {}, np.log1p, rand(4, 5, low=-0.8, high=4.0), True),
    ("sin", {}, np.sin, rand(4, 5), True),
    ("cos", {}, np.cos, rand(4, 5), True),
    ("floor", {}, np.floor, away_from(rand(4, 5), range(-3, 4)), True),
    ("ceil", {}, np.ceil, away_from(rand(4, 5), range(-3, 4)), True),
    # round: half away from zero, as PaddlePaddle (np.round would round half to even)
    ("round", {}, lambda x: np.sign(x) * np.floor(np.abs(x) + 0.5),
     away_from(rand(4, 5), np.arange(-3.5, 4, 1.0)), True),
    ("sign", {}, np.sign, away_from(rand(4, 5), [0.0]), True),
]


@pytest.mark.parametrize("op_type, attrs, ref, x, _", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_forward_against_numpy(op_type, attrs, ref, x, _):
    check_output(op_type, {"X": x}, {"Out": ref(x)}, attrs=attrs)
    x32 = x.astype("float32")
    check_output(op_type, {"X": x32}, {"Out": ref(x32.astype("float64")).astype("float32")},
                 attrs=attrs, rtol=2e-5, atol=2e-6)


@pytest.mark.parametrize("op_type, attrs, ref, x, _", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_gradient_float64(op_type, attrs, ref, x, _):
    check_grad(op_type, {"X": x}, attrs=attrs)


def test_special_values():
    x = np.array([0.0, -0.0, 0.5, -0.5, 2.5, -2.5])
    check_output("round", {"X": x}, {"Out": np.array([0.0, 0.0, 1.0, -1.0, 3.0, -3.0])})
    check_output("sign", {"X": np.array([0.0, -2.0, 3.0])}, {"Out": np.array([0.0, -1.0, 1.0])})
    big = np.array([-800.0, 800.0])  # no overflow to inf/nan in the stable forms
    out = run_op("logsigmoid", {"X": big}, outputs={"Out": None})["Out"]
    np.testing.assert_allclose(out, [-800.0, 0.0])
    out = run_op("softplus", {"X": big}, outputs={"Out": None})["Out"]
    np.testing.assert_allclose(out, [0.0, 800.0])


def test_integer_input_is_refused_with_the_kernel_named():
    with pytest.raises(KeyError, match=r"kernel 'leaky_relu' for \(CPU, int32\).*registered only for"):
        run_op("leaky_relu", {"X": np.array([1, 2], "int32")}, outputs={"Out": None})
