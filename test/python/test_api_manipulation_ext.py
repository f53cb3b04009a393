"""paddle.tensor.manipulation_ext: creation, diagonals, take / index_* / masked_scatter,
shapes, tensordot / inner / mv / addmm / cdist / cov, searchsorted / bucketize,
unique_consecutive, histogram and the samplers. Eager values against NumPy, the Tensor
methods, static programs over an unknown batch extent, gradients against float64 central
differences of the NumPy reference, distribution checks for the samplers, typed errors."""
import numpy as np
import pytest

import paddle
import op_test

rng = np.random.default_rng(11)


def _t(a, grad=False):
    return paddle.to_tensor(a, stop_gradient=not grad)


def _check_grads(fn, ref, arrays, rtol=1e-6, atol=1e-7):
    op_test.check_api_grads(fn, ref, arrays, rng, rtol, atol, value_tol=(1e-10, 1e-12))


def _run_static(build, feeds, shapes):
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            args = [paddle.static.data(n, shapes[n], str(a.dtype)) for n, a in feeds.items()]
            outs = build(*args)
        exe = paddle.static.Executor()
        return exe.run(main, feed=feeds, fetch_list=list(outs))
    finally:
        paddle.disable_static()


# -- creation and diagonals --------------------------------------------------------------------
def test_empty_and_index_triangles():
    e = paddle.empty([2, 3], "int32")
    assert e.shape == [2, 3] and e.numpy().dtype == np.int32
    assert paddle.empty([4]).numpy().dtype == np.float32
    like = paddle.empty_like(_t(np.ones((3, 2))), "float32")
    assert like.shape == [3, 2] and like.numpy().dtype == np.float32
    for rows, cols, k in [(4, 3, -1), (3, 5, 1), (4, 4, 0), (2, 2, -5)]:
        np.testing.assert_array_equal(paddle.tril_indices(rows, cols, k).numpy(),
                                      np.stack(np.tril_indices(rows, k, cols)))
        np.testing.assert_array_equal(paddle.triu_indices(rows, cols, k).numpy(),
                                      np.stack(np.triu_indices(rows, k, cols)))
    assert paddle.triu_indices(3, dtype="int32").numpy().dtype == np.int32


def test_vander_and_logspace():
    v = np.array([2.0, -1.0, 0.0, 3.0])
    np.testing.assert_allclose(paddle.vander(_t(v)).numpy(), np.vander(v))
    np.testing.assert_allclose(paddle.vander(_t(v), 3, True).numpy(), np.vander(v, 3, True))
    np.testing.assert_array_equal(paddle.vander(_t(np.array([2, 3])), 3).numpy(),
                                  np.vander([2, 3], 3))
    out = paddle.logspace(0, 3, 4, base=2)
    assert out.numpy().dtype == np.float32
    np.testing.assert_allclose(out.numpy(), np.logspace(0, 3, 4, base=2), rtol=1e-6)
    np.testing.assert_allclose(paddle.logspace(-1, 1, 5, dtype="float64").numpy(),
                               np.logspace(-1, 1, 5), rtol=1e-13)


@pytest.mark.parametrize("offset", [-2, 0, 1])
def test_diag_family(offset):
    v = rng.standard_normal(3)
    a = rng.standard_normal((3, 4))
    got = paddle.diag(_t(v), offset, padding_value=7.0).numpy()
    want = np.diag(v, offset) + 7.0 * (1 - np.eye(3 + abs(offset), k=offset))
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(paddle.diag(_t(a), offset).numpy(), np.diag(a, offset))
    np.testing.assert_array_equal(paddle.diagflat(_t(a), offset).numpy(),
                                  np.diagflat(a, offset))
    b = rng.standard_normal((2, 3, 4))
    np.testing.assert_array_equal(paddle.diagonal(_t(b), offset, 2, 0).numpy(),
                                  np.diagonal(b, offset, 2, 0))
    np.testing.assert_array_equal(_t(b).diagonal(offset, -1, -2).numpy(),
                                  np.diagonal(b, offset, -1, -2))
    embedded = paddle.diag_embed(_t(a), offset, 0, 2).numpy()
    m = 4 + abs(offset)
    want = np.zeros((m, 3, m))
    for r in range(3):
        want[:, r, :] = np.diag(a[r], offset)
    np.testing.assert_array_equal(embedded, want)
    np.testing.assert_array_equal(paddle.trace(_t(b), offset, 1, 2).numpy(),
                                  np.trace(b, offset, 1, 2))


