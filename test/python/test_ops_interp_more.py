"""NumPy reference, float64 gradient and error tests of linear_interp_v2 (3-D),
bicubic_interp_v2 (4-D), trilinear_interp_v2 (5-D) and nearest_interp_v2 on 5-D inputs,
through the executor."""
import numpy as np
import pytest

from op_test import check_grad, check_output, run_op

rng = np.random.default_rng(17)
F32 = np.float32


def rand(*shape, dtype="float64"):
    return rng.uniform(-1.0, 1.0, shape).astype(dtype)


def np_ratio(in_size, out_size, scale, align_corners):
    """PaddlePaddle's source/destination ratio, computed in float32 as its kernels do."""
    if out_size <= 1:
        return F32(0.0)
    if align_corners:
        return F32(in_size - 1) / F32(out_size - 1)
    return F32(1.0 / scale) if scale > 0 else F32(in_size) / F32(out_size)


def cubic_weights(t):
    a = -0.75
    near = lambda x: ((a + 2) * x - (a + 3)) * x * x + 1  # noqa: E731
    far = lambda x: ((a * x - 5 * a) * x + 8 * a) * x - 4 * a  # noqa: E731
    return [far(t + 1.0), near(t), near(1.0 - t), far(2.0 - t)]


def axis_matrix(method, in_size, out_size, scale, align_corners, align_mode, identity):
    """(out_size, in_size) float64 weights of one axis."""
    if identity:
        return np.eye(in_size)
    m = np.zeros((out_size, in_size))
    ratio = np_ratio(in_size, out_size, scale, align_corners)
    align_flag = align_mode == 0 and not align_corners
    for k in range(out_size):
        if method == "nearest":
            i = int(float(ratio * F32(k)) + 0.5) if align_corners else int(ratio * F32(k))
            m[k, min(i, in_size - 1)] = 1.0
        elif method == "linear":
            lo = int(float(ratio) * (k + 0.5) - 0.5) if align_flag else int(ratio * F32(k))
            lo = max(lo, 0)
            hi = min(lo + 1, in_size - 1)
            src = max(F32(float(ratio) * (k + 0.5) - 0.5), F32(0))
            d = F32(src - F32(lo)) if align_flag else F32(ratio * F32(k) - F32(lo))
            m[k, lo] += 1.0 - float(d)
            m[k, hi] += float(d)
        else:  # cubic: taps floor(src) - 1 .. floor(src) + 2, clamped to the border
            src = ratio * F32(k) if align_corners else ratio * (F32(k) + F32(0.5)) - F32(0.5)
            base = int(np.floor(src))
            for e, w in enumerate(cubic_weights(float(src) - base)):
                m[k, min(max(base - 1 + e, 0), in_size - 1)] += w
    return m


def out_extents(in_sizes, sizes, scale):
    if scale:
        return [int(i * F32(s)) for i, s in zip(in_sizes, scale)]
    return list(sizes)


def np_interp(x, method, sizes=None, scale=(), align_corners=True, align_mode=1,
              channels_last=False):
    """x is N, C, *spatial (or channels last); float64 result cast back to x's dtype."""
    rank = x.ndim
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    in_sizes = list(x.shape[2:])
    outs = out_extents(in_sizes, sizes, scale)
    identity = in_sizes == outs
    y = x.astype(np.float64)
    for a in range(rank - 2):
        s = scale[a] if scale else -1.0
        m = axis_matrix(method, in_sizes[a], outs[a], s, align_corners, align_mode, identity)
        y = np.moveaxis(np.tensordot(m, np.moveaxis(y, 2 + a, 0), axes=1), 0, 2 + a)
    if channels_last:
        y = np.moveaxis(y, 1, -1)
    return y.astype(x.dtype)


def attrs_of(method, sizes, scale, align_corners, align_mode, channels_last):
    a = {"interp_method": method, "align_corners": align_corners, "align_mode": align_mode,
         "data_layout": "NHWC" if channels_last else "NCHW"}
    if scale:
        a["scale"] = list(scale)
    else:
        names = ["out_d", "out_h", "out_w"][3 - len(sizes):]
        a.update(zip(names, sizes))
    return a


