"""F.interpolate / F.upsample / nn.Upsample in the linear, bicubic, trilinear and 5-D nearest
modes, and F.conv3d_transpose / nn.Conv3DTranspose: eager forward and gradients against NumPy,
static programs giving the same outputs, and argument errors."""
import contextlib

import numpy as np
import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F
from paddle.base import core
from test_ops_conv3d_transpose import conv3d_transpose_ref
from test_ops_interp_more import np_interp

rng = np.random.default_rng(29)


def randn(*shape, dtype="float64"):
    return rng.normal(size=shape).astype(dtype)


@contextlib.contextmanager
def static_programs():
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    try:
        with paddle.static.scope_guard(core.Scope()), paddle.static.program_guard(main, startup):
            yield main, startup
    finally:
        paddle.disable_static()


METHOD = {"linear": "linear", "bicubic": "cubic", "trilinear": "linear", "nearest": "nearest"}
INTERP_CASES = [
    ("linear", (2, 3, 5), "NCW", {"size": [8]}, True, 0),
    ("linear", (2, 5, 3), "NWC", {"scale_factor": 1.5}, False, 0),
    ("linear", (2, 3, 5), None, {"size": 3}, False, 1),
    ("bicubic", (1, 2, 4, 5), "NCHW", {"size": [7, 3]}, False, 0),
    ("bicubic", (1, 4, 5, 2), "NHWC", {"scale_factor": [2.0, 0.6]}, True, 0),
    ("trilinear", (1, 2, 3, 4, 2), None, {"size": [4, 3, 5]}, False, 0),
    ("trilinear", (1, 3, 4, 2, 2), "NDHWC", {"scale_factor": 2}, True, 1),
    ("trilinear", (1, 2, 3, 4, 2), "NCDHW", {"scale_factor": [0.5, 1.5, 2.0]}, False, 1),
    ("nearest", (1, 2, 3, 4, 2), "NCDHW", {"size": [4, 3, 5]}, False, 0),
    ("nearest", (1, 3, 4, 2, 2), "NDHWC", {"scale_factor": 2}, False, 0),
]


def reference_args(x, size_kw):
    k = x.ndim - 2
    if "size" in size_kw:
        s = size_kw["size"]
        return ([s] * k if isinstance(s, int) else list(s)), ()
    s = size_kw["scale_factor"]
    return None, tuple([float(s)] * k if np.isscalar(s) else [float(v) for v in s])


@pytest.mark.parametrize("mode,shape,data_format,size_kw,align_corners,align_mode", INTERP_CASES)
def test_interpolate_forward_and_grad(mode, shape, data_format, size_kw, align_corners,
                                      align_mode):
    x = randn(*shape)
    last = data_format is not None and data_format[-1] == "C"
    sizes, scale = reference_args(x, size_kw)
    want = np_interp(x, METHOD[mode], sizes, scale, align_corners, align_mode, last)
    xt = paddle.to_tensor(x, stop_gradient=False)
    out = F.interpolate(xt, mode=mode, align_corners=align_corners, align_mode=align_mode,
                        data_format=data_format, **size_kw)
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-10, atol=1e-12)
    # The op is linear in x: <x.grad, v> must equal <w, interp(v)> for any v.
    w = randn(*want.shape)
    (out * paddle.to_tensor(w)).sum().backward()
    for _ in range(2):
        v = randn(*shape)
        lhs = np.sum(xt.grad.numpy() * v)
        rhs = np.sum(w * np_interp(v, METHOD[mode], sizes, scale, align_corners, align_mode, last))
        np.testing.assert_allclose(lhs, rhs, rtol=1e-9)
    layer = nn.Upsample(mode=mode, align_corners=align_corners, align_mode=align_mode,
                        data_format=data_format, **size_kw)
    np.testing.assert_allclose(layer(paddle.to_tensor(x)).numpy(), want, rtol=1e-10, atol=1e-12)
    up = F.upsample(paddle.to_tensor(x), mode=mode, align_corners=align_corners,
                    align_mode=align_mode, data_format=data_format, **size_kw)
    np.testing.assert_allclose(up.numpy(), want, rtol=1e-10, atol=1e-12)


def test_interpolate_tensor_size_in_eager_mode():
    x = randn(1, 2, 3, 4, 2)
    got = F.interpolate(paddle.to_tensor(x), size=paddle.to_tensor([4, 3, 5]), mode="trilinear")
    np.testing.assert_allclose(got.numpy(), np_interp(x, "linear", [4, 3, 5], (), False, 0),
                               rtol=1e-10)