def test_diag_gradients():
    v = rng.standard_normal(3)
    a = rng.standard_normal((2, 3))
    _check_grads(lambda x: paddle.diag(x, 1, padding_value=2.0),
                 lambda x: np.diag(x, 1) + 2.0 * (1 - np.eye(4, k=1)), [v])
    _check_grads(lambda x: paddle.diag_embed(x, -1), lambda x: np.stack(
        [np.diag(r, -1) for r in x]), [a])
    _check_grads(lambda x: paddle.diagonal(x, 1, 1, 0), lambda x: np.diagonal(x, 1, 1, 0), [a])
    _check_grads(lambda x: paddle.vander(x, 4), lambda x: np.vander(x, 4),
                 [np.array([0.0, 1.5, -2.0])])


# -- gathering and scattering ------------------------------------------------------------------
def test_take_modes():
    a = rng.standard_normal((3, 4))
    index = np.array([[-1, 2], [0, 11]])
    np.testing.assert_array_equal(paddle.take(_t(a), _t(index)).numpy(), np.take(a, index))
    wild = np.array([13, -14, 5, 30])
    for mode in ("wrap", "clip"):
        np.testing.assert_array_equal(paddle.take(_t(a), _t(wild), mode).numpy(),
                                      np.take(a, wild, mode=mode))
    np.testing.assert_array_equal(_t(a).take(_t(np.array([1], "int32"))).numpy(), a.ravel()[[1]])
    _check_grads(lambda x: paddle.take(x, _t(np.array([[0, 5], [5, -1]]))),
                 lambda x: np.take(x, [[0, 5], [5, -1]]), [a])


def test_index_add_fill_put_sample():
    a = rng.standard_normal((3, 4))
    index = np.array([0, 2, 0])
    value = rng.standard_normal((3, 3))
    want = a.copy()
    np.add.at(want, (slice(None), index), value)
    np.testing.assert_allclose(paddle.index_add(_t(a), _t(index), 1, _t(value)).numpy(), want)
    _check_grads(lambda x, v: paddle.index_add(x, _t(index), -1, v),
                 lambda x, v: _index_add_ref(x, v), [a, value])

    filled = a.copy()
    filled[[2, 0]] = -1.5
    np.testing.assert_array_equal(paddle.index_fill(_t(a), _t(np.array([2, 0])), 0, -1.5)
                                  .numpy(), filled)
    zero_d = _t(np.array(4.0))
    np.testing.assert_array_equal(_t(a).index_fill(_t(np.array([1])), 1, zero_d).numpy()[:, 1],
                                  [4.0, 4.0, 4.0])
    _check_grads(lambda x: paddle.index_fill(x, _t(np.array([1, 3])), 1, 0.5),
                 lambda x: np.where(np.isin(np.arange(4), [1, 3]), 0.5, x), [a])

    rows, cols = np.array([0, 2, -1]), np.array([1, 3, 0])
    put = a.copy()
    put[rows, cols] = [7.0, 8.0, 9.0]
    got = paddle.index_put(_t(a), (_t(rows), _t(cols)), _t(np.array([7.0, 8.0, 9.0])))
    np.testing.assert_array_equal(got.numpy(), put)
    acc = a.copy()
    np.add.at(acc, (np.array([0, 0, 1]),), np.ones(4))
    np.testing.assert_array_equal(paddle.index_put(_t(a), (_t(np.array([0, 0, 1])),),
                                                   _t(np.ones(4)), True).numpy(), acc)
    masked = a.copy()
    masked[a > 0] = 0.0
    np.testing.assert_array_equal(_t(a).index_put((_t(a > 0),), _t(np.array(0.0))).numpy(),
                                  masked)
    _check_grads(lambda x, v: paddle.index_put(x, (_t(np.array([2, 0])),), v, True),
                 lambda x, v: x + np.stack([v, np.zeros(4), v]), [a, rng.standard_normal(4)])

    idx = np.array([[0, 3], [1, 1], [2, 0]])
    np.testing.assert_array_equal(paddle.index_sample(_t(a), _t(idx)).numpy(),
                                  np.take_along_axis(a, idx, 1))
    _check_grads(lambda x: paddle.index_sample(x, _t(idx)),
                 lambda x: np.take_along_axis(x, idx, 1), [a])


