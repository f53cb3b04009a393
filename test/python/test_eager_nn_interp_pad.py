"""F.pad, F.interpolate/upsample and the Pad*/Upsample* layers against NumPy, in eager mode
(forward and x.grad) and in static mode (the same program run by the executor)."""
import numpy as np
import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F
from paddle.base import core
from test_ops_interp_pad import np_interp, np_pad3d

rng = np.random.default_rng(5)


def randn(*shape, dtype="float64"):
    return rng.normal(size=shape).astype(dtype)


def np_pad(x, pad, mode, value, data_format):
    """F.pad's reference: x as 5-D (unit axes added ahead of the spatial ones)."""
    rank = x.ndim
    last = data_format[-1] == "C"
    shape = list(x.shape)
    at = 1 if last else 2
    x5 = x.reshape(shape[:at] + [1] * (5 - rank) + shape[at:])
    full = list(pad) + [0] * (6 - len(pad))
    out = np_pad3d(x5, full, mode, value, "NDHWC" if last else "NCDHW")
    new = list(out.shape)
    del new[at:at + 5 - rank]
    return out.reshape(new)


PAD_CASES = [((2, 3, 6), [1, 2], "NCL"), ((2, 6, 3), [2, 1], "NLC"),
             ((2, 3, 4, 5), [1, 2, 0, 3], "NCHW"), ((2, 4, 5, 3), [2, 0, 1, 3], "NHWC"),
             ((1, 2, 3, 4, 5), [1, 0, 2, 1, 1, 2], "NCDHW"), ((1, 3, 4, 5, 2), [0, 1, 1, 2, 2, 1], "NDHWC")]


@pytest.mark.parametrize("shape,pad,data_format", PAD_CASES)
@pytest.mark.parametrize("mode", ["constant", "reflect", "replicate", "circular"])
def test_pad_forward_and_grad(shape, pad, data_format, mode):
    x = randn(*shape)
    xt = paddle.to_tensor(x, stop_gradient=False)
    out = F.pad(xt, pad, mode=mode, value=0.25, data_format=data_format)
    want = np_pad(x, pad, mode, 0.25, data_format)
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-12)
    w = randn(*want.shape)
    (out * paddle.to_tensor(w)).sum().backward()
    # adjoint by finite sums: every output element adds its weight to the input it copied
    idx = np.arange(x.size, dtype="float64").reshape(shape) + 1.0
    src = np_pad(idx, pad, mode, 0.0, data_format).astype(np.int64) - 1
    grad = np.zeros(x.size)
    mask = src >= 0
    np.add.at(grad, src[mask], w[mask])
    np.testing.assert_allclose(xt.grad.numpy(), grad.reshape(shape), rtol=1e-12, atol=1e-12)


def test_pad_layers():
    x = randn(2, 3, 4, 5)
    np.testing.assert_allclose(nn.Pad2D(1, mode="reflect")(paddle.to_tensor(x)).numpy(),
                               np_pad(x, [1] * 4, "reflect", 0.0, "NCHW"))
    np.testing.assert_allclose(nn.ZeroPad2D([1, 0, 2, 1])(paddle.to_tensor(x)).numpy(),
                               np_pad(x, [1, 0, 2, 1], "constant", 0.0, "NCHW"))
    x1 = randn(2, 3, 6)
    np.testing.assert_allclose(nn.Pad1D([2, 1], mode="replicate")(paddle.to_tensor(x1)).numpy(),
                               np_pad(x1, [2, 1], "replicate", 0.0, "NCL"))
    x3 = randn(1, 2, 3, 4, 5)
    np.testing.assert_allclose(nn.Pad3D(1, mode="circular")(paddle.to_tensor(x3)).numpy(),
                               np_pad(x3, [1] * 6, "circular", 0.0, "NCDHW"))
    np.testing.assert_allclose(nn.Pad2D(1, value=2.0)(paddle.to_tensor(x)).numpy(),
                               np_pad(x, [1] * 4, "constant", 2.0, "NCHW"))


def test_pad_errors():
    x = paddle.ones([1, 2, 3, 4])
    with pytest.raises(ValueError, match="expected pad to hold 4 ints"):
        F.pad(x, [1, 1], mode="reflect")
    with pytest.raises(ValueError, match="data_format"):
        F.pad(x, [1, 1, 1, 1], data_format="NCL")
    with pytest.raises(ValueError, match="mode"):
        F.pad(x, [1, 1, 1, 1], mode="wrap")
    with pytest.raises(ValueError, match="less than the padded extent"):
        F.pad(x, [4, 0, 0, 0], mode="reflect")
    assert F.pad(x, [1] * 8).shape == [3, 4, 5, 6]  # every axis: the legacy pad op
    with pytest.raises(ValueError, match="int or 4 ints"):
        nn.Pad2D([1, 2])


INTERP_CASES = [
    ("nearest", {"size": [7, 5]}, False, 0),
    ("nearest", {"scale_factor": 2}, False, 0),
    ("nearest", {"scale_factor": [0.5, 1.5]}, False, 0),
    ("bilinear", {"size": [7, 5]}, True, 0),
    ("bilinear", {"size": [7, 5]}, False, 0),
    ("bilinear", {"scale_factor": 2}, False, 1),
    ("bilinear", {"scale_factor": [2.0, 0.5]}, True, 1),
]


