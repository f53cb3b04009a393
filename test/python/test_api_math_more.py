"""More math APIs, each composed from existing ops: unary math (sin ... log10, sigmoid),
isnan/isinf/isfinite, logical_and/or/xor, any/all, amax/amin, std/var, logsumexp,
floor_divide/remainder (Python's sign convention), dot/outer, allclose/equal_all, sort, dist,
increment and nn.functional cosine_similarity/glu/label_smooth. Eager mode against NumPy, a
static program for a subset, gradients against analytic NumPy ones, and bad input."""
import math

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F

rng = np.random.default_rng(11)
FLOATS = ["float32", "float64"]


def _tol(dtype):
    return dict(rtol=1e-5, atol=1e-6) if dtype == "float32" else dict(rtol=1e-12, atol=1e-12)


def _t(a, grad=False):
    return paddle.to_tensor(a, stop_gradient=not grad)


def _grad(out, x):
    (g,) = paddle.grad([out.sum()], [x])
    return g.numpy()


_erf = np.vectorize(math.erf)


def _sigmoid(a):
    return 1.0 / (1.0 + np.exp(-a))


def _round_half_away(a):
    return np.sign(a) * np.floor(np.abs(a) + 0.5)


# name, NumPy reference, analytic derivative (None: zero / not differentiable), input maker
UNARY = [
    ("sin", np.sin, np.cos, lambda d: rng.uniform(-3, 3, (3, 4)).astype(d)),
    ("cos", np.cos, lambda a: -np.sin(a), lambda d: rng.uniform(-3, 3, (3, 4)).astype(d)),
    ("erf", _erf, lambda a: 2 / np.sqrt(np.pi) * np.exp(-a * a),
     lambda d: rng.uniform(-2, 2, (3, 4)).astype(d)),
    ("rsqrt", lambda a: 1 / np.sqrt(a), lambda a: -0.5 * a ** -1.5,
     lambda d: rng.uniform(0.5, 4, (3, 4)).astype(d)),
    ("sign", np.sign, None, lambda d: np.array([[-2.5, 0.0, 3.0], [1.0, -0.0, -7.0]], d)),
    ("log1p", np.log1p, lambda a: 1 / (1 + a), lambda d: rng.uniform(-0.5, 3, (3, 4)).astype(d)),
    ("log2", np.log2, lambda a: 1 / (a * np.log(2)),
     lambda d: rng.uniform(0.1, 9, (3, 4)).astype(d)),
    ("log10", np.log10, lambda a: 1 / (a * np.log(10)),
     lambda d: rng.uniform(0.1, 9, (3, 4)).astype(d)),
    ("sigmoid", _sigmoid, lambda a: _sigmoid(a) * (1 - _sigmoid(a)),
     lambda d: rng.uniform(-5, 5, (3, 4)).astype(d)),
    ("reciprocal", lambda a: 1 / a, lambda a: -1 / (a * a),
     lambda d: rng.uniform(0.5, 3, (3, 4)).astype(d)),
    ("floor", np.floor, None, lambda d: np.array([-2.5, -2.0, -0.3, 0.3, 2.0, 2.7], d)),
    ("ceil", np.ceil, None, lambda d: np.array([-2.5, -2.0, -0.3, 0.3, 2.0, 2.7], d)),
    ("round", _round_half_away, None, lambda d: np.array([-2.5, -1.5, -0.4, 0.5, 1.5, 2.6], d)),
]


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name,ref,dref,make", UNARY, ids=[c[0] for c in UNARY])
def test_unary_eager_matches_numpy(name, ref, dref, make, dtype):
    a = make(dtype)
    out = getattr(paddle, name)(_t(a))
    assert out.numpy().dtype == np.dtype(dtype) and out.shape == list(a.shape)
    np.testing.assert_allclose(out.numpy(), ref(a), **_tol(dtype))
    # the Tensor method is the same function
    np.testing.assert_allclose(getattr(_t(a), name)().numpy(), ref(a), **_tol(dtype))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name,ref,dref,make", UNARY, ids=[c[0] for c in UNARY])
def test_unary_gradients(name, ref, dref, make, dtype):
    a = make(dtype)
    x = _t(a, grad=True)
    g = _grad(getattr(paddle, name)(x), x)
    want = np.zeros_like(a) if dref is None else dref(a)
    np.testing.assert_allclose(g, want, rtol=1e-4 if dtype == "float32" else 1e-10, atol=1e-6)


def test_log_of_exact_powers_and_integer_inputs():
    np.testing.assert_array_equal(paddle.log2(_t(np.array([1, 2, 8, 1024], "float32"))).numpy(),
                                  [0, 1, 3, 10])
    np.testing.assert_array_equal(paddle.log10(_t(np.array([1, 10, 1000], "float32"))).numpy(),
                                  [0, 1, 3])
    out = paddle.log2(_t(np.array([4, 16], "int64")))
    assert out.numpy().dtype == np.float32 and out.numpy().tolist() == [2.0, 4.0]
    assert paddle.sin(_t(np.array([0], "int32"))).numpy().dtype == np.float32
    np.testing.assert_array_equal(paddle.sign(_t(np.array([-3, 0, 5], "int64"))).numpy(),
                                  [-1, 0, 1])
    np.testing.assert_array_equal(paddle.floor(_t(np.array([-3, 5], "int32"))).numpy(), [-3, 5])
    np.testing.assert_allclose(paddle.round(_t(np.array([1.234, -5.678])), decimals=2).numpy(),
                               [1.23, -5.68])


