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
    # A float64 scale reaches the kernel exactly (a double parameter, not the float attribute).
    check_output("scale", {"X": X, "ScaleTensor": one(0.1, np.float64)}, {"Out": 0.1 * X},
                 rtol=1e-15, atol=0)
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



# Ops whose kernels or InferMeta read such tensors themselves before (pow, clip, top_k,
# one_hot_v2, pad3d, adam, adamw, update_loss_scaling, dropout) go through the same mechanism:
# for each, the tensor's value wins over the attribute, grads read the same tensor, a program
# run twice with two values honours both, and a bad tensor gets the typed error.

def _rerun(op_type, inputs, attrs, slot, runs, rtol=1e-12):
    """One program and executor; `slot` fed each (value, {out slot: expected}) of runs in turn."""
    outputs = {s: None for s in runs[0][1]}
    program, feeds, names, _ = build_program(op_type, inputs, attrs, outputs)
    exe, scope = core.Executor(core.CPUPlace()), core.Scope()
    for value, want in runs:
        feeds[slot.lower()] = value
        fetch = [names[s][0] for s in want]
        for (s, w), got in zip(want.items(), exe.run(program, scope, feeds, fetch)):
            np.testing.assert_allclose(np.array(got), w, rtol=rtol, err_msg=f"{op_type} {s}")


def _typed_error(op_type, inputs, attrs, message, outputs=("Out",)):
    with pytest.raises(ValueError, match=message):
        run_op(op_type, inputs, attrs, {s: None for s in outputs})


POS = RNG.uniform(0.5, 2.0, (3, 4))


def test_pow_factor_from_tensor():
    check_output("pow", {"X": POS, "FactorTensor": one(3.0, np.float32)}, {"Out": POS ** 3},
                 {"factor": 2.0})
    check_output("pow", {"X": POS, "FactorTensor": one(-2, np.int32)}, {"Out": POS ** -2.0},
                 {"factor": 2.0})
    check_grad("pow", {"X": POS, "FactorTensor": one(2.5, np.float64)}, {"factor": 1.0},
               wrt=("X",))
    # pow_grad's grad (pow_double_grad) reads the same tensor.
    dout, ddx = RNG.standard_normal((3, 4)), RNG.standard_normal((3, 4))
    check_grad("pow_grad", {"X": POS, "FactorTensor": one(2.5, np.float64), "Out@GRAD": dout},
               {"factor": 1.0}, outputs=("X@GRAD",), wrt=("X", "Out@GRAD"))
    check_output("pow_double_grad", {"X": POS, "FactorTensor": one(3.5, np.float64), "DOut": dout,
                                   "DDX": ddx},
                 {"DDOut": ddx * 3.5 * POS ** 2.5, "DX": dout * ddx * 3.5 * 2.5 * POS ** 1.5},
                 {"factor": 1.0})
    _rerun("pow", {"X": POS, "FactorTensor": one(2.0, np.float32)}, {"factor": 1.0}, "FactorTensor",
           [(one(f, np.float32), {"Out": POS ** f}) for f in (2.0, 0.5)])
    # A float64 factor reaches the kernel exactly (not through the float32 attribute).
    check_output("pow", {"X": POS, "FactorTensor": one(0.1, np.float64)}, {"Out": POS ** 0.1},
                 {"factor": 2.0}, rtol=1e-15, atol=0)
    _typed_error("pow", {"X": POS, "FactorTensor": np.array([2.0, 3.0])}, {},
                 "FactorTensor of op 'pow' to hold one value")
    _typed_error("pow", {"X": POS, "FactorTensor": one(2.0, np.float16)}, {},
                 "FactorTensor of op 'pow' to be a number type, but got float16")


def test_clip_bounds_from_tensors():
    x = np.linspace(-1.1, 1.1, 12).reshape(3, 4)  # away from the bounds' kinks
    check_output("clip", {"X": x, "Min": one(-0.25, np.float64), "Max": one(0.75, np.float32)},
                 {"Out": np.clip(x, -0.25, 0.75)}, {"min": -9.0, "max": 9.0})
    check_output("clip", {"X": x, "Max": one(0, np.int64)}, {"Out": np.clip(x, -0.5, 0)},
                 {"min": -0.5, "max": 9.0})
    # clip_grad reads the same Min and Max.
    check_grad("clip", {"X": x, "Min": one(-0.25, np.float64), "Max": one(0.75, np.float64)},
               {"min": -9.0, "max": 9.0}, wrt=("X",))
    _rerun("clip", {"X": x, "Min": one(-0.25, np.float32)}, {"min": 0.0, "max": 9.0}, "Min",
           [(one(m, np.float32), {"Out": np.clip(x, m, 9)}) for m in (-0.25, 0.5)])
    _typed_error("clip", {"X": x, "Min": one(1.0, np.float64), "Max": one(-1.0, np.float64)},
                 {"min": -9.0, "max": 9.0}, "min <= max")
    _typed_error("clip", {"X": x, "Max": np.ones((1, 2))}, {"min": -9.0, "max": 9.0},
                 "Max of op 'clip' to hold one value")


