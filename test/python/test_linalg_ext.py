"""paddle.linalg's dense linear algebra (python/paddle/tensor/linalg_ext.py): inv, det,
slogdet, solve, cholesky, triangular_solve, qr, svd, eigh, eigvalsh and the compositions
matrix_power, multi_dot, pinv, matrix_rank, cond and corrcoef. Eager values against
numpy.linalg (batched too), gradients against float64 central differences of the NumPy
reference, static programs with an unknown batch extent, typed errors."""
import numpy as np
import pytest

import paddle
import op_test

rng = np.random.default_rng(5)


def _t(a, grad=False):
    return paddle.to_tensor(a, stop_gradient=not grad)


def _check_grads(fn, ref, arrays, rtol=1e-6, atol=1e-7):
    op_test.check_api_grads(fn, ref, arrays, rng, rtol, atol, value_tol=(1e-9, 1e-11))


def _square(shape):
    return rng.uniform(-1, 1, shape) + 3 * np.eye(shape[-1])


def _spd(shape):
    a = rng.uniform(-1, 1, shape)
    return a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1])


def test_namespace_and_top_level_names():
    for name in ("inv", "det", "slogdet", "solve", "cholesky", "triangular_solve", "qr", "svd",
                 "eigh", "eigvalsh", "matrix_power", "multi_dot", "pinv", "matrix_rank", "cond",
                 "corrcoef", "norm", "cov"):
        assert callable(getattr(paddle.linalg, name)), name
    assert paddle.inverse is paddle.linalg.inv
    assert paddle.cholesky is paddle.linalg.cholesky and paddle.eigvalsh is paddle.linalg.eigvalsh


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_values_against_numpy(dtype):
    tol = dict(rtol=2e-4, atol=1e-5) if dtype == "float32" else dict(rtol=1e-10, atol=1e-12)
    a = _square((2, 3, 3)).astype(dtype)
    b = rng.uniform(-1, 1, (2, 3, 2)).astype(dtype)
    np.testing.assert_allclose(paddle.linalg.inv(_t(a)).numpy(), np.linalg.inv(a), **tol)
    np.testing.assert_allclose(paddle.linalg.det(_t(a)).numpy(), np.linalg.det(a), **tol)
    sign, logabs = np.linalg.slogdet(a)
    np.testing.assert_allclose(paddle.linalg.slogdet(_t(a)).numpy(), np.stack([sign, logabs]),
                               **tol)
    np.testing.assert_allclose(paddle.linalg.solve(_t(a), _t(b)).numpy(), np.linalg.solve(a, b),
                               **tol)
    v = rng.uniform(-1, 1, 3).astype(dtype)
    np.testing.assert_allclose(paddle.linalg.solve(_t(a[0]), _t(v)).numpy(),
                               np.linalg.solve(a[0], v), **tol)
    bt = np.swapaxes(b, -1, -2)
    np.testing.assert_allclose(paddle.linalg.solve(_t(a), _t(bt), left=False).numpy(),
                               bt @ np.linalg.inv(a), **tol)
    s = _spd((2, 3, 3)).astype(dtype)
    np.testing.assert_allclose(paddle.linalg.cholesky(_t(s)).numpy(), np.linalg.cholesky(s),
                               **tol)
    np.testing.assert_allclose(paddle.linalg.cholesky(_t(s), upper=True).numpy(),
                               np.swapaxes(np.linalg.cholesky(s), -1, -2), **tol)
    np.testing.assert_allclose(
        paddle.linalg.triangular_solve(_t(a), _t(b), upper=False).numpy(),
        np.linalg.solve(np.tril(a), b), **tol)
    np.testing.assert_allclose(paddle.linalg.eigvalsh(_t(s)).numpy(), np.linalg.eigvalsh(s),
                               **tol)
    w, vecs = paddle.linalg.eigh(_t(s), UPLO="U")
    np.testing.assert_allclose(s @ vecs.numpy(), vecs.numpy() * w.numpy()[..., None, :],
                               rtol=1e-3 if dtype == "float32" else 1e-9, atol=1e-4 if
                               dtype == "float32" else 1e-10)
    x = rng.uniform(-1, 1, (2, 4, 3)).astype(dtype)
    q, r = paddle.linalg.qr(_t(x))
    np.testing.assert_allclose((q.numpy() @ r.numpy()), x, **tol)
    assert paddle.linalg.qr(_t(x), mode="r").shape == [2, 3, 3]
    assert [t.shape for t in paddle.linalg.qr(_t(x), mode="complete")] == [[2, 4, 4], [2, 4, 3]]
    u, sv, vh = paddle.linalg.svd(_t(x))
    np.testing.assert_allclose(sv.numpy(), np.linalg.svd(x, compute_uv=False), **tol)
    np.testing.assert_allclose((u.numpy() * sv.numpy()[..., None, :]) @ vh.numpy(), x, **tol)
    assert [t.shape for t in paddle.linalg.svd(_t(x), full_matrices=True)] == \
        [[2, 4, 4], [2, 3], [2, 3, 3]]


