"""NumPy reference and float64 gradient tests of the math ops: unary functions, log_softmax,
elementwise max/min/pow, reduce_max/min, fill_any_like, comparisons and logical_not."""
import numpy as np
import pytest

from op_test import _grad_program, build_program, check_grad, check_output, run_op
from paddle.base import core

rng = np.random.default_rng(11)


def rand(*shape, low=-1.0, high=1.0, dtype="float64"):
    return rng.uniform(low, high, shape).astype(dtype)


# ---- unary functions ----

@pytest.mark.parametrize("op,fn,low,high", [
    ("exp", np.exp, -2.0, 2.0),
    ("log", np.log, 0.2, 3.0),
    ("sqrt", np.sqrt, 0.2, 3.0),
    ("abs", np.abs, -1.0, 1.0),
    ("square", np.square, -2.0, 2.0),
])
def test_unary(op, fn, low, high):
    x = rand(3, 4, low=low, high=high)
    if op == "abs":
        x[np.abs(x) < 0.05] = 0.3  # keep away from the kink
    check_output(op, {"X": x}, {"Out": fn(x)})
    check_output(op, {"X": x.astype("float32")}, {"Out": fn(x).astype("float32")})
    check_grad(op, {"X": x})


def test_abs_and_square_of_integers():
    x = np.array([-3, 0, 2, -7], dtype="int64")
    check_output("abs", {"X": x}, {"Out": np.abs(x)})
    check_output("square", {"X": x.astype("int32")}, {"Out": np.square(x).astype("int32")})


def test_relu6():
    x = rand(4, 5, low=-3.0, high=9.0)
    x[np.abs(x) < 0.05] = 1.0
    x[np.abs(x - 6.0) < 0.05] = 5.0
    check_output("relu6", {"X": x}, {"Out": np.clip(x, 0.0, 6.0)})
    check_grad("relu6", {"X": x})
    y = x[np.abs(x - 4.0) > 0.05]
    check_output("relu6", {"X": y}, {"Out": np.clip(y, 0.0, 4.0)}, attrs={"threshold": 4.0})
    check_grad("relu6", {"X": y}, attrs={"threshold": 4.0})


def test_pow():
    x = rand(3, 4, low=0.2, high=2.0)
    check_output("pow", {"X": x}, {"Out": x})  # factor defaults to 1
    check_output("pow", {"X": x}, {"Out": x ** 2.5}, attrs={"factor": 2.5})
    check_output("pow", {"X": x}, {"Out": x ** -1.5}, attrs={"factor": -1.5})
    check_grad("pow", {"X": x}, attrs={"factor": 2.5})
    check_grad("pow", {"X": x}, attrs={"factor": -1.5})
    check_output("pow", {"X": x, "FactorTensor": np.array([3.0], "float32")}, {"Out": x ** 3},
                 attrs={"factor": 2.0})
    ints = np.array([1, 2, 3, -4], dtype="int32")
    check_output("pow", {"X": ints}, {"Out": ints ** 3}, attrs={"factor": 3.0})


# ---- log_softmax ----

def log_softmax(x, axis):
    shifted = x - x.max(axis=axis, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=axis, keepdims=True))


def test_log_softmax():
    x = rand(2, 3, 4, low=-3.0, high=3.0)
    for axis in (-1, 0, 1):
        check_output("log_softmax", {"X": x}, {"Out": log_softmax(x, axis)}, attrs={"axis": axis})
        check_grad("log_softmax", {"X": x}, attrs={"axis": axis})
    big = np.array([[1000.0, 1001.0, 999.0]])  # would overflow without the max shift
    check_output("log_softmax", {"X": big}, {"Out": log_softmax(big, -1)})
    with pytest.raises(ValueError, match=r"softmax axis in \[-3, 3\)"):
        build_program("log_softmax", {"X": x}, {"axis": 3}, {"Out": None})


# ---- elementwise max / min / pow ----

def _no_ties(x, y):
    """Pushes x away from y where they are close, so the max/min kink is not probed."""
    close = np.abs(x - y) < 0.05
    return np.where(close, x + 0.2, x)


@pytest.mark.parametrize("op,fn", [("elementwise_max", np.maximum),
                                   ("elementwise_min", np.minimum)])
def test_elementwise_max_min(op, fn):
    x, y = rand(2, 3, 4), rand(3, 4)
    x = _no_ties(x, np.broadcast_to(y, x.shape))
    check_output(op, {"X": x, "Y": y}, {"Out": fn(x, y)})
    check_grad(op, {"X": x, "Y": y}, wrt=["X", "Y"])
    y_mid = rand(3)
    x2 = _no_ties(rand(2, 3, 4), np.broadcast_to(y_mid.reshape(1, 3, 1), (2, 3, 4)))
    check_output(op, {"X": x2, "Y": y_mid}, {"Out": fn(x2, y_mid.reshape(1, 3, 1))},
                 attrs={"axis": 1})
    check_grad(op, {"X": x2, "Y": y_mid}, attrs={"axis": 1}, wrt=["X", "Y"])
    a, b = np.array([1, 5, -2], "int64"), np.array([3, 5, -4], "int64")
    check_output(op, {"X": a, "Y": b}, {"Out": fn(a, b)})


