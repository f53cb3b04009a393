"""NumPy / math references and float64 central-difference gradient tests of the trigonometric,
hyperbolic and special-function ops in paddle/ops/yaml/activation.yaml (tan, asin, acos, atan,
sinh, cosh, asinh, acosh, atanh, expm1, lgamma, digamma, erfinv, trunc), and the accuracy of
the hand-written digamma, trigamma (digamma_grad) and erfinv over grids against mpmath at 40
digits. Inputs keep clear of poles, branch points and jumps so differences are valid."""
import math

import numpy as np
import pytest

from op_test import check_grad, check_output, run_op
from special_ref import digamma_ref, erfinv_ref, lgamma_ref

rng = np.random.default_rng(11)


def rand(*shape, low=-3.0, high=3.0):
    return rng.uniform(low, high, shape)


def away_from_integers(x, margin=0.05):
    near = np.abs(x - np.round(x)) < margin
    x[near] += 2 * margin
    return x


CASES = [
    # op, NumPy / math reference, input
    ("tan", np.tan, rand(3, 4, low=-1.4, high=1.4)),
    ("asin", np.arcsin, rand(3, 4, low=-0.95, high=0.95)),
    ("acos", np.arccos, rand(3, 4, low=-0.95, high=0.95)),
    ("atan", np.arctan, rand(3, 4, low=-5.0, high=5.0)),
    ("sinh", np.sinh, rand(3, 4)),
    ("cosh", np.cosh, rand(3, 4)),
    ("asinh", np.arcsinh, rand(3, 4, low=-5.0, high=5.0)),
    ("acosh", np.arccosh, rand(3, 4, low=1.05, high=6.0)),
    ("atanh", np.arctanh, rand(3, 4, low=-0.9, high=0.9)),
    ("expm1", np.expm1, np.concatenate([rand(10), [1e-10, -3e-8]]).reshape(3, 4)),
    ("lgamma", lgamma_ref, away_from_integers(rand(3, 4, low=-4.0, high=8.0))),
    ("digamma", digamma_ref, away_from_integers(rand(3, 4, low=-4.0, high=8.0))),
    ("erfinv", erfinv_ref, rand(3, 4, low=-0.98, high=0.98)),
    ("trunc", np.trunc, away_from_integers(rand(3, 4))),
]
IDS = [c[0] for c in CASES]


@pytest.mark.parametrize("op_type, ref, x", CASES, ids=IDS)
def test_forward_against_reference(op_type, ref, x):
    check_output(op_type, {"X": x}, {"Out": ref(x)}, rtol=1e-13, atol=1e-13)
    x32 = x.astype("float32")
    # lgamma and digamma sum terms up to ~20 near their poles: absolute float32 rounding
    atol = 2e-5 if op_type in ("lgamma", "digamma") else 2e-6
    check_output(op_type, {"X": x32}, {"Out": ref(x32.astype("float64")).astype("float32")},
                 rtol=2e-5, atol=atol)


@pytest.mark.parametrize("op_type, ref, x", CASES, ids=IDS)
def test_gradient_float64(op_type, ref, x):
    check_grad(op_type, {"X": x[:2, :3].copy()}, rtol=1e-6, atol=1e-8)


def test_special_values():
    inf, nan = np.inf, np.nan
    with np.errstate(all="ignore"):
        edges = np.array([inf, -inf, nan, 0.0, -0.0, 1.0, -1.0, 1.5, -2.5])
        for op_type, ref in (("tan", np.tan), ("asin", np.arcsin), ("acos", np.arccos),
                             ("atan", np.arctan), ("sinh", np.sinh), ("cosh", np.cosh),
                             ("asinh", np.arcsinh), ("acosh", np.arccosh),
                             ("atanh", np.arctanh), ("expm1", np.expm1), ("trunc", np.trunc)):
            check_output(op_type, {"X": edges}, {"Out": ref(edges)}, rtol=1e-14, atol=0)
    got = run_op("lgamma", {"X": np.array([0.0, -1.0, -2.0, inf, 1.0, 2.0])},
                 outputs={"Out": None})["Out"]
    np.testing.assert_array_equal(got, [inf, inf, inf, inf, 0.0, 0.0])
    # Poles of digamma (limits of opposite signs): NaN; -inf also NaN, +inf stays.
    got = run_op("digamma", {"X": np.array([0.0, -1.0, -3.0, -inf, inf, nan, 1.0])},
                 outputs={"Out": None})["Out"]
    np.testing.assert_array_equal(np.isnan(got), [1, 1, 1, 1, 0, 1, 0])
    assert got[4] == inf and abs(got[6] + 0.5772156649015329) < 1e-15
    got = run_op("erfinv", {"X": np.array([1.0, -1.0, 1.5, -2.0, nan, 0.0, -0.0])},
                 outputs={"Out": None})["Out"]
    np.testing.assert_array_equal(got[:2], [inf, -inf])
    assert np.isnan(got[2:5]).all() and got[5] == 0 and np.signbit(got[6])