def test_compositions_against_numpy():
    a = _square((2, 3, 3))
    for n in (0, 1, 2, 5, -1, -3):
        np.testing.assert_allclose(paddle.linalg.matrix_power(_t(a), n).numpy(),
                                   np.linalg.matrix_power(a, n), rtol=1e-10, atol=1e-12)
    mats = [rng.uniform(-1, 1, s) for s in [(4,), (4, 3), (3, 5), (5, 2)]]
    np.testing.assert_allclose(paddle.linalg.multi_dot([_t(m) for m in mats]).numpy(),
                               np.linalg.multi_dot(mats), rtol=1e-12)
    x = rng.uniform(-1, 1, (2, 4, 3))
    np.testing.assert_allclose(paddle.linalg.pinv(_t(x)).numpy(), np.linalg.pinv(x), atol=1e-10)
    s = _spd((3, 3)) - 3 * np.eye(3)  # symmetric, maybe indefinite
    np.testing.assert_allclose(paddle.linalg.pinv(_t(s), hermitian=True).numpy(),
                               np.linalg.pinv(s, hermitian=True), atol=1e-10)
    rcond = _t(np.array([0.0, 0.99]))  # the second keeps only the largest singular value
    u, sv, vh = np.linalg.svd(x, full_matrices=False)
    rank1 = np.swapaxes(vh[1, :1], -1, -2) @ (u[1, :, :1] / sv[1, 0]).T
    got = paddle.linalg.pinv(_t(x), rcond=rcond).numpy()
    np.testing.assert_allclose(got[0], np.linalg.pinv(x[0]), atol=1e-10)
    np.testing.assert_allclose(got[1], rank1, atol=1e-10)
    low = rng.uniform(-1, 1, (2, 4, 2)) @ rng.uniform(-1, 1, (2, 2, 5))  # rank 2
    got = paddle.linalg.matrix_rank(_t(low))
    assert got.dtype == paddle.int64
    np.testing.assert_array_equal(got.numpy(), np.linalg.matrix_rank(low))
    np.testing.assert_array_equal(paddle.linalg.matrix_rank(_t(low), tol=1e9).numpy(), [0, 0])
    sym_low = low[0] @ low[0].T
    assert int(paddle.linalg.matrix_rank(_t(sym_low), hermitian=True)) == 2
    for p in (None, 2, -2, "fro", "nuc", 1, -1, np.inf, -np.inf):
        np.testing.assert_allclose(paddle.linalg.cond(_t(a), p).numpy(), np.linalg.cond(a, p),
                                   rtol=1e-9, err_msg=str(p))
    np.testing.assert_allclose(paddle.linalg.cond(_t(x)).numpy(), np.linalg.cond(x), rtol=1e-9)
    data = rng.uniform(-1, 1, (3, 6))
    np.testing.assert_allclose(paddle.linalg.corrcoef(_t(data)).numpy(), np.corrcoef(data),
                               rtol=1e-10)
    np.testing.assert_allclose(paddle.linalg.corrcoef(_t(data.T), rowvar=False).numpy(),
                               np.corrcoef(data), rtol=1e-10)


def test_gradients():
    a, b = _square((2, 3, 3)), rng.uniform(-1, 1, (3, 2))
    _check_grads(paddle.linalg.inv, np.linalg.inv, [a])
    _check_grads(paddle.linalg.det, np.linalg.det, [a])
    _check_grads(lambda x: paddle.linalg.slogdet(x)[1], lambda x: np.linalg.slogdet(x)[1], [a])
    _check_grads(paddle.linalg.solve, np.linalg.solve, [a, b])
    _check_grads(lambda x, y: paddle.linalg.triangular_solve(x, y, transpose=True),
                 lambda x, y: np.linalg.solve(np.swapaxes(np.triu(x), -1, -2), y), [a, b])
    # cholesky through a symmetric positive-definite function of a free matrix.
    _check_grads(lambda m: paddle.linalg.cholesky(paddle.matmul(m, m, transpose_y=True)),
                 lambda m: np.linalg.cholesky(m @ np.swapaxes(m, -1, -2)), [a])
    _check_grads(lambda m: paddle.linalg.matrix_power(m, -2),
                 lambda m: np.linalg.matrix_power(m, -2), [a])
    _check_grads(lambda m: paddle.linalg.cond(m, "fro"), lambda m: np.linalg.cond(m, "fro"), [a])
    data = rng.uniform(-1, 1, (2, 5))
    _check_grads(paddle.linalg.corrcoef, np.corrcoef, [data])
    # eigh through a symmetric function of a free matrix; eigenvectors squared (sign-free).
    _check_grads(lambda m: paddle.linalg.eigvalsh(m + _swap(m)),
                 lambda m: np.linalg.eigvalsh(m + np.swapaxes(m, -1, -2)), [a])
    _check_grads(lambda m: paddle.square(paddle.linalg.eigh(m + _swap(m), UPLO="U")[1]),
                 lambda m: np.linalg.eigh(m + np.swapaxes(m, -1, -2))[1] ** 2, [a])
    s = _spd((3, 3)) - 3 * np.eye(3)
    _check_grads(lambda m: paddle.linalg.pinv(m + _swap(m), hermitian=True),
                 lambda m: np.linalg.pinv(m + m.T, hermitian=True), [s], rtol=1e-5, atol=1e-6)