def _top_k(x, k, axis):
    order = np.argsort(-x, axis=axis, kind="stable")
    indices = np.take(order, np.arange(k), axis=axis)
    return np.take_along_axis(x, indices, axis=axis), indices


def test_top_k_k_from_tensor():
    x = RNG.permutation(24).reshape(2, 3, 4).astype(np.float64)  # distinct values
    values, indices = _top_k(x, 3, -1)
    check_output("top_k_v2", {"X": x, "K": i32(3)}, {"Out": values, "Indices": indices},
                 {"k": 1})
    values, indices = _top_k(x, 2, 1)
    check_output("top_k_v2", {"X": x, "K": i64(2)}, {"Out": values, "Indices": indices},
                 {"k": 1, "axis": 1})
    values, indices = _top_k(x, 4, -1)
    check_output("top_k", {"X": x, "K": i32(4)}, {"Out": values, "Indices": indices}, {"k": 1})
    # A new k reshapes Out and Indices on the next run.
    _rerun("top_k_v2", {"X": x, "K": i32(1)}, {"k": 1, "axis": 1}, "K",
           [(i32(k), {"Out": _top_k(x, k, 1)[0], "Indices": _top_k(x, k, 1)[1]})
            for k in (1, 3, 2)])
    # Build time: the extent k decides is unknown, the rest as usual.
    assert _build_shape("top_k_v2", {"X": x, "K": i32(2)}, {"k": 1, "axis": 1}) == [2, -1, 4]
    assert _build_shape("top_k_v2", {"X": x, "K": i32(2)}, {"k": 1}, out="Indices") == [2, 3, -1]
    assert _build_shape("top_k", {"X": x, "K": i32(2)}, {"k": 1}) == [2, 3, -1]
    assert _build_shape("top_k_v2", {"X": x}, {"k": 2, "axis": 1}) == [2, 2, 4]
    _typed_error("top_k_v2", {"X": x, "K": i32(5)}, {"k": 1}, r"top_k's k in \[1, 4\]",
                 ("Out", "Indices"))
    _typed_error("top_k_v2", {"X": x, "K": i32(1, 2)}, {"k": 1},
                 "K of op 'top_k_v2' to hold one value", ("Out", "Indices"))
    # An integer attribute takes an integer tensor only (2.7 is not silently 2).
    for bad in (one(2.7, np.float32), one(2, np.float16), one(True, np.bool_)):
        _typed_error("top_k", {"X": x, "K": bad}, {"k": 1},
                     "K of op 'top_k' to be int32 or int64", ("Out", "Indices"))


def test_one_hot_depth_from_tensor():
    ids = np.array([[0, 3], [2, 1]], np.int64)
    # depth 2 would refuse id 3: the tensor's 5 is the depth in force.
    check_output("one_hot_v2", {"X": ids, "depth_tensor": i32(5)},
                 {"Out": np.eye(5, dtype=np.float32)[ids]}, {"depth": 2, "dtype": 5})
    _rerun("one_hot_v2", {"X": ids, "depth_tensor": i32(4)}, {"depth": 2, "dtype": 6},
           "depth_tensor", [(i32(d), {"Out": np.eye(d)[ids]}) for d in (4, 6)])
    assert _build_shape("one_hot_v2", {"X": ids, "depth_tensor": i32(4)},
                        {"dtype": 5}) == [2, 2, -1]
    _typed_error("one_hot_v2", {"X": ids, "depth_tensor": i32(0)}, {"depth": 4},
                 "depth >= 1, but got 0")
    _typed_error("one_hot_v2", {"X": ids, "depth_tensor": i64(2**31)}, {"depth": 4},
                 r"depth_tensor of op 'one_hot_v2' to fit attribute depth \(int32\)")


def _np_pad3d(x, pads, mode, value=0.0):
    widths = [(0, 0), (0, 0), (pads[4], pads[5]), (pads[2], pads[3]), (pads[0], pads[1])]
    if mode == "constant":
        return np.pad(x, widths, mode="constant", constant_values=value)
    return np.pad(x, widths, mode={"replicate": "edge", "circular": "wrap"}.get(mode, mode))


