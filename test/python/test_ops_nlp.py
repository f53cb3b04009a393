"""NumPy reference, float64 gradient and error tests of tril_triu, cumsum, index_select, bmm,
arg_min and argsort."""
import numpy as np
import pytest

from op_test import check_grad, check_output, run_op

rng = np.random.default_rng(23)


def rand(*shape):
    return rng.uniform(-1, 1, shape)


def test_tril_triu():
    x = rand(2, 3, 4)
    for diagonal in (-1, 0, 2):
        check_output("tril_triu", {"X": x}, {"Out": np.tril(x, diagonal)},
                     attrs={"diagonal": diagonal, "lower": True})
        check_output("tril_triu", {"X": x}, {"Out": np.triu(x, diagonal)},
                     attrs={"diagonal": diagonal, "lower": False})
    ints = np.arange(12, dtype="int64").reshape(3, 4)
    check_output("tril_triu", {"X": ints}, {"Out": np.tril(ints)}, attrs={"lower": True})
    check_grad("tril_triu", {"X": x}, attrs={"diagonal": 1, "lower": True})
    check_grad("tril_triu", {"X": x}, attrs={"diagonal": -1, "lower": False})
    with pytest.raises(ValueError, match="rank >= 2"):
        run_op("tril_triu", {"X": rand(4)}, {"lower": True}, outputs={"Out": None})
    # As in PaddlePaddle, lower has no default: a program must set it.
    with pytest.raises(ValueError, match="attribute 'lower', but it is missing"):
        run_op("tril_triu", {"X": x}, outputs={"Out": None})


def _cumsum_ref(x, axis, exclusive, reverse):
    if reverse:
        x = np.flip(x, axis)
    out = np.cumsum(x, axis)
    if exclusive:
        out = out - x
    if reverse:
        out = np.flip(out, axis)
    return out


def test_cumsum():
    x = rand(3, 4, 2)
    for axis in (0, 1, -1):
        for exclusive in (False, True):
            for reverse in (False, True):
                attrs = {"axis": axis, "exclusive": exclusive, "reverse": reverse}
                check_output("cumsum", {"X": x}, {"Out": _cumsum_ref(x, axis, exclusive, reverse)},
                             attrs=attrs)
    check_output("cumsum", {"X": x}, {"Out": np.cumsum(x)}, attrs={"flatten": True})
    ints = np.arange(6, dtype="int32").reshape(2, 3)
    check_output("cumsum", {"X": ints}, {"Out": np.cumsum(ints, -1).astype("int32")})
    check_grad("cumsum", {"X": x}, attrs={"axis": 1})
    check_grad("cumsum", {"X": x}, attrs={"axis": 0, "exclusive": True, "reverse": True})
    check_grad("cumsum", {"X": x}, attrs={"flatten": True, "reverse": True})
    with pytest.raises(ValueError, match="expected cumsum's axis in"):
        run_op("cumsum", {"X": x}, {"axis": 3}, outputs={"Out": None})


def test_index_select():
    x = rand(4, 3, 2)
    for dim, idx in ((0, [3, 0, 0, 1]), (1, [2, 1]), (-1, [1, 1, 0])):
        for dtype in ("int32", "int64"):
            index = np.array(idx, dtype)
            check_output("index_select", {"X": x, "Index": index},
                         {"Out": np.take(x, index, axis=dim)}, attrs={"dim": dim})
    ints = np.arange(6, dtype="int64").reshape(2, 3)
    check_output("index_select", {"X": ints, "Index": np.array([2, 0], "int64")},
                 {"Out": ints[:, [2, 0]]}, attrs={"dim": 1})
    check_grad("index_select", {"X": x, "Index": np.array([3, 0, 0, 1], "int64")})
    check_grad("index_select", {"X": x, "Index": np.array([1, 1], "int32")}, attrs={"dim": 1})
    with pytest.raises(ValueError, match=r"Index values in \[0, 4\), but got 4"):
        run_op("index_select", {"X": x, "Index": np.array([4], "int64")}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"Index values in \[0, 4\), but got -1"):
        run_op("index_select", {"X": x, "Index": np.array([-1], "int64")}, outputs={"Out": None})
    with pytest.raises(ValueError, match="expected index_select's dim in"):
        run_op("index_select", {"X": x, "Index": np.array([0], "int64")}, {"dim": 3},
               outputs={"Out": None})
    with pytest.raises(ValueError, match="int32 or int64"):
        run_op("index_select", {"X": x, "Index": np.array([0.0])}, outputs={"Out": None})