def test_elementwise_max_tie_goes_to_y():
    x = np.array([1.0, 2.0, 3.0])
    y = np.array([1.0, 1.0, 4.0])
    weights = {"out_out": np.ones(3)}
    program, feeds, _ = _grad_program("elementwise_max", {"X": x, "Y": y}, {}, ["Out"],
                                      ["X", "Y"], weights)
    dx, dy = core.Executor(core.CPUPlace()).run(program, core.Scope(), feeds, ["x@GRAD", "y@GRAD"])
    np.testing.assert_array_equal(np.array(dx), [0, 1, 0])
    np.testing.assert_array_equal(np.array(dy), [1, 0, 1])


def test_elementwise_pow():
    x, y = rand(3, 4, low=0.3, high=2.0), rand(4, low=-2.0, high=2.0)
    check_output("elementwise_pow", {"X": x, "Y": y}, {"Out": np.power(x, y)})
    check_grad("elementwise_pow", {"X": x, "Y": y}, wrt=["X", "Y"])
    y_col = rand(3, low=0.5, high=1.5)
    check_output("elementwise_pow", {"X": x, "Y": y_col}, {"Out": np.power(x, y_col.reshape(3, 1))},
                 attrs={"axis": 0})
    check_grad("elementwise_pow", {"X": x, "Y": y_col}, attrs={"axis": 0}, wrt=["X", "Y"])
    a, b = np.array([2, 3, 5], "int64"), np.array([3, 0, 2], "int64")
    check_output("elementwise_pow", {"X": a, "Y": b}, {"Out": a ** b})


# ---- reduce_max / reduce_min ----

@pytest.mark.parametrize("op,fn", [("reduce_max", np.max), ("reduce_min", np.min)])
def test_reduce_max_min(op, fn):
    x = rng.permutation(24).reshape(2, 3, 4).astype("float64") / 10.0  # distinct: no ties
    check_output(op, {"X": x}, {"Out": fn(x, axis=1)}, attrs={"dim": [1]})
    check_output(op, {"X": x}, {"Out": fn(x, axis=(0, 2), keepdims=True)},
                 attrs={"dim": [0, -1], "keep_dim": True})
    check_output(op, {"X": x}, {"Out": np.array(fn(x))}, attrs={"reduce_all": True})
    check_output(op, {"X": x}, {"Out": fn(x, axis=0)})  # dim defaults to [0]
    check_output(op, {"X": x.astype("int32")}, {"Out": fn(x.astype("int32"), axis=2)},
                 attrs={"dim": [2]})
    check_grad(op, {"X": x}, attrs={"dim": [1]})
    check_grad(op, {"X": x}, attrs={"dim": [0, 2], "keep_dim": True})
    check_grad(op, {"X": x}, attrs={"reduce_all": True})
    with pytest.raises(ValueError, match=r"reduce dims in \[-3, 3\)"):
        build_program(op, {"X": x}, {"dim": [3]}, {"Out": None})


def test_reduce_max_nan_wins():
    x = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, 6.0]])
    out = run_op("reduce_max", {"X": x}, {"dim": [1]}, {"Out": None})["Out"]
    assert np.isnan(out[0]) and out[1] == 6.0


# ---- fill_any_like ----

def test_fill_any_like():
    x = rand(2, 3)
    check_output("fill_any_like", {"X": x}, {"Out": np.zeros_like(x)})
    check_output("fill_any_like", {"X": x}, {"Out": np.full_like(x, 2.5)}, attrs={"value": 2.5})
    check_output("fill_any_like", {"X": x}, {"Out": np.full((2, 3), 7, "int64")},
                 attrs={"value": 7.0, "dtype": 3})
    check_output("fill_any_like", {"X": x.astype("float32")}, {"Out": np.ones((2, 3), bool)},
                 attrs={"value": 1.0, "dtype": 0})
    ints = np.zeros((4,), "int32")
    check_output("fill_any_like", {"X": ints}, {"Out": np.full(4, -3.0)},
                 attrs={"value": -3.0, "dtype": 6})
    with pytest.raises(ValueError, match=r"fill value within the range of int32"):
        run_op("fill_any_like", {"X": ints}, {"value": 1e12}, {"Out": None})


# ---- comparisons and logical_not ----