def test_sigmoid_in_functional_and_top_level():
    a = rng.standard_normal((2, 3)).astype("float32")
    np.testing.assert_allclose(paddle.sigmoid(_t(a)).numpy(), _sigmoid(a), rtol=1e-6)
    np.testing.assert_allclose(F.sigmoid(_t(a)).numpy(), _sigmoid(a), rtol=1e-6)


# -- predicates --------------------------------------------------------------------------------
SPECIAL = np.array([[0.0, -1.5, np.nan, np.inf], [-np.inf, 3.0, -0.0, np.nan]])


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", ["isnan", "isinf", "isfinite"])
def test_predicates_with_nan_and_inf(name, dtype):
    a = SPECIAL.astype(dtype)
    out = getattr(paddle, name)(_t(a))
    assert out.numpy().dtype == np.bool_ and out.stop_gradient
    np.testing.assert_array_equal(out.numpy(), getattr(np, name)(a))
    np.testing.assert_array_equal(getattr(_t(a), name)().numpy(), getattr(np, name)(a))


@pytest.mark.parametrize("name", ["isnan", "isinf", "isfinite"])
def test_predicates_on_integers(name):
    a = np.array([[1, -2], [3, 0]], "int64")
    np.testing.assert_array_equal(getattr(paddle, name)(_t(a)).numpy(), getattr(np, name)(a))


@pytest.mark.parametrize("name", ["logical_and", "logical_or", "logical_xor"])
def test_logical_ops(name):
    a = np.array([[True, False, True], [False, False, True]])
    b = np.array([[True, True, False], [False, True, True]])
    out = getattr(paddle, name)(_t(a), _t(b))
    assert out.numpy().dtype == np.bool_
    np.testing.assert_array_equal(out.numpy(), getattr(np, name)(a, b))
    np.testing.assert_array_equal(getattr(_t(a), name)(_t(b)).numpy(), getattr(np, name)(a, b))
    # non-bool inputs: nonzero is True
    fa, fb = a.astype("float32") * 2.5, b.astype("float32") * -1.0
    np.testing.assert_array_equal(getattr(paddle, name)(_t(fa), _t(fb)).numpy(),
                                  getattr(np, name)(fa, fb))


@pytest.mark.parametrize("axis,keepdim", [(None, False), (0, False), (1, True), ([0, 1], False),
                                          (-1, False)])
def test_any_all(axis, keepdim):
    a = np.array([[True, False, False], [True, True, True]])
    np_axis = tuple(axis) if isinstance(axis, list) else axis
    for name in ("any", "all"):
        out = getattr(paddle, name)(_t(a), axis=axis, keepdim=keepdim)
        want = getattr(np, name)(a, axis=np_axis, keepdims=keepdim)
        assert out.numpy().dtype == np.bool_ and out.shape == list(np.shape(want))
        np.testing.assert_array_equal(out.numpy(), want)
        meth = getattr(_t(a), name)(axis=axis, keepdim=keepdim)
        np.testing.assert_array_equal(meth.numpy(), want)
    f = np.array([[0.0, 2.0], [0.0, 0.0]], "float32")
    assert paddle.any(_t(f)).numpy() and not paddle.all(_t(f)).numpy()


# -- amax / amin -------------------------------------------------------------------------------
TIES = np.array([[1.0, 3.0, 3.0, -2.0], [5.0, 5.0, 5.0, 0.0], [-1.0, -4.0, 2.0, -4.0]])


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name,np_fn", [("amax", np.max), ("amin", np.min)])
@pytest.mark.parametrize("axis,keepdim", [(None, False), (1, False), (0, True), ([0, 1], True)])
def test_amax_amin_values_and_even_gradients(name, np_fn, axis, keepdim, dtype):
    a = TIES.astype(dtype)
    np_axis = tuple(axis) if isinstance(axis, list) else axis
    x = _t(a, grad=True)
    out = getattr(paddle, name)(x, axis=axis, keepdim=keepdim)
    want = np_fn(a, axis=np_axis, keepdims=keepdim)
    assert out.shape == list(np.shape(want))
    np.testing.assert_array_equal(out.numpy(), want)  # exact: the max itself
    mask = a == np_fn(a, axis=np_axis, keepdims=True)
    want_grad = mask / mask.sum(axis=np_axis, keepdims=True)
    np.testing.assert_allclose(_grad(out, x), want_grad, **_tol(dtype))
    np.testing.assert_array_equal(getattr(_t(a), name)(axis=axis, keepdim=keepdim).numpy(), want)