def _index_add_ref(x, v):
    out = x.copy()
    np.add.at(out, (slice(None), np.array([0, 2, 0])), v)
    return out


def test_masked_scatter():
    a = rng.standard_normal((3, 4))
    mask = rng.uniform(size=(1, 4)) > 0.4
    value = rng.standard_normal(20)
    full = np.broadcast_to(mask, a.shape)
    want = a.copy()
    want[full] = value[:full.sum()]
    np.testing.assert_array_equal(paddle.masked_scatter(_t(a), _t(mask), _t(value)).numpy(),
                                  want)

    def ref(x, v):
        out = x.copy()
        out[full] = v.ravel()[:full.sum()]
        return out
    _check_grads(lambda x, v: paddle.masked_scatter(x, _t(mask), v), ref,
                 [a, rng.standard_normal((3, 5))])
    with pytest.raises(ValueError, match="at least"):
        paddle.masked_scatter(_t(a), _t(np.ones((3, 4), bool)), _t(value[:5]))


# -- shapes ------------------------------------------------------------------------------------
def test_shapes_and_predicates():
    a = rng.standard_normal((2, 6, 3))
    np.testing.assert_array_equal(paddle.unflatten(_t(a), 1, [2, -1]).numpy(),
                                  a.reshape(2, 2, 3, 3))
    np.testing.assert_array_equal(_t(a).unflatten(-1, (3, 1)).numpy(), a.reshape(2, 6, 3, 1))
    assert _t(a).view([3, 12]).shape == [3, 12]
    assert paddle.broadcast_shape([2, 1, 3], [4, 1]) == [2, 4, 3]
    outs = paddle.broadcast_tensors([_t(np.ones((3, 1))), _t(np.arange(4.0))])
    np.testing.assert_array_equal(outs[1].numpy(), np.broadcast_to(np.arange(4.0), (3, 4)))
    assert paddle.is_tensor(_t(a)) and not paddle.is_tensor(a)
    assert not bool(paddle.is_empty(_t(a))) and bool(_t(np.zeros((2, 0))).is_empty())
    r = paddle.rank(_t(a))
    assert r.shape == [] and r.numpy().dtype == np.int32 and int(r) == 3