COMPARISONS = [("equal", np.equal), ("not_equal", np.not_equal), ("less_than", np.less),
               ("less_equal", np.less_equal), ("greater_than", np.greater),
               ("greater_equal", np.greater_equal)]


@pytest.mark.parametrize("op,fn", COMPARISONS)
def test_comparisons(op, fn):
    x = rng.integers(-2, 3, (3, 4)).astype("float64")
    y = rng.integers(-2, 3, (4,)).astype("float64")
    check_output(op, {"X": x, "Y": y}, {"Out": fn(x, y)})
    check_output(op, {"X": x.astype("float32"), "Y": y.astype("float32")}, {"Out": fn(x, y)})
    xi, yi = x.astype("int64"), y.astype("int64")
    check_output(op, {"X": xi, "Y": yi}, {"Out": fn(xi, yi)})
    check_output(op, {"X": xi.astype("int32"), "Y": xi.astype("int32")}, {"Out": fn(xi, xi)})
    y_col = rng.integers(-2, 3, (3,)).astype("int64")
    check_output(op, {"X": xi, "Y": y_col}, {"Out": fn(xi, y_col.reshape(3, 1))},
                 attrs={"axis": 0})
    b1, b2 = np.array([True, False, True]), np.array([True, True, False])
    check_output(op, {"X": b1, "Y": b2}, {"Out": fn(b1, b2)})


def test_comparison_errors():
    with pytest.raises(ValueError, match=r"broadcastable"):
        build_program("equal", {"X": rand(3, 4), "Y": rand(3)}, {}, {"Out": None})
    with pytest.raises(ValueError, match=r"share a dtype, but got X float64 and Y int64"):
        build_program("less_than", {"X": rand(3), "Y": np.arange(3)}, {}, {"Out": None})


def test_equal_nan():
    x = np.array([np.nan, 1.0])
    check_output("equal", {"X": x, "Y": x}, {"Out": np.array([False, True])})
    check_output("not_equal", {"X": x, "Y": x}, {"Out": np.array([True, False])})


def test_logical_not():
    b = np.array([[True, False], [False, False]])
    check_output("logical_not", {"X": b}, {"Out": ~b})
    f = np.array([0.0, 2.5, -1.0])
    check_output("logical_not", {"X": f}, {"Out": f == 0})
    i = np.array([0, 3], "int64")
    check_output("logical_not", {"X": i}, {"Out": i == 0})


def _hard_swish_ref(x, threshold=6.0, scale=6.0, offset=3.0):
    return x * np.clip(x + offset, 0.0, threshold) / scale


def test_hard_swish():
    x = rand(4, 5, low=-5.0, high=5.0)
    for kink in (-3.0, 3.0):  # keep finite differences off the ramp's corners
        x[np.abs(x - kink) < 0.05] = kink + 0.5
    check_output("hard_swish", {"X": x}, {"Out": _hard_swish_ref(x)})
    check_grad("hard_swish", {"X": x})
    y = x[np.abs(x + 1.0) > 0.05]  # other attributes (as older models write them)
    attrs = {"threshold": 4.0, "scale": 5.0, "offset": 1.0}
    y = y[np.abs(y - 3.0) > 0.05]
    check_output("hard_swish", {"X": y}, {"Out": _hard_swish_ref(y, 4.0, 5.0, 1.0)}, attrs=attrs)
    check_grad("hard_swish", {"X": y}, attrs=attrs)


def test_hard_sigmoid():
    x = rand(4, 5, low=-5.0, high=5.0)
    slope, offset = 1.0 / 6.0, 0.5  # MobileNetV3's attributes
    x[np.abs(x * slope + offset) < 0.02] = 0.0
    x[np.abs(x * slope + offset - 1.0) < 0.02] = 0.0
    want = np.clip(x * slope + offset, 0.0, 1.0)
    check_output("hard_sigmoid", {"X": x}, {"Out": want}, attrs={"slope": slope, "offset": offset})
    check_grad("hard_sigmoid", {"X": x}, attrs={"slope": slope, "offset": offset})
    z = x[np.abs(x * 0.2 + 0.5 - 1.0) > 0.02]
    z = z[np.abs(z * 0.2 + 0.5) > 0.02]
    check_output("hard_sigmoid", {"X": z}, {"Out": np.clip(z * 0.2 + 0.5, 0.0, 1.0)})  # defaults
    check_grad("hard_sigmoid", {"X": z})


def test_squared_l2_norm():
    x = rand(3, 4, 2)
    check_output("squared_l2_norm", {"X": x}, {"Out": np.array([np.sum(x * x)])})
    check_grad("squared_l2_norm", {"X": x})
    check_output("squared_l2_norm", {"X": np.zeros((0, 3))}, {"Out": np.array([0.0])})