# op, method of the reference, channels-first shape, cases (sizes, scale, align_corners, mode)
CASES = {
    "linear_interp_v2": ("linear", (2, 3, 5), [
        ((8,), (), True, 1), ((8,), (), False, 0), ((3,), (), False, 1), ((1,), (), True, 1),
        (None, (1.5,), False, 0), (None, (0.6,), False, 1), (None, (2.0,), True, 0)]),
    "bicubic_interp_v2": ("cubic", (2, 2, 4, 5), [
        ((7, 9), (), True, 1), ((7, 9), (), False, 1), ((3, 2), (), False, 0),
        ((1, 6), (), True, 0), (None, (2.0, 1.5), False, 0), (None, (0.5, 0.8), True, 1)]),
    "trilinear_interp_v2": ("linear", (1, 2, 3, 4, 3), [
        ((5, 3, 4), (), True, 1), ((5, 3, 4), (), False, 0), ((2, 6, 2), (), False, 1),
        (None, (2.0, 0.5, 1.5), False, 0), (None, (1.5, 1.5, 2.0), True, 1)]),
    "nearest_interp_v2": ("nearest", (1, 2, 3, 4, 3), [
        ((5, 3, 4), (), False, 1), ((2, 6, 2), (), False, 0),
        (None, (2.0, 0.5, 1.5), False, 0)]),
}
PARAMS = [(op, i, cl) for op, (_, _, cases) in CASES.items() for i in range(len(cases))
          for cl in (False, True)]


def shape_of(shape, channels_last):
    return shape[:1] + shape[2:] + shape[1:2] if channels_last else shape


@pytest.mark.parametrize("op,case,channels_last", PARAMS)
def test_interp_matches_numpy_and_grad(op, case, channels_last):
    method, shape, cases = CASES[op]
    sizes, scale, align_corners, align_mode = cases[case]
    shape = shape_of(shape, channels_last)
    attrs = attrs_of(op.split("_")[0], sizes, scale, align_corners, align_mode, channels_last)
    for dtype in ("float32", "float64"):
        x = rand(*shape, dtype=dtype)
        want = np_interp(x, method, sizes, scale, align_corners, align_mode, channels_last)
        tol = {"rtol": 1e-5, "atol": 1e-6} if dtype == "float32" else {"rtol": 1e-10, "atol": 1e-12}
        check_output(op, {"X": x}, {"Out": want}, attrs=attrs, **tol)
    check_grad(op, {"X": rand(*shape)}, attrs=attrs)


def test_bicubic_keeps_constants_and_corners():
    """The cubic weights of each tap sum to one, and align_corners keeps the corner pixels."""
    x = np.full((1, 1, 3, 4), 2.5)
    got = run_op("bicubic_interp_v2", {"X": x}, {"out_h": 7, "out_w": 5, "align_corners": False},
                 outputs={"Out": None})["Out"]
    np.testing.assert_allclose(got, np.full((1, 1, 7, 5), 2.5), rtol=1e-12)
    x = rand(1, 1, 3, 4)
    got = run_op("bicubic_interp_v2", {"X": x}, {"out_h": 7, "out_w": 5, "align_corners": True},
                 outputs={"Out": None})["Out"]
    for (i, j), (k, l) in [((0, 0), (0, 0)), ((0, -1), (0, -1)), ((-1, 0), (-1, 0))]:
        assert abs(got[0, 0, i, j] - x[0, 0, k, l]) < 1e-12


def test_same_extents_copy_even_with_a_scale():
    """PaddlePaddle copies X when every output extent equals the input's, whatever the scale."""
    x = rand(1, 2, 4)
    got = run_op("linear_interp_v2", {"X": x}, {"scale": [1.1], "align_corners": False},
                 outputs={"Out": None})["Out"]
    np.testing.assert_array_equal(got, x)


@pytest.mark.parametrize("op,method,shape", [
    ("linear_interp_v2", "linear", (2, 3, 5)),
    ("bicubic_interp_v2", "cubic", (2, 2, 4, 5)),
    ("trilinear_interp_v2", "linear", (1, 2, 3, 4, 3)),
    ("nearest_interp_v2", "nearest", (1, 2, 3, 4, 3))])
