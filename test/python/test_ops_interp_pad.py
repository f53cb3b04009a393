"""NumPy reference, float64 gradient and error tests of pad3d, nearest_interp_v2,
bilinear_interp_v2 and pixel_shuffle, through the executor."""
import numpy as np
import pytest

from op_test import check_grad, check_output, run_op

rng = np.random.default_rng(11)


def rand(*shape, dtype="float64"):
    return rng.uniform(-1.0, 1.0, shape).astype(dtype)


# ----------------------------------------------------------------------------------- pad3d

NP_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "edge", "circular": "wrap"}


def np_pad3d(x, paddings, mode, value=0.0, data_format="NCDHW"):
    l, r, t, b, f, k = paddings
    spatial = [(f, k), (t, b), (l, r)]
    width = [(0, 0), (0, 0)] + spatial if data_format == "NCDHW" else [(0, 0)] + spatial + [(0, 0)]
    if mode == "constant":
        return np.pad(x, width, mode="constant", constant_values=value)
    return np.pad(x, width, mode=NP_MODES[mode])


@pytest.mark.parametrize("mode", ["constant", "reflect", "replicate", "circular"])
@pytest.mark.parametrize("data_format", ["NCDHW", "NDHWC"])
def test_pad3d(mode, data_format):
    shape = (2, 3, 3, 4, 5) if data_format == "NCDHW" else (2, 3, 4, 5, 3)
    pads = [1, 2, 0, 3, 2, 1]
    attrs = {"paddings": pads, "mode": mode, "value": 0.5, "data_format": data_format}
    for dtype in ("float32", "float64"):
        x = rand(*shape, dtype=dtype)
        check_output("pad3d", {"X": x}, {"Out": np_pad3d(x, pads, mode, 0.5, data_format)}, attrs=attrs)
    check_grad("pad3d", {"X": rand(*shape)}, attrs=attrs)


def test_pad3d_errors():
    x = rand(1, 1, 2, 3, 4)
    with pytest.raises(ValueError, match="less than the padded extent"):
        run_op("pad3d", {"X": x}, {"paddings": [4, 0, 0, 0, 0, 0], "mode": "reflect"}, outputs={"Out": None})
    with pytest.raises(ValueError, match="5-D"):
        run_op("pad3d", {"X": rand(2, 3)}, {"paddings": [1] * 6}, outputs={"Out": None})
    with pytest.raises(ValueError, match="6 entries"):
        run_op("pad3d", {"X": x}, {"paddings": [1, 1]}, outputs={"Out": None})
    with pytest.raises(ValueError, match="mode"):
        run_op("pad3d", {"X": x}, {"paddings": [1] * 6, "mode": "wrap"}, outputs={"Out": None})
    with pytest.raises(ValueError, match=">= 0"):
        run_op("pad3d", {"X": x}, {"paddings": [-1, 0, 0, 0, 0, 0]}, outputs={"Out": None})
    # A Paddings tensor gives the attribute: InferMeta checks its values as the attribute's.
    with pytest.raises(ValueError, match=r"paddings to have 6 entries, but got \[1, 1, 1, 1\]"):
        run_op("pad3d", {"X": x, "Paddings": np.array([1] * 4, "int32")}, {"paddings": [1] * 6},
               outputs={"Out": None})
    with pytest.raises(ValueError, match="less than the padded extent"):
        run_op("pad3d", {"X": x, "Paddings": np.array([4, 0, 0, 0, 0, 0], "int64")},
               {"mode": "reflect"}, outputs={"Out": None})


@pytest.mark.parametrize("mode", ["constant", "reflect"])
def test_pad3d_paddings_tensor(mode):
    x = rand(2, 3, 3, 4, 5)
    pads = [1, 2, 0, 1, 2, 1]
    want = np_pad3d(x, pads, mode, 0.5)
    for dtype in ("int32", "int64"):
        check_output("pad3d", {"X": x, "Paddings": np.array(pads, dtype)}, {"Out": want},
                     attrs={"paddings": [0] * 6, "mode": mode, "value": 0.5})
    check_grad("pad3d", {"X": x, "Paddings": np.array(pads, "int32")}, attrs={"mode": mode})


# ------------------------------------------------------------------ nearest / bilinear interp

def np_ratio(in_size, out_size, scale, align_corners):
    if out_size <= 1:
        return np.float32(0.0)
    if align_corners:
        return np.float32(in_size - 1) / np.float32(out_size - 1)
    return np.float32(1.0 / scale) if scale > 0 else np.float32(in_size) / np.float32(out_size)


