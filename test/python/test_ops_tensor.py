"""NumPy reference, float64 gradient and error tests of the tensor-manipulation ops (concat,
split, stack, slice, gather, squeeze2, unsqueeze2, flatten_contiguous_range, clip)."""
import numpy as np
import pytest

from op_test import _declare, build_program, check_grad, check_output, run_op
from paddle.base import core

rng = np.random.default_rng(7)


def rand(*shape, dtype="float64"):
    return rng.uniform(-1, 1, shape).astype(dtype)


def check_grad_multi(op_type, inputs, attrs, outputs, wrt, eps=1e-6, rtol=1e-5, atol=1e-8):
    """check_grad for ops whose duplicable outputs hold several variables (split): `outputs`
    maps an output slot to its variable count."""
    spec = {slot: [None] * count for slot, count in outputs.items()}
    base = run_op(op_type, inputs, attrs, spec)
    program, feeds, out_names, op = build_program(op_type, inputs, attrs, spec)
    weights = {}
    for slot in outputs:
        for name, arr in zip(out_names[slot], base[slot]):
            weights[name] = rng.uniform(-1, 1, arr.shape)

    def loss(ins):
        res = run_op(op_type, ins, attrs, spec)
        return sum(float(np.sum(arr * weights[name]))
                   for slot in outputs for name, arr in zip(out_names[slot], res[slot]))

    block = program.block(0)
    for name, w in weights.items():
        _declare(block, name + "@GRAD", w)
        feeds[name + "@GRAD"] = w
    no_grad = [slot.lower() for slot in inputs if slot not in wrt]
    for g in core.get_grad_op_descs(op, no_grad):
        new = block.append_op()
        new.copy_from(g)
        for name in new.output_arg_names():
            if not block.has_var(name):
                src = block.find_var(name[: -len("@GRAD")])
                v = block.var(name)
                v.set_shape(src.shape())
                v.set_dtype(src.dtype())
    for slot in wrt:
        array = inputs[slot]
        name = slot.lower()
        (analytic,) = core.Executor(core.CPUPlace()).run(program, core.Scope(), feeds,
                                                         [name + "@GRAD"])
        numeric = np.zeros_like(array)
        for i in range(array.size):
            plus, minus = array.copy(), array.copy()
            plus.reshape(-1)[i] += eps
            minus.reshape(-1)[i] -= eps
            numeric.reshape(-1)[i] = (loss({**inputs, slot: plus}) -
                                      loss({**inputs, slot: minus})) / (2 * eps)
        np.testing.assert_allclose(np.array(analytic), numeric, rtol=rtol, atol=atol,
                                   err_msg=f"{op_type}: gradient of {slot}")


# ---- concat ----

def test_concat_output_and_grad():
    a, b, c = rand(2, 3, 4), rand(2, 1, 4), rand(2, 2, 4)
    xs = [("a", a), ("b", b), ("c", c)]
    check_output("concat", {"X": xs}, {"Out": np.concatenate([a, b, c], axis=1)}, attrs={"axis": 1})
    check_output("concat", {"X": xs}, {"Out": np.concatenate([a, b, c], axis=-2)},
                 attrs={"axis": -2})
    check_grad("concat", {"X": xs}, attrs={"axis": 1})
    d = rand(3, 2)
    check_output("concat", {"X": [("p", d), ("q", d * 2)]}, {"Out": np.concatenate([d, d * 2])})
    ints = np.arange(6, dtype="int64").reshape(2, 3)
    check_output("concat", {"X": [("p", ints), ("q", ints)]},
                 {"Out": np.concatenate([ints, ints], axis=1)}, attrs={"axis": 1})


def test_concat_grad_of_one_input_only():
    a, b = rand(2, 3), rand(4, 3)
    program, _, _, op = build_program("concat", {"X": [("a", a), ("b", b)]}, {"axis": 0}, {"Out": None})
    (grad,) = core.get_grad_op_descs(op, ["x_a"])
    assert grad.type() == "concat_grad"
    assert grad.output("X@GRAD") == [core.empty_var_name(), "x_b@GRAD"]


def test_concat_errors():
    with pytest.raises(ValueError, match=r"rank 2 like X\[0\] \[2, 3\].*X\[1\] \[2, 3, 1\]"):
        build_program("concat", {"X": [("a", rand(2, 3)), ("b", rand(2, 3, 1))]}, {"axis": 0},
                      {"Out": None})
    with pytest.raises(ValueError, match=r"outside axis 0.*X\[1\] \[2, 4\]"):
        build_program("concat", {"X": [("a", rand(2, 3)), ("b", rand(2, 4))]}, {"axis": 0},
                      {"Out": None})
    with pytest.raises(ValueError, match=r"concat axis in \[-2, 2\).*got 2"):
        build_program("concat", {"X": [("a", rand(2, 3))]}, {"axis": 2}, {"Out": None})