def np_interp_args(size_kw):
    if "size" in size_kw:
        return tuple(size_kw["size"]), ()
    s = size_kw["scale_factor"]
    return None, (float(s), float(s)) if np.isscalar(s) else tuple(float(v) for v in s)


@pytest.mark.parametrize("mode,size_kw,align_corners,align_mode", INTERP_CASES)
@pytest.mark.parametrize("data_format", ["NCHW", "NHWC"])
def test_interpolate_forward_and_grad(mode, size_kw, align_corners, align_mode, data_format):
    shape = (2, 3, 4, 6) if data_format == "NCHW" else (2, 4, 6, 3)
    x = randn(*shape)
    xt = paddle.to_tensor(x, stop_gradient=False)
    out = F.interpolate(xt, mode=mode, align_corners=align_corners, align_mode=align_mode,
                        data_format=data_format, **size_kw)
    out_hw, scale = np_interp_args(size_kw)
    want = np_interp(x, mode, out_hw, scale, align_corners, align_mode, data_format)
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-6, atol=1e-7)
    # the op is linear in x: its gradient of <w, out> is the interpolation applied to a
    # basis, checked through <w, interp(e_i)> on a few random directions
    w = randn(*want.shape)
    (out * paddle.to_tensor(w)).sum().backward()
    for _ in range(3):
        v = randn(*shape)
        lhs = np.sum(xt.grad.numpy() * v)
        rhs = np.sum(w * np_interp(v, mode, out_hw, scale, align_corners, align_mode, data_format))
        np.testing.assert_allclose(lhs, rhs, rtol=1e-6)
    up = F.upsample(paddle.to_tensor(x), mode=mode, align_corners=align_corners,
                    align_mode=align_mode, data_format=data_format, **size_kw)
    np.testing.assert_allclose(up.numpy(), want, rtol=1e-6, atol=1e-7)


def test_upsample_layers():
    x = randn(1, 2, 3, 4)
    xt = paddle.to_tensor(x)
    np.testing.assert_allclose(nn.Upsample(scale_factor=2)(xt).numpy(),
                               np_interp(x, "nearest", None, (2.0, 2.0), False, 0))
    np.testing.assert_allclose(
        nn.Upsample(size=[5, 7], mode="bilinear", align_corners=True)(xt).numpy(),
        np_interp(x, "bilinear", (5, 7), (), True, 0), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(nn.UpsamplingNearest2D(size=[6, 8])(xt).numpy(),
                               np_interp(x, "nearest", (6, 8), (), False, 0))
    np.testing.assert_allclose(nn.UpsamplingBilinear2D(scale_factor=2)(xt).numpy(),
                               np_interp(x, "bilinear", None, (2.0, 2.0), True, 0),
                               rtol=1e-6, atol=1e-7)
    assert "scale_factor=2" in repr(nn.Upsample(scale_factor=2))


def test_interpolate_errors():
    x = paddle.ones([1, 2, 3, 4])
    with pytest.raises(ValueError, match="only one of size and scale_factor"):
        F.interpolate(x, size=[2, 2], scale_factor=2)
    with pytest.raises(ValueError, match="one of size and scale_factor"):
        F.interpolate(x)
    with pytest.raises(ValueError, match="align_corners False with mode 'nearest'"):
        F.interpolate(x, scale_factor=2, align_corners=True)
    with pytest.raises(ValueError, match="align_mode 0 or 1"):
        F.interpolate(x, scale_factor=2, mode="bilinear", align_mode=2)
    with pytest.raises(ValueError, match="data_format"):
        F.interpolate(x, scale_factor=2, data_format="NCW")
    with pytest.raises(ValueError, match="expected mode"):
        F.interpolate(x, scale_factor=2, mode="cubic")
    with pytest.raises(ValueError, match="expected a 5-D input for mode 'trilinear'"):
        F.interpolate(x, scale_factor=2, mode="trilinear")
    with pytest.raises(ValueError, match="4-D or 5-D"):
        F.interpolate(paddle.ones([1, 2, 3]), scale_factor=2)


def test_static_mode_matches_numpy():
    x4 = randn(2, 3, 4, 5, dtype="float32")
    x3 = randn(2, 3, 6, dtype="float32")
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.scope_guard(core.Scope()), paddle.static.program_guard(main, startup):
            d4 = paddle.static.data("x4", [None, 3, 4, 5], "float32")
            d3 = paddle.static.data("x3", [None, 3, 6], "float32")
            outs = [F.pad(d4, [1, 2, 0, 1], mode="reflect"),
                    nn.Pad1D([1, 2], mode="circular")(d3),
                    F.interpolate(d4, scale_factor=2, mode="nearest"),
                    nn.Upsample(size=[7, 3], mode="bilinear", align_corners=False)(d4)]
            types = [op.type for op in main.global_block().ops]
            assert "pad3d" in types and "nearest_interp_v2" in types
            assert "bilinear_interp_v2" in types
            exe = paddle.static.Executor(paddle.CPUPlace())
            exe.run(startup)
            got = exe.run(main, feed={"x4": x4, "x3": x3}, fetch_list=outs)
    finally:
        paddle.disable_static()
    wants = [np_pad(x4, [1, 2, 0, 1], "reflect", 0.0, "NCHW"),
             np_pad(x3, [1, 2], "circular", 0.0, "NCL"),
             np_interp(x4, "nearest", None, (2.0, 2.0), False, 0),
             np_interp(x4, "bilinear", (7, 3), (), False, 0)]
    for g, w in zip(got, wants):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)
    assert paddle.in_dynamic_mode()


