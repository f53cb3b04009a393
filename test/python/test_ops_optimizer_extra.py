"""Optimizer ops adamax and adadelta against NumPy re-implementations of PaddlePaddle's update
rules, over several steps run in place (ParamOut is the Param variable, as the optimizers write
them), plus out-of-place float32 runs and shape errors. Neither op has a grad."""
import numpy as np
import pytest

from op_test import build_program, check_output
from test_ops_optimizer import F32, rand, run_in_place


# ---- adamax ----

def adamax_reference(p, g, m, u, lr, beta1_pow, beta1, beta2, eps):
    """Beta1Pow is read, not advanced: the optimizer scales it after the op."""
    m = beta1 * m + (1 - beta1) * g
    u = np.maximum(beta2 * u + eps, np.abs(g))
    return p - lr / (1 - beta1_pow) * (m / u), m, u


@pytest.mark.parametrize("attrs", [{}, {"beta1": 0.8, "beta2": 0.99, "epsilon": 1e-3}])
def test_adamax_steps(attrs):
    p, m, u = rand(3, 4), np.zeros((3, 4)), np.zeros((3, 4))
    lr, b1_pow = np.array([0.01], "float32"), np.array([0.5])
    grads = [rand(3, 4) for _ in range(4)]
    beta1 = float(F32(attrs.get("beta1", 0.9)))
    beta2 = float(F32(attrs.get("beta2", 0.999)))
    eps = float(F32(attrs.get("epsilon", 1e-8)))
    state = {"Param": p, "Moment": m, "InfNorm": u, "LearningRate": lr, "Beta1Pow": b1_pow}
    steps = run_in_place("adamax", state, grads, attrs,
                         {"ParamOut": "Param", "MomentOut": "Moment", "InfNormOut": "InfNorm"})
    for g, got in zip(grads, steps):
        p, m, u = adamax_reference(p, g, m, u, float(lr[0]), 0.5, beta1, beta2, eps)
        np.testing.assert_allclose(got["Param"], p, rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(got["Moment"], m, rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(got["InfNorm"], u, rtol=1e-12, atol=1e-14)
        np.testing.assert_array_equal(got["Beta1Pow"], [0.5])


def test_adamax_float32_and_out_of_place():
    p, g, m = rand(5, dtype="float32"), rand(5, dtype="float32"), rand(5, dtype="float32")
    u = np.abs(rand(5, dtype="float32"))
    lr, b1_pow = np.array([0.05], "float32"), np.array([0.9], "float32")
    ref = adamax_reference(p.astype("float64"), g, m, u, 0.05, float(F32(0.9)),
                           float(F32(0.9)), float(F32(0.999)), float(F32(1e-8)))
    check_output("adamax", {"Param": p, "Grad": g, "Moment": m, "InfNorm": u,
                            "LearningRate": lr, "Beta1Pow": b1_pow},
                 {"ParamOut": ref[0].astype("float32"), "MomentOut": ref[1].astype("float32"),
                  "InfNormOut": ref[2].astype("float32")}, rtol=1e-5, atol=1e-6)


def test_adamax_errors():
    ins = {"Param": rand(3, 4), "Grad": rand(3, 4), "Moment": rand(3, 4), "InfNorm": rand(2, 4),
           "LearningRate": np.array([0.1]), "Beta1Pow": np.array([0.9])}
    outs = {"ParamOut": None, "MomentOut": None, "InfNormOut": None}
    with pytest.raises(ValueError, match=r"adamax's InfNorm to have Param's dims \[3, 4\], but "
                                         r"got \[2, 4\]"):
        build_program("adamax", ins, {}, outs)
    ins["InfNorm"] = rand(3, 4)
    ins["Beta1Pow"] = np.zeros((2,))
    with pytest.raises(ValueError, match=r"Beta1Pow to hold one element"):
        build_program("adamax", ins, {}, outs)


# ---- adadelta ----

def adadelta_reference(p, g, s, x, lr, rho, eps):
    s = rho * s + (1 - rho) * g * g
    d = -np.sqrt((x + eps) / (s + eps)) * g
    x = rho * x + (1 - rho) * d * d
    return p + lr * d, s, x


@pytest.mark.parametrize("attrs", [{}, {"rho": 0.9, "epsilon": 1e-4}])
@pytest.mark.parametrize("with_lr", [True, False])
def test_adadelta_steps(attrs, with_lr):
    p, s, x = rand(3, 4), np.zeros((3, 4)), np.zeros((3, 4))
    grads = [rand(3, 4) for _ in range(4)]
    rho = float(F32(attrs.get("rho", 0.95)))
    eps = float(F32(attrs.get("epsilon", 1e-6)))
    state = {"Param": p, "AvgSquaredGrad": s, "AvgSquaredUpdate": x}
    lr = 1.0  # no LearningRate input (programs saved before it existed): a step of 1
    if with_lr:
        state["LearningRate"] = np.array([0.5], "float32")
        lr = 0.5
    steps = run_in_place("adadelta", state, grads, attrs,
                         {"ParamOut": "Param", "AvgSquaredGradOut": "AvgSquaredGrad",
                          "AvgSquaredUpdateOut": "AvgSquaredUpdate"})
    for g, got in zip(grads, steps):
        p, s, x = adadelta_reference(p, g, s, x, lr, rho, eps)
        np.testing.assert_allclose(got["Param"], p, rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(got["AvgSquaredGrad"], s, rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(got["AvgSquaredUpdate"], x, rtol=1e-12, atol=1e-14)


def test_adadelta_float32_and_out_of_place():
    p, g = rand(5, dtype="float32"), rand(5, dtype="float32")
    s, x = np.abs(rand(5, dtype="float32")), np.abs(rand(5, dtype="float32"))
    lr = np.array([0.1], "float32")
    ref = adadelta_reference(p.astype("float64"), g, s, x, 0.1, float(F32(0.95)),
                             float(F32(1e-6)))
    check_output("adadelta", {"Param": p, "Grad": g, "AvgSquaredGrad": s, "AvgSquaredUpdate": x,
                              "LearningRate": lr},
                 {"ParamOut": ref[0].astype("float32"), "AvgSquaredGradOut": ref[1].astype(
                     "float32"), "AvgSquaredUpdateOut": ref[2].astype("float32")},
                 rtol=1e-5, atol=1e-6)


def test_adadelta_errors():
    ins = {"Param": rand(3, 4), "Grad": rand(3, 4), "AvgSquaredGrad": rand(3, 4),
           "AvgSquaredUpdate": rand(4, 3), "LearningRate": np.array([0.1])}
    outs = {"ParamOut": None, "AvgSquaredGradOut": None, "AvgSquaredUpdateOut": None}
    with pytest.raises(ValueError, match=r"adadelta's AvgSquaredUpdate to have Param's dims "
                                         r"\[3, 4\], but got \[4, 3\]"):
        build_program("adadelta", ins, {}, outs)
    ins["AvgSquaredUpdate"] = rand(3, 4)
    ins["LearningRate"] = np.zeros((3,))
    with pytest.raises(ValueError, match=r"LearningRate to hold one element"):
        build_program("adadelta", ins, {}, outs)
