"""NumPy reference and gradient tests of the ops inverse, determinant, slogdeterminant, solve,
cholesky, triangular_solve, qr, svd and eigh alone (their records, batches, broadcasting and
the float64 central-difference checks of the grad ops), and their typed errors."""
import numpy as np
import pytest

from op_test import check_grad, check_output, run_op

rng = np.random.default_rng(11)


def well_conditioned(shape):
    """Random square matrices [..., n, n] far from singular."""
    n = shape[-1]
    return rng.uniform(-1, 1, shape) + 3 * np.eye(n)


def spd(shape):
    a = rng.uniform(-1, 1, shape)
    return a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1])


@pytest.mark.parametrize("shape", [(3, 3), (2, 4, 4), (2, 1, 2, 2)])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_inverse_det_slogdet_values(shape, dtype):
    x = well_conditioned(shape).astype(dtype)
    tol = dict(rtol=1e-4, atol=1e-5) if dtype == "float32" else dict(rtol=1e-10, atol=1e-12)
    check_output("inverse", {"Input": x}, {"Output": np.linalg.inv(x)}, **tol)
    check_output("determinant", {"Input": x}, {"Out": np.linalg.det(x).astype(dtype)}, **tol)
    sign, logabs = np.linalg.slogdet(x)
    check_output("slogdeterminant", {"Input": x},
                 {"Out": np.stack([sign, logabs]).astype(dtype)}, **tol)


def test_inverse_det_slogdet_grads():
    x = well_conditioned((2, 3, 3))
    check_grad("inverse", {"Input": x}, outputs=("Output",), wrt=("Input",))
    check_grad("determinant", {"Input": x}, wrt=("Input",))
    check_grad("slogdeterminant", {"Input": x}, wrt=("Input",))
    # A negative determinant: the sign has no gradient, log|det| does.
    check_grad("slogdeterminant", {"Input": x[:, ::-1].copy()}, wrt=("Input",))


@pytest.mark.parametrize("x_shape,y_shape", [((3, 3), (3, 2)), ((3, 3), (3,)),
                                             ((2, 3, 3), (3, 1)), ((1, 3, 3), (2, 3, 4)),
                                             ((2, 3, 3), (3,))])
def test_solve_values_and_grad(x_shape, y_shape):
    x = well_conditioned(x_shape)
    y = rng.uniform(-1, 1, y_shape)
    if len(y_shape) == 1:
        want = np.linalg.solve(x, y[..., None])[..., 0]
    else:
        want = np.linalg.solve(x, np.broadcast_to(y, np.broadcast_shapes(x.shape[:-2], y.shape[:-2])
                                                  + y.shape[-2:]))
    check_output("solve", {"X": x, "Y": y}, {"Out": want}, rtol=1e-10, atol=1e-12)
    check_grad("solve", {"X": x, "Y": y}, wrt=["X", "Y"])


def np_triangular_solve(x, y, upper, transpose, unit):
    a = np.triu(x) if upper else np.tril(x)
    if unit:
        a = a * (1 - np.eye(x.shape[-1])) + np.eye(x.shape[-1])
    if transpose:
        a = np.swapaxes(a, -1, -2)
    return np.linalg.solve(a, np.broadcast_to(y, np.broadcast_shapes(a.shape[:-2], y.shape[:-2])
                                              + y.shape[-2:]))


@pytest.mark.parametrize("upper", [True, False])
@pytest.mark.parametrize("transpose", [True, False])
@pytest.mark.parametrize("unit", [True, False])
def test_triangular_solve_values_and_grad(upper, transpose, unit):
    x = well_conditioned((2, 3, 3))
    y = rng.uniform(-1, 1, (3, 2))
    attrs = {"upper": upper, "transpose": transpose, "unitriangular": unit}
    check_output("triangular_solve", {"X": x, "Y": y},
                 {"Out": np_triangular_solve(x, y, upper, transpose, unit)}, attrs=attrs,
                 rtol=1e-10, atol=1e-12)
    check_grad("triangular_solve", {"X": x, "Y": y}, attrs=attrs, wrt=["X", "Y"])


