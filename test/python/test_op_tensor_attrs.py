"""Attributes given by tensor inputs (the op records' tensor_attrs: ShapeTensor, AxisTensor,
StartsTensor, ...), op by op: the tensors' values replace the attribute at run time, a new value
on the next run is honoured, build-time shape inference leaves the extents they decide unknown,
grads read the same tensors, and bad tensors get typed errors."""
import numpy as np
import pytest

from op_test import build_program, check_grad, check_output, run_op
from paddle.base import core

RNG = np.random.default_rng(7)


def i32(*v):
    return np.array(v, dtype=np.int32)


def i64(*v):
    return np.array(v, dtype=np.int64)


def one(v, dtype=np.int64):
    return np.array([v], dtype=dtype)


X = RNG.standard_normal((2, 3, 4))


def test_fill_constant_shape_and_value_from_tensors():
    want = np.full((2, 3), 2.5, np.float32)
    check_output("fill_constant", {"ShapeTensor": i64(2, 3), "ValueTensor": one(2.5, np.float32)},
                 {"Out": want}, {"dtype": 5, "value": 1.0})
    # ShapeTensorList: one tensor an extent (int32 and int64 mixed); the attribute's -1 is
    # where PaddlePaddle's front end marks an extent a tensor gives.
    check_output("fill_constant", {"ShapeTensorList": [("a", one(4, np.int32)), ("b", one(1))]},
                 {"Out": np.full((4, 1), 1.0, np.float32)}, {"dtype": 5, "value": 1.0,
                                                             "shape": [-1, 1]})
    # ValueTensor's value is exact (it reaches the kernel as str_value, not the float value).
    big = 2**40 + 1
    check_output("fill_constant", {"ShapeTensor": i64(2), "ValueTensor": one(big)},
                 {"Out": np.full(2, big, np.int64)}, {"dtype": 3})
    check_output("fill_constant", {"ShapeTensor": i64(1), "ValueTensor": one(0.1, np.float64)},
                 {"Out": np.array([0.1])}, {"dtype": 6}, rtol=0, atol=0)
    check_output("fill_constant", {"ValueTensor": one(True, np.bool_)},
                 {"Out": np.ones((2, 2), bool)}, {"dtype": 0, "shape": [2, 2]})
    # ShapeTensor wins over ShapeTensorList, as in PaddlePaddle.
    check_output("fill_constant", {"ShapeTensor": i32(3), "ShapeTensorList": [("a", one(7))]},
                 {"Out": np.zeros(3, np.float32)}, {"dtype": 5, "value": 0.0})


@pytest.mark.parametrize("op,attrs", [
    ("uniform_random", {"min": -1.0, "max": 1.0, "seed": 3, "dtype": 5}),
    ("gaussian_random", {"mean": 0.0, "std": 1.0, "seed": 3, "dtype": 5}),
    ("randint", {"low": 0, "high": 5, "seed": 3, "dtype": 3}),
])
def test_random_ops_take_their_shape_from_tensors(op, attrs):
    out = run_op(op, {"ShapeTensor": i64(3, 5)}, attrs, {"Out": None})["Out"]
    assert out.shape == (3, 5)
    out = run_op(op, {"ShapeTensorList": [("a", one(2)), ("b", one(6, np.int32))]}, attrs,
                 {"Out": None})["Out"]
    assert out.shape == (2, 6)
    if op == "randint":
        assert out.min() >= 0 and out.max() < 5


def test_reshape2_shape_from_tensor_or_list():
    check_output("reshape2", {"X": X, "Shape": i32(4, 6)}, {"Out": X.reshape(4, 6)})
    check_output("reshape2", {"X": X, "ShapeTensor": [("a", one(-1)), ("b", one(3, np.int32))]},
                 {"Out": X.reshape(-1, 3)}, {"shape": [-1, 3]})
    check_grad("reshape2", {"X": X, "Shape": i32(6, 4)}, outputs=("Out",), wrt=("X",))


def test_slice_bounds_from_tensors_forward_and_grad():
    check_output("slice", {"Input": X, "StartsTensor": i64(1, 0), "EndsTensor": i64(2, 3)},
                 {"Out": X[1:2, :, 0:3]}, {"axes": [0, 2], "starts": [0, 0], "ends": [1, 1]})
    check_output("slice", {"Input": X, "StartsTensorList": [("s", one(-3))],
                           "EndsTensorList": [("e", one(-1, np.int32))]},
                 {"Out": X[:, :, -3:-1]}, {"axes": [2], "starts": [-1], "ends": [-1]})
    check_grad("slice", {"Input": X, "StartsTensor": i64(1), "EndsTensor": i64(3)},
               {"axes": [1], "starts": [0], "ends": [1]}, wrt=("Input",))