def test_zero_gradients_of_trunc_propagate_nan():
    # trunc_grad reads only Out@GRAD (as PaddlePaddle's): 0 * g, so a NaN gradient stays NaN.
    got = run_op("trunc_grad", {"Out@GRAD": np.array([1.0, -2.0, np.nan])},
                 outputs={"X@GRAD": None})["X@GRAD"]
    np.testing.assert_array_equal(got, [0.0, 0.0, np.nan])
    with pytest.raises(ValueError, match="tan_grad's Out@GRAD and X@GRAD to have dims"):
        run_op("tan_grad", {"X": np.ones(3), "Out@GRAD": np.ones(4)}, outputs={"X@GRAD": None})


def test_gradients_reading_out():
    # expm1_grad and erfinv_grad read Out (as PaddlePaddle's): g (out + 1), g sqrt(pi)/2 e^out^2.
    out, g = np.array([-0.5, 0.0, 2.0]), np.array([1.0, 2.0, -1.0])
    got = run_op("expm1_grad", {"Out": out, "Out@GRAD": g}, outputs={"X@GRAD": None})["X@GRAD"]
    np.testing.assert_allclose(got, g * (out + 1), rtol=1e-15)
    got = run_op("erfinv_grad", {"Out": out, "Out@GRAD": g}, outputs={"X@GRAD": None})["X@GRAD"]
    np.testing.assert_allclose(got, g * math.sqrt(math.pi) / 2 * np.exp(out ** 2), rtol=1e-15)


# -- accuracy of the hand-written functions over grids (float64) -----------------------------
def _digamma_grid():
    x = np.concatenate([np.linspace(-20.3, 40.0, 601), np.logspace(-8, 2, 60),
                        np.logspace(2, 15, 14), -np.logspace(-8, -1, 15)])
    return x[np.abs(x - np.round(x)) > 1e-6]


def test_digamma_and_trigamma_accuracy():
    mpmath = pytest.importorskip("mpmath")
    mpmath.mp.dps = 40
    x = _digamma_grid()
    psi = np.array([float(mpmath.digamma(v)) for v in x])
    got = run_op("digamma", {"X": x}, outputs={"Out": None})["Out"]
    # relative, or absolute where |psi| < 1 (psi has roots, near which relative error grows)
    err = np.abs(got - psi) / np.maximum(np.abs(psi), 1.0)
    assert err.max() < 5e-15, (err.max(), x[err.argmax()])
    psi1 = np.array([float(mpmath.psi(1, v)) for v in x])
    got = run_op("digamma_grad", {"X": x, "Out@GRAD": np.ones_like(x)},
                 outputs={"X@GRAD": None})["X@GRAD"]
    err = np.abs(got - psi1) / np.abs(psi1)
    assert err.max() < 5e-15, (err.max(), x[err.argmax()])


def test_digamma_against_the_math_reference():
    x = away_from_integers(rand(200, low=-30.0, high=60.0))
    got = run_op("digamma", {"X": x}, outputs={"Out": None})["Out"]
    np.testing.assert_allclose(got, digamma_ref(x), rtol=1e-12, atol=1e-12)


def _erfinv_grid():
    tail = 1 - np.logspace(-16, -1, 60)
    return np.concatenate([np.linspace(-0.9999, 0.9999, 1001), tail, -tail,
                           np.logspace(-300, -1, 30)])


def test_erfinv_accuracy_and_inverse_property():
    y = _erfinv_grid()
    got = run_op("erfinv", {"X": y}, outputs={"Out": None})["Out"]
    # erf(erfinv(y)) == y to a few ulp of y (erf is flat in the tails: there compare erfc)
    back = np.array([math.erf(v) for v in got])
    np.testing.assert_allclose(back, y, rtol=1e-15, atol=0)
    big = np.abs(y) > 0.5
    backc = np.array([math.erfc(abs(v)) for v in got[big]])
    np.testing.assert_allclose(backc, 1 - np.abs(y[big]), rtol=1e-13)
    mid = np.abs(y) <= 0.9
    np.testing.assert_allclose(got[mid], erfinv_ref(y[mid]), rtol=2e-15, atol=0)
    mpmath = pytest.importorskip("mpmath")
    mpmath.mp.dps = 40
    y, got = y[y != 0], got[y != 0]
    want = np.array([float(mpmath.erfinv(mpmath.mpf(float(v)))) for v in y])
    err = np.abs(got - want) / np.abs(want)
    assert err.max() < 1e-15, (err.max(), y[err.argmax()])


def test_float32_special_functions():
    x = away_from_integers(rand(50, low=-6.0, high=12.0)).astype("float32")
    x64 = x.astype("float64")
    got = run_op("digamma", {"X": x}, outputs={"Out": None})["Out"]
    np.testing.assert_allclose(got, digamma_ref(x64), rtol=2e-5, atol=2e-5)
    y = np.concatenate([rand(40, low=-0.999, high=0.999), [0.9999999, -0.99999]])
    y = y.astype("float32")
    got = run_op("erfinv", {"X": y}, outputs={"Out": None})["Out"]
    np.testing.assert_allclose(got, erfinv_ref(y.astype("float64")), rtol=2e-6)
    got = run_op("lgamma", {"X": x}, outputs={"Out": None})["Out"]
    np.testing.assert_allclose(got, lgamma_ref(x64), rtol=2e-5, atol=2e-5)