# -- products, distances, covariance -----------------------------------------------------------
def test_products():
    x = rng.standard_normal((2, 3, 4))
    y = rng.standard_normal((4, 3, 5))
    for axes, np_axes in [(1, 1), ([[1, 2], [1, 0]], ([1, 2], [1, 0])), (0, 0)]:
        np.testing.assert_allclose(paddle.tensordot(_t(x), _t(y), axes).numpy(),
                                   np.tensordot(x, y, np_axes), rtol=1e-12)
    sq = rng.standard_normal((3, 3))
    np.testing.assert_allclose(paddle.tensordot(_t(sq), _t(sq), [0, 1]).numpy(),
                               np.tensordot(sq, sq, [[0, 1], [0, 1]]), rtol=1e-12)
    np.testing.assert_allclose(_t(x).inner(_t(y[:, 0, :4].T)).numpy(),
                               np.inner(x, y[:, 0, :4].T), rtol=1e-12)
    np.testing.assert_allclose(paddle.mv(_t(sq), _t(sq[0])).numpy(), sq @ sq[0], rtol=1e-12)
    np.testing.assert_allclose(paddle.addmm(_t(sq[0]), _t(sq), _t(sq), 0.5, 2.0).numpy(),
                               0.5 * sq[0] + 2.0 * sq @ sq, rtol=1e-12)
    _check_grads(lambda a, b: paddle.tensordot(a, b, [[0], [1]]),
                 lambda a, b: np.tensordot(a, b, [[0], [1]]), [x[:, :, 0], y[:2, :, 0].T])
    _check_grads(lambda a, b: paddle.inner(a, b), np.inner, [sq, x[0, :, :3]])
    _check_grads(lambda m, v: paddle.mv(m, v), lambda m, v: m @ v, [sq, sq[1]])
    _check_grads(lambda i, a, b: paddle.addmm(i, a, b, 0.3, -2.0),
                 lambda i, a, b: 0.3 * i + -2.0 * (a @ b), [sq[:1], sq, sq.T])


def _cdist_ref(x, y, p):
    d = np.abs(x[..., :, None, :] - y[..., None, :, :])
    if p == 0:
        return (d != 0).sum(-1).astype(x.dtype)
    if np.isinf(p):
        return d.max(-1)
    return (d ** p).sum(-1) ** (1.0 / p)


@pytest.mark.parametrize("p", [0.0, 1.0, 2.0, 3.0, float("inf")])
def test_cdist(p):
    x = rng.standard_normal((2, 3, 4))
    y = rng.standard_normal((2, 5, 4))
    np.testing.assert_allclose(paddle.cdist(_t(x), _t(y), p).numpy(), _cdist_ref(x, y, p),
                               rtol=1e-10)
    if p in (1.0, 2.0, 3.0):
        _check_grads(lambda a, b: paddle.cdist(a, b, p), lambda a, b: _cdist_ref(a, b, p),
                     [x[0], y[0]], rtol=1e-5, atol=1e-6)


def test_cov():
    a = rng.standard_normal((3, 6))
    fw = np.array([1, 2, 1, 3, 1, 1])
    aw = rng.uniform(0.5, 2.0, 6)
    np.testing.assert_allclose(paddle.cov(_t(a)).numpy(), np.cov(a), rtol=1e-12)
    # paddle.linalg is its own namespace (not paddle.tensor.linalg) and holds cov too
    assert paddle.linalg.__name__ == "paddle.linalg" and paddle.linalg.cov is paddle.cov
    np.testing.assert_allclose(_t(a).cov(ddof=False).numpy(), np.cov(a, bias=True), rtol=1e-12)
    np.testing.assert_allclose(paddle.cov(_t(a.T), rowvar=False, fweights=_t(fw),
                                          aweights=_t(aw)).numpy(),
                               np.cov(a.T, rowvar=False, fweights=fw, aweights=aw), rtol=1e-12)
    np.testing.assert_allclose(paddle.cov(_t(a), aweights=_t(aw), ddof=False).numpy(),
                               np.cov(a, aweights=aw, bias=True), rtol=1e-12)
    one = paddle.cov(_t(a[0]))
    assert one.shape == [] and np.isclose(float(one), np.cov(a[0]))
    _check_grads(lambda x: paddle.cov(x, aweights=_t(aw)), lambda x: np.cov(x, aweights=aw), [a])


