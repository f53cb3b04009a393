"""NumPy reference and float64 gradient tests of the neural-network ops (conv2d, pool2d,
batch_norm, layer_norm, dropout, gelu, softmax_with_cross_entropy, accuracy, top_k, arg_max,
one_hot_v2, lookup_table_v2), through the executor; plus their shape errors."""
import math

import numpy as np
import pytest

from op_test import build_program, check_grad, check_output, run_op
from paddle.base import core

rng = np.random.default_rng(7)


def rand(*shape, dtype="float64", low=-1.0, high=1.0):
    return rng.uniform(low, high, shape).astype(dtype)


def distinct(*shape):
    """Values at least 0.05 apart, so that max pooling has no near-ties."""
    n = int(np.prod(shape))
    return (rng.permutation(n).reshape(shape) * 0.05 - n * 0.025).astype("float64")


def tolerances(dtype):
    return {"rtol": 1e-4, "atol": 1e-5} if dtype == "float32" else {"rtol": 1e-10, "atol": 1e-12}


# ---------------------------------------------------------------------------------- conv2d

def expand_pads(paddings):
    return [paddings[0], paddings[0], paddings[1], paddings[1]] if len(paddings) == 2 else list(paddings)


def same_pads(size, kernel, stride):
    out = -(-size // stride)
    total = max((out - 1) * stride + kernel - size, 0)
    return [total // 2, total - total // 2]


def conv2d_ref(x, w, strides=(1, 1), pads=(0, 0, 0, 0), dilations=(1, 1), groups=1):
    n, c, h, wd = x.shape
    m, cg, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[1]), (pads[2], pads[3])))
    oh = (h + pads[0] + pads[1] - dilations[0] * (kh - 1) - 1) // strides[0] + 1
    ow = (wd + pads[2] + pads[3] - dilations[1] * (kw - 1) - 1) // strides[1] + 1
    out = np.zeros((n, m, oh, ow), dtype=np.float64)
    mg = m // groups
    for g in range(groups):
        xs = xp[:, g * cg:(g + 1) * cg].astype(np.float64)
        ws = w[g * mg:(g + 1) * mg].astype(np.float64)
        for i in range(kh):
            for j in range(kw):
                r0, c0 = i * dilations[0], j * dilations[1]
                patch = xs[:, :, r0:r0 + strides[0] * (oh - 1) + 1:strides[0],
                           c0:c0 + strides[1] * (ow - 1) + 1:strides[1]]
                out[:, g * mg:(g + 1) * mg] += np.einsum("nchw,mc->nmhw", patch, ws[:, :, i, j])
    return out.astype(x.dtype)


CONV_CASES = [
    # (input shape, filter shape, attrs)
    ((2, 3, 6, 6), (4, 3, 3, 3), {}),
    ((2, 3, 7, 6), (4, 3, 3, 2), {"strides": [2, 1], "paddings": [1, 2]}),
    ((1, 4, 6, 5), (6, 2, 3, 3), {"groups": 2, "paddings": [1, 0, 2, 1]}),
    ((2, 2, 7, 7), (3, 2, 3, 3), {"dilations": [2, 1], "paddings": [2, 1]}),
    ((2, 3, 4, 4), (5, 3, 1, 1), {}),  # pointwise: the image is its own column matrix
    ((2, 3, 7, 6), (2, 3, 3, 3), {"strides": [2, 2], "padding_algorithm": "SAME"}),
    ((2, 3, 7, 6), (2, 3, 3, 3), {"strides": [2, 1], "paddings": [5, 5],
                                  "padding_algorithm": "VALID"}),
]


def conv_expected(x, w, attrs):
    strides = attrs.get("strides", [1, 1])
    dilations = attrs.get("dilations", [1, 1])
    pads = expand_pads(attrs.get("paddings", [0, 0]))
    algorithm = attrs.get("padding_algorithm", "EXPLICIT")
    if algorithm == "SAME":
        pads = same_pads(x.shape[2], w.shape[2], strides[0]) + same_pads(x.shape[3], w.shape[3], strides[1])
        dilations = [1, 1]
    elif algorithm == "VALID":
        pads = [0, 0, 0, 0]
    return conv2d_ref(x, w, strides, pads, dilations, attrs.get("groups", 1))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", range(len(CONV_CASES)))
def test_conv2d_output(case, dtype):
    xs, ws, attrs = CONV_CASES[case]
    x, w = rand(*xs, dtype=dtype), rand(*ws, dtype=dtype)
    check_output("conv2d", {"Input": x, "Filter": w}, {"Output": conv_expected(x, w, attrs)},
                 attrs=attrs, **tolerances(dtype))


def test_conv2d_large_batch_is_chunked():
    # Enough images that im2col is split into several chunks of images.
    x, w = rand(71, 2, 30, 30, dtype="float32"), rand(3, 2, 5, 5, dtype="float32")
    check_output("conv2d", {"Input": x, "Filter": w},
                 {"Output": conv2d_ref(x, w, pads=(2, 2, 2, 2))}, attrs={"paddings": [2, 2]},
                 rtol=1e-4, atol=1e-4)