def np_taps(method, in_size, out_size, scale, align_corners, align_mode):
    """(out_size, in_size) matrix of interpolation weights along one axis (PaddlePaddle's rules)."""
    m = np.zeros((out_size, in_size))
    if in_size == out_size:
        return np.eye(in_size)
    ratio = np_ratio(in_size, out_size, scale, align_corners)
    align_flag = align_mode == 0 and not align_corners
    for k in range(out_size):
        if method == "nearest":
            i = int(ratio * np.float32(k) + np.float32(0.5)) if align_corners else int(ratio * np.float32(k))
            m[k, min(i, in_size - 1)] = 1.0
            continue
        src = np.float32(float(ratio) * (k + 0.5) - 0.5)
        lo = int(src) if align_flag else int(ratio * np.float32(k))
        lo = max(lo, 0)
        hi = min(lo + 1, in_size - 1)
        src = max(src, np.float32(0))
        d = np.float32(src - np.float32(lo)) if align_flag else np.float32(ratio * np.float32(k) - np.float32(lo))
        m[k, lo] += 1.0 - float(d)
        m[k, hi] += float(d)
    return m


def np_interp(x, method, out_hw=None, scale=(), align_corners=True, align_mode=1, layout="NCHW"):
    if layout == "NHWC":
        x = x.transpose(0, 3, 1, 2)
    ih, iw = x.shape[2:]
    sh, sw = (scale[0], scale[1]) if len(scale) > 1 else (-1.0, -1.0)
    if sh > 0:
        oh, ow = int(ih * np.float32(sh)), int(iw * np.float32(sw))
    else:
        oh, ow = out_hw
    mh = np_taps(method, ih, oh, sh, align_corners, align_mode)
    mw = np_taps(method, iw, ow, sw, align_corners, align_mode)
    out = np.einsum("ki,ncij,lj->nckl", mh, x.astype("float64"), mw).astype(x.dtype)
    return out.transpose(0, 2, 3, 1) if layout == "NHWC" else out


INTERP_CASES = [
    ({"out_h": 7, "out_w": 5}, True, 1),
    ({"out_h": 7, "out_w": 5}, False, 1),
    ({"out_h": 7, "out_w": 5}, False, 0),
    ({"out_h": 2, "out_w": 3}, False, 0),
    ({"scale": [2.0, 1.5]}, False, 0),
    ({"scale": [0.5, 0.75]}, False, 1),
    ({"scale": [2.0, 1.5]}, True, 1),
]


@pytest.mark.parametrize("op", ["nearest_interp_v2", "bilinear_interp_v2"])
@pytest.mark.parametrize("size,align_corners,align_mode", INTERP_CASES)
@pytest.mark.parametrize("layout", ["NCHW", "NHWC"])
def test_interp(op, size, align_corners, align_mode, layout):
    method = op.split("_")[0]
    shape = (2, 3, 4, 6) if layout == "NCHW" else (2, 4, 6, 3)
    attrs = dict(size, interp_method=method, align_corners=align_corners, align_mode=align_mode,
                 data_layout=layout)
    out_hw = (size.get("out_h"), size.get("out_w"))
    for dtype in ("float32", "float64"):
        x = rand(*shape, dtype=dtype)
        want = np_interp(x, method, out_hw, size.get("scale", ()), align_corners, align_mode, layout)
        tol = {"rtol": 1e-5, "atol": 1e-6} if dtype == "float32" else {"rtol": 1e-6, "atol": 1e-7}
        check_output(op, {"X": x}, {"Out": want}, attrs=attrs, **tol)
    check_grad(op, {"X": rand(*shape)}, attrs=attrs)


def test_interp_errors():
    x = rand(1, 2, 3, 4)
    for op in ("nearest_interp_v2", "bilinear_interp_v2"):
        with pytest.raises(ValueError, match="output extents > 0"):
            run_op(op, {"X": x}, {}, outputs={"Out": None})
        with pytest.raises(ValueError, match="data_layout"):
            run_op(op, {"X": x}, {"out_h": 2, "out_w": 2, "data_layout": "HWCN"}, outputs={"Out": None})
        with pytest.raises(ValueError, match="scale > 0"):
            run_op(op, {"X": x}, {"scale": [-1.0, 2.0]}, outputs={"Out": None})
        with pytest.raises(ValueError, match="4-D"):
            run_op(op, {"X": rand(2, 3, 4)}, {"out_h": 2, "out_w": 2}, outputs={"Out": None})
        with pytest.raises(ValueError, match="OutSize to hold 2 values"):
            run_op(op, {"X": x, "OutSize": np.array([2], "int32")}, {"out_h": 2, "out_w": 2},
                   outputs={"Out": None})
        with pytest.raises(ValueError, match="Scale > 0"):
            run_op(op, {"X": x, "Scale": np.array([0.0], "float32")}, {}, outputs={"Out": None})