def _swap(m):
    rank = len(m.shape)
    return paddle.transpose(m, list(range(rank - 2)) + [rank - 1, rank - 2])


def test_static_program_with_unknown_batch():
    a = _square((2, 3, 3))
    b = rng.uniform(-1, 1, (2, 3, 2))
    for shape in ([2, 3, 3], [-1, 3, 3]):
        paddle.enable_static()
        try:
            main, startup = paddle.static.Program(), paddle.static.Program()
            with paddle.static.program_guard(main, startup):
                x = paddle.static.data("x", shape, "float64")
                y = paddle.static.data("y", shape[:1] + [3, 2], "float64")
                x.stop_gradient = False
                outs = [paddle.linalg.inv(x), paddle.linalg.det(x), paddle.linalg.slogdet(x),
                        paddle.linalg.solve(x, y), paddle.linalg.matrix_power(x, 3),
                        paddle.linalg.svd(x)[1], paddle.linalg.cond(x),
                        paddle.linalg.cholesky(paddle.matmul(x, x, transpose_y=True)),
                        paddle.linalg.eigvalsh(x)]
                (g,) = paddle.static.gradients([paddle.sum(paddle.linalg.det(x))], [x])
            exe = paddle.static.Executor()
            got = exe.run(main, feed={"x": a, "y": b}, fetch_list=outs + [g])
        finally:
            paddle.disable_static()
        want = [np.linalg.inv(a), np.linalg.det(a), np.stack(np.linalg.slogdet(a)),
                np.linalg.solve(a, b), np.linalg.matrix_power(a, 3),
                np.linalg.svd(a, compute_uv=False), np.linalg.cond(a),
                np.linalg.cholesky(a @ np.swapaxes(a, -1, -2)), np.linalg.eigvalsh(a),
                np.linalg.det(a)[:, None, None] * np.swapaxes(np.linalg.inv(a), -1, -2)]
        for i, (g_, w) in enumerate(zip(got, want)):
            np.testing.assert_allclose(g_, w, rtol=1e-9, atol=1e-11, err_msg=f"output {i}")


def test_errors():
    singular = _t(np.array([[[2.0, 0.0], [0.0, 1.0]], [[1.0, 2.0], [2.0, 4.0]]]))
    with pytest.raises(ValueError, match="batch index 1 is singular"):
        paddle.linalg.inv(singular)
    with pytest.raises(ValueError, match="batch index 1 is singular"):
        paddle.linalg.solve(singular, _t(np.ones((2, 1))))
    with pytest.raises(ValueError, match="not positive definite"):
        paddle.linalg.cholesky(_t(-np.eye(2)))
    with pytest.raises(ValueError, match=r"x of paddle.linalg.det .*square.*\[2, 3\]"):
        paddle.linalg.det(_t(np.ones((2, 3))))
    with pytest.raises(ValueError, match="at least 2 dimensions"):
        paddle.linalg.inv(_t(np.ones(3)))
    with pytest.raises(TypeError, match="float32 or float64.*int64"):
        paddle.linalg.det(_t(np.ones((2, 2), "int64")))
    with pytest.raises(TypeError, match="Tensor"):
        paddle.linalg.inv(np.eye(2))
    with pytest.raises(TypeError, match="same dtype"):
        paddle.linalg.solve(_t(np.eye(2)), _t(np.ones((2, 1), "float32")))
    with pytest.raises(ValueError, match="mode"):
        paddle.linalg.qr(_t(np.eye(2)), mode="full")
    with pytest.raises(ValueError, match="UPLO"):
        paddle.linalg.eigh(_t(np.eye(2)), UPLO="X")
    with pytest.raises(TypeError, match="n of paddle.linalg.matrix_power"):
        paddle.linalg.matrix_power(_t(np.eye(2)), 1.5)
    with pytest.raises(ValueError, match="multiply"):
        paddle.linalg.multi_dot([_t(np.ones((2, 3))), _t(np.ones((2, 3)))])
    with pytest.raises(ValueError, match="p of paddle.linalg.cond"):
        paddle.linalg.cond(_t(np.eye(2)), p=3)
    # The runtime still works after the errors.
    np.testing.assert_allclose(paddle.linalg.det(_t(np.eye(2))).numpy(), 1.0)