def test_interpolate_static_matches_numpy():
    x3, x4, x5 = randn(2, 3, 5, dtype="float32"), randn(1, 2, 4, 5, dtype="float32"), \
        randn(1, 2, 3, 4, 2, dtype="float32")
    with static_programs() as (main, startup):
        d3 = paddle.static.data("x3", [None, 3, 5], "float32")
        d4 = paddle.static.data("x4", [None, 2, 4, 5], "float32")
        d5 = paddle.static.data("x5", [None, 2, 3, 4, 2], "float32")
        sizes = paddle.static.data("sizes", [3], "int32")
        outs = [F.interpolate(d3, size=[8], mode="linear", align_corners=True),
                nn.Upsample(scale_factor=[2.0, 1.5], mode="bicubic")(d4),
                F.upsample(d5, size=[4, 3, 5], mode="trilinear", align_mode=1),
                F.interpolate(d5, scale_factor=2, mode="nearest"),
                F.interpolate(d5, size=sizes, mode="trilinear")]
        types = [op.type for op in main.global_block().ops]
        for op in ("linear_interp_v2", "bicubic_interp_v2", "trilinear_interp_v2",
                   "nearest_interp_v2"):
            assert op in types
        assert list(outs[0].shape[1:]) == [3, 8] and list(outs[1].shape[1:]) == [2, 8, 7]
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        got = exe.run(main, feed={"x3": x3, "x4": x4, "x5": x5,
                                  "sizes": np.array([4, 3, 5], "int32")}, fetch_list=outs)
    wants = [np_interp(x3, "linear", [8], (), True, 0),
             np_interp(x4, "cubic", None, (2.0, 1.5), False, 0),
             np_interp(x5, "linear", [4, 3, 5], (), False, 1),
             np_interp(x5, "nearest", None, (2.0, 2.0, 2.0), False, 0),
             np_interp(x5, "linear", [4, 3, 5], (), False, 0)]
    for g, w in zip(got, wants):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


def test_interpolate_errors():
    x3, x4, x5 = paddle.ones([1, 2, 3]), paddle.ones([1, 2, 3, 4]), paddle.ones([1, 2, 2, 3, 4])
    with pytest.raises(ValueError, match="expected a 3-D input for mode 'linear'"):
        F.interpolate(x4, scale_factor=2, mode="linear")
    with pytest.raises(ValueError, match="expected a 4-D input for mode 'bicubic'"):
        F.interpolate(x5, scale_factor=2, mode="bicubic")
    with pytest.raises(ValueError, match="expected a 5-D input for mode 'trilinear'"):
        F.interpolate(x4, scale_factor=2, mode="trilinear")
    with pytest.raises(ValueError, match="expected a 4-D or 5-D input for mode 'nearest'"):
        F.interpolate(x3, scale_factor=2)
    with pytest.raises(ValueError, match="expected data_format 'NCW' or 'NWC'"):
        F.interpolate(x3, scale_factor=2, mode="linear", data_format="NCHW")
    with pytest.raises(ValueError, match="expected data_format 'NCDHW' or 'NDHWC'"):
        F.interpolate(x5, scale_factor=2, mode="trilinear", data_format="NHWC")
    with pytest.raises(ValueError, match="size to hold 3 ints for a 5-D input"):
        F.interpolate(x5, size=[2, 2], mode="trilinear")
    with pytest.raises(ValueError, match="scale_factor to hold 1 values for a 3-D input"):
        F.interpolate(x3, scale_factor=[2, 2], mode="linear")
    with pytest.raises(ValueError, match="scale_factor > 0"):
        F.interpolate(x4, scale_factor=[2, -1], mode="bicubic")
    with pytest.raises(ValueError, match="size > 0"):
        F.interpolate(x3, size=[0], mode="linear")
    with pytest.raises(ValueError, match="align_corners False with mode 'nearest'"):
        F.interpolate(x5, scale_factor=2, align_corners=True)
    with pytest.raises(ValueError, match="align_mode 0 or 1"):
        nn.Upsample(scale_factor=2, mode="trilinear", align_mode=5)(x5)
    with pytest.raises(TypeError, match="align_corners to be a bool"):
        F.interpolate(x3, scale_factor=2, mode="linear", align_corners=1)
    with pytest.raises(NotImplementedError, match="needs op"):
        F.interpolate(x4, size=[2, 2], mode="area")