# -- searching, counting -----------------------------------------------------------------------
def test_searchsorted_and_bucketize():
    seq = np.sort(rng.integers(0, 10, 8)).astype("float64")
    values = np.array([[-1.0, 3.0, 3.5], [9.0, 10.0, 4.0]])
    for right in (False, True):
        side = "right" if right else "left"
        got = paddle.searchsorted(_t(seq), _t(values), right=right)
        assert got.numpy().dtype == np.int64
        np.testing.assert_array_equal(got.numpy(), np.searchsorted(seq, values, side))
        np.testing.assert_array_equal(
            _t(values).bucketize(_t(seq), out_int32=True, right=right).numpy(),
            np.searchsorted(seq, values, side).astype(np.int32))
    rows = np.sort(rng.standard_normal((2, 5)), -1)
    probe = rng.standard_normal((2, 3))
    got = paddle.searchsorted(_t(rows), _t(probe), out_int32=True)
    assert got.numpy().dtype == np.int32
    np.testing.assert_array_equal(got.numpy(), [np.searchsorted(r, q)
                                                 for r, q in zip(rows, probe)])


def test_unique_consecutive():
    x = np.array([1, 1, 2, 2, 3, 1, 1, 2])
    out, inverse, counts = paddle.unique_consecutive(_t(x), True, True)
    np.testing.assert_array_equal(out.numpy(), [1, 2, 3, 1, 2])
    np.testing.assert_array_equal(inverse.numpy(), [0, 0, 1, 1, 2, 3, 3, 4])
    np.testing.assert_array_equal(counts.numpy(), [2, 2, 1, 2, 1])
    m = np.array([[2, 1, 3], [3, 0, 1], [2, 1, 3], [2, 1, 3]])
    out, counts = _t(m).unique_consecutive(return_counts=True, axis=0, dtype="int32")
    np.testing.assert_array_equal(out.numpy(), m[:3])
    np.testing.assert_array_equal(counts.numpy(), [1, 1, 2])
    assert counts.numpy().dtype == np.int32
    np.testing.assert_array_equal(paddle.unique_consecutive(_t(m), axis=1).numpy(), m)


def test_histogram():
    np.testing.assert_array_equal(paddle.histogram(_t(np.array([1, 2, 1])), 4, 0, 3).numpy(),
                                  [0, 2, 1, 0])
    a = rng.standard_normal(50)
    got = paddle.histogram(_t(a), bins=7)
    assert got.numpy().dtype == np.int64
    np.testing.assert_array_equal(got.numpy(), np.histogram(a, 7)[0])
    np.testing.assert_array_equal(paddle.histogram(_t(a), 5, -1.0, 0.5).numpy(),
                                  np.histogram(a, 5, (-1.0, 0.5))[0])
    w = rng.uniform(0, 1, 50)
    weighted = _t(a).histogram(6, -2, 2, weight=_t(w))
    assert weighted.numpy().dtype == np.float32
    np.testing.assert_allclose(weighted.numpy(), np.histogram(a, 6, (-2, 2), weights=w)[0],
                               rtol=1e-5)
    np.testing.assert_allclose(paddle.histogram(_t(a), 6, -2, 2, density=True).numpy(),
                               np.histogram(a, 6, (-2, 2), density=True)[0], rtol=1e-5)
    np.testing.assert_array_equal(paddle.histogram(_t(np.full(4, 3.0)), 2).numpy(), [0, 4])