def test_pad3d_paddings_from_tensor():
    x = RNG.standard_normal((1, 2, 2, 3, 4))
    pads = [1, 0, 2, 1, 0, 1]  # (W, H, D) pairs
    check_output("pad3d", {"X": x, "Paddings": i32(*pads)}, {"Out": _np_pad3d(x, pads, "reflect")},
                 {"paddings": [0] * 6, "mode": "reflect"})
    channels_last = np.moveaxis(x, 1, -1)
    check_output("pad3d", {"X": channels_last, "Paddings": i64(*pads)},
                 {"Out": np.moveaxis(_np_pad3d(x, pads, "constant", 0.5), 1, -1)},
                 {"mode": "constant", "value": 0.5, "data_format": "NDHWC"})
    # pad3d_grad reads the same Paddings.
    check_grad("pad3d", {"X": x, "Paddings": i32(*pads)}, {"mode": "replicate"}, wrt=("X",))
    _rerun("pad3d", {"X": x, "Paddings": i32(*pads)}, {"mode": "circular"}, "Paddings",
           [(i32(*p), {"Out": _np_pad3d(x, p, "circular")})
            for p in (pads, [0, 0, 0, 0, 0, 0], [2, 2, 1, 0, 1, 1])])
    assert _build_shape("pad3d", {"X": x, "Paddings": i32(*pads)}, {}) == [1, 2, -1, -1, -1]
    assert _build_shape("pad3d", {"X": channels_last, "Paddings": i32(*pads)},
                        {"data_format": "NDHWC"}) == [1, -1, -1, -1, 2]
    # pad3d_grad at build time: Out@GRAD is checked against the padded extents left unknown
    # (the attribute's paddings, [0] * 6 here, would refuse it) and X@GRAD takes X's meta.
    program, _, names, op = build_program("pad3d", {"X": x, "Paddings": i32(*pads)}, {},
                                          {"Out": None})
    block = program.block(0)
    block.var(names["Out"][0] + "@GRAD").set_shape([1, 2, 3, 6, 5])
    block.var(names["Out"][0] + "@GRAD").set_dtype(core.VarType.FP64)
    block.var("x@GRAD")
    (grad,) = core.get_grad_op_descs(op, ["paddings"])
    assert grad.type() == "pad3d_grad" and grad.input("Paddings") == ["paddings"]
    new = block.append_op()
    new.copy_from(grad)
    new.infer_shape(block)
    assert block.find_var("x@GRAD").shape() == [1, 2, 2, 3, 4]
    _typed_error("pad3d", {"X": x, "Paddings": np.array(pads, np.float32)}, {},
                 "Paddings of op 'pad3d' to be int32 or int64, but got float32")
    _typed_error("pad3d", {"X": x, "Paddings": i32(1, 1, 1, 1)}, {},
                 r"paddings to have 6 entries, but got \[1, 1, 1, 1\]")
    _typed_error("pad3d", {"X": x, "Paddings": i32(0, 0, 0, 0, 2, 0)}, {"mode": "reflect"},
                 "reflect paddings to be less than the padded extent 2")


def _adam_state():
    return {"Param": RNG.standard_normal(5), "Grad": RNG.standard_normal(5),
            "LearningRate": np.array([0.1]), "Moment1": RNG.standard_normal(5),
            "Moment2": RNG.uniform(0.1, 1.0, 5), "Beta1Pow": np.array([0.25]),
            "Beta2Pow": np.array([0.765625])}


def _adam_step(s, beta1, beta2, epsilon):
    first = beta1 * s["Moment1"] + (1 - beta1) * s["Grad"]
    second = beta2 * s["Moment2"] + (1 - beta2) * s["Grad"] ** 2
    b1p, b2p = s["Beta1Pow"][0], s["Beta2Pow"][0]
    lr_t = s["LearningRate"][0] * np.sqrt(1 - b2p) / (1 - b1p)
    param = s["Param"] - lr_t * first / (np.sqrt(second) + epsilon * np.sqrt(1 - b2p))
    return {"ParamOut": param, "Moment1Out": first, "Moment2Out": second,
            "Beta1PowOut": np.array([b1p * beta1]), "Beta2PowOut": np.array([b2p * beta2])}


