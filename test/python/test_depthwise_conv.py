"""The direct depthwise convolution kernel (groups == in_channels, any channel multiplier)
behind conv2d and depthwise_conv2d: forward and both gradients against a per-channel NumPy
reference over many geometries (interior and border regions, strides 1, 2 and 3, dilation,
asymmetric and oversized padding, SAME / VALID, NHWC), fp64 gradient checks, and results that
do not depend on the number of intra-op threads."""
import numpy as np
import pytest

from op_test import check_grad, check_output, run_op
from paddle.base import core

rng = np.random.default_rng(11)


def rand(*shape, dtype="float64"):
    return rng.uniform(-1.0, 1.0, shape).astype(dtype)


def resolve(x_shape, w_shape, attrs):
    """(strides, dilations, [top, bottom, left, right]) for NCHW shapes."""
    strides = attrs.get("strides", [1, 1])
    dilations = attrs.get("dilations", [1, 1])
    pads = attrs.get("paddings", [0, 0])
    pads = [pads[0], pads[0], pads[1], pads[1]] if len(pads) == 2 else list(pads)
    algorithm = attrs.get("padding_algorithm", "EXPLICIT")
    if algorithm == "VALID":
        pads = [0, 0, 0, 0]
    elif algorithm == "SAME":
        dilations = [1, 1]
        pads = []
        for size, kernel, stride in zip(x_shape[2:], w_shape[2:], strides):
            total = max((-(-size // stride) - 1) * stride + kernel - size, 0)
            pads += [total // 2, total - total // 2]
    return strides, dilations, pads


def taps(x_shape, w_shape, attrs):
    """Yields (kh, kw, input slice of the padded plane) for each filter tap, and the output
    plane size: output[oh, ow] reads padded[kh * dh + oh * sh, kw * dw + ow * sw]."""
    (sh, sw), (dh, dw), pads = resolve(x_shape, w_shape, attrs)
    h, w = x_shape[2] + pads[0] + pads[1], x_shape[3] + pads[2] + pads[3]
    kh_n, kw_n = w_shape[2:]
    oh = (h - dh * (kh_n - 1) - 1) // sh + 1
    ow = (w - dw * (kw_n - 1) - 1) // sw + 1
    cells = [(i, j, (slice(i * dh, i * dh + sh * (oh - 1) + 1, sh),
                     slice(j * dw, j * dw + sw * (ow - 1) + 1, sw)))
             for i in range(kh_n) for j in range(kw_n)]
    return cells, pads, (oh, ow)


def depthwise_ref(x, w, attrs):
    """NCHW forward, one channel at a time in float64."""
    cells, pads, (oh, ow) = taps(x.shape, w.shape, attrs)
    mult = w.shape[0] // x.shape[1]
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (pads[0], pads[1]), (pads[2], pads[3])))
    out = np.zeros((x.shape[0], w.shape[0], oh, ow))
    for oc in range(w.shape[0]):
        for i, j, (rows, cols) in cells:
            out[:, oc] += xp[:, oc // mult, rows, cols] * w[oc, 0, i, j]
    return out


def depthwise_grad_ref(x, w, dy, attrs):
    """(dX, dW) of depthwise_ref for Output@GRAD dy, NCHW, float64."""
    cells, pads, _ = taps(x.shape, w.shape, attrs)
    mult = w.shape[0] // x.shape[1]
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (pads[0], pads[1]), (pads[2], pads[3])))
    dxp = np.zeros_like(xp)
    dw = np.zeros(w.shape)
    for oc in range(w.shape[0]):
        for i, j, (rows, cols) in cells:
            dw[oc, 0, i, j] = np.sum(dy[:, oc] * xp[:, oc // mult, rows, cols])
            dxp[:, oc // mult, rows, cols] += dy[:, oc] * w[oc, 0, i, j]
    dx = dxp[:, :, pads[0]:pads[0] + x.shape[2], pads[2]:pads[2] + x.shape[3]]
    return dx, dw


# (input NCHW shape, multiplier, kernel (kh, kw), attrs)
CASES = [
    ((1, 4, 8, 8), 1, (3, 3), {"paddings": [1, 1]}),  # MobileNet's 3x3 stride 1
    ((3, 3, 7, 9), 1, (3, 3), {"strides": [2, 2], "paddings": [1, 1]}),  # 3x3 stride 2, odd
    ((2, 3, 9, 7), 1, (5, 5), {"paddings": [2, 2]}),
    ((2, 2, 11, 12), 1, (5, 5), {"strides": [2, 2], "paddings": [2, 2]}),
    ((2, 3, 9, 10), 1, (3, 3), {"dilations": [2, 2], "paddings": [2, 2]}),
    ((1, 3, 8, 9), 1, (3, 3), {"dilations": [2, 1], "strides": [1, 2], "paddings": [1, 2]}),
    ((2, 2, 7, 9), 1, (3, 3), {"paddings": [0, 2, 1, 0]}),  # top, bottom, left, right
    ((2, 3, 7, 9), 1, (3, 3), {"strides": [2, 2], "padding_algorithm": "SAME"}),
    ((2, 3, 7, 9), 1, (3, 3), {"strides": [2, 1], "paddings": [4, 4],
                               "padding_algorithm": "VALID"}),
    ((3, 2, 7, 9), 2, (3, 3), {"paddings": [1, 1]}),  # channel multiplier 2
    ((2, 3, 7, 8), 3, (3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    ((2, 3, 10, 11), 1, (2, 4), {"strides": [3, 3], "paddings": [1, 2, 0, 3]}),  # generic
    ((2, 3, 5, 6), 1, (1, 1), {}),
    ((1, 2, 6, 7), 1, (3, 3), {"paddings": [3, 3]}),  # padding wider than the window
    ((1, 2, 2, 3), 1, (5, 5), {"paddings": [2, 2]}),  # input smaller than the window
    ((1, 2, 4, 45), 1, (3, 3), {"paddings": [1, 1]}),  # long rows: full vectors + tail
    ((1, 2, 4, 45), 1, (3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    ((1, 2, 5, 37), 2, (5, 5), {"strides": [1, 2], "paddings": [2, 2]}),
    # The float AVX2 kernel that reads the plane straight: strips of 8 outputs, blocks of 4
    # rows plus single rows, masked loads at the edges and plain ones inside.
    ((2, 2, 11, 30), 1, (3, 3), {}),  # no padding: interior strips from the first column
    ((1, 2, 13, 40), 1, (3, 3), {"strides": [2, 2], "paddings": [0, 1, 0, 1]}),
    ((1, 2, 18, 50), 1, (5, 5), {"strides": [2, 2], "paddings": [2, 2]}),
    ((1, 2, 9, 17), 1, (5, 5), {"paddings": [4, 1]}),  # whole rows of padding in a block
    ((1, 3, 1, 1), 1, (3, 3), {"paddings": [1, 1]}),
    ((1, 2, 7, 7), 1, (3, 3), {"paddings": [1, 1]}),  # MobileNet's last planes
    # Rows of more than 32 outputs: blocks of rows, each across all strips.
    ((1, 2, 9, 70), 1, (3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    ((1, 2, 7, 40), 1, (5, 5), {"paddings": [2, 2]}),
    # Blocks whose rows all lie inside run their inside strips in a loop of their own (every
    # strip with no padding), the edges and the other blocks as above.
    ((1, 2, 10, 50), 1, (3, 3), {}),
    ((1, 2, 14, 44), 1, (5, 5), {"paddings": [2, 2]}),
    ((1, 2, 15, 41), 1, (3, 3), {"paddings": [1, 2, 3, 0]}),
    ((1, 2, 20, 90), 1, (3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    ((1, 2, 24, 84), 1, (5, 5), {"strides": [2, 2], "paddings": [2, 2]}),
    ((1, 2, 17, 81), 1, (3, 3), {"strides": [2, 2]}),
    ((1, 2, 12, 10), 1, (3, 3), {"paddings": [1, 1, 30, 30]}),  # no inside strip at all
    # A partial strip stores whole vectors that spill into the rows after its own (strips run
    # from the right): over several rows when rows are narrow, masked only at the plane's end.
    ((2, 2, 9, 3), 1, (3, 3), {"paddings": [1, 1]}),
    ((2, 2, 13, 5), 1, (3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    ((2, 2, 10, 43), 1, (3, 3), {"paddings": [1, 1]}),
    ((2, 2, 9, 21), 1, (5, 5), {"paddings": [2, 2]}),
    # Planes of at most 16 output columns (float, AVX2): copied into a zero-bordered scratch
    # plane first, then strips of 8 columns in blocks of up to 8 rows and a rest.
    ((2, 3, 14, 14), 1, (5, 5), {"paddings": [2, 2]}),  # MobileNetV3's 14 x 14 planes
    ((2, 3, 7, 7), 1, (5, 5), {"paddings": [2, 2]}),
    ((2, 3, 14, 14), 1, (5, 5), {"strides": [2, 2], "paddings": [2, 2]}),
    ((1, 2, 19, 16), 1, (3, 3), {"paddings": [1, 1]}),  # two whole strips, 8 + 8 + 3 rows
    ((1, 2, 17, 9), 2, (3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    ((1, 2, 6, 12), 1, (5, 5), {"paddings": [1, 2, 3, 0]}),  # uneven, wide on the left
    ((1, 2, 10, 33), 1, (5, 5), {"strides": [2, 2], "paddings": [1, 1]}),  # 17 -> 15 columns
]


def attrs_for(x_shape, mult, kernel, attrs, nhwc=False):
    out = dict(attrs, groups=x_shape[1])
    if nhwc:
        out["data_format"] = "NHWC"
    return out, (x_shape[1] * mult, 1) + kernel


def tolerances(dtype):
    return {"rtol": 1e-5, "atol": 1e-5} if dtype == "float32" else {"rtol": 1e-11, "atol": 1e-12}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("op_type", ["depthwise_conv2d", "conv2d"])
@pytest.mark.parametrize("case", range(len(CASES)))
def test_forward(case, op_type, dtype):
    x_shape, mult, kernel, attrs = CASES[case]
    attrs, w_shape = attrs_for(x_shape, mult, kernel, attrs)
    x, w = rand(*x_shape, dtype=dtype), rand(*w_shape, dtype=dtype)
    check_output(op_type, {"Input": x, "Filter": w},
                 {"Output": depthwise_ref(x, w, attrs).astype(dtype)}, attrs=attrs,
                 **tolerances(dtype))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", range(len(CASES)))
def test_gradients_against_reference(case, dtype):
    x_shape, mult, kernel, attrs = CASES[case]
    attrs, w_shape = attrs_for(x_shape, mult, kernel, attrs)
    x, w = rand(*x_shape, dtype=dtype), rand(*w_shape, dtype=dtype)
    dy = rand(*depthwise_ref(x, w, attrs).shape, dtype=dtype)
    got = run_op("depthwise_conv2d_grad", {"Input": x, "Filter": w, "Output@GRAD": dy}, attrs,
                 {"Input@GRAD": None, "Filter@GRAD": None})
    dx, dw = depthwise_grad_ref(x, w, dy, attrs)
    np.testing.assert_allclose(got["Input@GRAD"], dx, **tolerances(dtype))
    np.testing.assert_allclose(got["Filter@GRAD"], dw, **tolerances(dtype))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", [1, 6, 9, 11])
def test_nhwc(case, dtype):
    x_shape, mult, kernel, attrs = CASES[case]
    attrs, w_shape = attrs_for(x_shape, mult, kernel, attrs, nhwc=True)
    x, w = rand(*x_shape, dtype=dtype), rand(*w_shape, dtype=dtype)
    want = depthwise_ref(x, w, attrs)
    x_nhwc = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
    check_output("depthwise_conv2d", {"Input": x_nhwc, "Filter": w},
                 {"Output": want.transpose(0, 2, 3, 1).astype(dtype)}, attrs=attrs,
                 **tolerances(dtype))
    dy = rand(*want.shape, dtype=dtype)
    got = run_op("depthwise_conv2d_grad",
                 {"Input": x_nhwc, "Filter": w,
                  "Output@GRAD": np.ascontiguousarray(dy.transpose(0, 2, 3, 1))},
                 attrs, {"Input@GRAD": None, "Filter@GRAD": None})
    dx, dw = depthwise_grad_ref(x, w, dy, attrs)
    np.testing.assert_allclose(got["Input@GRAD"], dx.transpose(0, 2, 3, 1), **tolerances(dtype))
    np.testing.assert_allclose(got["Filter@GRAD"], dw, **tolerances(dtype))


# fp64 central differences through the registry's grad op (small shapes: one run per element)
GRAD_CASES = [
    ((2, 2, 5, 6), 1, (3, 3), {"paddings": [1, 1]}),
    ((1, 2, 6, 5), 2, (3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    ((2, 2, 6, 6), 1, (3, 3), {"dilations": [2, 1], "paddings": [1, 0, 2, 1]}),
    ((1, 2, 7, 6), 1, (2, 3), {"strides": [3, 2], "paddings": [1, 1]}),
    ((1, 2, 4, 5), 1, (3, 3), {"paddings": [3, 3]}),
]


@pytest.mark.parametrize("op_type", ["depthwise_conv2d", "conv2d"])
@pytest.mark.parametrize("case", range(len(GRAD_CASES)))
def test_check_grad(case, op_type):
    x_shape, mult, kernel, attrs = GRAD_CASES[case]
    attrs, w_shape = attrs_for(x_shape, mult, kernel, attrs)
    check_grad(op_type, {"Input": rand(*x_shape), "Filter": rand(*w_shape)}, attrs=attrs,
               outputs=["Output"], wrt=["Input", "Filter"])


def test_check_grad_nhwc_filter_only():
    x_shape, mult, kernel, attrs = GRAD_CASES[1]
    attrs, w_shape = attrs_for(x_shape, mult, kernel, attrs, nhwc=True)
    x = np.ascontiguousarray(rand(*x_shape).transpose(0, 2, 3, 1))
    check_grad("depthwise_conv2d", {"Input": x, "Filter": rand(*w_shape)}, attrs=attrs,
               outputs=["Output"], wrt=["Filter"])
    check_grad("depthwise_conv2d", {"Input": x, "Filter": rand(*w_shape)}, attrs=attrs,
               outputs=["Output"], wrt=["Input"])


@pytest.mark.parametrize("stride", [1, 2])
def test_same_results_with_two_threads(stride):
    # Enough planes and channels that the pool splits every loop.
    attrs = {"groups": 24, "strides": [stride, stride], "paddings": [1, 1]}
    x, w = rand(3, 24, 21, 23, dtype="float32"), rand(48, 1, 3, 3, dtype="float32")
    dy = rand(*depthwise_ref(x, w, attrs).shape, dtype="float32")

    def run():
        out = run_op("depthwise_conv2d", {"Input": x, "Filter": w}, attrs, {"Output": None})
        grads = run_op("depthwise_conv2d_grad", {"Input": x, "Filter": w, "Output@GRAD": dy},
                       attrs, {"Input@GRAD": None, "Filter@GRAD": None})
        return out["Output"], grads["Input@GRAD"], grads["Filter@GRAD"]

    before = core.get_num_threads()
    try:
        core.set_num_threads(1)
        one = run()
        core.set_num_threads(2)
        two = run()
    finally:
        core.set_num_threads(before)
    for a, b in zip(one, two):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_allclose(one[0], depthwise_ref(x, w, attrs), rtol=1e-5, atol=1e-5)