# ---- split ----

def test_split_output_and_grad():
    x = rand(3, 6, 2)
    check_output("split", {"X": x}, {"Out": np.split(x, 3, axis=1)}, attrs={"axis": 1, "num": 3})
    check_output("split", {"X": x}, {"Out": np.split(x, [1, 4], axis=1)},
                 attrs={"axis": 1, "sections": [1, 3, 2]})
    check_output("split", {"X": x}, {"Out": np.split(x, [2, 5], axis=-2)},
                 attrs={"axis": -2, "sections": [2, -1, 1]})
    check_output("split", {"X": x}, {"Out": [x[0:1], x[1:3]]}, attrs={"sections": [1, 2]})
    check_grad_multi("split", {"X": x}, {"axis": 1, "sections": [1, 3, 2]}, {"Out": 3}, ["X"])
    check_grad_multi("split", {"X": x}, {"axis": 2, "num": 2}, {"Out": 2}, ["X"])


def test_split_grad_is_a_concat():
    x = rand(4, 2)
    program, _, _, op = build_program("split", {"X": x}, {"axis": 0, "num": 2}, {"Out": [None, None]})
    (grad,) = core.get_grad_op_descs(op, [])
    assert grad.type() == "concat"
    assert grad.input("X") == ["out_out_0@GRAD", "out_out_1@GRAD"]
    assert grad.output("Out") == ["x@GRAD"]


def test_split_errors():
    x = rand(3, 6)
    with pytest.raises(ValueError, match=r"sections \[1, 2, 2\] to sum to the extent 6 of X dim 1"):
        build_program("split", {"X": x}, {"axis": 1, "sections": [1, 2, 2]}, {"Out": [None] * 3})
    with pytest.raises(ValueError, match=r"extent 6 of X \[3, 6\]\) to be divisible by num 4"):
        build_program("split", {"X": x}, {"axis": 1, "num": 4}, {"Out": [None] * 4})
    with pytest.raises(ValueError, match=r"expected split to have 3 outputs"):
        build_program("split", {"X": x}, {"axis": 1, "num": 3}, {"Out": [None] * 2})
    with pytest.raises(ValueError, match=r"at most one -1"):
        build_program("split", {"X": x}, {"axis": 1, "sections": [-1, -1]}, {"Out": [None] * 2})
    # A num of over a billion splitting an empty dimension (which any num divides): a typed
    # error before anything is sized by num (the op fuzzer's 11.8 GB allocation).
    with pytest.raises(ValueError, match=r"expected split to have 1473763287 outputs .* got 1"):
        build_program("split", {"X": np.zeros((0, 2), "float32")}, {"axis": 0, "num": 1473763287},
                      {"Out": [None]})


# ---- stack ----

def test_stack_output_and_grad():
    a, b, c = rand(2, 3), rand(2, 3), rand(2, 3)
    xs = [("a", a), ("b", b), ("c", c)]
    for axis in (0, 1, 2, -1):
        check_output("stack", {"X": xs}, {"Y": np.stack([a, b, c], axis=axis)}, attrs={"axis": axis})
    check_grad("stack", {"X": xs}, attrs={"axis": 1}, outputs=["Y"])
    check_grad("stack", {"X": xs}, attrs={"axis": -1}, outputs=["Y"])


def test_stack_errors():
    with pytest.raises(ValueError, match=r"dims of X\[0\] \[2, 3\], but got X\[1\] \[3, 2\]"):
        build_program("stack", {"X": [("a", rand(2, 3)), ("b", rand(3, 2))]}, {}, {"Y": None})
    with pytest.raises(ValueError, match=r"stack axis in \[-3, 3\)"):
        build_program("stack", {"X": [("a", rand(2, 3))]}, {"axis": 3}, {"Y": None})


# ---- slice ----

@pytest.mark.parametrize("axes,starts,ends,ref", [
    ([1], [1], [3], lambda x: x[:, 1:3]),
    ([0, 2], [-2, 0], [100, -1], lambda x: x[-2:, :, :-1]),
    ([2], [-100], [2], lambda x: x[:, :, :2]),
    ([-1], [1], [2147483647], lambda x: x[..., 1:]),
    ([1], [3], [1], lambda x: x[:, 3:1]),  # empty range
    ([0], [5], [9], lambda x: x[5:9]),     # start past the end
])
def test_slice_clamps_like_python(axes, starts, ends, ref):
    x = rand(3, 4, 5)
    attrs = {"axes": axes, "starts": starts, "ends": ends, "infer_flags": [1] * len(axes)}
    check_output("slice", {"Input": x}, {"Out": ref(x)}, attrs=attrs)
    if ref(x).size:
        check_grad("slice", {"Input": x}, attrs=attrs, wrt=["Input"])


