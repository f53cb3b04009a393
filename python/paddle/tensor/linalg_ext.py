"""Dense linear algebra (the paddle.linalg namespace, with paddle.inverse, paddle.cholesky and
paddle.eigvalsh at the top level): inv / det / slogdet / solve / cholesky / triangular_solve /
qr / svd / eigh run their own ops (CPU kernels; gradients for all but qr and svd); matrix_power,
multi_dot, pinv, matrix_rank, cond, eigvalsh and corrcoef are composed of those and matmul."""
import numbers

import numpy as np

from paddle.base import layer_helper as lh
from paddle.base.dtypes import VarType, convert_dtype
from paddle.base.dtypes import dtype_to_str as _dtype_name
from paddle.base.framework import Variable
from paddle.tensor import creation as C
from paddle.tensor import manipulation as MA
from paddle.tensor import manipulation_ext as ME
from paddle.tensor import math as M

# Top-level names as PaddlePaddle has them; the rest live in paddle.linalg.
__all__ = ["inverse", "cholesky", "eigvalsh"]

_MATRIX_TYPES = (VarType.FP32, VarType.FP64)


def _check_matrices(x, api, arg="x", square=True):
    """x: a float32 / float64 Tensor of (batches of) matrices [..., M, N], square if asked."""
    if not isinstance(x, Variable):
        raise TypeError(f"expected {arg} of paddle.linalg.{api} to be a Tensor, but got "
                        f"{type(x).__name__}")
    if convert_dtype(x.dtype) not in _MATRIX_TYPES:
        raise TypeError(f"expected {arg} of paddle.linalg.{api} to be a float32 or float64 "
                        f"Tensor, but got {_dtype_name(x.dtype)}")
    shape = list(x.shape)
    if len(shape) < 2:
        raise ValueError(f"expected {arg} of paddle.linalg.{api} to have at least 2 dimensions "
                         f"([..., M, N]), but got shape {shape}")
    if square and shape[-1] >= 0 and shape[-2] >= 0 and shape[-1] != shape[-2]:
        raise ValueError(f"expected {arg} of paddle.linalg.{api} to hold square matrices "
                         f"[..., N, N], but got shape {shape}")


def _check_same_dtype(x, y, api):
    if convert_dtype(x.dtype) != convert_dtype(y.dtype):
        raise TypeError(f"expected x and y of paddle.linalg.{api} to have the same dtype, but "
                        f"got {_dtype_name(x.dtype)} and {_dtype_name(y.dtype)}")


def _swap_last(x):
    """x with its last two axes swapped."""
    rank = len(x.shape)
    return MA.transpose(x, list(range(rank - 2)) + [rank - 1, rank - 2])


# -- ops of their own ----------------------------------------------------------------------
def inverse(x, name=None):
    """The inverse of each square matrix of x [..., N, N]; a singular matrix raises."""
    _check_matrices(x, "inv")
    return lh.append_op("inverse", {"Input": [x]}, outputs=("Output",))


inv = inverse


def det(x, name=None):
    """The determinant of each square matrix of x [..., N, N]: shape [...]."""
    _check_matrices(x, "det")
    return lh.append_op("determinant", {"Input": [x]})


def slogdet(x, name=None):
    """The sign and the natural log of |det| of each square matrix of x, stacked: [2, ...]."""
    _check_matrices(x, "slogdet")
    return lh.append_op("slogdeterminant", {"Input": [x]})


def solve(x, y, left=True, name=None):
    """z with x z = y (left) or z x = y (left False); x [..., N, N], y [..., N, K] or a vector
    [N]; batch dims broadcast. A singular x raises."""
    _check_matrices(x, "solve")
    if not isinstance(y, Variable):
        raise TypeError(f"expected y of paddle.linalg.solve to be a Tensor, but got "
                        f"{type(y).__name__}")
    _check_same_dtype(x, y, "solve")
    if left:
        return lh.append_op("solve", {"X": [x], "Y": [y]})
    if len(y.shape) < 2:
        raise ValueError(f"expected y of paddle.linalg.solve with left=False to have at least "
                         f"2 dimensions, but got shape {list(y.shape)}")
    # z x = y  <=>  x^T z^T = y^T.
    return _swap_last(lh.append_op("solve", {"X": [_swap_last(x)], "Y": [_swap_last(y)]}))