@pytest.mark.parametrize("op", ["nearest_interp_v2", "bilinear_interp_v2"])
def test_interp_tensor_sizes(op):
    """OutSize, SizeTensor and Scale given as tensors (PaddlePaddle's precedence: SizeTensor,
    then OutSize over the scale, which still sets the ratio)."""
    method = op.split("_")[0]
    x = rand(2, 3, 4, 6)
    base = {"interp_method": method, "align_corners": False, "align_mode": 0}
    want = np_interp(x, method, (7, 5), (), False, 0)
    check_output(op, {"X": x, "OutSize": np.array([7, 5], "int32")}, {"Out": want}, attrs=base)
    check_output(op, {"X": x, "SizeTensor": [("h", np.array([7], "int64")),
                                             ("w", np.array([5], "int32"))]},
                 {"Out": want}, attrs=dict(base, out_h=3, out_w=3, scale=[2.0, 2.0]))
    check_output(op, {"X": x, "SizeTensor": [("h", np.array([7], "int32")),
                                             ("w", np.array([5], "int32"))]},
                 {"Out": want}, attrs=dict(base, out_h=-1, out_w=-1))
    want = np_interp(x, method, None, (2.0, 1.5), False, 0)
    check_output(op, {"X": x, "Scale": np.array([2.0, 1.5], "float32")}, {"Out": want}, attrs=base)
    check_output(op, {"X": x}, {"Out": want}, attrs=dict(base, scale=[2.0, 1.5]))
    check_grad(op, {"X": x, "Scale": np.array([2.0, 1.5], "float32")}, attrs=base)
    check_grad(op, {"X": x, "OutSize": np.array([7, 5], "int32")}, attrs=base)


# ----------------------------------------------------------------------------- pixel_shuffle

def np_pixel_shuffle(x, r, data_format="NCHW"):
    if data_format == "NHWC":
        x = x.transpose(0, 3, 1, 2)
    n, c, h, w = x.shape
    out = x.reshape(n, c // (r * r), r, r, h, w).transpose(0, 1, 4, 2, 5, 3)
    out = out.reshape(n, c // (r * r), h * r, w * r)
    return out.transpose(0, 2, 3, 1) if data_format == "NHWC" else out


@pytest.mark.parametrize("data_format", ["NCHW", "NHWC"])
@pytest.mark.parametrize("r", [1, 2, 3])
def test_pixel_shuffle(data_format, r):
    shape = (2, 2 * r * r, 3, 4) if data_format == "NCHW" else (2, 3, 4, 2 * r * r)
    attrs = {"upscale_factor": r, "data_format": data_format}
    for dtype in ("float32", "float64"):
        x = rand(*shape, dtype=dtype)
        check_output("pixel_shuffle", {"X": x}, {"Out": np_pixel_shuffle(x, r, data_format)},
                     attrs=attrs)
    check_grad("pixel_shuffle", {"X": rand(*shape)}, attrs=attrs)


def test_pixel_shuffle_errors():
    with pytest.raises(ValueError, match="divisible by upscale_factor"):
        run_op("pixel_shuffle", {"X": rand(1, 6, 2, 2)}, {"upscale_factor": 2}, outputs={"Out": None})
    with pytest.raises(ValueError, match="4-D"):
        run_op("pixel_shuffle", {"X": rand(4, 2, 2)}, {"upscale_factor": 2}, outputs={"Out": None})
    with pytest.raises(ValueError, match="upscale_factor > 0"):
        run_op("pixel_shuffle", {"X": rand(1, 4, 2, 2)}, {"upscale_factor": 0}, outputs={"Out": None})
    with pytest.raises(ValueError, match="data_format"):
        run_op("pixel_shuffle", {"X": rand(1, 4, 2, 2)}, {"upscale_factor": 2, "data_format": "CHWN"},
               outputs={"Out": None})


def test_interp_and_pixel_shuffle_grad_shape_errors():
    for op in ("nearest_interp_v2", "bilinear_interp_v2"):
        with pytest.raises(ValueError, match="non-empty spatial extents"):
            run_op(op, {"X": np.zeros((1, 2, 0, 3))}, {"out_h": 2, "out_w": 2}, outputs={"Out": None})
    with pytest.raises(ValueError, match="divisible by upscale_factor 2"):
        run_op("pixel_shuffle_grad", {"Out@GRAD": rand(1, 1, 3, 4)}, {"upscale_factor": 2},
               outputs={"X@GRAD": None})
