"""NumPy reference, float64 gradient and error tests of the version-1 ops matmul and
lookup_table, clip_by_norm and lrn; cast between every pair of dtypes; softmax, log_softmax
and their grads on every axis of 1-D to 5-D inputs; the static APIs built on them
(ClipGradByNorm in optimizer.minimize, F.local_response_norm / nn.LocalResponseNorm)."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from op_test import check_grad, check_output, run_op
from paddle.base import core

paddle.enable_static()

rng = np.random.default_rng(41)


def rand(*shape):
    return rng.uniform(-1, 1, shape)


# -- matmul (v1) ------------------------------------------------------------------------------
def np_matmul_v1(x, y, tx, ty, alpha):
    if tx and x.ndim >= 2:
        x = np.swapaxes(x, -1, -2)
    if ty and y.ndim >= 2:
        y = np.swapaxes(y, -1, -2)
    out = alpha * np.matmul(x, y)
    return out.reshape(1) if out.ndim == 0 else out


MATMUL_CASES = [
    ((3, 4), (4, 5), False, False),
    ((4, 3), (4, 5), True, False),
    ((3, 4), (5, 4), False, True),
    ((4, 3), (5, 4), True, True),
    ((2, 3, 4), (4, 5), False, False),
    ((2, 4, 3), (2, 5, 4), True, True),
    ((3, 4), (2, 4, 5), False, False),
    ((2, 1, 3, 4), (3, 5, 4), False, True),
    ((4,), (4,), False, False),
    ((4,), (4,), True, True),
    ((4,), (4, 5), False, False),
    ((2, 3, 4), (4,), False, False),
    ((2, 4, 3), (4,), True, False),
]


@pytest.mark.parametrize("xs,ys,tx,ty", MATMUL_CASES)
@pytest.mark.parametrize("alpha", [1.0, 0.5, -2.0])
def test_matmul_v1_output(xs, ys, tx, ty, alpha):
    x, y = rand(*xs), rand(*ys)
    attrs = {"transpose_X": tx, "transpose_Y": ty, "alpha": alpha}
    want = np_matmul_v1(x, y, tx, ty, alpha)
    check_output("matmul", {"X": x, "Y": y}, {"Out": want}, attrs=attrs, rtol=1e-10, atol=1e-12)
    check_output("matmul", {"X": x.astype("float32"), "Y": y.astype("float32")},
                 {"Out": want.astype("float32")}, attrs=attrs, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("xs,ys,tx,ty", MATMUL_CASES[::2] + [MATMUL_CASES[9]])
def test_matmul_v1_grad(xs, ys, tx, ty):
    check_grad("matmul", {"X": rand(*xs), "Y": rand(*ys)},
               attrs={"transpose_X": tx, "transpose_Y": ty, "alpha": 0.75}, wrt=["X", "Y"])


def test_matmul_v1_defaults_and_errors():
    x, y = rand(2, 3), rand(3, 4)
    check_output("matmul", {"X": x, "Y": y}, {"Out": x @ y})
    with pytest.raises(ValueError, match="matmul"):
        run_op("matmul", {"X": rand(2, 3), "Y": rand(4, 5)}, outputs={"Out": None})
    with pytest.raises(ValueError, match="matmul"):
        run_op("matmul", {"X": rand(2, 2, 3), "Y": rand(3, 3, 4)}, outputs={"Out": None})
    with pytest.raises(ValueError, match="alpha to be a finite number"):
        run_op("matmul", {"X": x, "Y": y}, {"alpha": float("inf")}, outputs={"Out": None})


# -- lookup_table (v1) ------------------------------------------------------------------------
def test_lookup_table_output_and_padding():
    w = rand(6, 3)
    ids = np.array([[[0], [5], [2], [2]], [[1], [3], [4], [0]]], dtype="int64")
    check_output("lookup_table", {"W": w, "Ids": ids}, {"Out": w[ids[..., 0]]})
    padded = w[ids[..., 0]].copy()
    padded[ids[..., 0] == 2] = 0
    check_output("lookup_table", {"W": w, "Ids": ids}, {"Out": padded}, attrs={"padding_idx": 2})
    flat = np.array([[4], [1], [4]], dtype="int64")  # [N, 1] ids give [N, width]
    check_output("lookup_table", {"W": w.astype("float32"), "Ids": flat},
                 {"Out": w[[4, 1, 4]].astype("float32")}, attrs={"is_sparse": True})
    one = np.array([3], dtype="int64")  # [1] ids give [width]
    check_output("lookup_table", {"W": w, "Ids": one}, {"Out": w[3]})


def test_lookup_table_grad():
    ids = np.array([[0], [2], [2], [5], [1]], dtype="int64")
    check_grad("lookup_table", {"W": rand(6, 3), "Ids": ids}, wrt=["W"])
    check_grad("lookup_table", {"W": rand(6, 3), "Ids": ids.reshape(5, 1, 1)},
               attrs={"padding_idx": 2}, wrt=["W"])


def test_lookup_table_errors():
    w = rand(6, 3)
    with pytest.raises(ValueError, match="Ids to end in a dim of 1"):
        run_op("lookup_table", {"W": w, "Ids": np.zeros((2, 3), "int64")}, outputs={"Out": None})
    with pytest.raises(ValueError, match="W to be 2-D"):
        run_op("lookup_table", {"W": rand(6), "Ids": np.zeros((2, 1), "int64")},
               outputs={"Out": None})
    with pytest.raises(ValueError, match=r"ids in \[0, 6\)"):
        run_op("lookup_table", {"W": w, "Ids": np.array([[1], [6]], "int64")},
               outputs={"Out": None})
    with pytest.raises(ValueError, match=r"padding_idx in \[-1, 6\)"):
        run_op("lookup_table", {"W": w, "Ids": np.array([[1]], "int64")}, {"padding_idx": 6},
               outputs={"Out": None})


# -- cast between every pair of dtypes ------------------------------------------------------
CAST_TYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
              "float32", "float64", "complex64", "complex128"]
VAR_TYPES = {"bool": core.VarType.BOOL, "uint8": core.VarType.UINT8, "int8": core.VarType.INT8,
             "int16": core.VarType.INT16, "int32": core.VarType.INT32,
             "int64": core.VarType.INT64, "float16": core.VarType.FP16,
             "bfloat16": core.VarType.BF16, "float32": core.VarType.FP32,
             "float64": core.VarType.FP64, "complex64": core.VarType.COMPLEX64,
             "complex128": core.VarType.COMPLEX128}


def _kind(dtype):
    return {"bool": "b", "uint8": "u"}.get(dtype, "f" if dtype in ("float16", "bfloat16",
                                                                   "float32", "float64")
                                           else "c" if dtype.startswith("complex") else "i")


def _bf16_bits(values):
    """float32 values rounded to bfloat16 (nearest, ties to even), as uint16 bits."""
    bits = np.asarray(values, np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def _bf16_values(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def _cast_source(src, dst):
    """Values whose cast is defined in C++ and NumPy alike: in range of the target when a
    float becomes an integer, exactly representable in bfloat16 when it takes part."""
    if src == "bool":
        return np.array([True, False, True])
    values = [0, 1, 2, 3, 7, 100, 127]
    if _kind(src) in "iu":
        info = np.iinfo(src)
        wide = [-1, -128, 255, 256, -300, 1000]
        if "bfloat16" not in (src, dst):
            wide += [40000, -70000, 2**31 - 1]
        values += [v for v in wide if info.min <= v <= info.max]
        return np.array(values).astype(src)
    values += [0.5, 2.75, 96.5]
    if _kind(dst) not in "ub":
        values += [-1.0, -2.75, -128.0]
    if _kind(dst) in "fc":
        values += [1e-3, 1000.25, -3.5e4] if "bfloat16" not in (src, dst) else [-3.5e4]
    if _kind(src) == "c":
        return (np.array(values) + 1j * np.linspace(-2, 2, len(values))).astype(src)
    return np.array(values, dtype="float32" if src == "bfloat16" else src)


def _run_cast(source, src, dst):
    """Runs cast src -> dst on `source` (a bfloat16 source is fed as float32 and cast first,
    as NumPy has no bfloat16); returns the fetched array (bfloat16 as uint16 bits)."""
    program = core.ProgramDesc()
    block = program.block(0)
    feed = block.var("x")
    feed.set_shape(list(source.shape))
    feed.set_dtype(VAR_TYPES["float32" if src == "bfloat16" else src])
    current = "x"
    steps = ([("float32", "bfloat16")] if src == "bfloat16" else []) + [(src, dst)]
    for i, (a, b) in enumerate(steps):
        out = f"y{i}"
        block.var(out)
        op = block.append_op()
        op.set_type("cast")
        op.set_input("X", [current])
        op.set_output("Out", [out])
        op.set_attr("in_dtype", VAR_TYPES[a])
        op.set_attr("out_dtype", VAR_TYPES[b])
        op.infer_shape(block)
        current = out
    exe = core.Executor(core.CPUPlace())
    (got,) = exe.run(program, core.Scope(), {"x": source}, [current])
    return np.array(got)


@pytest.mark.parametrize("src", CAST_TYPES)
def test_cast_every_pair_of_dtypes(src):
    for dst in CAST_TYPES:
        source = _cast_source(src, dst)
        values = source
        if src == "bfloat16":
            values = _bf16_values(_bf16_bits(source))
        got = _run_cast(source, src, dst)
        if dst == "bfloat16":
            reals = values.real if _kind(src) == "c" else values
            want = _bf16_bits(reals.astype(np.float32))
            np.testing.assert_array_equal(got, want, err_msg=f"cast {src} -> {dst}")
            continue
        with np.errstate(all="ignore"):
            if _kind(src) == "c" and _kind(dst) != "c":
                # NumPy drops the imaginary part (ComplexWarning); to bool either part counts
                want = (values != 0) if dst == "bool" else values.real.astype(dst)
            else:
                want = values.astype(dst)
        assert got.dtype == np.dtype(dst), f"cast {src} -> {dst}: dtype {got.dtype}"
        np.testing.assert_array_equal(got, want, err_msg=f"cast {src} -> {dst}")


def test_cast_grad_and_static_api():
    check_grad("cast", {"X": rand(2, 3)}, attrs={"in_dtype": core.VarType.FP64,
                                                   "out_dtype": core.VarType.FP64})
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [4], "float32")
        outs = [paddle.cast(x, d) for d in ("int8", "uint8", "int16", "bool", "complex64")]
    exe = paddle.static.Executor(paddle.CPUPlace())
    data = np.array([0.0, 1.5, 3.0, 100.0], "float32")
    got = exe.run(main, feed={"x": data}, fetch_list=outs)
    for g, d in zip(got, ("int8", "uint8", "int16", "bool", "complex64")):
        np.testing.assert_array_equal(g, data.astype(d))
        assert g.dtype == np.dtype(d)


# -- softmax / log_softmax on every axis ------------------------------------------------------
SOFTMAX_SHAPES = [(5,), (3, 4), (2, 3, 4), (2, 1, 3, 2), (2, 3, 1, 2, 2)]


def np_softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _axes(shape):
    return list(range(-len(shape), len(shape)))


@pytest.mark.parametrize("shape", SOFTMAX_SHAPES)
def test_softmax_and_log_softmax_every_axis(shape):
    x = rand(*shape) * 3
    for axis in _axes(shape):
        want = np_softmax(x, axis)
        check_output("softmax", {"X": x}, {"Out": want}, attrs={"axis": axis}, rtol=1e-12)
        check_output("log_softmax", {"X": x}, {"Out": np.log(want)}, attrs={"axis": axis},
                     rtol=1e-12)
        check_output("softmax", {"X": x.astype("float32")}, {"Out": want.astype("float32")},
                     attrs={"axis": axis})


@pytest.mark.parametrize("shape", SOFTMAX_SHAPES)
def test_softmax_and_log_softmax_grad_every_axis(shape):
    x = rand(*shape)
    for axis in _axes(shape):
        check_grad("softmax", {"X": x}, attrs={"axis": axis})
        check_grad("log_softmax", {"X": x}, attrs={"axis": axis})


def test_softmax_axis_errors_and_static_api():
    for op in ("softmax", "log_softmax"):
        for axis in (3, -4):
            with pytest.raises(ValueError, match="axis"):
                run_op(op, {"X": rand(2, 3, 4)}, {"axis": axis}, outputs={"Out": None})
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2, 3, 4, 2], "float64")
        outs = [F.softmax(x, axis=a) for a in (0, 1, -2)] + [F.log_softmax(x, axis=1)]
    data = rand(2, 3, 4, 2)
    got = paddle.static.Executor(paddle.CPUPlace()).run(main, feed={"x": data}, fetch_list=outs)
    for g, a in zip(got, (0, 1, -2)):
        np.testing.assert_allclose(g, np_softmax(data, a), rtol=1e-12)
    np.testing.assert_allclose(got[3], np.log(np_softmax(data, 1)), rtol=1e-12)


# -- clip_by_norm -----------------------------------------------------------------------------
def np_clip_by_norm(x, max_norm):
    norm = np.sqrt(np.sum(x.astype(np.float64) ** 2))
    return (x * (max_norm / norm) if norm > max_norm else x).astype(x.dtype)


def test_clip_by_norm_output():
    x = rand(3, 4) * 4
    for max_norm in (0.5, 1.0, 100.0):
        check_output("clip_by_norm", {"X": x}, {"Out": np_clip_by_norm(x, max_norm)},
                     attrs={"max_norm": max_norm}, rtol=1e-12)
        x32 = x.astype("float32")
        check_output("clip_by_norm", {"X": x32}, {"Out": np_clip_by_norm(x32, max_norm)},
                     attrs={"max_norm": max_norm})
    x16 = x.astype("float16")
    check_output("clip_by_norm", {"X": x16},
                 {"Out": np_clip_by_norm(x16.astype("float32"), 1.0).astype("float16")},
                 attrs={"max_norm": 1.0}, rtol=1e-3, atol=1e-3)
    check_output("clip_by_norm", {"X": np.zeros(5)}, {"Out": np.zeros(5)}, {"max_norm": 1.0})
    # As in PaddlePaddle, clip_by_norm has no gradient op.
    assert core.op_record("clip_by_norm")["grad_op_type"] == ""


def test_clip_by_norm_errors():
    with pytest.raises(ValueError, match="max_norm to be positive, but got 0"):
        run_op("clip_by_norm", {"X": rand(3)}, {"max_norm": 0.0}, outputs={"Out": None})
    with pytest.raises(ValueError, match="attribute 'max_norm', but it is missing"):
        run_op("clip_by_norm", {"X": rand(3)}, outputs={"Out": None})


def test_clip_grad_by_norm_writes_clip_by_norm_in_static_programs():
    main, startup = paddle.static.Program(), paddle.static.Program()
    scope = core.Scope()
    with paddle.static.scope_guard(scope), paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [4, 3], "float32")
        w = paddle.static.create_parameter([3, 2], "float32", name="w_clip",
                                           default_initializer=paddle.nn.initializer.Constant(0.5))
        loss = paddle.sum(paddle.matmul(x, w) ** 2)
        paddle.optimizer.SGD(0.1, grad_clip=paddle.nn.ClipGradByNorm(0.2)).minimize(loss)
        types = [op.type for op in main.global_block().ops]
        assert "clip_by_norm" in types
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        data = rand(4, 3).astype("float32")
        exe.run(main, feed={"x": data}, fetch_list=[loss])
        got = np.array(scope.find_var("w_clip").get_tensor())
    w0 = np.full((3, 2), 0.5)
    grad = 2 * data.T.astype(np.float64) @ (data @ w0)
    np.testing.assert_allclose(got, w0 - 0.1 * np_clip_by_norm(grad, 0.2), rtol=1e-5)
    with pytest.raises(ValueError, match="max_norm to be a positive number"):
        paddle.nn.clip.clip_by_norm(x, -1.0)


# -- lrn ------------------------------------------------------------------------------------
def np_lrn(x, n, k, alpha, beta, nhwc=False):
    """PaddlePaddle's lrn op: MidOut = k + alpha * window sum of X^2, Out = X * MidOut^-beta."""
    if nhwc:
        x = x.transpose(0, 3, 1, 2)
    sq = x ** 2
    channels, half = x.shape[1], (n - 1) // 2
    mid = np.empty_like(x)
    for c in range(channels):
        mid[:, c] = k + alpha * sq[:, max(0, c - half):min(channels, c + half + 1)].sum(1)
    out = x * mid ** -beta
    if nhwc:
        out, mid = out.transpose(0, 2, 3, 1), mid.transpose(0, 2, 3, 1)
    return out, mid