def test_amax_with_infinities_and_integers():
    a = np.array([[np.inf, 1.0, np.inf], [-np.inf, -np.inf, -np.inf]], "float32")
    x = _t(a, grad=True)
    out = paddle.amax(x, axis=1)
    np.testing.assert_array_equal(out.numpy(), [np.inf, -np.inf])
    np.testing.assert_allclose(_grad(out, x), [[0.5, 0, 0.5], [1 / 3, 1 / 3, 1 / 3]], rtol=1e-6)
    np.testing.assert_array_equal(paddle.amin(_t(a), axis=1).numpy(), [1.0, -np.inf])
    i = np.array([[3, -7, 3], [0, 2, 9]], "int64")
    np.testing.assert_array_equal(paddle.amax(_t(i), axis=0).numpy(), i.max(axis=0))
    np.testing.assert_array_equal(paddle.amin(_t(i)).numpy(), i.min())


# -- std / var ---------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("axis,unbiased,keepdim", [(None, True, False), (1, True, False),
                                                   (0, False, True), ([0, 2], True, False),
                                                   (-1, False, False)])
def test_var_std(axis, unbiased, keepdim, dtype):
    a = rng.standard_normal((3, 4, 5)).astype(dtype)
    np_axis = tuple(axis) if isinstance(axis, list) else axis
    ddof = 1 if unbiased else 0
    for name, np_fn in (("var", np.var), ("std", np.std)):
        out = getattr(paddle, name)(_t(a), axis=axis, unbiased=unbiased, keepdim=keepdim)
        want = np_fn(a, axis=np_axis, ddof=ddof, keepdims=keepdim)
        assert out.shape == list(np.shape(want)) and out.numpy().dtype == np.dtype(dtype)
        np.testing.assert_allclose(out.numpy(), want, rtol=1e-5 if dtype == "float32" else 1e-12)
        meth = getattr(_t(a), name)(axis=axis, unbiased=unbiased, keepdim=keepdim)
        np.testing.assert_allclose(meth.numpy(), want, rtol=1e-5 if dtype == "float32" else 1e-12)


def test_var_defaults_are_unbiased_and_single_element_divides_by_one():
    a = np.array([1.0, 2.0, 4.0], "float32")
    np.testing.assert_allclose(paddle.var(_t(a)).numpy(), np.var(a, ddof=1), rtol=1e-6)
    np.testing.assert_allclose(paddle.std(_t(a)).numpy(), np.std(a, ddof=1), rtol=1e-6)
    single = paddle.var(_t(np.array([[3.0]], "float32")), axis=1)
    np.testing.assert_array_equal(single.numpy(), [0.0])


@pytest.mark.parametrize("dtype", FLOATS)
def test_var_std_gradients(dtype):
    a = rng.standard_normal((4, 6)).astype(dtype)
    n = a.shape[1]
    centered = a - a.mean(axis=1, keepdims=True)
    x = _t(a, grad=True)
    np.testing.assert_allclose(_grad(paddle.var(x, axis=1), x), 2 * centered / (n - 1),
                               **_tol(dtype))
    s = np.std(a, axis=1, ddof=1, keepdims=True)
    np.testing.assert_allclose(_grad(paddle.std(x, axis=1), x), centered / ((n - 1) * s),
                               rtol=1e-4 if dtype == "float32" else 1e-10, atol=1e-6)