def cholesky(x, upper=False, name=None):
    """The Cholesky factor L (x = L L^T) of each symmetric positive-definite matrix of x, or
    U = L^T when upper; x's lower triangle is read."""
    _check_matrices(x, "cholesky")
    return lh.append_op("cholesky", {"X": [x]}, {"upper": bool(upper)})


def triangular_solve(x, y, upper=True, transpose=False, unitriangular=False, name=None):
    """z with op(A) z = y, A the upper (or lower) triangle of x (unit diagonal if
    unitriangular), op the transpose if transpose; batch dims broadcast."""
    _check_matrices(x, "triangular_solve")
    _check_matrices(y, "triangular_solve", "y", square=False)
    _check_same_dtype(x, y, "triangular_solve")
    attrs = {"upper": bool(upper), "transpose": bool(transpose),
             "unitriangular": bool(unitriangular)}
    return lh.append_op("triangular_solve", {"X": [x], "Y": [y]}, attrs)


def qr(x, mode="reduced", name=None):
    """The QR decomposition of each matrix of x: (Q, R), or R alone for mode 'r'."""
    _check_matrices(x, "qr", square=False)
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"expected mode of paddle.linalg.qr to be 'reduced', 'complete' or "
                         f"'r', but got {mode!r}")
    q, r = lh.append_op("qr", {"X": [x]}, {"mode": mode}, outputs=("Q", "R"),
                        stop_gradient=True)
    return r if mode == "r" else (q, r)


def svd(x, full_matrices=False, name=None):
    """(U, S, VH) with x = U diag(S) VH for each matrix of x, S descending."""
    _check_matrices(x, "svd", square=False)
    return tuple(lh.append_op("svd", {"X": [x]}, {"full_matrices": bool(full_matrices)},
                              outputs=("U", "S", "VH"), stop_gradient=True))


def _check_uplo(UPLO, api):
    if UPLO not in ("L", "U"):
        raise ValueError(f"expected UPLO of paddle.linalg.{api} to be 'L' or 'U', but got "
                         f"{UPLO!r}")


def eigh(x, UPLO="L", name=None):  # noqa: N803 - PaddlePaddle's name
    """(eigenvalues ascending, eigenvectors as columns) of each symmetric matrix of x, given by
    its lower (UPLO 'L') or upper ('U') triangle."""
    _check_matrices(x, "eigh")
    _check_uplo(UPLO, "eigh")
    return tuple(lh.append_op("eigh", {"X": [x]}, {"UPLO": UPLO},
                              outputs=("Eigenvalues", "Eigenvectors")))


def eigvalsh(x, UPLO="L", name=None):  # noqa: N803 - PaddlePaddle's name
    """The eigenvalues (ascending) of each symmetric matrix of x."""
    _check_matrices(x, "eigvalsh")
    _check_uplo(UPLO, "eigvalsh")
    return eigh(x, UPLO)[0]


# -- compositions --------------------------------------------------------------------------
def _identity_like(x):
    """Identity matrices with x's shape (x square), built from x's diagonal so that an unknown
    batch extent carries over."""
    ones = C.ones_like(ME.diagonal(x, 0, -2, -1))
    return ME.diag_embed(ones)