def test_slice_decrease_axis_and_types():
    x = rand(3, 4, 5)
    attrs = {"axes": [0, 2], "starts": [1, 2], "ends": [2, 3], "decrease_axis": [0]}
    check_output("slice", {"Input": x}, {"Out": x[1, :, 2:3]}, attrs=attrs)
    check_grad("slice", {"Input": x}, attrs=attrs, wrt=["Input"])
    all_dropped = {"axes": [0, 1, 2], "starts": [2, 3, 4], "ends": [3, 4, 5],
                   "decrease_axis": [0, 1, 2]}
    check_output("slice", {"Input": x}, {"Out": np.array(x[2, 3, 4])}, attrs=all_dropped)
    ints = np.arange(12, dtype="int32").reshape(3, 4)
    check_output("slice", {"Input": ints}, {"Out": ints[:, ::1][:, 1:3]},
                 attrs={"axes": [1], "starts": [1], "ends": [3]})


def test_slice_errors():
    x = rand(3, 4)
    with pytest.raises(ValueError, match=r"slice axes in \[-2, 2\) for Input \[3, 4\], but got "
                                         r"axes \[2\]"):
        build_program("slice", {"Input": x}, {"axes": [2], "starts": [0], "ends": [1]}, {"Out": None})
    with pytest.raises(ValueError, match=r"one entry per axis"):
        build_program("slice", {"Input": x}, {"axes": [0, 1], "starts": [0], "ends": [1, 2]},
                      {"Out": None})
    with pytest.raises(ValueError, match=r"decrease_axis to name dims of extent 1.*dim 1 has extent 2"):
        build_program("slice", {"Input": x},
                      {"axes": [1], "starts": [0], "ends": [2], "decrease_axis": [1]}, {"Out": None})
    with pytest.raises(ValueError, match=r"distinct slice axes"):
        build_program("slice", {"Input": x}, {"axes": [0, -2], "starts": [0, 0], "ends": [1, 1]},
                      {"Out": None})


def test_slice_tensor_bounds_are_read_at_run_time():
    # The attribute's -1 is ignored where StartsTensor gives the start (test_op_tensor_attrs.py).
    x = rand(3, 4)
    check_output("slice", {"Input": x, "StartsTensor": np.array([1], "int64")},
                 {"Out": x[1:3]}, {"axes": [0], "starts": [-1], "ends": [3]})


# ---- gather ----

def test_gather_output_and_grad():
    x = rand(5, 3)
    index = np.array([4, 0, 2, 0], dtype="int64")  # 0 repeats: its gradient accumulates
    check_output("gather", {"X": x, "Index": index}, {"Out": x[index]})
    check_output("gather", {"X": x, "Index": index.astype("int32")}, {"Out": x[index]})
    check_grad("gather", {"X": x, "Index": index})
    y = rand(2, 4, 3)
    idx = np.array([3, 3, 1], dtype="int32")
    check_output("gather", {"X": y, "Index": idx}, {"Out": np.take(y, idx, axis=1)},
                 attrs={"axis": 1})
    check_grad("gather", {"X": y, "Index": idx}, attrs={"axis": 1})
    column = np.array([[1], [0], [1]], dtype="int64")  # [N, 1] index
    check_output("gather", {"X": y, "Index": column}, {"Out": y[column[:, 0]]})
    check_output("gather", {"X": y, "Index": np.array(2, dtype="int64")}, {"Out": y[:, :, 2]},
                 attrs={"axis": -1})
    ints = np.arange(10, dtype="int64").reshape(5, 2)
    check_output("gather", {"X": ints, "Index": index}, {"Out": ints[index]})


def test_gather_errors():
    x = rand(4, 3)
    with pytest.raises(ValueError, match=r"Index values in \[0, 4\).*but got 7 at Index position 1"):
        run_op("gather", {"X": x, "Index": np.array([1, 7], "int64")}, {}, {"Out": None})
    with pytest.raises(ValueError, match=r"Index values in \[0, 4\).*but got -1"):
        run_op("gather", {"X": x, "Index": np.array([-1], "int64")}, {}, {"Out": None})
    with pytest.raises(ValueError, match=r"Index to be int32 or int64"):
        build_program("gather", {"X": x, "Index": np.array([1.0])}, {}, {"Out": None})
    with pytest.raises(ValueError, match=r"Index of rank 0 or 1"):
        build_program("gather", {"X": x, "Index": np.zeros((2, 2), "int64")}, {}, {"Out": None})