# -- sampling ----------------------------------------------------------------------------------
def test_samplers_distribution_and_seed():
    probs = np.array([[0.2, 0.0, 0.8], [1.0, 1.0, 2.0]], "float32")
    paddle.seed(5)
    draws = paddle.multinomial(_t(probs), 4000, replacement=True)
    assert draws.shape == [2, 4000] and draws.numpy().dtype == np.int64
    freq = np.stack([np.bincount(r, minlength=3) / 4000 for r in draws.numpy()])
    np.testing.assert_allclose(freq, probs / probs.sum(1, keepdims=True), atol=0.04)
    paddle.seed(5)
    np.testing.assert_array_equal(paddle.multinomial(_t(probs), 4000, True).numpy(),
                                  draws.numpy())
    picks = paddle.multinomial(_t(np.ones((300, 5), "float32")), 5).numpy()
    assert all(sorted(r) == [0, 1, 2, 3, 4] for r in picks)
    assert (paddle.multinomial(_t(probs), 2).numpy()[0] != 1).all()  # weight 0: never drawn
    first = np.bincount(paddle.multinomial(_t(np.tile([[1.0, 3.0]], (2000, 1))), 1)
                        .numpy().ravel(), minlength=2) / 2000
    np.testing.assert_allclose(first, [0.25, 0.75], atol=0.04)

    p = _t(np.tile(np.array([0.0, 0.3, 1.0], "float32"), (3000, 1)))
    coins = paddle.bernoulli(p).numpy()
    assert coins.dtype == np.float32 and set(np.unique(coins)) <= {0.0, 1.0}
    np.testing.assert_allclose(coins.mean(0), [0.0, 0.3, 1.0], atol=0.04)
    assert abs(paddle.bernoulli(p, p=0.5).numpy().mean() - 0.5) < 0.03

    ints = paddle.randint_like(_t(np.zeros((40, 50))), 3, 7).numpy()
    assert ints.dtype == np.float64 and ints.min() == 3 and ints.max() == 6
    assert paddle.randint_like(_t(np.zeros(5, "int32")), 4).numpy().dtype == np.int32