@pytest.mark.parametrize("n", [1, 3, 5, 7])
@pytest.mark.parametrize("data_format", ["NCHW", "NHWC", "AnyLayout"])
def test_lrn_output(n, data_format):
    nhwc = data_format == "NHWC"
    x = rand(2, 3, 4, 5) * 2
    attrs = {"n": n, "k": 1.5, "alpha": 0.3, "beta": 0.6, "data_format": data_format}
    out, mid = np_lrn(x, n, 1.5, 0.3, 0.6, nhwc)
    check_output("lrn", {"X": x}, {"Out": out, "MidOut": mid}, attrs=attrs, rtol=1e-12)
    x32 = x.astype("float32")
    out32, mid32 = np_lrn(x32.astype(np.float64), n, 1.5, 0.3, 0.6, nhwc)
    check_output("lrn", {"X": x32}, {"Out": out32.astype("float32"),
                                     "MidOut": mid32.astype("float32")}, attrs=attrs)


def test_lrn_defaults():
    x = rand(1, 6, 2, 2)
    out, mid = np_lrn(x, 5, 2.0, 1e-4, 0.75)
    check_output("lrn", {"X": x}, {"Out": out, "MidOut": mid}, rtol=1e-12)


@pytest.mark.parametrize("n,data_format", [(3, "NCHW"), (5, "NHWC"), (1, "NCHW")])
def test_lrn_grad(n, data_format):
    shape = (2, 5, 2, 3) if data_format == "NCHW" else (2, 2, 3, 5)
    check_grad("lrn", {"X": rand(*shape) * 2},
               attrs={"n": n, "k": 1.0, "alpha": 0.5, "beta": 0.75, "data_format": data_format},
               outputs=["Out"])