@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_values_and_grad_op(upper):
    x = spd((2, 3, 3))
    l = np.linalg.cholesky(x)
    want = np.swapaxes(l, -1, -2) if upper else l
    check_output("cholesky", {"X": x}, {"Out": want}, attrs={"upper": upper}, rtol=1e-10,
                 atol=1e-12)
    # The grad op against central differences over symmetric perturbations (X's lower
    # triangle is all the forward reads, so the symmetric gradient is the one to check).
    dout = rng.uniform(-1, 1, x.shape)
    got = run_op("cholesky_grad", {"Out": want, "Out@GRAD": dout}, {"upper": upper},
                 outputs={"X@GRAD": None})["X@GRAD"]
    np.testing.assert_allclose(got, np.swapaxes(got, -1, -2), atol=1e-12)
    eps = 1e-6
    for b, i, j in [(0, 0, 0), (0, 2, 1), (1, 1, 0), (1, 2, 2)]:
        e = np.zeros_like(x)
        e[b, i, j] += 1
        e[b, j, i] += 1 if i != j else 0

        def f(a):
            c = np.linalg.cholesky(a)
            return np.sum(dout * (np.swapaxes(c, -1, -2) if upper else c))
        numeric = (f(x + eps * e) - f(x - eps * e)) / (2 * eps)
        np.testing.assert_allclose(np.sum(got * e), numeric, rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("shape", [(4, 3), (3, 4), (2, 3, 3)])
@pytest.mark.parametrize("mode", ["reduced", "complete", "r"])
def test_qr(shape, mode):
    x = rng.uniform(-1, 1, shape)
    got = run_op("qr", {"X": x}, {"mode": mode}, outputs={"Q": None, "R": None})
    q_np, r_np = np.linalg.qr(x, mode="complete" if mode == "complete" else "reduced")
    np.testing.assert_allclose(np.abs(got["R"]), np.abs(r_np), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(got["R"], np.triu(got["R"]), atol=0)
    if mode != "r":
        assert got["Q"].shape == q_np.shape
        np.testing.assert_allclose(got["Q"] @ got["R"], x, atol=1e-12)
        k = got["Q"].shape[-1]
        qtq = np.swapaxes(got["Q"], -1, -2) @ got["Q"]
        np.testing.assert_allclose(qtq, np.broadcast_to(np.eye(k), qtq.shape), atol=1e-12)


@pytest.mark.parametrize("shape", [(4, 3), (3, 5), (2, 3, 3)])
@pytest.mark.parametrize("full", [False, True])
def test_svd(shape, full):
    x = rng.uniform(-1, 1, shape)
    got = run_op("svd", {"X": x}, {"full_matrices": full},
                 outputs={"U": None, "S": None, "VH": None})
    u_np, s_np, vh_np = np.linalg.svd(x, full_matrices=full)
    np.testing.assert_allclose(got["S"], s_np, rtol=1e-10, atol=1e-12)
    assert got["U"].shape == u_np.shape and got["VH"].shape == vh_np.shape
    k = s_np.shape[-1]
    u, vh = got["U"][..., :k], got["VH"][..., :k, :]
    np.testing.assert_allclose((u * got["S"][..., None, :]) @ vh, x, atol=1e-12)


@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh(uplo):
    x = rng.uniform(-1, 1, (2, 4, 4))
    sym = np.tril(x) + np.swapaxes(np.tril(x, -1), -1, -2) if uplo == "L" else \
        np.triu(x) + np.swapaxes(np.triu(x, 1), -1, -2)
    got = run_op("eigh", {"X": x}, {"UPLO": uplo},
                 outputs={"Eigenvalues": None, "Eigenvectors": None})
    w, v = got["Eigenvalues"], got["Eigenvectors"]
    np.testing.assert_allclose(w, np.linalg.eigvalsh(sym), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(sym @ v, v * w[..., None, :], atol=1e-12)


def test_eigh_grad_op():
    x = spd((2, 3, 3))
    got = run_op("eigh", {"X": x}, outputs={"Eigenvalues": None, "Eigenvectors": None})
    w, v = got["Eigenvalues"], got["Eigenvectors"]
    dw, dv = rng.uniform(-1, 1, w.shape), rng.uniform(-1, 1, v.shape)

    def f(a):
        # Sign-invariant in each eigenvector: v * v.
        w_, v_ = np.linalg.eigh(a)
        return np.sum(dw * w_) + np.sum(dv * v_ * v_)
    grad = run_op("eigh_grad", {"Eigenvalues": w, "Eigenvectors": v, "Eigenvalues@GRAD": dw,
                                "Eigenvectors@GRAD": 2 * dv * v}, outputs={"X@GRAD": None})
    only_w = run_op("eigh_grad", {"Eigenvalues": w, "Eigenvectors": v, "Eigenvalues@GRAD": dw},
                    outputs={"X@GRAD": None})["X@GRAD"]
    np.testing.assert_allclose(only_w, v @ (dw[..., :, None] * np.swapaxes(v, -1, -2)),
                               atol=1e-12)
    eps = 1e-6
    for b, i, j in [(0, 0, 0), (0, 2, 1), (1, 1, 0), (1, 2, 2)]:
        e = np.zeros_like(x)
        e[b, i, j] = e[b, j, i] = 1
        numeric = (f(x + eps * e) - f(x - eps * e)) / (2 * eps)
        np.testing.assert_allclose(np.sum(grad["X@GRAD"] * e), numeric, rtol=1e-6, atol=1e-8)


def test_errors():
    singular = np.array([[[1.0, 0.0], [0.0, 1.0]], [[1.0, 2.0], [2.0, 4.0]]])
    with pytest.raises(ValueError, match="inverse.*batch index 1 is singular"):
        run_op("inverse", {"Input": singular}, outputs={"Output": None})
    with pytest.raises(ValueError, match="solve.*batch index 1 is singular"):
        run_op("solve", {"X": singular, "Y": np.ones((2, 1))}, outputs={"Out": None})
    with pytest.raises(ValueError, match="cholesky.*batch index 0 is not positive definite"):
        run_op("cholesky", {"X": -np.eye(3)}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"square.*\[2, 3\]"):
        run_op("determinant", {"Input": np.ones((2, 3))}, outputs={"Out": None})
    with pytest.raises(ValueError, match="rows"):
        run_op("solve", {"X": np.eye(3), "Y": np.ones((2, 1))}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"batch dims of X and Y of solve.*\[2, 3, 3\]"):
        run_op("solve", {"X": well_conditioned((2, 3, 3)), "Y": np.ones((3, 3, 1))},
               outputs={"Out": None})
    with pytest.raises(ValueError, match="mode"):
        run_op("qr", {"X": np.ones((2, 3))}, {"mode": "full"}, outputs={"Q": None, "R": None})
    with pytest.raises(ValueError, match="finite"):
        run_op("svd", {"X": np.full((2, 2), np.nan)}, outputs={"U": None, "S": None, "VH": None})
    # Determinants of singular matrices are 0 and slogdet gives sign 0, log|det| -inf.
    got = run_op("slogdeterminant", {"Input": singular}, outputs={"Out": None})["Out"]
    assert got[0, 1] == 0 and np.isneginf(got[1, 1])
