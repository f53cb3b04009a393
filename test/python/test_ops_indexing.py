"""NumPy reference, float64 gradient and error tests of expand_v2, expand_as_v2, tile, where,
shape and the binary logical ops (logical_and, logical_or, logical_xor)."""
import numpy as np
import pytest

from op_test import check_grad, check_output, run_op

rng = np.random.default_rng(17)


def rand(*shape):
    return rng.uniform(-1, 1, shape)


def test_expand_v2():
    x = rand(3, 1)
    check_output("expand_v2", {"X": x}, {"Out": np.broadcast_to(x, (2, 3, 4))},
                 attrs={"shape": [2, 3, 4]})
    check_output("expand_v2", {"X": x}, {"Out": np.broadcast_to(x, (3, 5))}, attrs={"shape": [-1, 5]})
    check_grad("expand_v2", {"X": x}, attrs={"shape": [2, 3, 4]})
    ints = np.arange(3, dtype="int64").reshape(3, 1)
    check_output("expand_v2", {"X": ints}, {"Out": np.broadcast_to(ints, (3, 2))}, attrs={"shape": [3, 2]})
    with pytest.raises(ValueError, match="to be 1 or 4"):
        run_op("expand_v2", {"X": rand(3, 2)}, {"shape": [3, 4]}, outputs={"Out": None})
    with pytest.raises(ValueError, match="at least X's rank"):
        run_op("expand_v2", {"X": rand(3, 2)}, {"shape": [6]}, outputs={"Out": None})
    # A shape tensor replaces the attribute (test_op_tensor_attrs.py), the same checks apply.
    check_output("expand_v2", {"X": x, "Shape": np.array([2, 3, 4], "int32")},
                 {"Out": np.broadcast_to(x, (2, 3, 4))}, attrs={"shape": [3, 4]})
    with pytest.raises(ValueError, match="to be 1 or 4"):
        run_op("expand_v2", {"X": rand(3, 2), "Shape": np.array([3, 4], "int32")},
               outputs={"Out": None})


def test_expand_as_v2():
    x, y = rand(1, 4), rand(3, 4)
    check_output("expand_as_v2", {"X": x, "Y": y}, {"Out": np.broadcast_to(x, (3, 4))})
    check_output("expand_as_v2", {"X": x}, {"Out": np.broadcast_to(x, (2, 5, 4))},
                 attrs={"target_shape": [2, 5, 4]})
    check_grad("expand_as_v2", {"X": x}, attrs={"target_shape": [2, 5, 4]})
    with pytest.raises(ValueError, match="Y or target_shape"):
        run_op("expand_as_v2", {"X": x}, outputs={"Out": None})


def test_tile():
    x = rand(2, 3)
    for reps in ([2, 3], [2], [3, 1, 2], [1, 1]):
        check_output("tile", {"X": x}, {"Out": np.tile(x, reps)}, attrs={"repeat_times": reps})
    check_grad("tile", {"X": x}, attrs={"repeat_times": [3, 1, 2]})
    check_output("tile", {"X": x}, {"Out": np.tile(x, [0, 2])}, attrs={"repeat_times": [0, 2]})
    with pytest.raises(ValueError, match="repeat_times >= 0"):
        run_op("tile", {"X": x}, {"repeat_times": [-1, 2]}, outputs={"Out": None})


def test_where():
    c = rng.uniform(size=(3, 4)) > 0.5
    x, y = rand(3, 4), rand(3, 4)
    check_output("where", {"Condition": c, "X": x, "Y": y}, {"Out": np.where(c, x, y)})
    check_grad("where", {"Condition": c, "X": x, "Y": y}, wrt=["X", "Y"])
    with pytest.raises(ValueError, match="Condition to be bool"):
        run_op("where", {"Condition": c.astype("int32"), "X": x, "Y": y}, outputs={"Out": None})
    with pytest.raises(ValueError, match="one shape"):
        run_op("where", {"Condition": c, "X": x, "Y": rand(4, 3)}, outputs={"Out": None})


def test_shape():
    for arr in (rand(2, 3, 4), np.zeros((0, 5), "int64"), np.array(3.0)):
        check_output("shape", {"Input": arr}, {"Out": np.array(arr.shape, "int32")})


@pytest.mark.parametrize("op_type, fn", [("logical_and", np.logical_and),
                                         ("logical_or", np.logical_or),
                                         ("logical_xor", np.logical_xor)])
def test_logical_binary(op_type, fn):
    a = rng.uniform(size=(3, 4)) > 0.5
    b = rng.uniform(size=(4,)) > 0.5  # broadcast
    check_output(op_type, {"X": a, "Y": b}, {"Out": fn(a, b)})
    xi = np.array([0, 2, -1, 0], "int64")
    yi = np.array([0, 0, 3, 5], "int64")
    check_output(op_type, {"X": xi, "Y": yi}, {"Out": fn(xi, yi)})
    with pytest.raises(ValueError, match="expected"):
        run_op(op_type, {"X": a, "Y": rng.uniform(size=(5,)) > 0.5}, outputs={"Out": None})