def matrix_power(x, n, name=None):
    """x @ x ... (n factors) for each square matrix of x by repeated squaring; n = 0 gives the
    identity, negative n powers of inv(x)."""
    _check_matrices(x, "matrix_power")
    if isinstance(n, bool) or not isinstance(n, (numbers.Integral, np.integer)):
        raise TypeError(f"expected n of paddle.linalg.matrix_power to be an int, but got "
                        f"{type(n).__name__}")
    n = int(n)
    if n == 0:
        return _identity_like(x)
    base = inverse(x) if n < 0 else x
    n = abs(n)
    result = None
    while True:
        if n & 1:
            result = base if result is None else M.matmul(result, base)
        n >>= 1
        if not n:
            return result
        base = M.matmul(base, base)


def multi_dot(x, name=None):
    """The product x[0] @ x[1] @ ... of a list of at least two tensors: the first may be 1-D (a
    row vector) and the last 1-D (a column vector); the others are 2-D."""
    if not isinstance(x, (list, tuple)) or len(x) < 2:
        raise ValueError(f"expected x of paddle.linalg.multi_dot to be a list of at least 2 "
                         f"Tensors, but got {x!r}"[:200])
    for i, t in enumerate(x):
        if not isinstance(t, Variable):
            raise TypeError(f"expected x[{i}] of paddle.linalg.multi_dot to be a Tensor, but "
                            f"got {type(t).__name__}")
        if convert_dtype(t.dtype) != convert_dtype(x[0].dtype):
            raise TypeError(f"expected the Tensors of paddle.linalg.multi_dot to share one "
                            f"dtype, but x[0] is {_dtype_name(x[0].dtype)} and x[{i}] is "
                            f"{_dtype_name(t.dtype)}")
        edge = i in (0, len(x) - 1)
        if len(t.shape) != 2 and not (edge and len(t.shape) == 1):
            raise ValueError(f"expected x[{i}] of paddle.linalg.multi_dot to be 2-D"
                             f"{' or 1-D' if edge else ''}, but got shape {list(t.shape)}")
    for i in range(len(x) - 1):
        k_left, k_right = x[i].shape[-1], x[i + 1].shape[0]
        if k_left >= 0 and k_right >= 0 and k_left != k_right:
            raise ValueError(f"expected x[{i}] and x[{i + 1}] of paddle.linalg.multi_dot to "
                             f"multiply, but got shapes {list(x[i].shape)} and "
                             f"{list(x[i + 1].shape)}")
    result = x[0]
    for t in x[1:]:
        result = M.matmul(result, t)
    return result


def _eps(x):
    return float(np.finfo("float32" if convert_dtype(x.dtype) == VarType.FP32 else "float64").eps)


def _hermitian_values(x):
    """|eigenvalues| of each symmetric matrix of x: its singular values (unsorted)."""
    return M.abs(eigvalsh(x))


def _check_rcond(value, api, arg):
    if not isinstance(value, (numbers.Real, Variable)) or isinstance(value, bool):
        raise TypeError(f"expected {arg} of paddle.linalg.{api} to be a float or a Tensor, but "
                        f"got {type(value).__name__}")


def _times(t, factor):
    """t times a float, or times a Tensor factor [...] (one per matrix) broadcast over t's last
    axis."""
    if isinstance(factor, Variable):
        if convert_dtype(factor.dtype) != convert_dtype(t.dtype):
            factor = MA.cast(factor, t.dtype)
        return M.multiply(t, MA.unsqueeze(factor, -1))
    return M.scale(t, float(factor))


def pinv(x, rcond=1e-15, hermitian=False, name=None):
    """The Moore-Penrose pseudo-inverse of each matrix of x [..., M, N] -> [..., N, M]:
    singular values at most rcond * the largest are treated as zero; hermitian x goes through
    eigh (which has a gradient; svd has none here)."""
    _check_matrices(x, "pinv", square=bool(hermitian))
    _check_rcond(rcond, "pinv", "rcond")
    if hermitian:
        w, v = eigh(x)
        cutoff = _times(M.amax(M.abs(w), axis=-1, keepdim=True), rcond)
        keep = M.greater_than(M.abs(w), cutoff)
        w_inv = MA.where(keep, M.divide(C.ones_like(w), MA.where(keep, w, C.ones_like(w))),
                         C.zeros_like(w))
        return M.matmul(M.multiply(v, MA.unsqueeze(w_inv, -2)), v, transpose_y=True)
    u, s, vh = svd(x)
    cutoff = _times(M.amax(s, axis=-1, keepdim=True), rcond)
    keep = M.greater_than(s, cutoff)
    s_inv = MA.where(keep, M.divide(C.ones_like(s), MA.where(keep, s, C.ones_like(s))),
                     C.zeros_like(s))
    # pinv = V diag(1 / s) U^T.
    return M.matmul(M.multiply(_swap_last(vh), MA.unsqueeze(s_inv, -2)), u, transpose_y=True)