def test_conv2d_nhwc_and_depthwise():
    x, w = rand(2, 5, 4, 3), rand(4, 3, 3, 3)
    want = conv2d_ref(x.transpose(0, 3, 1, 2), w, pads=(1, 1, 1, 1)).transpose(0, 2, 3, 1)
    check_output("conv2d", {"Input": x, "Filter": w}, {"Output": want},
                 attrs={"paddings": [1, 1], "data_format": "NHWC"}, rtol=1e-10)
    check_grad("conv2d", {"Input": x, "Filter": w}, attrs={"paddings": [1, 1], "data_format": "NHWC"},
               outputs=["Output"], wrt=["Input", "Filter"])
    xd, wd = rand(2, 3, 5, 5), rand(6, 1, 3, 3)
    attrs = {"groups": 3, "strides": [2, 2], "paddings": [1, 1]}
    check_output("depthwise_conv2d", {"Input": xd, "Filter": wd},
                 {"Output": conv2d_ref(xd, wd, (2, 2), (1, 1, 1, 1), groups=3)}, attrs=attrs, rtol=1e-10)
    check_grad("depthwise_conv2d", {"Input": xd, "Filter": wd}, attrs=attrs, outputs=["Output"],
               wrt=["Input", "Filter"])


# Float convolutions run as one packed GEMM with the windows packed from the images: shapes
# past its blocks (K > 256 taps, more than 240 output channels, 2048 columns), panels that
# straddle output rows and images, a 7x7 / 2 stem, stride 3 with dilation, and groups.
PACKED_CASES = [
    ((2, 40, 17, 19), (70, 40, 3, 3), {"paddings": [1, 1]}),
    ((1, 3, 30, 64), (8, 3, 7, 7), {"strides": [2, 2], "paddings": [3, 3]}),
    ((3, 8, 7, 7), (260, 8, 3, 3), {"paddings": [1, 1]}),
    ((2, 6, 50, 50), (5, 6, 1, 1), {}),
    ((2, 6, 23, 21), (10, 3, 3, 3), {"strides": [3, 3], "dilations": [2, 2], "paddings": [2, 1],
                                     "groups": 2}),
    # Unit strides, at most 64 output channels a group and rows of at least 32 outputs: the
    # tiles read the windows in place from a zero-padded copy of each image (or the image itself
    # when nothing is padded): several K blocks, partial row tiles, rows ending in a partial
    # vector (100 = 6 x 16 + 4), dilation, groups and uneven paddings.
    ((2, 40, 12, 40), (7, 40, 3, 3), {"paddings": [1, 1]}),
    ((2, 4, 10, 34), (6, 4, 3, 3), {}),
    ((2, 6, 5, 48), (10, 6, 1, 1), {}),
    ((1, 4, 9, 40), (6, 2, 3, 3), {"dilations": [2, 2], "paddings": [2, 2], "groups": 2}),
    ((2, 3, 6, 41), (5, 3, 3, 3), {"paddings": [0, 2, 1, 0]}),
    ((1, 5, 4, 100), (13, 5, 3, 3), {"paddings": [1, 1]}),
    # Strides of 2 in place (windows of at least 64 entries), as unit strides over the image's
    # four phases: 7x7 over odd and even widths (the last column of a row copied or not), 3x3
    # with several K blocks, 4x4 (even taps), groups with uneven paddings.
    ((1, 3, 21, 63), (9, 3, 7, 7), {"strides": [2, 2], "paddings": [3, 3]}),
    ((2, 8, 9, 79), (6, 8, 3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    ((1, 40, 6, 64), (7, 40, 3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    ((2, 4, 9, 64), (3, 4, 4, 4), {"strides": [2, 2], "paddings": [1, 1]}),
    ((1, 6, 11, 65), (6, 3, 5, 5), {"strides": [2, 2], "paddings": [2, 1, 0, 3], "groups": 2}),
    # A stem's 27-entry windows (3x3 over 3 channels): in place on 1 thread, and on 2 with an
    # image a thread (batch 2); one image on 2 threads packs.
    ((2, 3, 9, 127), (5, 3, 3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    ((1, 3, 9, 127), (5, 3, 3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    ((4, 3, 5, 64), (7, 3, 3, 3), {"strides": [2, 2], "paddings": [1, 1]}),  # two a thread
]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("case", range(len(PACKED_CASES)))
def test_conv2d_float_packed_gemm_shapes(case, threads):
    xs, ws, attrs = PACKED_CASES[case]
    x, w = rand(*xs, dtype="float32"), rand(*ws, dtype="float32")
    want = conv_expected(x.astype("float64"), w.astype("float64"), attrs)
    before = core.get_num_threads()
    core.set_num_threads(threads)
    try:
        got = run_op("conv2d", {"Input": x, "Filter": w}, attrs, {"Output": want})["Output"]
    finally:
        core.set_num_threads(before)
    # float32 sums of up to 360 products of values in [-1, 1]
    np.testing.assert_allclose(got, want, rtol=0, atol=2e-5 * np.abs(want).max())


@pytest.mark.parametrize("attrs", [
    {"strides": [2, 2], "paddings": [1, 1]},
    {"groups": 2, "paddings": [0, 1, 1, 0]},
    {"dilations": [2, 2], "paddings": [1, 1], "strides": [1, 2]},
])
def test_conv2d_grad(attrs):
    cin = 4 if attrs.get("groups", 1) == 2 else 3
    x = rand(2, cin, 5, 5)
    w = rand(4, cin // attrs.get("groups", 1), 3, 3)
    check_grad("conv2d", {"Input": x, "Filter": w}, attrs=attrs, outputs=["Output"],
               wrt=["Input", "Filter"])


def test_conv2d_grad_of_one_input_only():
    x, w = rand(2, 3, 4, 4), rand(2, 3, 3, 3)
    check_grad("conv2d", {"Input": x, "Filter": w}, attrs={"paddings": [1, 1]}, outputs=["Output"],
               wrt=["Filter"])
    check_grad("conv2d", {"Input": x, "Filter": w}, outputs=["Output"], wrt=["Input"])


def test_conv2d_shape_errors():
    with pytest.raises(ValueError, match=r"channels.*\[2, 3, 5, 5\].*\[4, 2, 3, 3\]"):
        build_program("conv2d", {"Input": rand(2, 3, 5, 5), "Filter": rand(4, 2, 3, 3)})
    with pytest.raises(ValueError, match=r"output size.*\[1, 1, 2, 2\].*\[1, 1, 3, 3\]"):
        build_program("conv2d", {"Input": rand(1, 1, 2, 2), "Filter": rand(1, 1, 3, 3)})
    with pytest.raises(ValueError, match="divisible by groups"):
        build_program("conv2d", {"Input": rand(1, 4, 5, 5), "Filter": rand(3, 2, 3, 3)},
                      attrs={"groups": 2})
    with pytest.raises(ValueError, match="paddings"):
        build_program("conv2d", {"Input": rand(1, 1, 5, 5), "Filter": rand(1, 1, 3, 3)},
                      attrs={"paddings": [1, 1, 1]})


# ---------------------------------------------------------------------------------- pool2d

def pool2d_ref(x, ksize, strides=(1, 1), pads=(0, 0, 0, 0), pooling_type="max", exclusive=True,
               ceil_mode=False, adaptive=False, global_pooling=False):
    n, c, h, w = x.shape
    if global_pooling:
        ksize, pads, strides, adaptive = (h, w), (0, 0, 0, 0), (1, 1), False

    def windows(size, axis):
        k, s, before, after = ksize[axis], strides[axis], pads[2 * axis], pads[2 * axis + 1]
        if adaptive:
            return [(o * size // k, -(-(o + 1) * size // k), None) for o in range(k)]
        room = size + before + after - k
        count = (room + (s - 1 if ceil_mode else 0)) // s + 1
        result = []
        for o in range(count):
            start = o * s - before
            end = min(start + k, size + before)  # PaddlePaddle clips at the leading padding
            result.append((max(start, 0), min(end, size), end - start))
        return result

    rows, cols = windows(h, 0), windows(w, 1)
    out = np.zeros((n, c, len(rows), len(cols)), dtype=x.dtype)
    for i, (h0, h1, hp) in enumerate(rows):
        for j, (w0, w1, wp) in enumerate(cols):
            block = x[:, :, h0:h1, w0:w1]
            if pooling_type == "max":
                out[:, :, i, j] = block.max(axis=(2, 3))
            else:
                size = block.shape[2] * block.shape[3] if (exclusive or adaptive) else hp * wp
                out[:, :, i, j] = block.sum(axis=(2, 3)) / size
    return out


POOL_CASES = [
    {"ksize": [2, 2], "strides": [2, 2]},
    {"ksize": [3, 3], "strides": [2, 2], "paddings": [1, 1]},
    {"ksize": [3, 2], "strides": [2, 2], "paddings": [1, 0], "ceil_mode": True},
    {"ksize": [3, 3], "strides": [2, 2], "paddings": [1, 1], "exclusive": False},
    {"ksize": [3, 3], "strides": [2, 2], "paddings": [1, 1], "exclusive": False, "ceil_mode": True},
    {"ksize": [2, 2], "paddings": [1, 0, 0, 1]},
    {"ksize": [1, 1], "global_pooling": True},
    {"ksize": [3, 2], "adaptive": True},
]


def pool_expected(x, attrs):
    return pool2d_ref(x, attrs["ksize"], attrs.get("strides", [1, 1]),
                      expand_pads(attrs.get("paddings", [0, 0])), attrs.get("pooling_type", "max"),
                      attrs.get("exclusive", True), attrs.get("ceil_mode", False),
                      attrs.get("adaptive", False), attrs.get("global_pooling", False))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("pooling_type", ["max", "avg"])
@pytest.mark.parametrize("case", range(len(POOL_CASES)))
def test_pool2d_output(case, pooling_type, dtype):
    attrs = dict(POOL_CASES[case], pooling_type=pooling_type)
    x = rand(2, 3, 7, 6, dtype=dtype)
    check_output("pool2d", {"X": x}, {"Out": pool_expected(x, attrs)}, attrs=attrs,
                 **tolerances(dtype))


@pytest.mark.parametrize("pooling_type", ["max", "avg"])
@pytest.mark.parametrize("case", [0, 1, 2, 4, 6, 7])
def test_pool2d_grad(case, pooling_type):
    attrs = dict(POOL_CASES[case], pooling_type=pooling_type)
    check_grad("pool2d", {"X": distinct(2, 2, 5, 4)}, attrs=attrs)


def test_pool2d_same_padding_and_nhwc():
    x = rand(2, 3, 7, 6)
    attrs = {"ksize": [3, 3], "strides": [2, 2], "padding_algorithm": "SAME", "pooling_type": "avg",
             "exclusive": False}
    pads = same_pads(7, 3, 2) + same_pads(6, 3, 2)
    check_output("pool2d", {"X": x}, {"Out": pool2d_ref(x, [3, 3], [2, 2], pads, "avg", False)},
                 attrs=attrs, rtol=1e-10)
    nhwc = {"ksize": [2, 2], "strides": [2, 2], "data_format": "NHWC"}
    xt = distinct(2, 4, 6, 3)
    want = pool2d_ref(xt.transpose(0, 3, 1, 2), [2, 2], [2, 2]).transpose(0, 2, 3, 1)
    check_output("pool2d", {"X": xt}, {"Out": want}, attrs=nhwc)
    check_grad("pool2d", {"X": xt}, attrs=nhwc)


def test_pool2d_errors():
    with pytest.raises(ValueError, match=r"ksize.*\[3\]"):
        build_program("pool2d", {"X": rand(1, 1, 4, 4)}, attrs={"ksize": [3]})
    with pytest.raises(ValueError, match=r"output size.*\[1, 1, 4, 4\].*ksize \[5, 5\]"):
        build_program("pool2d", {"X": rand(1, 1, 4, 4)}, attrs={"ksize": [5, 5]})
    with pytest.raises(ValueError, match="pooling_type"):
        build_program("pool2d", {"X": rand(1, 1, 4, 4)}, attrs={"ksize": [2, 2], "pooling_type": "min"})
    with pytest.raises(ValueError, match=r"rank 4.*\[4, 4\]"):
        build_program("pool2d", {"X": rand(4, 4)}, attrs={"ksize": [2, 2]})
    # Global or adaptive pooling over an empty height or width: every window would be empty
    # (it returned zeros before); an empty batch or channel axis stays an empty result.
    for attrs, side in [({"global_pooling": True}, "height"), ({"adaptive": True}, "width")]:
        x = rand(1, 2, 0, 5) if side == "height" else rand(1, 2, 5, 0)
        for pooling_type in ("avg", "max"):
            with pytest.raises(ValueError, match=f"non-empty {side} for .* pooling"):
                run_op("pool2d", {"X": x}, {"ksize": [1, 1], "pooling_type": pooling_type,
                                            **attrs}, {"Out": None})
    out = run_op("pool2d", {"X": rand(0, 2, 0, 5)}, {"ksize": [2, 2], "adaptive": True},
                 {"Out": None})["Out"]
    assert out.shape == (0, 2, 2, 2)


# ------------------------------------------------------------------------------ batch_norm

def batch_norm_inputs(shape, channels, dtype="float64"):
    return {"X": rand(*shape, dtype=dtype), "Scale": rand(channels, dtype=dtype, low=0.5, high=1.5),
            "Bias": rand(channels, dtype=dtype), "Mean": rand(channels, dtype=dtype),
            "Variance": rand(channels, dtype=dtype, low=0.5, high=1.5)}


def batch_norm_ref(ins, axes, shape, eps=1e-5, momentum=0.9, train=True):
    x = ins["X"].astype(np.float64)
    if train:
        mean, var = x.mean(axis=axes), x.var(axis=axes)
    else:
        mean, var = ins["Mean"].astype(np.float64), ins["Variance"].astype(np.float64)
    inv_std = 1 / np.sqrt(var + float(np.float32(eps)))
    y = (x - mean.reshape(shape)) * (inv_std * ins["Scale"]).reshape(shape) + ins["Bias"].reshape(shape)
    keep = float(np.float32(momentum)) if train else 1.0  # the attribute is a float32
    dtype = ins["X"].dtype
    return {"Y": y.astype(dtype),
            "MeanOut": (ins["Mean"] * keep + mean * (1 - keep)).astype(dtype),
            "VarianceOut": (ins["Variance"] * keep + var * (1 - keep)).astype(dtype),
            "SavedMean": mean.astype(dtype), "SavedVariance": inv_std.astype(dtype)}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_batch_norm_train_and_test(dtype):
    ins = batch_norm_inputs((4, 3, 2, 5), 3, dtype)
    check_output("batch_norm", ins, batch_norm_ref(ins, (0, 2, 3), (1, 3, 1, 1)), **tolerances(dtype))
    ref = batch_norm_ref(ins, (0, 2, 3), (1, 3, 1, 1), train=False)
    check_output("batch_norm", ins, {k: ref[k] for k in ("Y", "MeanOut", "VarianceOut")},
                 attrs={"is_test": True}, **tolerances(dtype))
    check_output("batch_norm", ins, {"Y": ref["Y"]}, attrs={"use_global_stats": True},
                 **tolerances(dtype))
    check_output("batch_norm", ins, batch_norm_ref(ins, (0, 2, 3), (1, 3, 1, 1), momentum=0.5),
                 attrs={"is_test": True, "trainable_statistics": True, "momentum": 0.5},
                 **tolerances(dtype))


def test_batch_norm_layouts_and_rank2():
    ins = batch_norm_inputs((3, 2, 4, 5), 5)
    check_output("batch_norm", ins, batch_norm_ref(ins, (0, 1, 2), (1, 1, 1, 5), eps=1e-3),
                 attrs={"data_layout": "NHWC", "epsilon": 1e-3}, rtol=1e-6)
    ins2 = batch_norm_inputs((6, 4), 4)
    check_output("batch_norm", ins2, batch_norm_ref(ins2, (0,), (1, 4)), rtol=1e-6)


def test_batch_norm_running_stats_in_place():
    ins = batch_norm_inputs((4, 3, 2, 2), 3)
    want = batch_norm_ref(ins, (0, 2, 3), (1, 3, 1, 1))
    program, feeds, out_names, op = build_program("batch_norm", ins)
    op.set_output("MeanOut", ["mean"])  # the same variables, as in a real program
    op.set_output("VarianceOut", ["variance"])
    exe = core.Executor(core.CPUPlace())
    y, mean, variance = exe.run(program, core.Scope(), feeds, [out_names["Y"][0], "mean", "variance"])
    np.testing.assert_allclose(np.array(y), want["Y"], rtol=1e-10)
    np.testing.assert_allclose(np.array(mean), want["MeanOut"], rtol=1e-10)
    np.testing.assert_allclose(np.array(variance), want["VarianceOut"], rtol=1e-10)


@pytest.mark.parametrize("attrs", [{}, {"data_layout": "NHWC"}, {"use_global_stats": True}])
def test_batch_norm_grad(attrs):
    channels = 2 if attrs.get("data_layout") != "NHWC" else 3
    shape = (3, 2, 3, 3) if channels == 2 else (2, 3, 2, 3)
    ins = batch_norm_inputs(shape, channels)
    check_grad("batch_norm", ins, attrs=attrs, outputs=["Y"], wrt=["X", "Scale", "Bias"])


def test_batch_norm_shape_error():
    ins = batch_norm_inputs((2, 3, 2, 2), 3)
    ins["Scale"] = rand(4)
    with pytest.raises(ValueError, match=r"Scale to have dims \[3\].*\[2, 3, 2, 2\].*\[4\]"):
        build_program("batch_norm", ins)


# ------------------------------------------------------------------------------ layer_norm

def layer_norm_ref(x, scale, bias, axis, eps=1e-5):
    left = int(np.prod(x.shape[:axis]))
    rows = x.reshape(left, -1).astype(np.float64)
    mean, var = rows.mean(axis=1), rows.var(axis=1)
    y = (rows - mean[:, None]) / np.sqrt(var[:, None] + float(np.float32(eps)))
    if scale is not None:
        y = y * scale
    if bias is not None:
        y = y + bias
    return {"Y": y.reshape(x.shape).astype(x.dtype), "Mean": mean.astype(x.dtype),
            "Variance": var.astype(x.dtype)}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("axis", [1, 2])
def test_layer_norm(axis, dtype):
    x = rand(2, 3, 4, dtype=dtype)
    width = int(np.prod(x.shape[axis:]))
    scale, bias = rand(width, dtype=dtype), rand(width, dtype=dtype)
    check_output("layer_norm", {"X": x, "Scale": scale, "Bias": bias},
                 layer_norm_ref(x, scale, bias, axis), attrs={"begin_norm_axis": axis},
                 **tolerances(dtype))
    check_output("layer_norm", {"X": x}, layer_norm_ref(x, None, None, axis, eps=1e-3),
                 attrs={"begin_norm_axis": axis, "epsilon": 1e-3}, **tolerances(dtype))


def test_layer_norm_grad():
    x = rand(3, 2, 4)
    check_grad("layer_norm", {"X": x, "Scale": rand(8), "Bias": rand(8)}, outputs=["Y"],
               wrt=["X", "Scale", "Bias"])
    check_grad("layer_norm", {"X": x, "Scale": rand(4)}, attrs={"begin_norm_axis": 2},
               outputs=["Y"], wrt=["X", "Scale"])
    check_grad("layer_norm", {"X": x}, outputs=["Y"], wrt=["X"])


def test_layer_norm_shape_error():
    with pytest.raises(ValueError, match=r"Scale to have dims \[12\].*\[2, 3, 4\].*\[4\]"):
        build_program("layer_norm", {"X": rand(2, 3, 4), "Scale": rand(4)})
    with pytest.raises(ValueError, match="begin_norm_axis"):
        build_program("layer_norm", {"X": rand(2, 3)}, attrs={"begin_norm_axis": 2})


# --------------------------------------------------------------------------------- dropout

def dropout_run(x, attrs, seed=None):
    ins = {"X": x} if seed is None else {"X": x, "Seed": np.array([seed], "int32")}
    return run_op("dropout", ins, attrs, {"Out": None, "Mask": None})


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_dropout_train(dtype):
    x = rand(40, 50, dtype=dtype, low=0.5, high=1.5)
    attrs = {"dropout_prob": 0.3, "fix_seed": True, "seed": 11}
    got = dropout_run(x, attrs)
    mask = got["Mask"]
    assert mask.dtype == np.uint8 and set(np.unique(mask)) <= {0, 1}
    assert abs(mask.mean() - 0.7) < 0.05
    np.testing.assert_array_equal(got["Out"], x * mask)
    again = dropout_run(x, attrs)
    np.testing.assert_array_equal(again["Mask"], mask)  # a fixed seed repeats the mask
    up = dropout_run(x, dict(attrs, dropout_implementation="upscale_in_train"))
    np.testing.assert_array_equal(up["Mask"], mask)
    keep = 1 - float(np.float32(0.3))  # dropout_prob is a float32 attribute
    np.testing.assert_allclose(up["Out"], x * mask / keep, **tolerances(dtype))
    # The Seed input overrides the attribute.
    seeded = dropout_run(x, {"dropout_prob": 0.3}, seed=11)
    np.testing.assert_array_equal(seeded["Mask"], mask)
    other = dropout_run(x, attrs | {"seed": 12})
    assert (other["Mask"] != mask).any()


def test_dropout_inference_and_extremes():
    x = rand(5, 6)
    check_output("dropout", {"X": x}, {"Out": x * 0.75}, attrs={"dropout_prob": 0.25, "is_test": True})
    check_output("dropout", {"X": x}, {"Out": x},
                 attrs={"dropout_prob": 0.25, "is_test": True,
                        "dropout_implementation": "upscale_in_train"})
    for impl in ("downgrade_in_infer", "upscale_in_train"):
        got = dropout_run(x, {"dropout_prob": 1.0, "dropout_implementation": impl})
        np.testing.assert_array_equal(got["Out"], np.zeros_like(x))
        got = dropout_run(x, {"dropout_prob": 0.0, "dropout_implementation": impl})
        np.testing.assert_array_equal(got["Out"], x)
    with pytest.raises(ValueError, match="dropout_prob"):
        build_program("dropout", {"X": x}, attrs={"dropout_prob": 1.5})


@pytest.mark.parametrize("impl", ["downgrade_in_infer", "upscale_in_train"])
@pytest.mark.parametrize("is_test", [False, True])
def test_dropout_grad(impl, is_test):
    attrs = {"dropout_prob": 0.4, "fix_seed": True, "seed": 3, "dropout_implementation": impl,
             "is_test": is_test}
    check_grad("dropout", {"X": rand(4, 5)}, attrs=attrs)


# ------------------------------------------------------------------------------------ gelu

def gelu_ref(x, approximate):
    if approximate:
        return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))
    erf = np.vectorize(math.erf)
    return 0.5 * x * (1 + erf(x / np.sqrt(2)))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("approximate", [False, True])
def test_gelu(approximate, dtype):
    x = rand(3, 7, dtype=dtype, low=-4, high=4)
    check_output("gelu", {"X": x}, {"Out": gelu_ref(x.astype(np.float64), approximate).astype(dtype)},
                 attrs={"approximate": approximate}, **tolerances(dtype))
    if dtype == "float64":
        check_grad("gelu", {"X": x}, attrs={"approximate": approximate})


# ---------------------------------------------------------------- softmax_with_cross_entropy

def log_softmax(x, axis):
    shifted = x - x.max(axis=axis, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=axis, keepdims=True))


def softmax_ce_ref(logits, label, soft_label=False, axis=-1, ignore_index=-100, use_softmax=True):
    logp = log_softmax(logits, axis) if use_softmax else np.log(logits)
    softmax = np.exp(logp) if use_softmax else logits
    if soft_label:
        loss = -(label * logp).sum(axis=axis, keepdims=True)
    else:
        safe = np.where(label == ignore_index, 0, label)
        loss = -np.take_along_axis(logp, safe, axis=axis)
        loss = np.where(label == ignore_index, 0, loss)
    return {"Softmax": softmax.astype(logits.dtype), "Loss": loss.astype(logits.dtype)}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_softmax_with_cross_entropy_hard(dtype):
    logits = rand(5, 4, dtype=dtype, low=-3, high=3)
    label = rng.integers(0, 4, (5, 1)).astype("int64")
    check_output("softmax_with_cross_entropy", {"Logits": logits, "Label": label},
                 softmax_ce_ref(logits, label), **tolerances(dtype))
    label[2, 0] = -100
    check_output("softmax_with_cross_entropy", {"Logits": logits, "Label": label},
                 softmax_ce_ref(logits, label), **tolerances(dtype))
    label[1, 0], label[2, 0] = 1, 0
    check_output("softmax_with_cross_entropy", {"Logits": logits, "Label": label.astype("int32")},
                 softmax_ce_ref(logits, label, ignore_index=1), attrs={"ignore_index": 1},
                 **tolerances(dtype))


def test_softmax_with_cross_entropy_soft_axis_and_no_softmax():
    logits = rand(2, 3, 4, low=-2, high=2)
    soft = rng.uniform(0, 1, (2, 3, 4))
    soft /= soft.sum(axis=1, keepdims=True)
    check_output("softmax_with_cross_entropy", {"Logits": logits, "Label": soft},
                 softmax_ce_ref(logits, soft, soft_label=True, axis=1),
                 attrs={"soft_label": True, "axis": 1}, rtol=1e-10)
    label = rng.integers(0, 3, (2, 1, 4)).astype("int64")
    check_output("softmax_with_cross_entropy", {"Logits": logits, "Label": label},
                 softmax_ce_ref(logits, label, axis=1), attrs={"axis": 1}, rtol=1e-10)
    probs = rng.uniform(0.1, 1, (3, 4))
    hard = np.array([[0], [3], [2]], "int64")
    check_output("softmax_with_cross_entropy", {"Logits": probs, "Label": hard},
                 softmax_ce_ref(probs, hard, use_softmax=False), attrs={"use_softmax": False},
                 rtol=1e-10)


@pytest.mark.parametrize("attrs", [{}, {"ignore_index": 2}, {"axis": 0}, {"use_softmax": False}])
def test_softmax_with_cross_entropy_grad_hard(attrs):
    axis = attrs.get("axis", -1)
    logits = rand(4, 3, low=0.1, high=1.0)
    shape = (4, 1) if axis == -1 else (1, 3)
    label = rng.integers(0, 3 if axis == -1 else 4, shape).astype("int64")
    if "ignore_index" in attrs:
        label[0, 0] = 2
    check_grad("softmax_with_cross_entropy", {"Logits": logits, "Label": label}, attrs=attrs,
               outputs=["Loss"], wrt=["Logits"])


@pytest.mark.parametrize("use_softmax", [True, False])
def test_softmax_with_cross_entropy_grad_soft(use_softmax):
    logits = rand(3, 5, low=0.1, high=1.0)
    soft = rng.uniform(0, 1, (3, 5))
    soft /= soft.sum(axis=1, keepdims=True)
    check_grad("softmax_with_cross_entropy", {"Logits": logits, "Label": soft},
               attrs={"soft_label": True, "use_softmax": use_softmax}, outputs=["Loss"], wrt=["Logits"])


def test_softmax_with_cross_entropy_errors():
    with pytest.raises(ValueError, match=r"Label.*\[3, 1\].*\[4, 1\]"):
        build_program("softmax_with_cross_entropy",
                      {"Logits": rand(3, 5), "Label": np.zeros((4, 1), "int64")})
    with pytest.raises(ValueError, match=r"labels in \[0, 5\), but got 7"):
        run_op("softmax_with_cross_entropy", {"Logits": rand(2, 5), "Label": np.array([[1], [7]])},
               outputs={"Loss": None})


# ------------------------------------------------------------ accuracy, top_k, arg_max, one_hot

def test_top_k_and_accuracy():
    x = distinct(6, 5)
    order = np.argsort(-x, axis=1, kind="stable")[:, :2]
    got = check_output("top_k", {"X": x}, {"Out": np.take_along_axis(x, order, 1), "Indices": order},
                       attrs={"k": 2})
    label = np.array([[order[0, 0]], [order[1, 1]], [0], [1], [order[4, 0]], [2]], "int64")
    hits = sum(label[i, 0] in order[i] for i in range(6))
    check_output("accuracy", {"Out": got["Out"], "Indices": got["Indices"], "Label": label},
                 {"Accuracy": np.array(hits / 6, "float32"), "Correct": np.array(hits, "int32"),
                  "Total": np.array(6, "int32")})
    with pytest.raises(ValueError, match=r"Label to have dims \[6, 1\]"):
        build_program("accuracy", {"Out": got["Out"], "Indices": got["Indices"], "Label": label[:4]})


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64", "int32"])
def test_top_k_v2(dtype):
    x = (distinct(3, 4, 5) * 20).astype(dtype)
    up = np.argsort(x, axis=1, kind="stable")[:, :3]
    check_output("top_k_v2", {"X": x}, {"Out": np.take_along_axis(x, up, 1), "Indices": up},
                 attrs={"k": 3, "axis": 1, "largest": False})
    down = np.argsort(-x, axis=-1, kind="stable")[..., :2]
    check_output("top_k_v2", {"X": x}, {"Out": np.take_along_axis(x, down, -1), "Indices": down},
                 attrs={"k": 2})
    ties = np.array([[1, 3, 3, 2]], dtype)
    check_output("top_k_v2", {"X": ties}, {"Out": np.array([[3, 3]], dtype),
                                            "Indices": np.array([[1, 2]], "int64")}, attrs={"k": 2})
    with pytest.raises(ValueError, match=r"k in \[1, 5\].*got 6"):
        build_program("top_k_v2", {"X": x}, attrs={"k": 6})


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
def test_arg_max(dtype):
    x = (distinct(3, 4, 2) * 20).astype(dtype)
    check_output("arg_max", {"X": x}, {"Out": x.argmax(axis=1)}, attrs={"axis": 1})
    check_output("arg_max", {"X": x}, {"Out": np.expand_dims(x.argmax(axis=-1), -1).astype("int32")},
                 attrs={"axis": -1, "keepdims": True, "dtype": 2})
    check_output("arg_max", {"X": x}, {"Out": np.array(x.argmax())}, attrs={"flatten": True})
    check_output("arg_max", {"X": np.array([[1, 5, 5, 2]], dtype)}, {"Out": np.array([1])},
                 attrs={"axis": 1})
    with pytest.raises(ValueError, match="axis"):
        build_program("arg_max", {"X": x}, attrs={"axis": 3})


def test_one_hot_v2():
    ids = np.array([[0, 2], [3, 1], [2, 2]], "int64")
    check_output("one_hot_v2", {"X": ids}, {"Out": np.eye(4, dtype="float32")[ids]}, attrs={"depth": 4})
    check_output("one_hot_v2", {"X": ids.astype("int32")}, {"Out": np.eye(5)[ids]},
                 attrs={"depth": 5, "dtype": 6})
    wide = np.eye(3, dtype="float32")[np.minimum(ids, 2)]
    wide[1, 0] = 0  # id 3 is out of range: an all-zero row
    check_output("one_hot_v2", {"X": ids}, {"Out": wide}, attrs={"depth": 3, "allow_out_of_range": True})
    with pytest.raises(ValueError, match=r"ids in \[0, 3\).*got 3"):
        run_op("one_hot_v2", {"X": ids}, {"depth": 3}, {"Out": None})


# ------------------------------------------------------------------------- lookup_table_v2

@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_lookup_table_v2(dtype):
    w = rand(10, 4, dtype=dtype)
    ids = np.array([[1, 3, 3], [0, 9, 4]], "int64")
    check_output("lookup_table_v2", {"W": w, "Ids": ids}, {"Out": w[ids]})
    padded = w[ids].copy()
    padded[ids == 3] = 0
    check_output("lookup_table_v2", {"W": w, "Ids": ids.astype("int32")}, {"Out": padded},
                 attrs={"padding_idx": 3})


def test_lookup_table_v2_grad():
    ids = np.array([[1, 3, 3], [0, 5, 1]], "int64")
    check_grad("lookup_table_v2", {"W": rand(6, 3), "Ids": ids}, wrt=["W"])
    check_grad("lookup_table_v2", {"W": rand(6, 3), "Ids": ids}, attrs={"padding_idx": 3}, wrt=["W"])


def test_lookup_table_v2_errors():
    with pytest.raises(ValueError, match=r"vocabulary size 10.*got id 12"):
        run_op("lookup_table_v2", {"W": rand(10, 4), "Ids": np.array([[1], [12]], "int64")},
               outputs={"Out": None})
    with pytest.raises(ValueError, match=r"got id -2"):
        run_op("lookup_table_v2", {"W": rand(10, 4), "Ids": np.array([-2], "int64")},
               outputs={"Out": None})
    with pytest.raises(ValueError, match=r"W to have rank 2.*\[10\]"):
        build_program("lookup_table_v2", {"W": rand(10), "Ids": np.array([1], "int64")})


@pytest.mark.parametrize("hw", [(8, 6), (7, 5)])
def test_pool2d_max_2x2_stride_2_with_nans_and_odd_sizes(hw):
    """The plain 2x2 / stride-2 max pool (its own fast loop) against NumPy: odd extents drop
    the last row / column (floor mode), and NaNs are passed over as the general loop does (a
    window of NaNs only gives -inf)."""
    h, w = hw
    x = np.random.default_rng(7).normal(size=(2, 3, h, w)).astype("float32")
    x[0, 0, 0, 0] = np.nan
    x[1, 2, 2:4, 2:4] = np.nan
    got = run_op("pool2d", {"X": x},
                 {"pooling_type": "max", "ksize": [2, 2], "strides": [2, 2], "paddings": [0, 0]},
                 outputs={"Out": None})["Out"]
    oh, ow = h // 2, w // 2
    windows = x[:, :, :2 * oh, :2 * ow].reshape(2, 3, oh, 2, ow, 2).transpose(0, 1, 2, 4, 3, 5)
    windows = windows.reshape(2, 3, oh, ow, 4)
    all_nan = np.isnan(windows).all(-1)
    want = np.where(all_nan, -np.inf, np.nanmax(np.where(all_nan[..., None], 0, windows), -1))
    np.testing.assert_array_equal(got, want.astype("float32"))


@pytest.mark.parametrize("case", [1, 2, 5, 7])
def test_pool2d_max_skips_nans(case):
    """Other max pools (separable: column maxima over the window rows, then over the columns)
    pass over NaNs like the 2x2 loop: the result is the pool of X with NaNs as -inf."""
    attrs = dict(POOL_CASES[case], pooling_type="max")
    x = np.random.default_rng(8).normal(size=(2, 3, 9, 11)).astype("float32")
    x[0, 0, 0, 0] = np.nan
    x[1, 1, 3:7, 4:8] = np.nan
    got = run_op("pool2d", {"X": x}, attrs, outputs={"Out": None})["Out"]
    want = pool_expected(np.where(np.isnan(x), np.float32(-np.inf), x), attrs)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("case", [1, 4])
@pytest.mark.parametrize("width", [40, 57, 112])
def test_pool2d_max_3x3_stride_2_long_rows(case, width):
    """3x3 windows with strides 2 over rows long enough for 8 outputs a vector (ResNet's stem
    pool), with NaNs skipped, in the middle of rows and at both ends of a vector."""
    attrs = dict(POOL_CASES[case], pooling_type="max")
    x = np.random.default_rng(9).normal(size=(2, 3, 13, width)).astype("float32")
    x[0, 0, 0, 0] = np.nan
    x[0, 1, 4:6, 15:18] = np.nan
    x[1, 2, :, width - 1] = np.nan
    got = run_op("pool2d", {"X": x}, attrs, outputs={"Out": None})["Out"]
    want = pool_expected(np.where(np.isnan(x), np.float32(-np.inf), x), attrs)
    np.testing.assert_array_equal(got, want)


def test_pool2d_max_2x2_grad_goes_to_the_first_of_tied_maxima():
    """In a window of equal values the whole gradient goes to its first element (row-major),
    as PaddlePaddle's max-pool gradient does; the odd last row gets none."""
    x = np.ones((1, 2, 5, 4), dtype="float64")
    dout = np.arange(1, 1 + 2 * 2 * 2, dtype="float64").reshape(1, 2, 2, 2)
    got = run_op("pool2d_grad", {"X": x, "Out": np.ones((1, 2, 2, 2)), "Out@GRAD": dout},
                 {"pooling_type": "max", "ksize": [2, 2], "strides": [2, 2]},
                 outputs={"X@GRAD": None})["X@GRAD"]
    want = np.zeros_like(x)
    want[:, :, 0:4:2, 0:4:2] = dout
    np.testing.assert_array_equal(got, want)
