"""NumPy reference and float64 gradient tests of the core ops, through the executor."""

import numpy as np
import pytest

from op_test import address_space_headroom, check_grad, check_output, run_op

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


def test_scale_integers_wrap_around():
    # Integer results wrap around as NumPy's array arithmetic does (PaddlePaddle's do the same
    # on two's-complement hardware); a fuzzed bias of -2**63 once made this undefined behaviour.
    x64 = np.array([0, 1, -1, 5, 2**62], "int64")
    low = np.int64(-2**63)
    check_output("scale", {"X": x64}, {"Out": (x64 + low) * np.int64(2)},
                 attrs={"scale": 2.0, "bias": float(-2**63), "bias_after_scale": False})
    check_output("scale", {"X": x64}, {"Out": x64 * np.int64(4) + low},
                 attrs={"scale": 4.0, "bias": float(-2**63)})
    x32 = np.array([2**30, 3, -2**31, 7], "int32")
    check_output("scale", {"X": x32}, {"Out": x32 * np.int32(4) + np.int32(7)},
                 attrs={"scale": 4.0, "bias": 7.0})


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


def test_matmul_v2_empty_operand_with_a_huge_batch():
    # An empty X bounds none of its extents: a batch of a billion over zero rows is an empty
    # product (its batch indices were once sized before that was noticed: 8 GB), and the
    # gradients of an empty product are zeros.
    with address_space_headroom():
        x, y = np.zeros((10**9, 0, 2), "float32"), rand(2, 3, dtype="float32")
        out = run_op("matmul_v2", {"X": x, "Y": y}, {}, {"Out": np.zeros((10**9, 0, 3), "float32")})
        dout = np.zeros((10**9, 0, 3), "float32")
        grads = run_op("matmul_v2_grad", {"X": x, "Y": y, "Out@GRAD": dout}, {},
                       {"X@GRAD": np.zeros_like(x), "Y@GRAD": np.zeros_like(y)})
    assert out["Out"].shape == (10**9, 0, 3)
    assert grads["X@GRAD"].shape == x.shape
    np.testing.assert_array_equal(grads["Y@GRAD"], np.zeros((2, 3), "float32"))


def test_softmax():
    x = rand(3, 4)
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    check_output("softmax", {"X": x}, {"Out": e / e.sum(axis=-1, keepdims=True)})
    e0 = np.exp(x - x.max(axis=0, keepdims=True))
    check_output("softmax", {"X": x}, {"Out": e0 / e0.sum(axis=0, keepdims=True)}, attrs={"axis": 0})
    check_grad("softmax", {"X": x})


def test_softmax_float32_vector_exp():
    # Float rows run exp 8 lanes at a time (with AVX2); rows of 37 have a 5-entry tail. Against
    # float64 from the same float32 differences x - max: within a few ulp where the result is
    # a normal float; -inf gives exactly 0, a row dominated by one entry exactly 1, NaN stays.
    rng = np.random.default_rng(5)
    x = (rng.standard_normal((64, 37)) * 30).astype("float32")
    x[3, 5] = -np.inf
    x[4, :] = -1e30
    x[4, 0] = 0
    x[5, 7] = np.nan
    got = run_op("softmax", {"X": x}, {"axis": -1}, {"Out": np.zeros_like(x)})["Out"]
    d = (x - x.max(-1, keepdims=True)).astype(np.float64)  # float32 differences (row 5: NaN)
    e = np.exp(d)
    want = e / e.sum(-1, keepdims=True)
    normal = want > 1e-30
    np.testing.assert_allclose(got[normal], want[normal], rtol=1e-6)
    assert got[3, 5] == 0.0 and got[4, 0] == 1.0 and np.all(got[4, 1:] == 0.0)
    assert np.all(np.isnan(got[5]))
    # e^v over the whole normal range, through rows [v, 0]: e^v / (1 + e^v).
    v = np.linspace(-87, 0, 20001).astype("float32")
    pairs = np.stack([v, np.zeros_like(v)], 1)
    got = run_op("softmax", {"X": pairs}, {"axis": -1}, {"Out": np.zeros_like(pairs)})["Out"]
    ev = np.exp(v.astype(np.float64))
    np.testing.assert_allclose(got[:, 0], ev / (1 + ev), rtol=4e-7)


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


def test_range():
    i64 = lambda v: np.array([v], "int64")  # noqa: E731
    f32 = lambda v: np.array([v], "float32")  # noqa: E731
    for start, end, step in ((0, 7, 1), (2, 11, 3), (10, -3, -4), (5, 5, 2)):
        check_output("range", {"Start": i64(start), "End": i64(end), "Step": i64(step)},
                     {"Out": np.arange(start, end, step, dtype="int64")})
    check_output("range", {"Start": f32(0.5), "End": f32(2.0), "Step": f32(0.25)},
                 {"Out": np.arange(0.5, 2.0, 0.25, dtype="float32")})
    with pytest.raises(ValueError, match="Step to be non-zero"):
        run_op("range", {"Start": i64(0), "End": i64(3), "Step": i64(0)}, outputs={"Out": None})
    with pytest.raises(ValueError, match="towards End"):
        run_op("range", {"Start": i64(0), "End": i64(3), "Step": i64(-1)}, outputs={"Out": None})
    with pytest.raises(ValueError, match="Start's dtype"):
        run_op("range", {"Start": i64(0), "End": f32(3), "Step": i64(1)}, outputs={"Out": None})


def test_select_input():
    a, b = rand(2, 3), rand(2, 3)
    for mask, want in ((0, a), (1, b)):
        check_output("select_input", {"X": [("a", a), ("b", b)], "Mask": np.array(mask, "int32")},
                     {"Out": want})
    with pytest.raises(IndexError, match=r"Mask in \[0, 2\), but got 2"):
        run_op("select_input", {"X": [("a", a), ("b", b)], "Mask": np.array(2, "int32")},
               outputs={"Out": None})
    with pytest.raises(ValueError, match="Mask to be int32"):
        run_op("select_input", {"X": [("a", a), ("b", b)], "Mask": np.array(0, "int64")},
               outputs={"Out": None})


def test_print_passes_through_and_prints(capfd):
    x = rand(2, 3)
    # One place: the captured output is one run's (the GPU run, where there is one, is the
    # same CPU kernel between copies).
    check_output("print", {"In": x}, {"Out": x}, attrs={"message": "my tensor", "summarize": 4},
                 places=("cpu",))
    printed = capfd.readouterr().out
    assert "my tensor" in printed and "shape: [2, 3]" in printed
    assert printed.count("data: [") == 1 and " ...]" in printed  # 6 values, 4 shown
    shown = printed.split("data: [")[1].split(" ...]")[0].split()
    np.testing.assert_allclose([float(v) for v in shown], x.ravel()[:4], rtol=1e-5)
    check_grad("print", {"In": x}, attrs={"print_phase": "FORWARD"}, wrt=["In"])
    with pytest.raises(NotImplementedError, match="first_n"):
        run_op("print", {"In": x}, attrs={"first_n": 3}, outputs={"Out": None})
    with pytest.raises(ValueError, match="print_phase"):
        run_op("print", {"In": x}, attrs={"print_phase": "SOMETIMES"}, outputs={"Out": None})