@pytest.mark.parametrize("op", ["adam", "adamw"])
def test_adam_beta_and_epsilon_from_tensors(op):
    state = _adam_state()
    # float32 tensors holding values float32 keeps exactly (the attributes are float32).
    tensors = {"Beta1Tensor": one(0.5, np.float32), "Beta2Tensor": one(0.875, np.float64),
               "EpsilonTensor": one(2.0**-10, np.float32)}
    check_output(op, {**state, **tensors}, _adam_step(state, 0.5, 0.875, 2.0**-10),
                 {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8}, rtol=1e-12, atol=0)
    # Only one of them given: the others stay the attributes'.
    check_output(op, {**state, "Beta2Tensor": one(0.875, np.float64)},
                 _adam_step(state, float(np.float32(0.9)), 0.875, float(np.float32(1e-8))),
                 {"beta1": 0.9, "epsilon": 1e-8}, rtol=1e-12, atol=0)
    _rerun(op, {**state, **tensors}, {}, "Beta1Tensor",
           [(one(b, np.float32), {k: v for k, v in _adam_step(state, b, 0.875, 2.0**-10).items()
                                  if k in ("ParamOut", "Beta1PowOut")}) for b in (0.5, 0.25)])
    outs = ("ParamOut", "Moment1Out", "Moment2Out")
    _typed_error(op, {**state, "EpsilonTensor": np.array([1e-3, 1e-4])}, {},
                 f"EpsilonTensor of op '{op}' to hold one value", outs)
    _typed_error(op, {**state, "Beta1Tensor": one(0.5, np.float16)}, {},
                 f"Beta1Tensor of op '{op}' to be a number type", outs)


def test_update_loss_scaling_stop_update_from_tensor():
    x = RNG.standard_normal(3)
    ins = {"X": [("a", x)], "FoundInfinite": np.array([False]),
           "PrevLossScaling": np.array([8.0], np.float32), "InGoodSteps": np.array([1], np.int32),
           "InBadSteps": np.array([0], np.int32)}
    attrs = {"incr_every_n_steps": 2, "decr_every_n_nan_or_inf": 2, "incr_ratio": 2.0,
             "decr_ratio": 0.5}
    grown = {"LossScaling": np.array([16.0], np.float32), "OutGoodSteps": np.array([0], np.int32)}
    kept = {"LossScaling": np.array([8.0], np.float32), "OutGoodSteps": np.array([1], np.int32)}
    # The tensor's value wins over the attribute either way (PaddlePaddle's stop_update scalar).
    check_output("update_loss_scaling", {**ins, "StopUpdate": np.array([False])}, grown,
                 {**attrs, "stop_update": True})
    check_output("update_loss_scaling", {**ins, "StopUpdate": np.array([True])}, kept,
                 {**attrs, "stop_update": False})
    _rerun("update_loss_scaling", {**ins, "StopUpdate": np.array([True])}, attrs, "StopUpdate",
           [(np.array([True]), kept), (np.array([False]), grown), (np.array([True]), kept)])
    _typed_error("update_loss_scaling", {**ins, "StopUpdate": np.array([True, False])}, attrs,
                 "StopUpdate of op 'update_loss_scaling' to hold one value",
                 ("LossScaling", "OutGoodSteps", "OutBadSteps"))


def test_dropout_seed_from_tensor():
    x = RNG.uniform(0.5, 1.5, (40, 25))

    def mask(attrs, seed=None):
        ins = {"X": x} if seed is None else {"X": x, "Seed": seed}
        return run_op("dropout", ins, {"dropout_prob": 0.5, **attrs}, {"Out": None, "Mask": None})

    fixed_11 = mask({"fix_seed": True, "seed": 11})["Mask"]
    fixed_12 = mask({"fix_seed": True, "seed": 12})["Mask"]
    assert (fixed_11 != fixed_12).any()
    # The Seed tensor gives the seed whatever fix_seed and seed say, as in PaddlePaddle.
    for attrs in ({}, {"fix_seed": True, "seed": 11}):
        got = mask(attrs, one(12, np.int32))
        np.testing.assert_array_equal(got["Mask"], fixed_12)
        np.testing.assert_array_equal(got["Out"], x * fixed_12)
    # A Seed of 0 draws from the global generator, as an unfixed seed does: masks differ.
    assert (mask({"fix_seed": True, "seed": 11}, one(0, np.int32))["Mask"] !=
            mask({"fix_seed": True, "seed": 11}, one(0, np.int32))["Mask"]).any()
    _rerun("dropout", {"X": x, "Seed": one(11, np.int32)}, {"dropout_prob": 0.5}, "Seed",
           [(one(s, np.int32), {"Mask": m}) for s, m in ((11, fixed_11), (12, fixed_12),
                                                        (11, fixed_11))], rtol=0)
    _typed_error("dropout", {"X": x, "Seed": one(2**33)}, {},
                 r"Seed of op 'dropout' to fit attribute seed \(int32\)", ("Out", "Mask"))
    _typed_error("dropout", {"X": x, "Seed": i32(1, 2)}, {}, "Seed of op 'dropout' to hold one",
                 ("Out", "Mask"))