# -- static programs ---------------------------------------------------------------------------
def test_static_program_with_unknown_batch():
    a = rng.standard_normal((2, 3, 4))
    idx = np.array([2, 0, 2])

    def build(x, i):
        return [paddle.diag_embed(x, 1), paddle.diagonal(x, 0, 1, 2), paddle.take(x, i, "wrap"),
                paddle.index_add(x, i, 2, paddle.ones_like(x)[:, :, :3]),
                paddle.index_fill(x, i // 2, 1, 7.0), paddle.masked_scatter(x, x > 0, -x),
                paddle.unflatten(x, 2, [2, 2]), paddle.searchsorted(paddle.sort(x), x + 0.5),
                paddle.histogram(x, 4), paddle.cdist(x, x),
                paddle.tensordot(x, paddle.ones([4, 5], "float64"), 1), paddle.is_empty(x),
                paddle.broadcast_tensors([x, paddle.ones([3, 1], "float64")])[1],
                paddle.index_sample(x[:, 0, :], paddle.zeros([2, 3], "int64") + 1),
                paddle.bernoulli(x * 0 + 1.0), paddle.randint_like(x, 5),
                paddle.multinomial(paddle.abs(x[:, 0, :]) + 1, 3, True),
                paddle.index_put(x[0], (i - 2,), paddle.zeros([4], "float64"))]
    for shape in ([2, 3, 4], [-1, 3, 4]):
        outs = _run_static(build, {"x": a, "i": idx}, {"x": shape, "i": [3]})
        np.testing.assert_array_equal(outs[0][0, 1], np.diag(a[0, 1], 1))
        np.testing.assert_array_equal(outs[1], np.diagonal(a, 0, 1, 2))
        np.testing.assert_array_equal(outs[2], np.take(a, idx, mode="wrap"))
        want = a.copy()
        np.add.at(want, (slice(None), slice(None), idx), 1.0)
        np.testing.assert_allclose(outs[3], want)
        np.testing.assert_array_equal(outs[4][:, :2], np.full((2, 2, 4), 7.0))
        np.testing.assert_array_equal(outs[4][:, 2], a[:, 2])
        ms = a.copy()
        ms[a > 0] = -a.ravel()[:(a > 0).sum()]
        np.testing.assert_array_equal(outs[5], ms)
        assert outs[6].shape == (2, 3, 2, 2)
        np.testing.assert_array_equal(outs[7], [[np.searchsorted(np.sort(r), r + 0.5)
                                                 for r in b] for b in a])
        np.testing.assert_array_equal(outs[8], np.histogram(a, 4)[0])
        np.testing.assert_allclose(outs[9], _cdist_ref(a, a, 2.0), atol=1e-6)
        np.testing.assert_allclose(outs[10], np.tensordot(a, np.ones((4, 5)), 1))
        assert not outs[11] and outs[12].shape == (2, 3, 4)
        np.testing.assert_array_equal(outs[13], a[:, 0, [1, 1, 1]])
        assert (outs[14] == 1).all() and outs[15].shape == (2, 3, 4)
        assert outs[16].shape == (2, 3) and outs[16].max() <= 3
        put = a[0].copy()
        put[[0, 1, 0]] = 0.0
        np.testing.assert_array_equal(outs[17], put)


def test_static_gradients():
    a = rng.standard_normal((3, 4))

    def build(x):
        x.stop_gradient = False
        loss = paddle.sum(paddle.diag(x, 1) * 2.0) + paddle.sum(paddle.take(x, paddle.assign(
            np.array([0, 0, 5]))))
        return paddle.static.gradients([loss], [x])

    (g,) = _run_static(build, {"x": a}, {"x": [3, 4]})
    want = np.zeros_like(a)
    want[[0, 1, 2], [1, 2, 3]] = 2.0
    want.ravel()[0] += 2.0
    want.ravel()[5] += 1.0
    np.testing.assert_allclose(g, want)


# -- errors ------------------------------------------------------------------------------------
def test_errors():
    a = _t(np.ones((3, 4)))
    with pytest.raises(ValueError, match="diag's x to be 1-D or 2-D"):
        paddle.diag(_t(np.ones((2, 2, 2))))
    with pytest.raises(TypeError, match="offset"):
        paddle.diag(a, 1.5)
    with pytest.raises(ValueError, match="dim1 and dim2"):
        paddle.diag_embed(a, 0, 1, 1)
    with pytest.raises(IndexError, match=r"take's index in \[-12, 12\), but got 12"):
        paddle.take(a, _t(np.array([12])))
    with pytest.raises(ValueError, match="mode"):
        paddle.take(a, _t(np.array([1])), "nearest")
    with pytest.raises(TypeError, match="index"):
        paddle.take(a, _t(np.array([1.0])))
    with pytest.raises(IndexError, match="index_add's index"):
        paddle.index_add(a, _t(np.array([4])), 1, _t(np.ones((3, 1))))
    with pytest.raises(TypeError, match="indices"):
        paddle.index_put(a, _t(np.array([1])), _t(np.ones(4)))
    with pytest.raises(TypeError, match="mask to be a bool"):
        paddle.masked_scatter(a, a, a)
    with pytest.raises(ValueError, match="multiply to the extent 4"):
        paddle.unflatten(a, 1, [3, 2])
    with pytest.raises(NotImplementedError, match="dtype"):
        paddle.view(a, "int32")
    with pytest.raises(ValueError, match="broadcast"):
        paddle.broadcast_shape([2, 3], [4])
    with pytest.raises(ValueError, match="contracted axes to match"):
        paddle.tensordot(a, a, 1)
    with pytest.raises(ValueError, match="mv's vec"):
        paddle.mv(a, _t(np.ones(3)))
    with pytest.raises(ValueError, match="addmm's x columns"):
        paddle.addmm(a, a, a)
    with pytest.raises(ValueError, match="cdist's p"):
        paddle.cdist(a, a, -1.0)
    with pytest.raises(ValueError, match="cov's x to have at most 2"):
        paddle.cov(_t(np.ones((2, 2, 2))))
    with pytest.raises(TypeError, match="one dtype"):
        paddle.searchsorted(_t(np.arange(3)), _t(np.ones(2)))
    with pytest.raises(ValueError, match="max >= min"):
        paddle.histogram(a, 3, 2, 1)
    with pytest.raises(ValueError, match="num_samples <= the 4 categories"):
        paddle.multinomial(a, 5)
    with pytest.raises(ValueError, match="non-negative weights"):
        paddle.multinomial(-a, 1)
    with pytest.raises(TypeError, match="one of int32, int64"):
        paddle.tril_indices(3, 3, 0, "float32")