# ---- squeeze2 / unsqueeze2 / flatten_contiguous_range ----

def test_squeeze2():
    x = rand(1, 3, 1, 2)
    check_output("squeeze2", {"X": x}, {"Out": x.reshape(3, 2)})
    check_output("squeeze2", {"X": x}, {"Out": x.reshape(3, 1, 2)}, attrs={"axes": [0]})
    check_output("squeeze2", {"X": x}, {"Out": x.reshape(1, 3, 2)}, attrs={"axes": [-2]})
    check_output("squeeze2", {"X": x}, {"Out": x.reshape(3, 1, 2)}, attrs={"axes": [0, 1]})
    xshape = run_op("squeeze2", {"X": x}, {}, {"XShape": None})["XShape"]
    assert xshape.shape == (0, 1, 3, 1, 2)
    check_grad("squeeze2", {"X": x}, attrs={"axes": [2]})
    with pytest.raises(ValueError, match=r"squeeze axes in \[-4, 4\)"):
        build_program("squeeze2", {"X": x}, {"axes": [4]}, {"Out": None})


def test_unsqueeze2():
    x = rand(3, 2)
    check_output("unsqueeze2", {"X": x}, {"Out": x.reshape(1, 3, 2)}, attrs={"axes": [0]})
    check_output("unsqueeze2", {"X": x}, {"Out": x.reshape(3, 2, 1)}, attrs={"axes": [-1]})
    check_output("unsqueeze2", {"X": x}, {"Out": x.reshape(1, 3, 1, 2)}, attrs={"axes": [0, 2]})
    check_output("unsqueeze2", {"X": x}, {"Out": x.reshape(3, 1, 1, 2)}, attrs={"axes": [1, 1]})
    check_output("unsqueeze2", {"X": np.array(5.0)}, {"Out": np.array([5.0])}, attrs={"axes": [0]})
    check_grad("unsqueeze2", {"X": x}, attrs={"axes": [1, -1]})
    with pytest.raises(ValueError, match=r"unsqueeze axes in \[-3, 3\)"):
        build_program("unsqueeze2", {"X": x}, {"axes": [3]}, {"Out": None})


def test_flatten_contiguous_range():
    x = rand(2, 3, 4, 5)
    check_output("flatten_contiguous_range", {"X": x}, {"Out": x.reshape(2, 3, 4, 5)})
    check_output("flatten_contiguous_range", {"X": x}, {"Out": x.reshape(2, 60)},
                 attrs={"start_axis": 1, "stop_axis": -1})
    check_output("flatten_contiguous_range", {"X": x}, {"Out": x.reshape(120)},
                 attrs={"start_axis": 0, "stop_axis": 3})
    check_output("flatten_contiguous_range", {"X": x}, {"Out": x.reshape(6, 4, 5)},
                 attrs={"start_axis": 0, "stop_axis": 1})
    check_output("flatten_contiguous_range", {"X": np.array(3.0)}, {"Out": np.array([3.0])},
                 attrs={"start_axis": 0, "stop_axis": -1})
    check_grad("flatten_contiguous_range", {"X": x[:, :, :2, :2]},
               attrs={"start_axis": 1, "stop_axis": 2})
    with pytest.raises(ValueError, match=r"start_axis <= stop_axis, but got start_axis 2 and "
                                         r"stop_axis 1"):
        build_program("flatten_contiguous_range", {"X": x}, {"start_axis": 2, "stop_axis": 1},
                      {"Out": None})


# ---- clip ----

def test_clip_output_and_grad():
    x = rand(4, 5)
    x[np.abs(np.abs(x) - 0.5) < 0.02] = 0.1  # keep away from the kinks at the bounds
    lo, hi = np.float32(-0.5), np.float32(0.5)
    check_output("clip", {"X": x}, {"Out": np.clip(x, lo, hi)}, attrs={"min": -0.5, "max": 0.5})
    check_output("clip", {"X": x.astype("float32")}, {"Out": np.clip(x.astype("float32"), lo, hi)},
                 attrs={"min": -0.5, "max": 0.5})
    check_grad("clip", {"X": x}, attrs={"min": -0.5, "max": 0.5})
    check_output("clip", {"X": x, "Min": np.array([-0.25]), "Max": np.array([0.75], "float32")},
                 {"Out": np.clip(x, -0.25, 0.75)}, attrs={"min": -9.0, "max": 9.0})
    ints = np.arange(-3, 4, dtype="int32")
    check_output("clip", {"X": ints}, {"Out": np.clip(ints, -1, 2)}, attrs={"min": -1.0, "max": 2.0})