def test_interp_tensor_sizes_and_scales(op, method, shape):
    """OutSize, SizeTensor and Scale as tensors (SizeTensor first, OutSize over the scale)."""
    x = rand(*shape)
    k = len(shape) - 2
    sizes = (7, 5, 6)[:k]
    scale = (2.0, 1.5, 0.5)[:k]
    base = {"interp_method": op.split("_")[0], "align_corners": False, "align_mode": 0}
    want = np_interp(x, method, sizes, (), False, 0)
    check_output(op, {"X": x, "OutSize": np.array(sizes, "int32")}, {"Out": want}, attrs=base)
    size_tensor = [(f"s{i}", np.array([v], "int64" if i else "int32")) for i, v in enumerate(sizes)]
    check_output(op, {"X": x, "SizeTensor": size_tensor}, {"Out": want},
                 attrs=dict(base, scale=[3.0] * k))
    want = np_interp(x, method, None, scale, False, 0)
    check_output(op, {"X": x, "Scale": np.array(scale, "float32")}, {"Out": want}, attrs=base)
    one = np_interp(x, method, None, (2.0,) * k, False, 0)
    check_output(op, {"X": x, "Scale": np.array([2.0], "float64")}, {"Out": one}, attrs=base)
    check_grad(op, {"X": x, "Scale": np.array(scale, "float32")}, attrs=base)
    check_grad(op, {"X": x, "SizeTensor": size_tensor}, attrs=base, wrt=("X",))


def run(op, x, attrs, **extra):
    return run_op(op, dict({"X": x}, **extra), attrs, outputs={"Out": None})


def test_interp_errors():
    x3, x4, x5 = rand(1, 2, 4), rand(1, 2, 3, 4), rand(1, 2, 2, 3, 4)
    with pytest.raises(ValueError, match="linear interpolation of a 3-D X"):
        run("linear_interp_v2", x4, {"out_w": 2})
    with pytest.raises(ValueError, match="bicubic interpolation of a 4-D X"):
        run("bicubic_interp_v2", x5, {"out_h": 2, "out_w": 2, "interp_method": "bicubic"})
    with pytest.raises(ValueError, match="trilinear interpolation of a 5-D X"):
        run("trilinear_interp_v2", x4, {"out_h": 2, "out_w": 2, "interp_method": "trilinear"})
    with pytest.raises(ValueError, match="nearest interpolation of a 4-D or 5-D X"):
        run("nearest_interp_v2", x3, {"out_w": 2})
    with pytest.raises(ValueError, match=r"output extents > 0 .* but got \[2, 0, 3\]"):
        run("trilinear_interp_v2", x5, {"out_d": 2, "out_h": 0, "out_w": 3})
    with pytest.raises(ValueError, match="output extents > 0"):
        run("linear_interp_v2", x3, {"scale": [0.1]})
    with pytest.raises(ValueError, match="scale > 0"):
        run("bicubic_interp_v2", x4, {"scale": [1.0, -2.0]})
    with pytest.raises(ValueError, match="data_layout NCHW or NHWC, but got NCDHW"):
        run("trilinear_interp_v2", x5, {"out_d": 2, "out_h": 2, "out_w": 2,
                                        "data_layout": "NCDHW"})
    with pytest.raises(ValueError, match="align_mode 0 or 1, but got 3"):
        run("linear_interp_v2", x3, {"out_w": 2, "align_mode": 3})
    with pytest.raises(ValueError, match="non-empty spatial extents"):
        run("linear_interp_v2", np.zeros((1, 2, 0)), {"out_w": 2})
    with pytest.raises(ValueError, match="OutSize to hold 3 values, but got 2"):
        run("trilinear_interp_v2", x5, {}, OutSize=np.array([2, 2], "int32"))
    with pytest.raises(ValueError, match="Scale > 0"):
        run("linear_interp_v2", x3, {}, Scale=np.array([-1.0], "float32"))
    with pytest.raises(ValueError, match="SizeTensor to hold 1 tensors, but got 2"):
        run("linear_interp_v2", x3, {}, SizeTensor=[("a", np.array([2], "int32")),
                                                    ("b", np.array([2], "int32"))])
    with pytest.raises(ValueError, match="output extents > 0"):
        run("bicubic_interp_v2", x4, {}, OutSize=np.array([0, 3], "int32"))


def test_interp_grad_shape_errors():
    with pytest.raises(ValueError, match="Out@GRAD to have the output dims \\[1, 2, 6\\]"):
        run_op("linear_interp_v2_grad", {"X": rand(1, 2, 3), "Out@GRAD": rand(1, 2, 5)},
               {"out_w": 6}, outputs={"X@GRAD": None})