def test_lrn_errors():
    x = rand(1, 4, 2, 2)
    with pytest.raises(ValueError, match="positive odd number, but got 4"):
        run_op("lrn", {"X": x}, {"n": 4}, outputs={"Out": None})
    with pytest.raises(ValueError, match="X to be 4-D"):
        run_op("lrn", {"X": rand(1, 4, 2)}, outputs={"Out": None})
    with pytest.raises(ValueError, match="data_format"):
        run_op("lrn", {"X": x}, {"data_format": "NCDHW"}, outputs={"Out": None})
    for attr in ("k", "alpha", "beta"):
        with pytest.raises(ValueError, match=f"lrn's {attr} to be positive"):
            run_op("lrn", {"X": x}, {attr: 0.0}, outputs={"Out": None})


def np_local_response_norm(x, size, alpha=1e-4, beta=0.75, k=1.0, channel_last=False):
    """PaddlePaddle's F.local_response_norm: x / (k + alpha / size * sum over the channels
    [c - size // 2, c + (size - 1) // 2] of x^2)^beta."""
    if channel_last:
        x = np.moveaxis(x, -1, 1)
    sq = x ** 2
    channels = x.shape[1]
    div = np.empty_like(x)
    for c in range(channels):
        lo, hi = max(0, c - size // 2), min(channels, c + (size - 1) // 2 + 1)
        div[:, c] = sq[:, lo:hi].sum(1)
    out = x / (k + alpha / size * div) ** beta
    return np.moveaxis(out, 1, -1) if channel_last else out


LRN_API_CASES = [((2, 5, 6), "NCL"), ((2, 6, 5), "NLC"), ((2, 5, 3, 4), "NCHW"),
                 ((2, 3, 4, 5), "NHWC"), ((1, 5, 2, 3, 2), "NCDHW"), ((1, 2, 3, 2, 5), "NDHWC")]


@pytest.mark.parametrize("shape,data_format", LRN_API_CASES)
@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 8, 9])
def test_local_response_norm_static(shape, data_format, size):
    x = rand(*shape) * 3
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        xv = paddle.static.data("x", [-1] + list(shape[1:]), "float64")
        out = F.local_response_norm(xv, size, alpha=0.2, beta=0.7, k=1.5,
                                    data_format=data_format)
        layer_out = paddle.nn.LocalResponseNorm(size, 0.2, 0.7, 1.5, data_format)(xv)
    ops = [op.type for op in main.global_block().ops]
    assert ("lrn" in ops) == (size % 2 == 1)
    got = paddle.static.Executor(paddle.CPUPlace()).run(main, feed={"x": x},
                                                        fetch_list=[out, layer_out])
    want = np_local_response_norm(x, size, 0.2, 0.7, 1.5, data_format[-1] == "C")
    # alpha / size travels as a float32 attribute, as in PaddlePaddle
    np.testing.assert_allclose(got[0], want, rtol=1e-7)
    np.testing.assert_allclose(got[1], want, rtol=1e-7)