@pytest.mark.parametrize("data_format", ["NCHW", "NHWC"])
def test_pixel_shuffle_eager_grad_and_static(data_format):
    from test_ops_interp_pad import np_pixel_shuffle
    shape = (2, 8, 3, 4) if data_format == "NCHW" else (2, 3, 4, 8)
    x = randn(*shape)
    xt = paddle.to_tensor(x, stop_gradient=False)
    out = nn.PixelShuffle(2, data_format=data_format)(xt)
    want = np_pixel_shuffle(x, 2, data_format)
    np.testing.assert_array_equal(out.numpy(), want)
    w = randn(*want.shape)
    (out * paddle.to_tensor(w)).sum().backward()
    # the inverse permutation of w: pixel_shuffle of the gradient gives w back
    np.testing.assert_array_equal(np_pixel_shuffle(xt.grad.numpy(), 2, data_format), w)
    np.testing.assert_array_equal(F.pixel_shuffle(paddle.to_tensor(x), 2, data_format).numpy(), want)
    x32 = x.astype("float32")
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.scope_guard(core.Scope()), paddle.static.program_guard(main, startup):
            d = paddle.static.data("x", [None] + list(shape[1:]), "float32")
            o = F.pixel_shuffle(d, 2, data_format)
            exe = paddle.static.Executor(paddle.CPUPlace())
            exe.run(startup)
            got, = exe.run(main, feed={"x": x32}, fetch_list=[o])
    finally:
        paddle.disable_static()
    np.testing.assert_array_equal(got, np_pixel_shuffle(x32, 2, data_format))
    with pytest.raises(ValueError, match="positive int"):
        nn.PixelShuffle(0)
    with pytest.raises(ValueError, match="divisible by upscale_factor"):
        F.pixel_shuffle(paddle.ones([1, 6, 2, 2]), 2)


def test_static_interpolate_with_tensor_size_and_scale():
    x = randn(2, 3, 4, 5, dtype="float32")
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.scope_guard(core.Scope()), paddle.static.program_guard(main, startup):
            d = paddle.static.data("x", [None, 3, 4, 5], "float32")
            size = paddle.static.data("size", [2], "int32")
            h = paddle.static.data("h", [1], "int32")
            scale = paddle.static.data("scale", [2], "float32")
            outs = [F.interpolate(d, size=size, mode="bilinear"),
                    F.interpolate(d, size=[h, 6], mode="nearest"),
                    F.interpolate(d, scale_factor=scale, mode="bilinear", align_corners=True)]
            ops = main.global_block().ops
            slots = [set(op.input_names) for op in ops if op.type.endswith("interp_v2")]
            assert "OutSize" in slots[0] and "SizeTensor" in slots[1] and "Scale" in slots[2]
            exe = paddle.static.Executor(paddle.CPUPlace())
            exe.run(startup)
            got = exe.run(main, feed={"x": x, "size": np.array([7, 3], "int32"),
                                      "h": np.array([5], "int32"),
                                      "scale": np.array([2.0, 1.5], "float32")},
                          fetch_list=outs)
    finally:
        paddle.disable_static()
    wants = [np_interp(x, "bilinear", (7, 3), (), False, 0),
             np_interp(x, "nearest", (5, 6), (), False, 0),
             np_interp(x, "bilinear", None, (2.0, 1.5), True, 0)]
    for g, w in zip(got, wants):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("shape,pad,data_format", [PAD_CASES[0], PAD_CASES[3], PAD_CASES[4]])
def test_static_pad_with_tensor_paddings(shape, pad, data_format):
    x = randn(*shape, dtype="float32")
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.scope_guard(core.Scope()), paddle.static.program_guard(main, startup):
            d = paddle.static.data("x", [None] + list(shape[1:]), "float32")
            p = paddle.static.data("p", [len(pad)], "int32")
            out = F.pad(d, p, mode="reflect", data_format=data_format)
            exe = paddle.static.Executor(paddle.CPUPlace())
            exe.run(startup)
            got, = exe.run(main, feed={"x": x, "p": np.array(pad, "int32")}, fetch_list=[out])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got, np_pad(x, pad, "reflect", 0.0, data_format), rtol=1e-6)
    # eager: a tensor pad is read at once
    xt = paddle.to_tensor(x)
    np.testing.assert_allclose(F.pad(xt, paddle.to_tensor(np.array(pad, "int32")), mode="reflect",
                                     data_format=data_format).numpy(),
                               np_pad(x, pad, "reflect", 0.0, data_format), rtol=1e-6)