# -- logsumexp ---------------------------------------------------------------------------------
def _np_logsumexp(a, axis=None, keepdims=False):
    m = np.max(a, axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    out = np.log(np.sum(np.exp(a - m), axis=axis, keepdims=True)) + m
    return out if keepdims else np.squeeze(out, axis=axis) if axis is not None else out.reshape(())


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("axis,keepdim", [(None, False), (1, False), (0, True), ([0, 1], False)])
def test_logsumexp(axis, keepdim, dtype):
    a = rng.standard_normal((3, 4)).astype(dtype) * 3
    np_axis = tuple(axis) if isinstance(axis, list) else axis
    out = paddle.logsumexp(_t(a), axis=axis, keepdim=keepdim)
    want = _np_logsumexp(a.astype("float64"), np_axis, keepdim)
    assert out.shape == list(np.shape(want))
    np.testing.assert_allclose(out.numpy(), want, **_tol(dtype))
    np.testing.assert_allclose(_t(a).logsumexp(axis=axis, keepdim=keepdim).numpy(), want,
                               **_tol(dtype))


def test_logsumexp_is_stable_and_handles_infinities():
    a = np.array([[1000.0, 1000.0, 999.0], [-1000.0, -1001.0, -1000.0]], "float32")
    out = paddle.logsumexp(_t(a), axis=1).numpy()
    np.testing.assert_allclose(out, _np_logsumexp(a.astype("float64"), 1), rtol=1e-6)
    assert np.isfinite(out).all()
    b = np.array([[-np.inf, -np.inf], [np.inf, 1.0], [-np.inf, 0.0]], "float32")
    np.testing.assert_array_equal(paddle.logsumexp(_t(b), axis=1).numpy(), [-np.inf, np.inf, 0.0])


@pytest.mark.parametrize("dtype", FLOATS)
def test_logsumexp_gradient_is_softmax(dtype):
    a = (rng.standard_normal((3, 5)) * 4 + 50).astype(dtype)
    x = _t(a, grad=True)
    e = np.exp(a - a.max(axis=1, keepdims=True))
    np.testing.assert_allclose(_grad(paddle.logsumexp(x, axis=1), x),
                               e / e.sum(axis=1, keepdims=True), **_tol(dtype))


# -- floor_divide / remainder ------------------------------------------------------------------
XI = np.array([-7, 7, -7, 7, 0, -1, 9, -9, 6, -6])
YI = np.array([2, 2, -2, -2, 3, 4, -4, 4, 3, -3])


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_integer_floor_divide_and_remainder_follow_python(dtype):
    a, b = XI.astype(dtype), YI.astype(dtype)
    q = paddle.floor_divide(_t(a), _t(b))
    r = paddle.remainder(_t(a), _t(b))
    assert q.numpy().dtype == np.dtype(dtype) and r.numpy().dtype == np.dtype(dtype)
    np.testing.assert_array_equal(q.numpy(), np.floor_divide(a, b))
    np.testing.assert_array_equal(r.numpy(), np.mod(a, b))
    np.testing.assert_array_equal(paddle.mod(_t(a), _t(b)).numpy(), np.mod(a, b))
    np.testing.assert_array_equal(paddle.floor_mod(_t(a), _t(b)).numpy(), np.mod(a, b))
    np.testing.assert_array_equal((_t(a) % _t(b)).numpy(), np.mod(a, b))
    np.testing.assert_array_equal((_t(a) // _t(b)).numpy(), np.floor_divide(a, b))
    np.testing.assert_array_equal((_t(a) % 3).numpy(), np.mod(a, 3))
    np.testing.assert_array_equal((_t(a) // -3).numpy(), np.floor_divide(a, -3))
    np.testing.assert_array_equal(_t(a).remainder(_t(b)).numpy(), np.mod(a, b))
    np.testing.assert_array_equal(_t(a).floor_divide(_t(b)).numpy(), np.floor_divide(a, b))


def test_integer_extremes_are_exact():
    a = np.array([2 ** 62 + 1, -(2 ** 62) - 3, 2 ** 53 + 1], "int64")
    b = np.array([-3, 7, 2], "int64")
    np.testing.assert_array_equal(paddle.floor_divide(_t(a), _t(b)).numpy(), a // b)
    np.testing.assert_array_equal(paddle.remainder(_t(a), _t(b)).numpy(), a % b)


@pytest.mark.parametrize("dtype", FLOATS)
def test_float_floor_divide_and_remainder(dtype):
    a = np.array([-7.5, 7.5, -7.5, 7.5, 0.3, -0.3, 5.0, -5.0, 0.0], dtype)
    b = np.array([2.0, 2.0, -2.0, -2.0, 0.1, 0.1, 2.5, 2.5, -3.0], dtype)
    q = paddle.floor_divide(_t(a), _t(b)).numpy()
    r = paddle.remainder(_t(a), _t(b)).numpy()
    assert q.dtype == np.dtype(dtype) and r.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(q, np.floor_divide(a, b))
    np.testing.assert_allclose(r, np.mod(a, b), **_tol(dtype))
    assert (np.sign(r[r != 0]) == np.sign(b[r != 0])).all()  # the divisor's sign
    np.testing.assert_allclose((_t(a) % _t(b)).numpy(), np.mod(a, b), **_tol(dtype))
    # broadcasting a scalar-like divisor
    np.testing.assert_allclose(paddle.remainder(_t(a), _t(np.array([-2.0], dtype))).numpy(),
                               np.mod(a, np.array([-2.0], dtype)), **_tol(dtype))


def test_float_division_by_zero_and_random_cases():
    a = np.array([1.0, -1.0, 0.0], "float64")
    b = np.zeros(3)
    with np.errstate(divide="ignore", invalid="ignore"):
        np.testing.assert_array_equal(paddle.floor_divide(_t(a), _t(b)).numpy(),
                                      np.floor_divide(a, b))
        np.testing.assert_array_equal(paddle.remainder(_t(a), _t(b)).numpy(), np.mod(a, b))
    x = rng.uniform(-100, 100, 200).astype("float32")
    y = rng.uniform(-10, 10, 200).astype("float32")
    np.testing.assert_allclose(paddle.remainder(_t(x), _t(y)).numpy(), np.mod(x, y), rtol=1e-5,
                               atol=1e-5)
    np.testing.assert_array_equal(paddle.floor_divide(_t(x), _t(y)).numpy(), np.floor_divide(x, y))


def test_integer_division_by_zero_raises():
    with pytest.raises(ValueError, match="nonzero divisor"):
        paddle.floor_divide(_t(np.array([1, 2])), _t(np.array([1, 0])))
    with pytest.raises(ValueError, match="nonzero divisor"):
        paddle.remainder(_t(np.array([1, 2], "int32")), _t(np.array([0, 1], "int32")))


@pytest.mark.parametrize("dtype", FLOATS)
def test_remainder_gradients(dtype):
    a = np.array([-7.5, 7.5, 3.2, -1.1], dtype)
    b = np.array([2.0, -2.0, 0.7, 0.5], dtype)
    x, y = _t(a, grad=True), _t(b, grad=True)
    gx, gy = paddle.grad([paddle.remainder(x, y).sum()], [x, y])
    np.testing.assert_allclose(gx.numpy(), np.ones_like(a))
    np.testing.assert_allclose(gy.numpy(), -np.floor(a / b))


# -- dot / outer -------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS + ["int64"])
def test_dot_1d_and_2d(dtype):
    a = (rng.standard_normal(5) * 4).astype(dtype)
    b = (rng.standard_normal(5) * 4).astype(dtype)
    out = paddle.dot(_t(a), _t(b))
    assert out.shape == []
    np.testing.assert_allclose(out.numpy(), np.dot(a, b), rtol=1e-5)
    m = (rng.standard_normal((3, 4)) * 4).astype(dtype)
    n = (rng.standard_normal((3, 4)) * 4).astype(dtype)
    out = _t(m).dot(_t(n))
    assert out.shape == [3]
    np.testing.assert_allclose(out.numpy(), (m * n).sum(axis=1), rtol=1e-5)


def test_dot_and_outer_gradients():
    a, b = rng.standard_normal(4), rng.standard_normal(4)
    x, y = _t(a, grad=True), _t(b, grad=True)
    gx, gy = paddle.grad([paddle.dot(x, y)], [x, y])
    np.testing.assert_allclose(gx.numpy(), b)
    np.testing.assert_allclose(gy.numpy(), a)
    c = rng.standard_normal(3)
    x, y = _t(a, grad=True), _t(c, grad=True)
    out = paddle.outer(x, y)
    np.testing.assert_allclose(out.numpy(), np.outer(a, c))
    gx, gy = paddle.grad([out.sum()], [x, y])
    np.testing.assert_allclose(gx.numpy(), np.full(4, c.sum()))
    np.testing.assert_allclose(gy.numpy(), np.full(3, a.sum()))
    m = rng.standard_normal((2, 3)).astype("float32")
    np.testing.assert_allclose(_t(m).outer(_t(c.astype("float32"))).numpy(), np.outer(m, c),
                               rtol=1e-6)


# -- allclose / equal_all ----------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
def test_allclose(dtype):
    cases = [([10000.0, 1e-07], [10000.1, 1e-08], {}),
             ([10000.0, 1e-08], [10000.1, 1e-09], {}),
             ([1.0, np.nan], [1.0, np.nan], {}),
             ([1.0, np.nan], [1.0, np.nan], {"equal_nan": True}),
             ([np.inf, -np.inf], [np.inf, -np.inf], {}),
             ([np.inf, 1.0], [-np.inf, 1.0], {}),
             ([1.0, 2.0], [1.1, 2.2], {"rtol": 0.1}),
             ([1.0, 2.0], [1.1, 2.2], {"rtol": 0.0, "atol": 0.15})]
    for a, b, kw in cases:
        a, b = np.array(a, dtype), np.array(b, dtype)
        out = paddle.allclose(_t(a), _t(b), **kw)
        assert out.shape == [] and out.numpy().dtype == np.bool_
        assert bool(out.numpy()) == np.allclose(a, b, **kw), (a, b, kw)
        assert bool(_t(a).allclose(_t(b), **kw).numpy()) == np.allclose(a, b, **kw)


def test_equal_all():
    a = np.array([[1, 2], [3, 4]], "int64")
    assert bool(paddle.equal_all(_t(a), _t(a.copy())).numpy())
    assert not bool(paddle.equal_all(_t(a), _t(a + np.array([[0, 0], [0, 1]]))).numpy())
    out = paddle.equal_all(_t(a), _t(np.array([1, 2], "int64")))
    assert out.shape == [] and not bool(out.numpy())
    f = np.array([1.0, np.nan], "float32")
    assert not bool(_t(f).equal_all(_t(f)).numpy())


# -- sort / argsort ----------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS + ["int64"])
@pytest.mark.parametrize("axis,descending", [(-1, False), (0, False), (1, True), (-2, True)])
def test_sort_values(axis, descending, dtype):
    a = rng.integers(-5, 5, (4, 6)).astype(dtype)
    want = np.sort(a, axis=axis)
    if descending:
        want = np.flip(want, axis=axis)
    out = paddle.sort(_t(a), axis=axis, descending=descending)
    assert out.numpy().dtype == np.dtype(dtype)
    np.testing.assert_array_equal(out.numpy(), want)
    np.testing.assert_array_equal(_t(a).sort(axis=axis, descending=descending).numpy(), want)
    idx = paddle.argsort(_t(a), axis=axis, descending=descending).numpy()
    np.testing.assert_array_equal(np.take_along_axis(a, idx, axis=axis), want)


def test_sort_gradient_goes_back_to_positions():
    a = np.array([[3.0, 1.0, 2.0], [0.5, -1.0, 4.0]])
    x = _t(a, grad=True)
    w = np.array([[1.0, 10.0, 100.0], [1.0, 10.0, 100.0]])
    (g,) = paddle.grad([(paddle.sort(x, axis=1) * _t(w)).sum()], [x])
    np.testing.assert_allclose(g.numpy(), [[100.0, 1.0, 10.0], [10.0, 1.0, 100.0]])


# -- dist --------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("p", [2, 1, 3.5, 0, float("inf"), float("-inf")])
def test_dist(p, dtype):
    a = rng.standard_normal((3, 1, 4)).astype(dtype)
    b = rng.standard_normal((2, 4)).astype(dtype)
    b[0, 1] = a[0, 0, 1]  # one zero difference
    z = (a - b).reshape(-1)
    if p == 0:
        want = np.count_nonzero(z)
    elif np.isinf(p):
        want = np.abs(z).max() if p > 0 else np.abs(z).min()
    else:
        want = np.sum(np.abs(z) ** p) ** (1 / p)
    out = paddle.dist(_t(a), _t(b), p)
    assert out.shape == []
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-5 if dtype == "float32" else 1e-10)
    np.testing.assert_allclose(_t(a).dist(_t(b), p).numpy(), want,
                               rtol=1e-5 if dtype == "float32" else 1e-10)


def test_dist_gradient():
    a, b = rng.standard_normal((2, 3)), rng.standard_normal((2, 3))
    x, y = _t(a, grad=True), _t(b, grad=True)
    gx, gy = paddle.grad([paddle.dist(x, y)], [x, y])
    d = a - b
    np.testing.assert_allclose(gx.numpy(), d / np.linalg.norm(d), rtol=1e-10)
    np.testing.assert_allclose(gy.numpy(), -d / np.linalg.norm(d), rtol=1e-10)


# -- increment ---------------------------------------------------------------------------------
def test_increment_in_place():
    x = _t(np.array([1.0], "float32"))
    version = x.inplace_version
    out = paddle.increment(x)
    assert out is x and x.numpy().tolist() == [2.0] and x.inplace_version > version
    paddle.increment(x, value=-3.5)
    assert x.numpy().tolist() == [-1.5]
    i = _t(np.array(5, "int64"))
    i.increment(2)
    assert i.numpy() == 7 and i.numpy().dtype == np.int64


# -- nn.functional -----------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
def test_cosine_similarity(dtype):
    a = rng.standard_normal((4, 5)).astype(dtype)
    b = rng.standard_normal((4, 5)).astype(dtype)

    def ref(u, v, axis):
        w12 = (u * v).sum(axis)
        n = np.sqrt(np.maximum((u * u).sum(axis) * (v * v).sum(axis), 1e-16))
        return w12 / n

    np.testing.assert_allclose(F.cosine_similarity(_t(a), _t(b)).numpy(), ref(a, b, 1),
                               **_tol(dtype))
    np.testing.assert_allclose(F.cosine_similarity(_t(a), _t(b[:1]), axis=0).numpy(),
                               ref(a, b[:1], 0), **_tol(dtype))
    np.testing.assert_allclose(F.cosine_similarity(_t(a), _t(np.zeros_like(a))).numpy(), 0.0)
    x, y = _t(a, grad=True), _t(b, grad=True)
    gx = _grad(F.cosine_similarity(x, y), x)
    na = np.linalg.norm(a, axis=1, keepdims=True)
    nb = np.linalg.norm(b, axis=1, keepdims=True)
    cos = ((a * b).sum(1, keepdims=True)) / (na * nb)
    np.testing.assert_allclose(gx, b / (na * nb) - cos * a / (na * na),
                               rtol=1e-4 if dtype == "float32" else 1e-10, atol=1e-6)


@pytest.mark.parametrize("dtype", FLOATS)
def test_glu(dtype):
    a = rng.standard_normal((2, 6, 3)).astype(dtype)
    out = F.glu(_t(a), axis=1)
    np.testing.assert_allclose(out.numpy(), a[:, :3] * _sigmoid(a[:, 3:]), **_tol(dtype))
    s2 = a[:, :, :2]
    np.testing.assert_allclose(F.glu(_t(s2)).numpy(), s2[..., :1] * _sigmoid(s2[..., 1:]),
                               **_tol(dtype))
    x = _t(a, grad=True)
    g = _grad(F.glu(x, axis=1), x)
    s = _sigmoid(a[:, 3:])
    np.testing.assert_allclose(g, np.concatenate([s, a[:, :3] * s * (1 - s)], axis=1),
                               rtol=1e-5 if dtype == "float32" else 1e-10, atol=1e-7)


def test_label_smooth():
    label = np.array([[[0, 1, 0], [1, 0, 1]]], "float32")
    np.testing.assert_allclose(F.label_smooth(_t(label)).numpy(), 0.9 * label + 0.1 / 3, rtol=1e-6)
    prior = np.array([[0.2, 0.3, 0.5]], "float32")
    np.testing.assert_allclose(F.label_smooth(_t(label), _t(prior), epsilon=0.2).numpy(),
                               0.8 * label + 0.2 * prior, rtol=1e-6)
    x = _t(label, grad=True)
    np.testing.assert_allclose(_grad(F.label_smooth(x, epsilon=0.25), x), np.full_like(label, 0.75))


# -- static programs ---------------------------------------------------------------------------
A = rng.uniform(0.5, 3, (3, 4)).astype("float32")
B = rng.uniform(-3, 3, (3, 4)).astype("float32")
B[1, 1] = -B[1, 1]
AI = np.array([[-7, 7, 9, 0], [5, -5, 3, -3], [1, 2, -1, 8]], "int64")
BI = np.array([[2, -2, -4, 3], [3, 3, -2, -2], [4, -1, 1, 3]], "int64")

STATIC = [
    ("sin", lambda x, y: paddle.sin(y), lambda a, b: np.sin(b)),
    ("log2", lambda x, y: paddle.log2(x), lambda a, b: np.log2(a)),
    ("erf", lambda x, y: paddle.erf(y), lambda a, b: _erf(b)),
    ("isfinite", lambda x, y: paddle.isfinite(paddle.log(y)),
     lambda a, b: np.where(b > 0, True, False)),
    ("logical_xor", lambda x, y: paddle.logical_xor(x > 1.0, y > 0.0),
     lambda a, b: np.logical_xor(a > 1, b > 0)),
    ("any", lambda x, y: paddle.any(y > 2.0, axis=1), lambda a, b: np.any(b > 2, axis=1)),
    ("amax", lambda x, y: paddle.amax(y, axis=0, keepdim=True),
     lambda a, b: b.max(0, keepdims=True)),
    ("var", lambda x, y: paddle.var(y, axis=1), lambda a, b: np.var(b, axis=1, ddof=1)),
    ("std", lambda x, y: paddle.std(y, unbiased=False), lambda a, b: np.std(b)),
    ("logsumexp", lambda x, y: paddle.logsumexp(y * 100.0, axis=1),
     lambda a, b: _np_logsumexp((b * 100).astype("float64"), 1)),
    ("remainder", lambda x, y: paddle.remainder(y, x), lambda a, b: np.mod(b, a)),
    ("floor_divide", lambda x, y: y // x, lambda a, b: np.floor_divide(b, a)),
    ("dot", lambda x, y: paddle.dot(x, y), lambda a, b: (a * b).sum(1)),
    ("outer", lambda x, y: paddle.outer(x, y), lambda a, b: np.outer(a, b)),
    ("allclose", lambda x, y: paddle.allclose(x, x + 1e-9), lambda a, b: np.array(True)),
    ("equal_all", lambda x, y: paddle.equal_all(x, y), lambda a, b: np.array(False)),
    ("sort", lambda x, y: paddle.sort(y, axis=0, descending=True),
     lambda a, b: -np.sort(-b, axis=0)),
    ("dist", lambda x, y: paddle.dist(x, y, 3), lambda a, b: np.sum(np.abs(a - b) ** 3) ** (1 / 3)),
    ("cosine_similarity", lambda x, y: F.cosine_similarity(x, y),
     lambda a, b: (a * b).sum(1) / np.sqrt((a * a).sum(1) * (b * b).sum(1))),
    ("glu", lambda x, y: F.glu(x), lambda a, b: a[:, :2] * _sigmoid(a[:, 2:])),
]


def _run_static(build, feeds):
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            args = [paddle.static.data(n, list(a.shape), str(a.dtype)) for n, a in feeds.items()]
            outs = build(*args)
            outs = outs if isinstance(outs, (list, tuple)) else [outs]
        exe = paddle.static.Executor()
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            return exe.run(main, feed=feeds, fetch_list=list(outs))
    finally:
        paddle.disable_static()


@pytest.mark.parametrize("name,build,ref", STATIC, ids=[c[0] for c in STATIC])
def test_static_program(name, build, ref):
    (got,) = _run_static(build, {"x": A, "y": B})
    want = ref(A, B)
    if want.dtype == np.bool_:
        np.testing.assert_array_equal(got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_static_integer_divmod_and_increment():
    def build(x, y):
        counter = paddle.full([1], 3, "int64")
        paddle.increment(counter, 2)
        return [paddle.floor_divide(x, y), x % y, counter]

    q, r, c = _run_static(build, {"x": AI, "y": BI})
    np.testing.assert_array_equal(q, np.floor_divide(AI, BI))
    np.testing.assert_array_equal(r, np.mod(AI, BI))
    np.testing.assert_array_equal(c, [5])


def test_static_gradients():
    def build(x, y):
        x.stop_gradient = False
        loss = (paddle.logsumexp(x, axis=1).sum() + paddle.amax(y).sum()
                + paddle.remainder(x, paddle.full([], 0.7, "float32")).sum())
        return paddle.static.gradients([loss], [x, y])

    a = A.copy()
    b = np.array([[1.0, 4.0], [4.0, 2.0]], "float32")
    gx, gy = _run_static(build, {"x": a, "y": b})
    e = np.exp(a - a.max(axis=1, keepdims=True))
    np.testing.assert_allclose(gx, e / e.sum(axis=1, keepdims=True) + 1.0, rtol=1e-5)
    np.testing.assert_allclose(gy, [[0.0, 0.5], [0.5, 0.0]])


# -- bad input ---------------------------------------------------------------------------------
def test_errors_are_typed_and_name_the_argument():
    f = _t(np.ones((2, 3), "float32"))
    i = _t(np.ones((2, 3), "int64"))
    with pytest.raises(TypeError, match="x of paddle.sin to be a Tensor, but got list"):
        paddle.sin([1.0, 2.0])
    with pytest.raises(TypeError, match="x of paddle.var .* but got int64"):
        paddle.var(i)
    with pytest.raises(TypeError, match="x of paddle.logsumexp .* but got int64"):
        paddle.logsumexp(i)
    with pytest.raises(TypeError, match="same dtype, but got float32 and int64"):
        paddle.remainder(f, i)
    with pytest.raises(TypeError, match="y of paddle.floor_divide to be a Tensor"):
        paddle.floor_divide(f, 2.0)
    with pytest.raises(ValueError, match="both 1-D or both 2-D, but got shapes"):
        paddle.dot(_t(np.ones((2, 2, 2), "float32")), _t(np.ones((2, 2, 2), "float32")))
    with pytest.raises(TypeError, match="rtol of paddle.allclose to be a float, but got str"):
        paddle.allclose(f, f, rtol="1e-5")
    with pytest.raises(TypeError, match="equal_nan of paddle.allclose to be a bool"):
        paddle.allclose(f, f, equal_nan=1)
    with pytest.raises(TypeError, match="p of paddle.dist to be a float"):
        paddle.dist(f, f, p="fro")
    with pytest.raises(ValueError, match="exactly 1 element, but got shape \\[2, 3\\]"):
        paddle.increment(f)
    with pytest.raises(TypeError, match="axis of paddle.sort to be an int"):
        paddle.sort(f, axis=1.5)
    with pytest.raises(ValueError, match="axis of paddle.sort in \\[-2, 2\\), but got 2"):
        paddle.sort(f, axis=2)
    with pytest.raises(TypeError, match="axis of paddle.any"):
        paddle.any(f, axis="0")
    with pytest.raises(ValueError, match="along axis -1 of glu to be even, but got 3"):
        F.glu(f)
    with pytest.raises(ValueError, match="epsilon of label_smooth in \\[0, 1\\], but got 1.5"):
        F.label_smooth(f, epsilon=1.5)
    with pytest.raises(TypeError, match="x2 of cosine_similarity to be a Tensor"):
        F.cosine_similarity(f, np.ones((2, 3)))


def test_exported_names():
    for name in ("sin", "cos", "erf", "rsqrt", "sign", "log1p", "log2", "log10", "sigmoid",
                 "isnan", "isinf", "isfinite", "logical_and", "logical_or", "logical_xor", "any",
                 "all", "amax", "amin", "std", "var", "logsumexp", "floor_divide", "remainder",
                 "mod", "floor_mod", "dot", "outer", "allclose", "equal_all", "sort", "argsort",
                 "dist", "increment"):
        assert callable(getattr(paddle, name)), name
        assert callable(getattr(paddle.Tensor, name)), name
    for name in ("cosine_similarity", "glu", "label_smooth", "sigmoid"):
        assert callable(getattr(F, name)), name


# -- float64 central differences for the compositions ------------------------------------------
FD_CASES = [
    ("var", lambda x: paddle.var(x, axis=1)),
    ("std", lambda x: paddle.std(x)),
    ("logsumexp", lambda x: paddle.logsumexp(x, axis=0)),
    ("amax", lambda x: paddle.amax(x, axis=1)),
    ("amin", lambda x: paddle.amin(x)),
    ("remainder", lambda x: paddle.remainder(x, paddle.to_tensor(np.full((3, 4), 0.7)))),
    ("dist", lambda x: paddle.dist(x, paddle.to_tensor(np.ones((1, 4))), 3)),
    ("log2", lambda x: paddle.log2(paddle.abs(x) + 1.0)),
    ("sort", lambda x: paddle.sort(x, axis=1) * paddle.to_tensor(np.arange(4.0))),
    ("cosine_similarity", lambda x: F.cosine_similarity(x, paddle.to_tensor(np.ones((3, 4))))),
    ("glu", lambda x: F.glu(x, axis=1)),
]


@pytest.mark.parametrize("name,fn", FD_CASES, ids=[c[0] for c in FD_CASES])
def test_central_difference_gradients(name, fn):
    a = rng.uniform(-2, 2, (3, 4))  # distinct values: no ties, away from the kinks
    x = _t(a, grad=True)
    analytic = _grad(fn(x), x)
    numeric = np.zeros_like(a)
    h = 1e-6
    for idx in np.ndindex(a.shape):
        up, down = a.copy(), a.copy()
        up[idx] += h
        down[idx] -= h
        numeric[idx] = (fn(_t(up)).numpy().sum() - fn(_t(down)).numpy().sum()) / (2 * h)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-5, atol=1e-6)