def test_strided_slice_bounds_from_tensors():
    check_output("strided_slice", {"Input": X, "StartsTensor": i32(3), "EndsTensor": i32(0),
                                   "StridesTensor": i32(-2)},
                 {"Out": X[:, :, 3:0:-2]}, {"axes": [2], "starts": [0], "ends": [4],
                                            "strides": [1]})
    check_grad("strided_slice", {"Input": X, "StartsTensorList": [("s", one(0, np.int32))],
                                 "EndsTensorList": [("e", one(3, np.int32))],
                                 "StridesTensorList": [("t", one(2, np.int32))]},
               {"axes": [1], "starts": [1], "ends": [1], "strides": [1]}, wrt=("Input",))


def test_concat_and_split_axis_from_tensors():
    y = RNG.standard_normal((2, 3, 2))
    check_output("concat", {"X": [("a", X), ("b", y)], "AxisTensor": i32(-1)},
                 {"Out": np.concatenate([X, y], axis=-1)}, {"axis": 0})
    check_grad("concat", {"X": [("a", X), ("b", y)], "AxisTensor": i64(2)}, {"axis": 0},
               wrt=("X",))
    parts = np.split(X, [1], axis=2)
    check_output("split", {"X": X, "AxisTensor": i32(2),
                           "SectionsTensorList": [("a", one(1, np.int32)),
                                                  ("b", one(3, np.int32))]},
                 {"Out": parts}, {"axis": 0, "num": 0, "sections": [-1, -1]})
    # split's grad is a concat along the same axis: it reads the same AxisTensor.
    program, _, _, op = build_program("split", {"X": X, "AxisTensor": i32(1)}, {"num": 3},
                                      {"Out": [None] * 3})
    (grad,) = core.get_grad_op_descs(op, ["axistensor"])
    assert grad.type() == "concat" and grad.input("AxisTensor") == ["axistensor"]


def test_unsqueeze_expand_tile_from_tensors():
    check_output("unsqueeze2", {"X": X, "AxesTensor": i32(0, -1)},
                 {"Out": X.reshape(1, 2, 3, 4, 1)})
    check_output("unsqueeze2", {"X": X, "AxesTensorList": [("a", one(1, np.int32))]},
                 {"Out": X.reshape(2, 1, 3, 4)})
    v = RNG.standard_normal((1, 3))
    check_output("expand_v2", {"X": v, "Shape": i32(4, 3)}, {"Out": np.broadcast_to(v, (4, 3))})
    check_output("expand_v2", {"X": v, "expand_shapes_tensor": [("a", one(2, np.int32)),
                                                               ("b", one(5, np.int32)),
                                                               ("c", one(3, np.int32))]},
                 {"Out": np.broadcast_to(v, (2, 5, 3))}, {"shape": [-2, -2, -1]})
    check_grad("expand_v2", {"X": v, "Shape": i32(4, 3)}, wrt=("X",))
    check_output("tile", {"X": v, "RepeatTimes": i32(2, 2)}, {"Out": np.tile(v, (2, 2))})
    check_output("tile", {"X": v, "repeat_times_tensor": [("a", one(3, np.int32))]},
                 {"Out": np.tile(v, 3)})
    check_grad("tile", {"X": v, "RepeatTimes": i32(3, 1)}, wrt=("X",))


def test_scale_from_tensor_forward_and_grad():
    check_output("scale", {"X": X, "ScaleTensor": one(3.0, np.float64)}, {"Out": 3.0 * X + 0.5},
                 {"scale": 1.0, "bias": 0.5})
    check_grad("scale", {"X": X, "ScaleTensor": one(-2.0, np.float32)}, {"scale": 1.0},
               wrt=("X",))


def test_set_value_bounds_from_tensor_lists():
    x = np.zeros((3, 4), np.float32)
    want = x.copy()
    want[1:3, 0:4:2] = 7.0
    check_output("set_value", {"Input": x, "StartsTensorList": [("a", one(1)), ("b", one(0))],
                               "EndsTensorList": [("a", one(3)), ("b", one(4))],
                               "StepsTensorList": [("a", one(1)), ("b", one(2))]},
                 {"Out": want}, {"axes": [0, 1], "starts": [0, 0], "ends": [1, 1],
                                 "steps": [1, 1], "dtype": 5, "fp32_values": [7.0],
                                 "shape": [1]})