def test_conv3d_transpose_layer_forward_and_functional():
    conv = nn.Conv3DTranspose(4, 6, 3, stride=[2, 1, 2], padding=1, output_padding=[1, 0, 0],
                              groups=2)
    assert conv.weight.shape == [4, 3, 3, 3, 3] and conv.bias.shape == [6]
    x = randn(2, 4, 2, 3, 2, dtype="float32")
    got = conv(paddle.to_tensor(x)).numpy()
    want = conv3d_transpose_ref(x, conv.weight.numpy(), strides=(2, 1, 2), paddings=(1, 1, 1),
                                output_padding=(1, 0, 0), groups=2)
    want = want + conv.bias.numpy().reshape(1, -1, 1, 1, 1)
    assert got.shape == (2, 6, 4, 3, 3)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
    conv = nn.Conv3DTranspose(2, 3, 2, data_format="NDHWC", bias_attr=False, padding="SAME",
                              stride=2)
    xl = randn(1, 2, 3, 2, 2, dtype="float32")
    got = conv(paddle.to_tensor(xl), output_size=[4, 6, 5]).numpy()
    want = conv3d_transpose_ref(xl, conv.weight.numpy(), strides=(2, 2, 2),
                                padding_algorithm="SAME", output_size=(4, 6, 5),
                                data_format="NDHWC")
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
    w = randn(2, 1, 2, 2, 2, dtype="float32")
    b = randn(2, dtype="float32")
    got = F.conv3d_transpose(paddle.to_tensor(x[:, :2]), paddle.to_tensor(w),
                             paddle.to_tensor(b), dilation=2).numpy()
    want = conv3d_transpose_ref(x[:, :2], w, dilations=(2, 2, 2)) + b.reshape(1, -1, 1, 1, 1)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
    # XavierUniform over [in, out/groups, k, k, k] by default, bias zeros.
    conv = nn.Conv3DTranspose(8, 4, 3)
    limit = np.sqrt(6.0 / (4 * 27 + 8 * 27))
    assert np.abs(conv.weight.numpy()).max() <= limit + 1e-6
    assert np.all(conv.bias.numpy() == 0)
    assert "output_padding=1" in repr(nn.Conv3DTranspose(2, 2, 3, stride=2, output_padding=1))


def test_conv3d_transpose_grads():
    paddle.set_default_dtype("float64")
    try:
        conv = nn.Conv3DTranspose(2, 2, 2, stride=2, padding=[1, 0, 0])
        xv = randn(1, 2, 2, 2, 2)
        x = paddle.to_tensor(xv, stop_gradient=False)
        weights = paddle.to_tensor(randn(*conv(x).shape))

        def loss(inp):
            return (conv(inp) * weights).sum()

        loss(x).backward()
        for p, base in [(p, p.numpy().copy()) for p in conv.parameters()] + [(None, xv)]:
            analytic = x.grad.numpy() if p is None else p.grad.numpy()
            numeric = np.zeros_like(base)
            for i in range(base.size):
                values = []
                for delta in (1e-6, -1e-6):
                    probe = base.copy()
                    probe.reshape(-1)[i] += delta
                    with paddle.no_grad():
                        if p is None:
                            values.append(float(loss(paddle.to_tensor(probe))))
                        else:
                            p.set_value(probe)
                            values.append(float(loss(x)))
                numeric.reshape(-1)[i] = (values[0] - values[1]) / 2e-6
            if p is not None:
                p.set_value(base)
            np.testing.assert_allclose(analytic, numeric, rtol=1e-5, atol=1e-8)
    finally:
        paddle.set_default_dtype("float32")


def test_conv3d_transpose_static_matches_eager():
    x = randn(2, 2, 2, 3, 2, dtype="float32")
    model = nn.Conv3DTranspose(2, 3, 3, stride=2, padding=1)
    state = {k: v.numpy().copy() for k, v in model.state_dict().items()}
    want = model(paddle.to_tensor(x)).numpy()
    with static_programs() as (main, startup):
        data = paddle.static.data("x", [None, 2, 2, 3, 2], "float32")
        smodel = nn.Conv3DTranspose(2, 3, 3, stride=2, padding=1)
        out = smodel(data)
        assert [op.type for op in main.global_block().ops][0] == "conv3d_transpose"
        assert list(out.shape[1:]) == [3, 3, 5, 3]
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        smodel.set_state_dict(state)
        got, = exe.run(main, feed={"x": x}, fetch_list=[out])
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_conv3d_transpose_errors():
    x = paddle.ones([1, 2, 2, 2, 2])
    with pytest.raises(ValueError, match="5-D input for conv3d_transpose"):
        F.conv3d_transpose(paddle.ones([1, 2, 2, 2]), paddle.ones([2, 1, 1, 1, 1]))
    with pytest.raises(ValueError, match=r"input channels \(2\) to equal weight.shape\[0\]"):
        F.conv3d_transpose(x, paddle.ones([3, 1, 1, 1, 1]))
    with pytest.raises(ValueError, match="data_format"):
        nn.Conv3DTranspose(2, 2, 3, data_format="NCHW")
    with pytest.raises(ValueError, match="mutually exclusive"):
        F.conv3d_transpose(x, paddle.ones([2, 1, 1, 1, 1]), output_padding=1, output_size=[2, 2, 2])
    with pytest.raises(ValueError, match="out_channels divisible by groups=2"):
        nn.Conv3DTranspose(2, 3, 3, groups=2)
    with pytest.raises(ValueError, match=r"output_size\[0\] to be in"):
        F.conv3d_transpose(x, paddle.ones([2, 1, 1, 1, 1]), output_size=[5, 2, 2])
