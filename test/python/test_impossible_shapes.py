"""Impossible shapes are refused with typed errors, never a tensor without storage or a crash:
an element count that overflows 64 bits (InvalidArgument, where the shape is made, i.e. in
InferMeta), a byte size that overflows or that no allocator can serve (ResourceExhausted),
and negative extents other than -1; in every family of ops that computes a shape, in static
and eager mode, and the runtime stays usable afterwards."""
import numpy as np
import pytest

import paddle
from op_test import run_op

HUGE = [2 ** 40, 2 ** 40]       # 2^80 elements: the count overflows
BYTES = [2 ** 31, 2 ** 31]      # 2^62 elements fit, 2^64 float32 bytes do not
UNSERVABLE = [2 ** 30, 2 ** 28]  # 2^58 elements * 4 bytes: fits in 64 bits, no machine has it


@pytest.mark.parametrize("op_type, attrs", [
    ("fill_constant", {"dtype": 5, "value": 1.0}),
    ("uniform_random", {"dtype": 5, "min": -1.0, "max": 1.0, "seed": 1}),
    ("gaussian_random", {"dtype": 5, "mean": 0.0, "std": 1.0, "seed": 1}),
])
def test_creation_ops_refuse_impossible_shapes(op_type, attrs):
    with pytest.raises(ValueError, match="fits in 64 bits"):
        run_op(op_type, {}, dict(attrs, shape=HUGE), outputs={"Out": None})
    with pytest.raises(MemoryError, match="byte size fits in 64 bits"):
        run_op(op_type, {}, dict(attrs, shape=BYTES), outputs={"Out": None})
    with pytest.raises(MemoryError, match="at most 2\\^56 bytes"):
        run_op(op_type, {}, dict(attrs, shape=UNSERVABLE), outputs={"Out": None})
    with pytest.raises(ValueError, match="got -3 at axis 0"):
        run_op(op_type, {}, dict(attrs, shape=[-3, 2]), outputs={"Out": None})
    out = run_op(op_type, {}, dict(attrs, shape=[2, 3]), outputs={"Out": None})["Out"]
    assert out.shape == (2, 3)  # still usable


def test_reshape_refuses_an_overflowing_target():
    x = np.ones((2, 3), "float32")
    with pytest.raises(ValueError, match="expected"):
        run_op("reshape2", {"X": x}, {"shape": HUGE}, outputs={"Out": None, "XShape": None})
    out = run_op("reshape2", {"X": x}, {"shape": [3, 2]}, outputs={"Out": None, "XShape": None})
    assert out["Out"].shape == (3, 2)


def test_static_program_refuses_at_the_users_line():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            with pytest.raises(ValueError, match="fits in 64 bits"):
                paddle.full(HUGE, 1.0)
            y = paddle.full([2], 3.0)
        (got,) = paddle.static.Executor().run(main, fetch_list=[y])
        np.testing.assert_array_equal(got, [3.0, 3.0])
    finally:
        paddle.disable_static()


def test_eager_mode_refuses_and_stays_usable():
    with pytest.raises(ValueError, match="fits in 64 bits"):
        paddle.full(HUGE, 1.0)
    with pytest.raises(MemoryError):
        paddle.full(BYTES, 1.0)
    with pytest.raises(MemoryError):
        paddle.full(UNSERVABLE, 1.0)
    x = paddle.to_tensor([1.0, 2.0])
    with pytest.raises(ValueError):
        paddle.reshape(x, HUGE)
    np.testing.assert_array_equal(paddle.full([2], 4.0).numpy(), [4.0, 4.0])