def test_new_values_on_the_next_run_are_honoured():
    """One executor and program, the shape tensor fed a different value each run: InferMeta
    reruns on a changed value even though no tensor's meta changed."""
    program, feeds, names, _ = build_program("fill_constant", {"ShapeTensor": i64(2, 3)},
                                             {"dtype": 5, "value": 1.5}, {"Out": None})
    exe, scope = core.Executor(core.CPUPlace()), core.Scope()
    for shape in [(2, 3), (4, 1), (2, 3), (0, 5)]:
        out = np.array(exe.run(program, scope, {"shapetensor": i64(*shape)}, names["Out"])[0])
        np.testing.assert_array_equal(out, np.full(shape, 1.5, np.float32))
    program, feeds, names, _ = build_program(
        "slice", {"Input": X, "StartsTensor": i64(0), "EndsTensor": i64(1)},
        {"axes": [1], "starts": [0], "ends": [1]}, {"Out": None})
    for start, end in [(0, 1), (1, 3), (2, 3)]:
        feeds.update({"startstensor": i64(start), "endstensor": i64(end)})
        out = np.array(exe.run(program, scope, feeds, names["Out"])[0])
        np.testing.assert_array_equal(out, X[:, start:end])


def _build_shape(op_type, inputs, attrs, out="Out"):
    program, _, names, _ = build_program(op_type, inputs, attrs, {out: None})
    return program.block(0).find_var(names[out][0]).shape()


def test_build_time_shapes_leave_tensor_given_extents_unknown():
    # The count of values is known from the tensors (a list's length, a 1-D tensor's extent),
    # not the values: constant entries of the attribute stay, the rest are -1.
    assert _build_shape("fill_constant", {"ShapeTensor": i64(2, 3)}, {"dtype": 5}) == [-1, -1]
    assert _build_shape("fill_constant", {"ShapeTensorList": [("a", one(4)), ("b", one(1))]},
                        {"dtype": 5, "shape": [-1, 7]}) == [-1, 7]
    assert _build_shape("reshape2", {"X": X, "ShapeTensor": [("a", one(4)), ("b", one(6))]},
                        {"shape": [0, -1]}) == [2, -1]
    assert _build_shape("slice", {"Input": X, "StartsTensor": i64(1), "EndsTensor": i64(2)},
                        {"axes": [1], "starts": [0], "ends": [1]}) == [2, -1, 4]
    assert _build_shape("slice", {"Input": X, "StartsTensor": i64(1), "EndsTensor": i64(2)},
                        {"axes": [1], "starts": [0], "ends": [1], "decrease_axis": [1]}) == [2, 4]
    assert _build_shape("concat", {"X": [("a", X)], "AxisTensor": i32(0)}, {}) == [-1, -1, -1]
    assert _build_shape("unsqueeze2", {"X": X, "AxesTensor": i32(0, 1)}, {}) == [-1] * 5
    assert _build_shape("expand_v2", {"X": np.ones((1, 3)), "expand_shapes_tensor":
                                      [("a", one(2)), ("b", one(3))]},
                        {"shape": [-2, -1]}) == [-1, 3]
    assert _build_shape("tile", {"X": X, "RepeatTimes": i32(1, 2)}, {}) == [-1, -1, -1]
    # Without the tensors the attribute rules, as before.
    assert _build_shape("fill_constant", {}, {"dtype": 5, "shape": [2, 3]}) == [2, 3]


@pytest.mark.parametrize("inputs,message", [
    ({"X": X, "Shape": np.array([4.0, 6.0], np.float32)}, "to be int32 or int64"),
    ({"X": X, "Shape": np.array([[4, 6]], np.int32)}, "to be 1-D"),
    ({"X": X, "ShapeTensor": [("a", i32(4, 6))]}, "to hold one value"),
    ({"X": X, "Shape": i64(5, 5)}, "reshape"),
    ({"X": X, "Shape": i64(2**40, 1)}, "24 elements"),
])
def test_bad_tensors_get_typed_errors(inputs, message):
    program, feeds, names, _ = build_program("reshape2", {"X": X, "Shape": i32(4, 6)}, {},
                                             {"Out": None})
    exe, scope = core.Executor(core.CPUPlace()), core.Scope()
    with pytest.raises(ValueError, match=message):
        run_op("reshape2", inputs, {}, {"Out": None})
    # The executor and scope stay usable.
    out = np.array(exe.run(program, scope, feeds, names["Out"])[0])
    np.testing.assert_array_equal(out, X.reshape(4, 6))


def test_scalar_tensor_must_hold_one_value():
    with pytest.raises(ValueError, match="ScaleTensor.*one value"):
        run_op("scale", {"X": X, "ScaleTensor": np.array([1.0, 2.0])}, {}, {"Out": None})
    with pytest.raises(ValueError, match="AxisTensor.*int32"):
        run_op("concat", {"X": [("a", X)], "AxisTensor": i64(2**33)}, {}, {"Out": None})