def test_clip_grad_passes_at_the_bounds():
    x = np.array([-1.0, -0.5, 0.0, 0.5, 1.0])
    program, feeds, names, op = build_program("clip", {"X": x}, {"min": -0.5, "max": 0.5},
                                              {"Out": None})
    block = program.block(0)
    dout = np.ones_like(x)
    _declare(block, "out_out@GRAD", dout)
    feeds["out_out@GRAD"] = dout
    (grad,) = core.get_grad_op_descs(op, [])
    new = block.append_op()
    new.copy_from(grad)
    _declare(block, "x@GRAD", x)
    (dx,) = core.Executor(core.CPUPlace()).run(program, core.Scope(), feeds, ["x@GRAD"])
    np.testing.assert_array_equal(np.array(dx), [0, 1, 1, 1, 0])


def test_clip_min_above_max():
    with pytest.raises(ValueError, match=r"min <= max, but got min 2 and max 1"):
        run_op("clip", {"X": rand(3)}, {"min": 2.0, "max": 1.0}, {"Out": None})


# ---- a chain through append_backward ----

def _chain_program(x, index):
    """split (one part unused) -> concat -> gather -> unsqueeze2 -> slice -> stack ->
    flatten -> clip -> square -> reduce_sum: a scalar loss of x."""
    program = core.ProgramDesc()
    block = program.block(0)
    _declare(block, "x", x)
    _declare(block, "idx", index)

    def op(op_type, ins, outs, attrs):
        desc = block.append_op()
        desc.set_type(op_type)
        for slot, names in ins.items():
            desc.set_input(slot, names)
        for slot, names in outs.items():
            for name in names:
                block.var(name)
            desc.set_output(slot, names)
        for key, value in attrs.items():
            desc.set_attr(key, value)
        desc.infer_shape(block)

    op("split", {"X": ["x"]}, {"Out": ["p0", "p1", "p2"]}, {"axis": 1, "num": 3})
    op("concat", {"X": ["p0", "p2"]}, {"Out": ["c"]}, {"axis": 0})
    op("gather", {"X": ["c"], "Index": ["idx"]}, {"Out": ["g"]}, {"axis": 0})
    op("unsqueeze2", {"X": ["g"]}, {"Out": ["u"], "XShape": ["u_shape"]}, {"axes": [0]})
    op("slice", {"Input": ["u"]}, {"Out": ["s"]},
       {"axes": [2], "starts": [1], "ends": [2], "decrease_axis": [2]})
    op("stack", {"X": ["s", "s"]}, {"Y": ["st"]}, {"axis": 0})
    op("flatten_contiguous_range", {"X": ["st"]}, {"Out": ["f"], "XShape": ["f_shape"]},
       {"start_axis": 0, "stop_axis": -1})
    op("clip", {"X": ["f"]}, {"Out": ["cl"]}, {"min": -0.8, "max": 0.8})
    op("square", {"X": ["cl"]}, {"Out": ["sq"]}, {})
    op("reduce_sum", {"X": ["sq"]}, {"Out": ["loss"]}, {"reduce_all": True})
    return program


def test_backward_through_a_manipulation_chain():
    x = rand(4, 6)
    x[np.abs(np.abs(x) - 0.8) < 0.02] = 0.1
    index = np.array([0, 5, 5, 2], "int64")
    exe = core.Executor(core.CPUPlace())

    def loss(values):
        (out,) = exe.run(_chain_program(values, index), core.Scope(),
                         {"x": values, "idx": index}, ["loss"])
        return float(np.array(out))

    program = _chain_program(x, index)
    core.append_backward(program.block(0), ["loss"], [], ["idx"])
    (analytic,) = exe.run(program, core.Scope(), {"x": x, "idx": index}, ["x@GRAD"])
    numeric = np.zeros_like(x)
    for i in range(x.size):
        plus, minus = x.copy(), x.copy()
        plus.reshape(-1)[i] += 1e-6
        minus.reshape(-1)[i] -= 1e-6
        numeric.reshape(-1)[i] = (loss(plus) - loss(minus)) / 2e-6
    np.testing.assert_allclose(np.array(analytic), numeric, rtol=1e-5, atol=1e-8)
    assert np.count_nonzero(numeric) > 0
