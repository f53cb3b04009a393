"""NumPy reference, float64 gradient and error tests of affine_channel, pad, strided_slice,
set_value, masked_select and unbind; their Python APIs (paddle.strided_slice, F.pad of every
axis, paddle.masked_select, paddle.unbind, Tensor.__setitem__ / strided __getitem__) in eager
mode with gradients and in static mode."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from op_test import build_program, check_grad, check_output, run_op
from paddle.base import core
from test_ops_tensor import check_grad_multi

rng = np.random.default_rng(41)
BIG = 2 ** 31 - 1


def rand(*shape):
    return rng.uniform(-1, 1, shape)


# -- affine_channel ------------------------------------------------------------------------
def np_affine_channel(x, scale, bias, layout):
    shape = [1] * x.ndim
    shape[1 if layout == "NCHW" else -1] = -1
    return x * scale.reshape(shape) + bias.reshape(shape)


def test_affine_channel():
    for shape, layout in (((2, 3, 4, 5), "NCHW"), ((2, 4, 5, 3), "NHWC"), ((4, 3), "NCHW"),
                          ((2, 5, 3), "AnyLayout"), ((2, 3, 4), "NCHW")):
        c = shape[1] if layout == "NCHW" else shape[-1]
        x, scale, bias = rand(*shape), rand(c), rand(c)
        check_output("affine_channel", {"X": x, "Scale": scale, "Bias": bias},
                     {"Out": np_affine_channel(x, scale, bias, layout)},
                     attrs={"data_layout": layout})
        check_grad("affine_channel", {"X": x, "Scale": scale, "Bias": bias},
                   attrs={"data_layout": layout}, wrt=["X", "Scale", "Bias"])
    # PaddlePaddle's default layout, "AnyLayout", reads the channel from the last dim.
    x, s, b = rand(2, 3, 4), rand(4), rand(4)
    check_output("affine_channel", {"X": x, "Scale": s, "Bias": b},
                 {"Out": np_affine_channel(x, s, b, "NHWC")})
    xf = x.astype("float32")
    check_output("affine_channel", {"X": xf, "Scale": s.astype("float32"),
                                    "Bias": b.astype("float32")},
                 {"Out": np_affine_channel(xf, s, b, "NHWC").astype("float32")})
    check_grad("affine_channel", {"X": x, "Scale": s, "Bias": b}, wrt=["Scale"])


def test_affine_channel_errors():
    x = rand(2, 3, 4, 5)
    with pytest.raises(ValueError, match=r"Scale to be 1-D of X's channel extent 3"):
        run_op("affine_channel", {"X": x, "Scale": rand(4), "Bias": rand(3)},
               {"data_layout": "NCHW"}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"Bias to be 1-D of X's channel extent 5"):
        run_op("affine_channel", {"X": x, "Scale": rand(5), "Bias": rand(5, 1)},
               {"data_layout": "NHWC"}, outputs={"Out": None})
    with pytest.raises(ValueError, match="data_layout to be .* but got \"NCL\""):
        run_op("affine_channel", {"X": x, "Scale": rand(3), "Bias": rand(3)},
               {"data_layout": "NCL"}, outputs={"Out": None})
    with pytest.raises(ValueError, match="X to have rank >= 2"):
        run_op("affine_channel", {"X": rand(3), "Scale": rand(3), "Bias": rand(3)},
               outputs={"Out": None})


# -- pad -----------------------------------------------------------------------------------
def np_pad(x, paddings, value=0.0, from_first=True):
    pairs = [(paddings[2 * i], paddings[2 * i + 1]) for i in range(x.ndim)]
    if not from_first:
        pairs = pairs[::-1]
    return np.pad(x, pairs, constant_values=value)


def test_pad():
    x = rand(2, 3, 4)
    for paddings, value in (([0, 1, 2, 0, 1, 1], 0.0), ([1, 1, 0, 0, 0, 3], -2.5),
                            ([0, 0, 0, 0, 0, 0], 1.0)):
        for from_first in (True, False):
            attrs = {"paddings": paddings, "pad_value": value, "pad_from_first_axis": from_first}
            check_output("pad", {"X": x}, {"Out": np_pad(x, paddings, value, from_first)},
                         attrs=attrs)
            check_grad("pad", {"X": x}, attrs=attrs)
    # The documented example, and other dtypes.
    xi = np.array([[1, 2], [3, 4]], "int64")
    check_output("pad", {"X": xi}, {"Out": np.array([[0, 1, 2, 0, 0], [0, 3, 4, 0, 0],
                                                     [0, 0, 0, 0, 0]])},
                 attrs={"paddings": [0, 1, 1, 2]})
    x32 = np.arange(3, dtype="int32")
    check_output("pad", {"X": x32}, {"Out": np.array([7, 0, 1, 2, 7, 7], "int32")},
                 attrs={"paddings": [1, 2], "pad_value": 7.0})
    xf = rand(3, 2).astype("float32")
    check_output("pad", {"X": xf}, {"Out": np_pad(xf, [2, 0, 1, 1], 0.5)},
                 attrs={"paddings": [2, 0, 1, 1], "pad_value": 0.5})


def test_pad_errors():
    x = rand(2, 3)
    with pytest.raises(ValueError, match=r"paddings to hold 2 entries per dim of X \(4 for X"):
        run_op("pad", {"X": x}, {"paddings": [1, 1]}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"paddings to be >= 0, but got paddings \[1, -1, 0, 0\]"):
        run_op("pad", {"X": x}, {"paddings": [1, -1, 0, 0]}, outputs={"Out": None})
    with pytest.raises(ValueError, match="attribute 'paddings', but it is missing"):
        run_op("pad", {"X": x}, {}, outputs={"Out": None})


# -- strided_slice -------------------------------------------------------------------------
def np_strided_slice(x, axes, starts, ends, strides, decrease=()):
    """PaddlePaddle's strided_slice through Python slices: negative bounds count from the
    end and clamp at 0; an end of -1 with a negative stride runs through index 0."""
    index = [slice(None)] * x.ndim
    for axis, start, end, stride in zip(axes, starts, ends, strides):
        n = x.shape[axis]
        if start < 0:
            start = max(start + n, 0)
        through_zero = stride < 0 and end == -1
        if end < 0 and not through_zero:
            end = max(end + n, 0)
        index[axis] = slice(start, None if through_zero else end, stride)
    out = x[tuple(index)]
    return out.squeeze(axis=tuple(decrease)) if decrease else out


STRIDED_CASES = [
    ([0, 2], [1, 0], [4, 6], [2, 3], []),
    ([1], [-1], [-1], [-2], []),               # backwards through index 0
    ([0, 1, 2], [3, 4, 5], [0, 0, -7], [-1, -2, -3], []),  # -7 + 6 clamps at 0 (excluded)
    ([2], [-100], [100], [2], []),             # clamped to the extent
    ([1], [100], [-1], [-1], []),              # start past the end with a negative stride
    ([0, 1], [2, 0], [3, 5], [1, 2], [0]),     # decrease_axis
    ([-1, 0], [1, 0], [5, 4], [3, 3], []),     # a negative axis
    ([2], [4], [1], [-3], []),
    ([1], [2], [2], [1], []),                  # empty
]


def test_strided_slice():
    x = rand(4, 5, 6)
    for axes, starts, ends, strides, decrease in STRIDED_CASES:
        attrs = {"axes": axes, "starts": starts, "ends": ends, "strides": strides,
                 "infer_flags": [1] * len(axes), "decrease_axis": decrease}
        want = np_strided_slice(x, [a % 3 for a in axes], starts, ends, strides, decrease)
        check_output("strided_slice", {"Input": x}, {"Out": want}, attrs=attrs)
        check_grad("strided_slice", {"Input": x}, attrs=attrs, wrt=["Input"])
    # x[-1] as PaddlePaddle writes it: start -1, end 0 on a decreased axis.
    check_output("strided_slice", {"Input": x}, {"Out": x[-1]},
                 attrs={"axes": [0], "starts": [-1], "ends": [0], "strides": [1],
                        "infer_flags": [-1], "decrease_axis": [0]})
    for dtype in ("int32", "int64", "bool", "float32"):
        xi = (rng.integers(0, 2, (5, 4)) if dtype == "bool" else
              rng.integers(-9, 9, (5, 4))).astype(dtype)
        check_output("strided_slice", {"Input": xi}, {"Out": xi[4:0:-2, ::3]},
                     attrs={"axes": [0, 1], "starts": [4, 0], "ends": [0, 4],
                            "strides": [-2, 3]})


def test_strided_slice_errors():
    x = rand(4, 5)
    bad = [({"axes": [1], "starts": [0], "ends": [3], "strides": [0]},
            r"strides to be nonzero, but got strides \[0\] \(0 for axis 1\)"),
           ({"axes": [2], "starts": [0], "ends": [3], "strides": [1]},
            r"axes in \[-2, 2\), but got axes \[2\]"),
           ({"axes": [0, 0], "starts": [0, 0], "ends": [3, 3], "strides": [1, 1]},
            "distinct strided_slice axes"),
           ({"axes": [0], "starts": [3], "ends": [1], "strides": [1]},
            "start <= end for a positive stride.*start 3 and end 1"),
           ({"axes": [0], "starts": [0], "ends": [3], "strides": [-1]},
            "start >= end for a negative one"),
           ({"axes": [0, 1], "starts": [0], "ends": [3, 3], "strides": [1, 1]},
            "one entry per axis"),
           ({"axes": [0], "starts": [0], "ends": [2], "strides": [1], "decrease_axis": [0]},
            "decrease_axis to name dims of extent 1 after slicing, but dim 0 has extent 2")]
    for attrs, message in bad:
        with pytest.raises(ValueError, match=message):
            run_op("strided_slice", {"Input": x}, attrs, outputs={"Out": None})
    # A tensor-given start is read at run time (test_op_tensor_attrs.py): the same checks.
    with pytest.raises(ValueError, match="start <= end for a positive stride"):
        run_op("strided_slice", {"Input": x, "StartsTensor": np.array([3], "int32")},
               {"axes": [0], "starts": [0], "ends": [1], "strides": [1]}, outputs={"Out": None})


# -- set_value -----------------------------------------------------------------------------
def sv_attrs(axes, starts, ends, steps, decrease=(), none=()):
    return {"axes": axes, "starts": starts, "ends": ends, "steps": steps,
            "decrease_axes": list(decrease), "none_axes": list(none)}


def test_set_value_with_value_tensor():
    x = rand(4, 5)
    cases = [  # attrs, the NumPy index, value
        (sv_attrs([0, 1], [1, 0], [3, 5], [1, 2]), np.s_[1:3, 0:5:2], rand(3)),
        (sv_attrs([0, 1], [1, 0], [3, 5], [1, 2]), np.s_[1:3, 0:5:2], rand(2, 1)),
        (sv_attrs([1], [-1], [-BIG], [-2]), np.s_[:, ::-2], rand(4, 3)),
        (sv_attrs([0], [2], [3], [1], decrease=[0]), np.s_[2], rand(5)),
        (sv_attrs([0], [2], [3], [1], decrease=[0], none=[0]), np.s_[None, 2], rand(1, 5)),
        (sv_attrs([0, 1], [-100, 3], [100, 1], [1, -1]), np.s_[:, 3:1:-1], rand(1)),
        (sv_attrs([1], [2], [2], [1]), np.s_[:, 2:2], rand(1)),  # an empty region
        (sv_attrs([], [], [], []), np.s_[:], rand(5)),
    ]
    for attrs, index, value in cases:
        want = x.copy()
        want[index] = value
        inputs = {"Input": x, "ValueTensor": value}
        check_output("set_value", inputs, {"Out": want}, attrs=attrs)
        check_grad("set_value", inputs, attrs=attrs, wrt=["Input", "ValueTensor"])
    xi = np.arange(12, dtype="int64").reshape(3, 4)
    want = xi.copy()
    want[::2, 1] = [-1, -2]
    check_output("set_value", {"Input": xi, "ValueTensor": np.array([-1, -2], "int64")},
                 {"Out": want}, attrs=sv_attrs([0, 1], [0, 1], [3, 2], [2, 1], decrease=[1]))


def test_set_value_with_attribute_values():
    x = rand(3, 4)
    want = x.copy()
    want[0:3:2, 1:3] = [[1.5, 2.5]]
    attrs = {**sv_attrs([0, 1], [0, 1], [3, 3], [2, 1]), "dtype": 6,
             "fp64_values": [1.5, 2.5], "shape": [1, 2]}
    check_output("set_value", {"Input": x}, {"Out": want}, attrs=attrs)
    check_grad("set_value", {"Input": x}, attrs=attrs, wrt=["Input"])
    cases = [(5, "fp32_values", "float32", [0.25]), (2, "int32_values", "int32", [7]),
             (3, "int64_values", "int64", [2 ** 40]), (0, "bool_values", "bool", [1])]
    for dtype, attr, np_dtype, values in cases:
        xd = np.zeros((2, 3), np_dtype)
        want = xd.copy()
        want[1, ::-1] = values[0]
        check_output("set_value", {"Input": xd}, {"Out": want},
                     attrs={**sv_attrs([0, 1], [1, -1], [2, -BIG], [1, -1], decrease=[0]),
                            "dtype": dtype, attr: values, "shape": [1]})


def test_set_value_errors():
    x, v = rand(4, 5), rand(3)
    bad = [(sv_attrs([0], [0], [4], [0]), v, r"steps to be nonzero, but got steps \[0\]"),
           (sv_attrs([2], [0], [4], [1]), v, r"set_value's axes in \[-2, 2\), but got axes \[2\]"),
           (sv_attrs([0], [3], [1], [1]), v, "end >= start for axis 0 with step 1"),
           (sv_attrs([0], [1], [3], [-1]), v, "start >= end for axis 0 with step -1"),
           (sv_attrs([1], [0], [5], [2]), rand(2), r"ValueTensor \[2\] to broadcast to the "
            r"assigned region \[4, 3\]"),
           (sv_attrs([1], [0], [5], [2]), rand(2, 4, 3), "but it has more dims"),
           (sv_attrs([0], [0], [2], [1], decrease=[0]), rand(5),
            "decrease_axes to name dims of extent 1 in the region, but dim 0 has extent 2")]
    for attrs, value, message in bad:
        with pytest.raises(ValueError, match=message):
            run_op("set_value", {"Input": x, "ValueTensor": value}, attrs, outputs={"Out": None})
    with pytest.raises(ValueError, match="to have Input's dtype"):
        run_op("set_value", {"Input": x, "ValueTensor": v.astype("float32")},
               sv_attrs([1], [0], [3], [1]), outputs={"Out": None})
    with pytest.raises(ValueError, match=r"value attribute to hold the 5 elements of shape "
                       r"\[5\], but got 3 values"):
        run_op("set_value", {"Input": x}, {**sv_attrs([0], [0], [1], [1]), "dtype": 6,
                                           "fp64_values": [1.0, 2.0, 3.0], "shape": [5]},
               outputs={"Out": None})
    with pytest.raises(ValueError, match=r"value \(attribute shape\) \[3\] to broadcast"):
        run_op("set_value", {"Input": x}, {**sv_attrs([0], [0], [1], [1]), "dtype": 6,
                                           "fp64_values": [1.0, 2.0, 3.0], "shape": [3]},
               outputs={"Out": None})


def test_set_value_writes_input_in_place():
    """Out naming Input's own variable (what x[...] = v appends): the executor's tensor is
    written in place."""
    x = rand(3, 4)
    program, feeds, _, op = build_program("set_value", {"Input": x, "ValueTensor": rand(2)},
                                          sv_attrs([0, 1], [1, 1], [2, 4], [1, 2]))
    op.set_output("Out", ["input"])
    want = x.copy()
    want[1:2, 1:4:2] = feeds["valuetensor"]
    (got,) = core.Executor(core.CPUPlace()).run(program, core.Scope(), feeds, ["input"])
    np.testing.assert_allclose(np.array(got), want)


# -- masked_select -------------------------------------------------------------------------
def np_masked_select(x, mask):
    xb, mb = np.broadcast_arrays(x, mask)
    return xb[mb]


def test_masked_select():
    x = rand(3, 4)
    for x_shape, mask_shape in (((3, 4), (3, 4)), ((3, 4), (4,)), ((3, 4), (3, 1)),
                                ((4,), (3, 4)), ((3, 1), (1, 4)), ((2, 3, 4), (3, 4))):
        x = rand(*x_shape)
        mask = rng.integers(0, 2, mask_shape).astype(bool)
        mask.reshape(-1)[0] = True
        check_output("masked_select", {"X": x, "Mask": mask}, {"Y": np_masked_select(x, mask)})
        check_grad("masked_select", {"X": x, "Mask": mask}, outputs=["Y"], wrt=["X"])
    xi = np.arange(6, dtype="int32").reshape(2, 3)
    check_output("masked_select", {"X": xi, "Mask": np.array([True, False, True])},
                 {"Y": np.array([0, 2, 3, 5], "int32")})
    check_output("masked_select", {"X": xi, "Mask": np.zeros((2, 3), bool)},
                 {"Y": np.zeros(0, "int32")})


def test_masked_select_errors():
    x = rand(3, 4)
    with pytest.raises(ValueError, match=r"Mask \[2, 4\] to broadcast with X \[3, 4\]"):
        run_op("masked_select", {"X": x, "Mask": np.ones((2, 4), bool)}, outputs={"Y": None})
    with pytest.raises(ValueError, match="Mask to be bool, but got"):
        run_op("masked_select", {"X": x, "Mask": np.ones((3, 4), "int32")}, outputs={"Y": None})


# -- unbind --------------------------------------------------------------------------------
def test_unbind():
    x = rand(2, 3, 4)
    for axis in (0, 1, -1, 2):
        n = x.shape[axis]
        got = run_op("unbind", {"X": x}, {"axis": axis}, outputs={"Out": [None] * n})
        for i in range(n):
            np.testing.assert_array_equal(got["Out"][i], np.take(x, i, axis))
    xi = np.arange(6, dtype="int64").reshape(3, 2)
    check_output("unbind", {"X": xi}, {"Out": [xi[0], xi[1], xi[2]]})
    check_grad_multi("unbind", {"X": x}, {"axis": 1}, {"Out": 3}, ["X"])
    check_grad_multi("unbind", {"X": x}, {"axis": -1}, {"Out": 4}, ["X"])


def test_unbind_errors():
    x = rand(2, 3)
    with pytest.raises(ValueError, match=r"unbind's axis in \[-2, 2\) for X \[2, 3\], but got 2"):
        run_op("unbind", {"X": x}, {"axis": 2}, outputs={"Out": [None] * 2})
    with pytest.raises(ValueError, match=r"unbind to have X.dims\[1\] \(3\) outputs Out, but "
                       "got 2"):
        run_op("unbind", {"X": x}, {"axis": 1}, outputs={"Out": [None] * 2})


# -- Python APIs: eager --------------------------------------------------------------------
def test_eager_apis_and_gradients():
    xv = rand(4, 5)
    x = paddle.to_tensor(xv, stop_gradient=False)
    y = paddle.strided_slice(x, axes=[0, 1], starts=[3, 0], ends=[-1, 5], strides=[-2, 2])
    np.testing.assert_allclose(y.numpy(), xv[3::-2, ::2])
    m = paddle.to_tensor(xv > 0)
    s = paddle.masked_select(x, m)
    np.testing.assert_allclose(s.numpy(), xv[xv > 0])
    np.testing.assert_allclose(x.masked_select(m).numpy(), xv[xv > 0])
    parts = paddle.unbind(x, axis=1)
    assert len(parts) == 5 and parts[2].shape == [4]
    np.testing.assert_allclose(x.unbind(0)[3].numpy(), xv[3])
    (y.sum() * 2 + s.sum() + parts[2].sum()).backward()
    want = np.zeros_like(xv)
    want[3::-2, ::2] += 2
    want += xv > 0
    want[:, 2] += 1
    np.testing.assert_allclose(x.grad.numpy(), want)
    r = x[::-1, 1:4:2]
    np.testing.assert_allclose(r.numpy(), xv[::-1, 1:4:2])
    np.testing.assert_allclose(x[-1, ::-2].numpy(), xv[-1, ::-2])
    np.testing.assert_allclose(x[3:0:-1, :-6:-2].numpy(), xv[3:0:-1, :-6:-2])
    p = F.pad(x, [1, 0, 0, 2], value=3.0)
    np.testing.assert_allclose(p.numpy(), np.pad(xv, [(1, 0), (0, 2)], constant_values=3.0))
    p2 = F.pad(x, [1, 0, 0, 2], pad_from_left_axis=False)
    np.testing.assert_allclose(p2.numpy(), np.pad(xv, [(0, 2), (1, 0)]))
    with pytest.raises(ValueError, match="strided_slice's strides to be nonzero"):
        paddle.strided_slice(x, [0], [0], [3], [0])
    with pytest.raises(ValueError, match=r"unbind's axis in \[-2, 2\) for a tensor of rank 2"):
        paddle.unbind(x, 2)
    with pytest.raises(ValueError, match=r"Mask \[3\] to broadcast with X \[4, 5\]"):
        paddle.masked_select(x, paddle.to_tensor([True, False, True]))


def test_eager_setitem():
    xv = np.arange(12, dtype="float32").reshape(3, 4)
    x = paddle.to_tensor(xv)
    alias = x.detach()  # shares x's storage: an in-place write shows through it
    x[1:3, 0] = 5.0
    x[0, ::-2] = paddle.to_tensor([7.0, 8.0])
    x[..., 1] = np.array([-1.0, -2.0, -3.0])
    x[None, 2, 2:] = paddle.to_tensor([[9, 10]], dtype="int64")  # cast to x's dtype
    want = xv.copy()
    want[1:3, 0] = 5.0
    want[0, ::-2] = [7.0, 8.0]
    want[..., 1] = [-1.0, -2.0, -3.0]
    want[2, 2:] = [9, 10]
    np.testing.assert_array_equal(x.numpy(), want)
    np.testing.assert_array_equal(alias.numpy(), want)
    b = paddle.to_tensor(np.zeros((2, 2), bool))
    b[1] = True
    np.testing.assert_array_equal(b.numpy(), [[False, False], [True, True]])
    with pytest.raises(IndexError, match="out of bounds for axis 0 with size 3"):
        x[3] = 1.0
    with pytest.raises(ValueError, match="nonzero slice step"):
        x[::0] = 1.0
    with pytest.raises(ValueError, match="to broadcast to the assigned region"):
        x[0:2] = paddle.to_tensor(np.ones((3, 4), "float32"))


def test_eager_setitem_gradients():
    a = paddle.to_tensor(rand(3, 4), stop_gradient=False)
    v = paddle.to_tensor(rand(4), stop_gradient=False)
    y = a * 2
    y[1] = v * 3  # y is not a leaf: it is written in place and joins v's graph
    y.sum().backward()
    want = np.full((3, 4), 2.0)
    want[1] = 0
    np.testing.assert_allclose(a.grad.numpy(), want)
    np.testing.assert_allclose(v.grad.numpy(), np.full(4, 3.0))
    # A constant tensor taking a value that needs a gradient joins the graph.
    z = paddle.zeros([2, 3], dtype="float64")
    w = paddle.to_tensor(rand(3), stop_gradient=False)
    z[0] = w
    assert not z.stop_gradient
    (z * z).sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), 2 * w.numpy())
    leaf = paddle.to_tensor(rand(2), stop_gradient=False)
    with pytest.raises(RuntimeError, match="cannot be changed in place"):
        leaf[0] = 1.0
    with paddle.no_grad():
        leaf[0] = 1.0
    assert leaf.numpy()[0] == 1.0


# -- Python APIs: static -------------------------------------------------------------------
def test_static_apis():
    xv = rand(4, 5)
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.scope_guard(core.Scope()), paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [4, 5], "float64")
            x.stop_gradient = False
            v = paddle.static.data("v", [3], "float64")
            y = x * 1.0
            y[1:3, ::2] = v
            y[0, -1] = 4.0
            r = x[::-2, 1]
            outs = [y, r, paddle.strided_slice(x, [1], [4], [0], [-3]),
                    paddle.masked_select(x, x > 0), paddle.unbind(x, 1)[4],
                    F.pad(x, [0, 1, 2, 0])]
            loss = paddle.sum(y) + paddle.sum(outs[3])
            (gx,) = paddle.static.gradients([loss], [x])
            types = [op.type for op in main.global_block().ops]
            assert {"set_value", "strided_slice", "masked_select", "unbind", "pad"} <= set(types)
            set_ops = [op for op in main.global_block().ops if op.type == "set_value"]
            assert set_ops[0].output("Out") == [y.name] == set_ops[0].input("Input")
            exe = paddle.static.Executor(paddle.CPUPlace())
            exe.run(startup)
            vv = rand(3)
            got = exe.run(main, feed={"x": xv, "v": vv}, fetch_list=outs + [gx])
    finally:
        paddle.disable_static()
    want_y = xv.copy()
    want_y[1:3, ::2] = vv
    want_y[0, -1] = 4.0
    wants = [want_y, xv[::-2, 1], xv[:, 4:0:-3], xv[xv > 0], xv[:, 4],
             np.pad(xv, [(0, 1), (2, 0)])]
    for g, w in zip(got, wants):
        np.testing.assert_allclose(g, w)
    want_grad = np.ones_like(xv)
    want_grad[1:3, ::2] = 0
    want_grad[0, -1] = 0
    want_grad += xv > 0
    np.testing.assert_allclose(got[-1], want_grad)


def test_to_static_setitem_and_strided_getitem():
    @paddle.jit.to_static
    def f(x, v):
        y = x * 2.0
        y[1, ::2] = v
        return y[::-1].sum() + y[0, 1]

    xv = np.arange(12.0).reshape(3, 4)
    x = paddle.to_tensor(xv, stop_gradient=False)
    v = paddle.to_tensor(np.ones(2), stop_gradient=False)
    out = f(x, v)
    out.backward()
    y = xv * 2
    y[1, ::2] = 1
    np.testing.assert_allclose(out.numpy(), y.sum() + y[0, 1])
    want = np.full((3, 4), 2.0)
    want[1, ::2] = 0
    want[0, 1] += 2
    np.testing.assert_allclose(x.grad.numpy(), want)
    np.testing.assert_allclose(v.grad.numpy(), [1.0, 1.0])