def test_bmm():
    x, y = rand(3, 2, 4), rand(3, 4, 5)
    check_output("bmm", {"X": x, "Y": y}, {"Out": np.matmul(x, y)})
    check_output("bmm", {"X": x.astype("float32"), "Y": y.astype("float32")},
                 {"Out": np.matmul(x, y).astype("float32")}, rtol=1e-5)
    check_grad("bmm", {"X": x, "Y": y}, wrt=["X", "Y"])
    with pytest.raises(ValueError, match="same batch size"):
        run_op("bmm", {"X": x, "Y": rand(2, 4, 5)}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"X.dims\[2\] to equal Y.dims\[1\]"):
        run_op("bmm", {"X": x, "Y": rand(3, 3, 5)}, outputs={"Out": None})
    with pytest.raises(ValueError, match="rank 3"):
        run_op("bmm", {"X": rand(2, 4), "Y": rand(4, 5)}, outputs={"Out": None})
    # An Out@GRAD of other dims than bmm's output is refused (it was read past its end).
    with pytest.raises(ValueError, match=r"bmm_grad's Out@GRAD.*bmm's.*\[3, 2, 5\]"):
        run_op("bmm_grad", {"X": x, "Y": y, "Out@GRAD": rand(3, 2, 1)},
               outputs={"X@GRAD": None, "Y@GRAD": None})


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64"])
def test_arg_min(dtype):
    x = (rng.permutation(24).reshape(2, 3, 4) - 10).astype(dtype)
    check_output("arg_min", {"X": x}, {"Out": x.argmin(axis=1)}, attrs={"axis": 1})
    check_output("arg_min", {"X": x}, {"Out": np.expand_dims(x.argmin(axis=-1), -1).astype("int32")},
                 attrs={"axis": -1, "keepdims": True, "dtype": 2})
    check_output("arg_min", {"X": x}, {"Out": np.array(x.argmin())}, attrs={"flatten": True})
    ties = np.array([[2, 1, 1, 3]], dtype)
    check_output("arg_min", {"X": ties}, {"Out": np.array([1])}, attrs={"axis": 1})
    with pytest.raises(ValueError, match="expected arg_min's axis in"):
        run_op("arg_min", {"X": x}, {"axis": 3}, outputs={"Out": None})


def test_arg_min_nan():
    x = np.array([[1.0, np.nan, -2.0, np.nan]])
    check_output("arg_min", {"X": x}, {"Out": x.argmin(axis=1)}, attrs={"axis": 1})


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64"])
def test_argsort(dtype):
    x = (rng.permutation(24).reshape(2, 3, 4) - 10).astype(dtype)
    for axis in (0, 1, -1):
        up = np.argsort(x, axis=axis, kind="stable")
        check_output("argsort", {"X": x}, {"Out": np.take_along_axis(x, up, axis), "Indices": up},
                     attrs={"axis": axis})
        down = np.argsort(-x, axis=axis, kind="stable")
        check_output("argsort", {"X": x},
                     {"Out": np.take_along_axis(x, down, axis), "Indices": down},
                     attrs={"axis": axis, "descending": True})
    ties = np.array([[2, 1, 2, 1]], dtype)
    check_output("argsort", {"X": ties}, {"Indices": np.array([[1, 3, 0, 2]])})
    check_output("argsort", {"X": ties}, {"Indices": np.array([[0, 2, 1, 3]])},
                 attrs={"descending": True})
    with pytest.raises(ValueError, match="expected argsort's axis in"):
        run_op("argsort", {"X": x}, {"axis": -4}, outputs={"Out": None, "Indices": None})


def test_argsort_grad():
    x = rng.permutation(24).reshape(2, 3, 4) / 7.0
    check_grad("argsort", {"X": x}, attrs={"axis": 1})
    check_grad("argsort", {"X": x}, attrs={"axis": -1, "descending": True})
