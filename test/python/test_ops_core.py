"""NumPy reference and float64 gradient tests of the core ops, through the executor."""
import numpy as np
import pytest

from op_test import check_grad, check_output, run_op

rng = np.random.default_rng(42)


def rand(*shape, dtype="float64"):
    return rng.uniform(-1, 1, shape).astype(dtype)


@pytest.mark.parametrize("op,fn", [("elementwise_add", np.add), ("elementwise_sub", np.subtract),
                                   ("elementwise_mul", np.multiply)])
def test_elementwise_binary(op, fn):
    x, y = rand(2, 3, 4), rand(3, 4)
    check_output(op, {"X": x, "Y": y}, {"Out": fn(x, y)})
    y_mid = rand(3)
    check_output(op, {"X": x, "Y": y_mid}, {"Out": fn(x, y_mid.reshape(1, 3, 1))}, attrs={"axis": 1})
    check_grad(op, {"X": x, "Y": y}, wrt=["X", "Y"])
    check_grad(op, {"X": x, "Y": y_mid}, attrs={"axis": 1}, wrt=["X", "Y"])


def test_elementwise_div():
    x, y = rand(3, 4), rand(4) + 2.0
    check_output("elementwise_div", {"X": x, "Y": y}, {"Out": x / y})
    check_grad("elementwise_div", {"X": x, "Y": y}, wrt=["X", "Y"])


@pytest.mark.parametrize("op,fn", [("relu", lambda x: np.maximum(x, 0)),
                                   ("sigmoid", lambda x: 1 / (1 + np.exp(-x))),
                                   ("tanh", np.tanh)])
def test_activations(op, fn):
    x = rand(3, 5)
    x[np.abs(x) < 0.05] = 0.3  # keep away from relu's kink
    check_output(op, {"X": x}, {"Out": fn(x)})
    check_output(op, {"X": x.astype("float32")}, {"Out": fn(x).astype("float32")})
    check_grad(op, {"X": x})


def test_scale_and_grad():
    x = rand(2, 3)
    check_output("scale", {"X": x}, {"Out": 2.5 * x + 1.0}, attrs={"scale": 2.5, "bias": 1.0})
    check_output("scale", {"X": x}, {"Out": 2.5 * (x + 1.0)},
                 attrs={"scale": 2.5, "bias": 1.0, "bias_after_scale": False})
    check_grad("scale", {"X": x}, attrs={"scale": -3.0, "bias": 2.0})


def test_assign_and_cast():
    x = rand(4)
    check_output("assign", {"X": x}, {"Out": x})
    check_grad("assign", {"X": x})
    check_output("cast", {"X": x}, {"Out": x.astype("float32")}, attrs={"in_dtype": 6, "out_dtype": 5})
    check_output("cast", {"X": np.array([1.7, -2.2])}, {"Out": np.array([1, -2], "int64")},
                 attrs={"in_dtype": 6, "out_dtype": 3})
    check_grad("cast", {"X": x}, attrs={"in_dtype": 6, "out_dtype": 6})


def test_fill_constant_and_random():
    out = run_op("fill_constant", {}, {"shape": [2, 3], "value": 1.5, "dtype": 6}, {"Out": None})["Out"]
    np.testing.assert_array_equal(out, np.full((2, 3), 1.5))
    u1 = run_op("uniform_random", {}, {"shape": [1000], "min": -2.0, "max": 3.0, "seed": 5}, {"Out": None})["Out"]
    u2 = run_op("uniform_random", {}, {"shape": [1000], "min": -2.0, "max": 3.0, "seed": 5}, {"Out": None})["Out"]
    np.testing.assert_array_equal(u1, u2)
    assert u1.min() >= -2.0 and u1.max() < 3.0 and abs(u1.mean() - 0.5) < 0.2
    g = run_op("gaussian_random", {}, {"shape": [4000], "mean": 1.0, "std": 2.0, "seed": 3}, {"Out": None})["Out"]
    assert abs(g.mean() - 1.0) < 0.15 and abs(g.std() - 2.0) < 0.15


def test_matmul_v2_and_mul():
    x, y = rand(2, 3, 4), rand(4, 5)
    check_output("matmul_v2", {"X": x, "Y": y}, {"Out": x @ y})
    yt = rand(5, 4)
    check_output("matmul_v2", {"X": x, "Y": yt}, {"Out": x @ yt.T}, attrs={"trans_y": True})
    check_grad("matmul_v2", {"X": x, "Y": y}, wrt=["X", "Y"])
    check_grad("matmul_v2", {"X": x, "Y": yt}, attrs={"trans_y": True}, wrt=["X", "Y"])
    a, b = rand(2, 3, 4), rand(12, 2)
    check_output("mul", {"X": a, "Y": b}, {"Out": a.reshape(2, 12) @ b}, attrs={"x_num_col_dims": 1})
    check_grad("mul", {"X": a, "Y": b}, wrt=["X", "Y"])


def test_softmax():
    x = rand(3, 4)
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    check_output("softmax", {"X": x}, {"Out": e / e.sum(axis=-1, keepdims=True)})
    e0 = np.exp(x - x.max(axis=0, keepdims=True))
    check_output("softmax", {"X": x}, {"Out": e0 / e0.sum(axis=0, keepdims=True)}, attrs={"axis": 0})
    check_grad("softmax", {"X": x})


def test_reductions():
    x = rand(2, 3, 4)
    check_output("mean", {"X": x}, {"Out": np.array(x.mean())})
    check_grad("mean", {"X": x})
    check_output("reduce_sum", {"X": x}, {"Out": x.sum(axis=1)}, attrs={"dim": [1]})
    check_output("reduce_sum", {"X": x}, {"Out": x.sum(axis=(0, 2), keepdims=True)},
                 attrs={"dim": [0, -1], "keep_dim": True})
    check_output("reduce_sum", {"X": x}, {"Out": np.array(x.sum())}, attrs={"reduce_all": True})
    check_grad("reduce_sum", {"X": x}, attrs={"dim": [1]})
    check_output("reduce_mean", {"X": x}, {"Out": x.mean(axis=2)}, attrs={"dim": [2]})
    check_grad("reduce_mean", {"X": x}, attrs={"dim": [0, 2], "keep_dim": True})


def test_reshape2_and_transpose2():
    x = rand(2, 3, 4)
    check_output("reshape2", {"X": x}, {"Out": x.reshape(6, 4)}, attrs={"shape": [-1, 4]})
    check_output("reshape2", {"X": x}, {"Out": x.reshape(2, 12)}, attrs={"shape": [0, -1]})
    check_grad("reshape2", {"X": x}, attrs={"shape": [4, 6]})
    check_output("transpose2", {"X": x}, {"Out": x.transpose(2, 0, 1)}, attrs={"axis": [2, 0, 1]})
    check_grad("transpose2", {"X": x}, attrs={"axis": [1, 2, 0]})


def test_sum_and_sgd():
    a, b, c = rand(2, 3), rand(2, 3), rand(2, 3)
    check_output("sum", {"X": [("a", a), ("b", b), ("c", c)]}, {"Out": a + b + c})
    p, g, lr = rand(5), rand(5), np.array([0.1])
    check_output("sgd", {"Param": p, "LearningRate": lr, "Grad": g}, {"ParamOut": p - 0.1 * g})