def matrix_rank(x, tol=None, hermitian=False, name=None):
    """How many singular values of each matrix of x exceed tol (default: the largest times
    max(M, N) times the dtype's eps), as int64 [...]; hermitian x goes through eigh."""
    _check_matrices(x, "matrix_rank", square=bool(hermitian))
    s = _hermitian_values(x) if hermitian else svd(x)[1]
    if tol is None:
        factor = max(x.shape[-1], x.shape[-2]) * _eps(x)
        threshold = M.scale(M.amax(s, axis=-1, keepdim=True), factor)
    else:
        _check_rcond(tol, "matrix_rank", "tol")
        threshold = MA.unsqueeze(tol, -1) if isinstance(tol, Variable) else \
            C.full([1], float(tol), s.dtype)
        if convert_dtype(threshold.dtype) != convert_dtype(s.dtype):
            threshold = MA.cast(threshold, s.dtype)
    return M.sum(MA.cast(M.greater_than(s, threshold), "int64"), axis=-1)


_COND_NORMS = (None, 2, -2, "fro", "nuc", 1, -1, np.inf, -np.inf)


def _matrix_norm(x, p):
    """The p-norm of each matrix of x for p 'fro', 'nuc', +-1 and +-inf: [...]."""
    if p == "fro":
        return M.sqrt(M.sum(M.multiply(x, x), axis=[-2, -1]))
    if p == "nuc":
        return M.sum(svd(x)[1], axis=-1)
    axis = -2 if p in (1, -1) else -1  # 1: column sums; inf: row sums
    sums = M.sum(M.abs(x), axis=axis)
    return M.amax(sums, axis=-1) if p > 0 else M.scale(M.amax(M.scale(sums, -1.0), axis=-1), -1.0)


def cond(x, p=None, name=None):
    """The condition number of each matrix of x in the p-norm: p None / 2 / -2 from the
    singular values (any [..., M, N]); 'fro', 'nuc', +-1 and +-inf as norm(x) * norm(inv(x))
    (square x)."""
    if p not in _COND_NORMS or isinstance(p, bool):
        raise ValueError(f"expected p of paddle.linalg.cond to be one of None, 2, -2, 'fro', "
                         f"'nuc', 1, -1, inf, -inf, but got {p!r}")
    _check_matrices(x, "cond", square=p not in (None, 2, -2))
    if p in (None, 2, -2):
        s = svd(x)[1]
        largest = M.amax(s, axis=-1)
        smallest = M.scale(M.amax(M.scale(s, -1.0), axis=-1), -1.0)
        return M.divide(smallest, largest) if p == -2 else M.divide(largest, smallest)
    return M.multiply(_matrix_norm(x, p), _matrix_norm(inverse(x), p))


def corrcoef(x, rowvar=True, name=None):
    """Pearson correlation coefficients of the variables in the rows of x (rowvar False: its
    columns), as numpy.corrcoef, clipped to [-1, 1]."""
    c = ME.cov(x, rowvar)
    if len(c.shape) == 0:
        return M.divide(c, c)
    d = M.sqrt(ME.diagonal(c, 0, 0, 1))
    c = M.divide(M.divide(c, MA.unsqueeze(d, 1)), MA.unsqueeze(d, 0))
    return M.clip(c, -1.0, 1.0)
