"""fused_elementwise (the op build_cinn_pass makes): NumPy references for every instruction,
broadcast patterns (full, scalar, row, column, strided), several outputs, tails of tiles, and
typed errors for bad instruction lists and inputs."""
import numpy as np
import pytest

import paddle
from op_test import build_program, check_output

paddle.enable_static()


def _erf(x):
    from math import erf
    return np.vectorize(erf)(x).astype(x.dtype)


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_fused_elementwise_chain_with_broadcasts(dtype):
    rng = np.random.default_rng(0)
    n, d = 37, 129  # 4773 elements: several tiles and a partial one
    x = rng.uniform(-2, 2, (n, d)).astype(dtype)
    row = rng.uniform(0.5, 1.5, (d,)).astype(dtype)
    col = rng.uniform(0.5, 1.5, (n, 1)).astype(dtype)
    k = np.array(0.5, dtype=dtype)
    prog = ["multiply %0 %1",       # %4 = x * row
            "add %4 %2",            # %5 = + col
            "scale %5 2 0.25 1",    # %6 = 2 * %5 + 0.25
            "tanh %6",              # %7
            "multiply %7 %3",       # %8 = * k (scalar)
            "erf %0",               # %9
            "maximum %8 %9",        # %10
            "sigmoid %10",          # %11
            "out %11 0", "out %5 1"]
    h = x * row + col
    t = np.tanh(np.asarray(2 * h + 0.25, dtype)) * k
    want = _sigmoid(np.maximum(t, _erf(x)))
    check_output("fused_elementwise",
                 {"X": [("x", x), ("row", row), ("col", col), ("k", k)]},
                 {"Out": [want.astype(dtype), h]}, attrs={"instructions": prog},
                 rtol=1e-5 if dtype == "float32" else 1e-12, atol=1e-6)


def test_fused_elementwise_every_opcode():
    rng = np.random.default_rng(1)
    a = rng.uniform(0.5, 2.0, (3, 5, 7))
    b = rng.uniform(-1.0, 1.0, (3, 5, 7))
    ops = {
        "add %0 %1": a + b, "subtract %0 %1": a - b, "multiply %0 %1": a * b,
        "divide %0 %1": a / b, "maximum %0 %1": np.maximum(a, b),
        "minimum %0 %1": np.minimum(a, b), "pow %0 %1": np.power(a, b),
        "scale %1 3 -1 0": 3 * (b - 1), "relu %1": np.maximum(b, 0), "sigmoid %1": _sigmoid(b),
        "tanh %1": np.tanh(b), "exp %1": np.exp(b), "log %0": np.log(a), "sqrt %0": np.sqrt(a),
        "rsqrt %0": 1 / np.sqrt(a), "erf %1": _erf(b), "abs %1": np.abs(b),
        "square %1": b * b,
    }
    for ins, want in ops.items():
        check_output("fused_elementwise", {"X": [("a", a), ("b", b)]}, {"Out": [want]},
                     attrs={"instructions": [ins, "out %2 0"]}, rtol=1e-12, atol=1e-12)


def test_fused_elementwise_strided_broadcast_and_input_out():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((6, 50, 21))  # 6300 elements: tiles start inside rows
    y = rng.standard_normal((6, 1, 21))  # neither a row nor a column of the output
    z = rng.standard_normal((50, 1))
    check_output("fused_elementwise", {"X": [("x", x), ("y", y), ("z", z)]},
                 {"Out": [x * y - z, np.broadcast_to(y, x.shape)]},  # broadcast to Out
                 attrs={"instructions": ["multiply %0 %1", "subtract %3 %2", "out %4 0",
                                         "out %1 1"]})


def test_fused_elementwise_rejects_bad_programs():
    x = np.ones((2, 3), dtype="float32")
    cases = [
        (["frobnicate %0", "out %1 0"], "'frobnicate'"),
        (["add %0", "out %1 0"], "2 register operand"),
        (["tanh %3", "out %1 0"], "defined register"),
        (["tanh %0"], r"sets Out\[0\]"),
        (["tanh %0", "out %1 0", "out %0 0"], "once"),
        (["scale %0 two 0 1", "out %1 0"], "scale to be a number"),
        (["scale %0 2 0 yes", "out %1 0"], "bias_after_scale"),
        (["scale %0 1e300 0 1", "out %1 0"], "fit in float32"),
        (["out %0 3"], "Out index"),
    ]
    for prog, message in cases:
        with pytest.raises(ValueError, match=message):
            build_program("fused_elementwise", {"X": [("x", x)]}, {"instructions": prog},
                          {"Out": [x]})


def test_fused_elementwise_rejects_bad_inputs():
    prog = ["add %0 %1", "out %2 0"]
    with pytest.raises(ValueError, match="share one dtype"):
        build_program("fused_elementwise", {"X": [("a", np.ones((2, 3), "float32")),
                                                  ("b", np.ones((2, 3), "float64"))]},
                      {"instructions": prog}, {"Out": [0]})
    with pytest.raises(ValueError, match="broadcast"):
        build_program("fused_elementwise", {"X": [("a", np.ones((2, 3), "float32")),
                                                  ("b", np.ones((4,), "float32"))]},
                      {"instructions": prog}, {"Out": [0]})
    with pytest.raises(ValueError, match="float32 or float64"):
        build_program("fused_elementwise", {"X": [("a", np.ones((2, 3), "int32")),
                                                  ("b", np.ones((2, 3), "int32"))]},
                      {"instructions": prog}, {"Out": [0]})
