"""NumPy reference and float64 gradient tests of the fused ops that IR fusion passes produce
(fc, fused_elemwise_add_activation, fused_gemm_epilogue, fused_batch_norm_act, fused_conv2d,
fused_scaled_conv2d, fused_mbconv, fused_conv_depthwise), through the executor; plus their attribute and shape errors."""
import contextlib
import math
import os

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from op_test import build_program, check_grad, check_output, run_op
from paddle.base import core
from paddle.distributed.passes import new_pass
from test_ops_nn import conv2d_ref

rng = np.random.default_rng(11)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.environ.get("PADDLE_MODEL_FIXTURES",
                          os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "paddle_models"))


@contextlib.contextmanager
def num_threads(n):
    """The runtime's thread count set to n for the block, then restored."""
    before = core.get_num_threads()
    core.set_num_threads(n)
    try:
        yield
    finally:
        core.set_num_threads(before)


def rand(*shape, dtype="float64", low=-1.0, high=1.0):
    return rng.uniform(low, high, shape).astype(dtype)


def tolerances(dtype):
    return {"rtol": 1e-5, "atol": 1e-5} if dtype == "float32" else {"rtol": 1e-10, "atol": 1e-12}


def act_ref(name, v):
    if name in ("", "none"):
        return v
    if name == "relu":
        return np.maximum(v, 0)
    if name == "sigmoid":
        return 1 / (1 + np.exp(-v))
    if name == "tanh":
        return np.tanh(v)
    if name in ("gelu", "gelu_tanh"):  # the tanh approximation
        return 0.5 * v * (1 + np.tanh(np.sqrt(2 / np.pi) * (v + 0.044715 * v ** 3)))
    if name == "gelu_erf":
        return 0.5 * v * (1 + np.vectorize(math.erf)(v / np.sqrt(2)))
    raise ValueError(name)


def away_from_zero(v, margin=0.05):
    """Moves values off relu's kink so central differences see one side only."""
    v = v.copy()
    v[np.abs(v) < margin] = 0.3
    return v


# ---------------------------------------------------------------------------------------- fc

@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("act", ["", "relu", "gelu_tanh", "gelu_erf"])
def test_fc(dtype, act):
    x, w, b = rand(2, 3, 4, dtype=dtype), rand(12, 5, dtype=dtype), rand(5, dtype=dtype)
    want = act_ref(act, x.reshape(2, 12).astype(np.float64) @ w + b).astype(dtype)
    check_output("fc", {"Input": x, "W": w, "Bias": b}, {"Out": want},
                 attrs={"in_num_col_dims": 1, "activation_type": act}, **tolerances(dtype))
    # in_num_col_dims = 2 keeps two leading dims
    w2 = rand(4, 5, dtype=dtype)
    want2 = act_ref(act, x.astype(np.float64) @ w2 + b).astype(dtype)
    check_output("fc", {"Input": x, "W": w2, "Bias": b}, {"Out": want2},
                 attrs={"in_num_col_dims": 2, "activation_type": act}, **tolerances(dtype))


def test_fc_without_bias_and_errors():
    x, w = rand(3, 4), rand(4, 2)
    check_output("fc", {"Input": x, "W": w}, {"Out": x @ w})
    for bad in ("tanh", "gelu"):  # fc's gelus are named by their formula
        with pytest.raises(ValueError, match=r"activation_type to be \"\", \"relu\", \"gelu_tanh\" "
                           r"or \"gelu_erf\", but got \"" + bad):
            build_program("fc", {"Input": x, "W": w}, {"activation_type": bad})
    with pytest.raises(ValueError, match=r"flattened Input width 4 to equal W's height 3"):
        build_program("fc", {"Input": x, "W": rand(3, 2)})
    with pytest.raises(ValueError, match=r"Bias to have dims \[2\]"):
        build_program("fc", {"Input": x, "W": w, "Bias": rand(3)})


# ------------------------------------------------------------------ fused_multihead_attention

def attention_ref(q, k, v, mask, heads, alpha, scale_q):
    """NumPy, in float64: the reshape / transpose / matmul / softmax chain the op stands for."""
    q, k, v = (a.astype(np.float64) for a in (q, k, v))
    split = lambda a: a.reshape(a.shape[0], a.shape[1], heads, -1).transpose(0, 2, 1, 3)
    qh, kh, vh = split(q), split(k), split(v)
    scores = (alpha * qh) @ kh.transpose(0, 1, 3, 2) if scale_q else alpha * (qh @ kh.transpose(0, 1, 3, 2))
    if mask is not None:
        scores = scores + mask
    p = np.exp(scores - scores.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    o = (p @ vh).transpose(0, 2, 1, 3)
    return o.reshape(o.shape[0], o.shape[1], -1)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("mask_shape", [None, (2, 1, 1, 7), (5, 7), (2, 3, 5, 7), (1, 7)])
@pytest.mark.parametrize("scale_q", [False, True])
def test_fused_multihead_attention(dtype, mask_shape, scale_q):
    # 2 images, 3 heads, 5 queries, 7 keys, head size 4 (V's 2); a 3-wide head exercises the
    # vector loops' remainders, 40 keys rows longer than one vector.
    for kv, d, dv in ((7, 4, 2), (7, 3, 5), (40, 17, 9)):
        q, k, v = rand(2, 5, 3 * d, dtype=dtype), rand(2, kv, 3 * d, dtype=dtype), rand(2, kv, 3 * dv, dtype=dtype)
        shape = None if mask_shape is None else mask_shape[:-1] + (kv,)
        mask = None if shape is None else rand(*shape, dtype=dtype, low=-3, high=0)
        inputs = {"Q": q, "K": k, "V": v}
        if mask is not None:
            inputs["Mask"] = mask
        attrs = {"head_number": 3, "alpha": 0.375, "scale_q": scale_q}  # exact in float
        want = attention_ref(q, k, v, mask, 3, 0.375, scale_q).astype(dtype)
        for threads in (1, 2):
            with num_threads(threads):
                check_output("fused_multihead_attention", inputs, {"Out": want}, attrs=attrs,
                             places=("cpu",), **tolerances(dtype))


def test_fused_multihead_attention_errors():
    q, k, v = rand(2, 5, 12), rand(2, 7, 12), rand(2, 7, 6)
    op = "fused_multihead_attention"
    with pytest.raises(ValueError, match=r"head_number to be at least 1, but got 0"):
        build_program(op, {"Q": q, "K": k, "V": v}, {"head_number": 0})
    with pytest.raises(ValueError, match=r"widths to divide into head_number = 5 heads"):
        build_program(op, {"Q": q, "K": k, "V": v}, {"head_number": 5})
    with pytest.raises(ValueError, match=r"Q, K and V to be 3-D"):
        build_program(op, {"Q": q.reshape(10, 12), "K": k, "V": v}, {"head_number": 3})
    with pytest.raises(ValueError, match=r"K and V the sequence"):
        build_program(op, {"Q": q, "K": k, "V": rand(2, 6, 6)}, {"head_number": 3})
    with pytest.raises(ValueError, match=r"Mask to broadcast to the scores \[batch, heads, Q's "
                       r"sequence, K's sequence\] = \[2, 3, 5, 7\], but got \[2, 1, 5, 6\]"):
        build_program(op, {"Q": q, "K": k, "V": v, "Mask": rand(2, 1, 5, 6)}, {"head_number": 3})


def run_with_and_without_pass(prefix, pass_name, threads, feeds):
    """The saved model at prefix through two Predictors, the default pipeline (True) and one
    without pass_name (False), each run once to warm up and once under the profiler: {with the
    pass: (first output, profiler events)}."""
    runs = {}
    for with_pass in (True, False):
        cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
        cfg.set_cpu_math_library_num_threads(threads)
        if not with_pass:
            cfg.delete_pass(pass_name)
        pred = paddle.inference.create_predictor(cfg)
        pred.run(feeds)
        core.profiler_enable(1 << 16)
        out = pred.run(feeds)[0]
        runs[with_pass] = (out, core.profiler_disable())
    return runs


def attention_model(prefix, scale_on_q, with_mask, fetch_weights=False):
    """Saves a transformer layer's attention core as nn.MultiHeadAttention and hand-written
    static BERTs save it (3 heads of 8 over 6 positions; the 1/sqrt(d) scale on Q or on the
    scores; an additive mask [B, 1, 1, S] or none) and returns its feeds. fetch_weights also
    fetches the softmax's output, which must block the fusion."""
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [-1, 6, 24], "float32")
        feeds = [x]
        q, k, v = (paddle.static.nn.fc(x, 24, num_flatten_dims=2) for _ in range(3))
        split = lambda t: paddle.transpose(paddle.reshape(t, [0, 0, 3, 8]), [0, 2, 1, 3])
        qh, kh, vh = split(q), split(k), split(v)
        if scale_on_q:
            s = paddle.matmul(paddle.scale(qh, 8 ** -0.5), kh, transpose_y=True)
        else:
            s = paddle.scale(paddle.matmul(qh, kh, transpose_y=True), 8 ** -0.5)
        if with_mask:
            mask = paddle.static.data("mask", [-1, 1, 1, 6], "float32")
            feeds.append(mask)
            s = s + mask
        weights = F.softmax(s)
        o = paddle.reshape(paddle.transpose(paddle.matmul(weights, vh), [0, 2, 1, 3]), [0, 0, 24])
        out = paddle.static.nn.fc(o, 5, num_flatten_dims=2)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    fetches = [out, weights] if fetch_weights else [out]
    paddle.static.save_inference_model(prefix, feeds, fetches, exe, program=main)
    paddle.disable_static()
    values = [rand(2, 6, 24, dtype="float32")]
    if with_mask:
        values.append(np.where(rng.uniform(size=(2, 1, 1, 6)) < 0.3, -1e4, 0).astype("float32"))
    return values


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("scale_on_q,with_mask", [(True, False), (False, True), (False, False)])
def test_predictor_multihead_attention_fuse_pass(tmp_path, threads, scale_on_q, with_mask):
    # The chain of reshapes, transposes, matmuls, scale, mask and softmax becomes one
    # fused_multihead_attention; the outputs agree with the unfused ones (and with NumPy's).
    prefix = str(tmp_path / "attention")
    feeds = attention_model(prefix, scale_on_q, with_mask)
    runs = run_with_and_without_pass(prefix, "multihead_attention_fuse_pass", threads, feeds)
    outs = {with_pass: out for with_pass, (out, _) in runs.items()}
    types = {with_pass: {name for name, kind, *_ in events if kind == 3}
             for with_pass, (_, events) in runs.items()}
    assert "fused_multihead_attention" in types[True], types[True]
    assert not types[True] & {"softmax", "transpose2", "reshape2", "matmul_v2"}, types[True]
    assert "softmax" in types[False] and "fused_multihead_attention" not in types[False]
    np.testing.assert_allclose(outs[True], outs[False], rtol=1e-5, atol=1e-6)
    # A fetched softmax keeps the chain.
    prefix2 = str(tmp_path / "fetched")
    feeds = attention_model(prefix2, scale_on_q, with_mask, fetch_weights=True)
    pred = paddle.inference.create_predictor(
        paddle.inference.Config(prefix2 + ".pdmodel", prefix2 + ".pdiparams"))
    core.profiler_enable(1 << 16)
    pred.run(feeds)
    types = {name for name, kind, *_ in core.profiler_disable() if kind == 3}
    assert "softmax" in types and "fused_multihead_attention" not in types, types


# ------------------------------------------------------------- fused_elemwise_add_activation

@pytest.mark.parametrize("act", ["relu", "sigmoid", "tanh"])
def test_fused_elemwise_add_activation_act_of_sum(act):
    x, y = rand(2, 3, 4), rand(3, 4)
    x = away_from_zero(x + y) - y  # x + y off relu's kink
    attrs = {"functor_list": [act, "elementwise_add"], "save_intermediate_out": True}
    check_output("fused_elemwise_add_activation", {"X": x, "Y": y},
                 {"Out": act_ref(act, x + y), "IntermediateOut": x + y}, attrs=attrs)
    x32, y32 = x.astype("float32"), y.astype("float32")
    check_output("fused_elemwise_add_activation", {"X": x32, "Y": y32},
                 {"Out": act_ref(act, x + y).astype("float32")}, attrs=attrs, rtol=1e-5, atol=1e-6)
    check_grad("fused_elemwise_add_activation", {"X": x, "Y": y}, attrs=attrs, wrt=["X", "Y"])
    # legacy axis: Y [3] aligned with X's dim 1
    y_mid = rand(3)
    x2 = away_from_zero(x + y_mid.reshape(1, 3, 1)) - y_mid.reshape(1, 3, 1)
    attrs_axis = dict(attrs, axis=1)
    s = x2 + y_mid.reshape(1, 3, 1)
    check_output("fused_elemwise_add_activation", {"X": x2, "Y": y_mid},
                 {"Out": act_ref(act, s), "IntermediateOut": s}, attrs=attrs_axis)
    check_grad("fused_elemwise_add_activation", {"X": x2, "Y": y_mid}, attrs=attrs_axis,
               wrt=["X", "Y"])


@pytest.mark.parametrize("act", ["relu", "tanh"])
def test_fused_elemwise_add_activation_sum_with_act(act):
    x, y = rand(2, 3, 4), away_from_zero(rand(3, 4))
    attrs = {"functor_list": ["elementwise_add", act]}
    check_output("fused_elemwise_add_activation", {"X": x, "Y": y},
                 {"Out": x + act_ref(act, y), "IntermediateOut": act_ref(act, y)}, attrs=attrs)
    check_grad("fused_elemwise_add_activation", {"X": x, "Y": y}, attrs=attrs, wrt=["X", "Y"])


def test_fused_elemwise_add_activation_errors():
    x, y = rand(2, 3), rand(3)
    with pytest.raises(ValueError, match=r"functor_list to be \[act, \"elementwise_add\"\]"):
        build_program("fused_elemwise_add_activation", {"X": x, "Y": y},
                      {"functor_list": ["gelu", "elementwise_add"]})
    with pytest.raises(ValueError, match=r"broadcast"):
        build_program("fused_elemwise_add_activation", {"X": x, "Y": rand(4)},
                      {"functor_list": ["relu", "elementwise_add"]})


# ----------------------------------------------------------------------- fused_gemm_epilogue

def gemm_ref(x, w, b, act, trans_x=False, trans_y=False):
    x2 = x.T if trans_x else x.reshape(-1, x.shape[-1])
    w2 = w.T if trans_y else w
    pre = x2.astype(np.float64) @ w2 + b
    shape = (x2.shape[0], w2.shape[1]) if trans_x else x.shape[:-1] + (w2.shape[1],)
    return act_ref(act, pre).reshape(shape), pre.reshape(shape)


@pytest.mark.parametrize("act", ["none", "relu", "gelu"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_fused_gemm_epilogue(act, dtype):
    x, w, b = rand(4, 3, dtype=dtype), rand(3, 5, dtype=dtype), rand(5, dtype=dtype)
    out, pre = gemm_ref(x, w, b, act)
    check_output("fused_gemm_epilogue", {"X": x, "Y": w, "Bias": b},
                 {"Out": out.astype(dtype), "ReserveSpace": pre.astype(dtype)},
                 attrs={"activation": act}, **tolerances(dtype))
    x3 = rand(2, 3, 3, dtype=dtype)  # leading dims flatten into GEMM rows
    out3, _ = gemm_ref(x3, w, b, act)
    check_output("fused_gemm_epilogue", {"X": x3, "Y": w, "Bias": b}, {"Out": out3.astype(dtype)},
                 attrs={"activation": act}, **tolerances(dtype))


@pytest.mark.parametrize("act", ["none", "relu", "gelu"])
@pytest.mark.parametrize("trans_x,trans_y",
                         [(False, False), (True, False), (False, True), (True, True)])
def test_fused_gemm_epilogue_grad(act, trans_x, trans_y):
    x = rand(3, 4) if trans_x else rand(4, 3)
    w = rand(5, 3) if trans_y else rand(3, 5)
    b = rand(5)
    if act == "relu":  # keep X @ Y + Bias off relu's kink
        _, pre = gemm_ref(x, w, b, "none", trans_x, trans_y)
        b = b + np.where(np.abs(pre).min(axis=0) < 0.05, 0.2, 0.0)
    attrs = {"activation": act, "trans_x": trans_x, "trans_y": trans_y}
    out, _ = gemm_ref(x, w, b, act, trans_x, trans_y)
    check_output("fused_gemm_epilogue", {"X": x, "Y": w, "Bias": b}, {"Out": out}, attrs=attrs)
    check_grad("fused_gemm_epilogue", {"X": x, "Y": w, "Bias": b}, attrs=attrs,
               wrt=["X", "Y", "Bias"])


def test_fused_gemm_epilogue_errors():
    x, w = rand(4, 3), rand(3, 5)
    with pytest.raises(ValueError, match=r"Bias to have dims \[5\]"):
        build_program("fused_gemm_epilogue", {"X": x, "Y": w, "Bias": rand(4)})
    with pytest.raises(ValueError, match=r"activation to be none, relu or gelu"):
        build_program("fused_gemm_epilogue", {"X": x, "Y": w, "Bias": rand(5)},
                      {"activation": "tanh"})
    with pytest.raises(ValueError, match=r"X and Y to multiply"):
        build_program("fused_gemm_epilogue", {"X": x, "Y": rand(4, 5), "Bias": rand(5)})


@pytest.mark.parametrize("act", ["gelu_tanh", "gelu_erf"])
def test_fused_gemm_epilogue_grad_op_takes_both_gelus(act):
    # fused_gemm_epilogue_grad parses its activation_grad with fc's names too: dZ = dOut *
    # act'(ReserveSpace), against the float64 derivative of each gelu formula.
    x, w, b, dout = rand(4, 3), rand(3, 5), rand(5), rand(4, 5)
    _, pre = gemm_ref(x, w, b, "none")
    if act == "gelu_erf":
        cdf = 0.5 * (1 + np.vectorize(math.erf)(pre / np.sqrt(2)))
        slope = cdf + pre * np.exp(-0.5 * pre * pre) / np.sqrt(2 * np.pi)
    else:
        s, c = np.sqrt(2 / np.pi), 0.044715
        t = np.tanh(s * (pre + c * pre ** 3))
        slope = 0.5 * (1 + t) + 0.5 * pre * (1 - t * t) * s * (1 + 3 * c * pre * pre)
    dz = dout * slope
    check_output("fused_gemm_epilogue_grad",
                 {"X": x, "Y": w, "ReserveSpace": pre, "Out@GRAD": dout},
                 {"X@GRAD": dz @ w.T, "Y@GRAD": x.T @ dz, "Bias@GRAD": dz.sum(0)},
                 attrs={"activation_grad": act}, rtol=1e-10, atol=1e-12)


# ---------------------------------------------------------------------- fused_batch_norm_act

def bn_inputs(shape, channels, dtype="float64"):
    return {"X": rand(*shape, dtype=dtype), "Scale": rand(channels, dtype=dtype, low=0.5, high=1.5),
            "Bias": rand(channels, dtype=dtype), "Mean": rand(channels, dtype=dtype),
            "Variance": rand(channels, dtype=dtype, low=0.5, high=1.5)}


def bn_act_ref(ins, channel_axis, eps=1e-5, momentum=0.9, with_pre_act=False):
    x = ins["X"].astype(np.float64)
    axes = tuple(i for i in range(x.ndim) if i != channel_axis)
    shape = [1] * x.ndim
    shape[channel_axis] = -1
    mean, var = x.mean(axis=axes), x.var(axis=axes)
    inv_std = 1 / np.sqrt(var + float(np.float32(eps)))
    y = ((x - mean.reshape(shape)) * (inv_std * ins["Scale"]).reshape(shape)
         + ins["Bias"].reshape(shape))
    keep = float(np.float32(momentum))
    dtype = ins["X"].dtype
    ref = {"Y": np.maximum(y, 0).astype(dtype),
           "MeanOut": (ins["Mean"] * keep + mean * (1 - keep)).astype(dtype),
           "VarianceOut": (ins["Variance"] * keep + var * (1 - keep)).astype(dtype),
           "SavedMean": mean.astype(dtype), "SavedVariance": inv_std.astype(dtype)}
    return (ref, y) if with_pre_act else ref


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_fused_batch_norm_act_layouts(dtype):
    tol = {"rtol": 1e-4, "atol": 1e-5} if dtype == "float32" else {"rtol": 1e-10, "atol": 1e-12}
    nhwc = bn_inputs((3, 2, 2, 4), 4, dtype)  # Paddle's layout for this op: channels last
    check_output("fused_batch_norm_act", nhwc, bn_act_ref(nhwc, 3), **tol)
    nchw = bn_inputs((4, 3, 2, 2), 3, dtype)
    check_output("fused_batch_norm_act", nchw, bn_act_ref(nchw, 1, eps=1e-3, momentum=0.5),
                 attrs={"data_layout": "NCHW", "epsilon": 1e-3, "momentum": 0.5}, **tol)


@pytest.mark.parametrize("layout,shape,channels", [("NCHW", (4, 3, 2, 2), 3),
                                                   ("NHWC", (3, 2, 2, 4), 4), ("NHWC", (6, 3), 3)])
def test_fused_batch_norm_act_grad(layout, shape, channels):
    ins = bn_inputs(shape, channels)
    attrs = {"data_layout": layout}
    channel_axis = 1 if layout == "NCHW" else len(shape) - 1
    for _ in range(50):  # normalized values off relu's kink
        if np.abs(bn_act_ref(ins, channel_axis, with_pre_act=True)[1]).min() > 0.03:
            break
        ins["X"] = rand(*shape)
    check_output("fused_batch_norm_act", ins, bn_act_ref(ins, channel_axis), attrs=attrs, rtol=1e-9)
    check_grad("fused_batch_norm_act", ins, attrs=attrs, outputs=["Y"], wrt=["X", "Scale", "Bias"],
               rtol=1e-5, atol=1e-7)


def test_fused_batch_norm_act_errors():
    ins = bn_inputs((4, 3, 2, 2), 3)
    with pytest.raises(ValueError, match=r"act_type to be \"relu\""):
        build_program("fused_batch_norm_act", ins, {"act_type": "tanh"})
    with pytest.raises(ValueError, match=r"Scale to have dims \[2\]"):
        build_program("fused_batch_norm_act", ins)  # NHWC: the channels are the last dim (2)


# ------------------------------------------- the passes from Python, against unfused programs

def _static_training(build, strategy_flags, feeds, steps=5):
    """Trains `build()`'s program plainly and through a CompiledProgram with the given
    BuildStrategy switches, from the same initial values; returns both loss curves, the
    CompiledProgram and the loss variable."""
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        loss = build()
        paddle.optimizer.SGD(learning_rate=0.05).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    init = {}
    curves = []
    for fused in (False, True):
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            persistables = [v.name for v in main.list_vars() if v.persistable]
            for name in persistables:
                tensor = scope.find_var(name).get_tensor()
                if fused:
                    tensor.set(init[name], paddle.CPUPlace())
                else:
                    init[name] = np.array(tensor)
            program = main
            if fused:
                strategy = paddle.static.BuildStrategy()
                for flag in strategy_flags:
                    setattr(strategy, flag, True)
                program = paddle.static.CompiledProgram(main, build_strategy=strategy)
            curves.append([float(exe.run(program, feed=feeds, fetch_list=[loss])[0])
                           for _ in range(steps)])
    return curves[0], curves[1], program, loss


def _op_types(compiled, loss):
    prog = compiled._get_program((loss.name,))
    return [op.type for op in prog.global_block().ops]


def test_build_strategy_fusions_train_like_unfused_mlp():
    def build():
        x = paddle.static.data("x", [None, 6], "float32")
        y = paddle.static.data("y", [None, 1], "float32")
        h = paddle.static.nn.fc(x, 16, activation="relu")
        h = paddle.static.nn.fc(h, 8, activation="tanh")
        pred = paddle.static.nn.fc(h, 1)
        return paddle.mean(F.square_error_cost(pred, y))

    feeds = {"x": rng.normal(size=(32, 6)).astype("float32"),
             "y": rng.normal(size=(32, 1)).astype("float32")}
    for flag, fused_type in (("fuse_elewise_add_act_ops", "fused_elemwise_add_activation"),
                             ("fuse_gemm_epilogue", "fused_gemm_epilogue")):
        plain, fused, compiled, loss = _static_training(build, [flag], feeds)
        np.testing.assert_allclose(fused, plain, rtol=1e-5, atol=1e-6, err_msg=flag)
        assert plain[-1] < plain[0]
        types = _op_types(compiled, loss)
        assert fused_type in types and fused_type + "_grad" in types, (flag, types)


def test_build_strategy_fuse_bn_act_trains_like_unfused_cnn():

    def build():
        x = paddle.static.data("x", [None, 2, 6, 6], "float32")
        h = paddle.static.nn.conv2d(x, 4, 3, padding=1)
        h = paddle.static.nn.batch_norm(h, act="relu")
        h = paddle.static.nn.conv2d(h, 2, 3, padding=1)
        h = paddle.static.nn.batch_norm(h, act="relu")
        return paddle.mean(h * h)

    feeds = {"x": rng.normal(size=(4, 2, 6, 6)).astype("float32")}
    plain, fused, compiled, loss = _static_training(build, ["fuse_bn_act_ops"], feeds)
    np.testing.assert_allclose(fused, plain, rtol=1e-5, atol=1e-6)
    types = _op_types(compiled, loss)
    assert types.count("fused_batch_norm_act") == 2 and "batch_norm" not in types, types


def test_inference_passes_from_python_keep_results():
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 2, 5, 5], "float32")
        h = paddle.static.nn.conv2d(x, 3, 3, padding=1)
        h = paddle.static.nn.batch_norm(h, act="relu", is_test=True)
        h = paddle.reshape(h, [-1, 75])
        out = paddle.static.nn.fc(h, 4, activation="relu")
    infer = main.clone(for_test=True)
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    feed = {"x": rng.normal(size=(3, 2, 5, 5)).astype("float32")}
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        # Non-trivial norm parameters and running statistics, so that folding them matters.
        for v in infer.list_vars():
            if v.persistable and v.name.startswith("batch_norm"):
                t = scope.find_var(v.name).get_tensor()
                shape = np.array(t).shape
                t.set(rng.uniform(0.5, 1.5, shape).astype("float32"), paddle.CPUPlace())
        (want,) = exe.run(infer, feed=feed, fetch_list=[out])
        for name in ("conv_bn_fuse", "fc_fuse"):
            new_pass(name, {"protected_vars": [out.name], "verify": True}).apply([infer])
        (got,) = exe.run(infer, feed=feed, fetch_list=[out])
    types = [op.type for op in infer.global_block().ops]
    assert "batch_norm" not in types and "fc" in types, types
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


# -------------------------------------------------------------------------------- fused_conv2d

def conv_epilogue_ref(x, w, bias, residual, act, threshold, groups=1, pads=(1, 1, 1, 1)):
    v = conv2d_ref(x.astype(np.float64), w.astype(np.float64), pads=pads, groups=groups)
    if bias is not None:
        v = v + bias.reshape(1, -1, 1, 1)
    if residual is not None:
        v = v + residual
    if act == "relu":
        v = np.maximum(v, 0)
    elif act == "relu6":
        v = np.clip(v, 0, threshold)
    elif act == "hard_swish":
        v = v * np.clip(v + 3, 0, 6) / 6
    return v.astype(x.dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("act", ["", "relu", "relu6", "hard_swish"])
@pytest.mark.parametrize("with_bias,with_residual", [(True, True), (True, False), (False, True)])
def test_fused_conv2d(dtype, act, with_bias, with_residual):
    x, w = rand(2, 4, 5, 6, dtype=dtype), rand(6, 2, 3, 3, dtype=dtype)
    bias = rand(6, dtype=dtype) if with_bias else None
    residual = rand(2, 6, 5, 6, dtype=dtype) if with_residual else None
    inputs = {"Input": x, "Filter": w}
    if with_bias:
        inputs["Bias"] = bias
    if with_residual:
        inputs["ResidualData"] = residual
    want = conv_epilogue_ref(x, w, bias, residual, act, 0.5, groups=2)
    check_output("fused_conv2d", inputs, {"Output": want},
                 attrs={"paddings": [1, 1], "groups": 2, "fuse_activation": act,
                        "fuse_beta": 0.5, "fuse_residual_connection": with_residual},
                 **tolerances(dtype))


def activate_f32(v, act, relu6_high):
    """fused_conv2d's activation of float32 v, in float32 operations as the unfused ops do."""
    if act == "relu":
        v = np.maximum(v, np.float32(0))
    elif act == "relu6":
        v = np.minimum(np.maximum(v, np.float32(0)), np.float32(relu6_high))
    elif act == "hard_swish":
        v = v * np.clip(v + np.float32(3), np.float32(0), np.float32(6)) / np.float32(6)
    assert v.dtype == np.float32
    return v


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("act", ["", "relu", "relu6", "hard_swish"])
@pytest.mark.parametrize("shape", [(300, 250, 9, 9), (300, 40, 6, 140)])
def test_fused_conv2d_float_equals_conv_then_epilogue(act, threads, shape):
    # Float runs the epilogue inside the packed GEMM, block by block. Past its blocks (2700
    # taps: eleven K blocks; 250 output channels: two row blocks) it must still run once per
    # output, after the last K block, and give the bits of conv2d followed by the epilogue.
    # With 40 output channels and rows of 140 the tiles read the windows in place and skip the
    # padded columns, and the epilogue must skip them too.
    cin, cout, h, wd = shape
    x, w = rand(2, cin, h, wd, dtype="float32"), rand(cout, cin, 3, 3, dtype="float32")
    bias, residual = rand(cout, dtype="float32"), rand(2, cout, h, wd, dtype="float32")
    with num_threads(threads):
        conv = run_op("conv2d", {"Input": x, "Filter": w}, {"paddings": [1, 1]},
                      {"Output": np.zeros((2, cout, h, wd), "float32")})["Output"]
        got = run_op("fused_conv2d", {"Input": x, "Filter": w, "Bias": bias, "ResidualData": residual},
                     {"paddings": [1, 1], "fuse_activation": act, "fuse_beta": 6.0,
                      "fuse_residual_connection": True},
                     {"Output": np.zeros((2, cout, h, wd), "float32")})["Output"]
    np.testing.assert_array_equal(got, activate_f32(conv + bias.reshape(1, -1, 1, 1) + residual,
                                                    act, 6.0))


@pytest.mark.parametrize("act", ["", "relu", "relu6", "hard_swish"])
@pytest.mark.parametrize("kernel,size", [(1, 7), (3, 9), (1, 20)])
def test_fused_conv2d_float_epilogue_keeps_nan(act, kernel, size):
    # The epilogue inside the packed GEMM (on finished blocks, some across two images): a NaN
    # in the sum stays NaN through relu / relu6 / hard_swish, as in the separate ops
    # (funcs::Clamp passes NaN through), and zeros keep their sign.
    cin, cout = 24, 30
    x, w = rand(2, cin, size, size, dtype="float32"), rand(cout, cin, kernel, kernel, dtype="float32")
    x[1, 3, size // 2, 1] = np.nan
    x[0, :, 0, 0] = 0.0
    w[5] = 0.0  # channel 5: zero sums (then + bias)
    bias = rand(cout, dtype="float32")
    bias[5] = -0.0
    pads = [kernel // 2, kernel // 2]
    conv = run_op("conv2d", {"Input": x, "Filter": w}, {"paddings": pads},
                  {"Output": np.zeros((2, cout, size, size), "float32")})["Output"]
    got = run_op("fused_conv2d", {"Input": x, "Filter": w, "Bias": bias},
                 {"paddings": pads, "fuse_activation": act, "fuse_beta": 6.0},
                 {"Output": np.zeros((2, cout, size, size), "float32")})["Output"]
    want = activate_f32(conv + bias.reshape(1, -1, 1, 1), act, 6.0)
    assert np.isnan(want).any()
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("act", ["", "hard_swish"])
@pytest.mark.parametrize("batch", [1, 3, 5])
def test_fused_conv2d_on_1x1_images_equals_conv_then_epilogue(batch, act, threads):
    # Squeeze-excitation layers: 1x1 convolutions of 1x1 images. Up to four images run as
    # Input x Filter^T through the GEMM's few-rows dot products (five through the packed
    # tiles); either way the bits of conv2d followed by the epilogue, and the product within
    # float32's rounding of NumPy's.
    cin, cout = 600, 70
    x, w = rand(batch, cin, 1, 1, dtype="float32"), rand(cout, cin, 1, 1, dtype="float32")
    bias, residual = rand(cout, dtype="float32"), rand(batch, cout, 1, 1, dtype="float32")
    with num_threads(threads):
        conv = run_op("conv2d", {"Input": x, "Filter": w}, {},
                      {"Output": np.zeros((batch, cout, 1, 1), "float32")})["Output"]
        got = run_op("fused_conv2d", {"Input": x, "Filter": w, "Bias": bias, "ResidualData": residual},
                     {"fuse_activation": act, "fuse_residual_connection": True},
                     {"Output": np.zeros((batch, cout, 1, 1), "float32")})["Output"]
    want = x.reshape(batch, cin).astype(np.float64) @ w.reshape(cout, cin).T.astype(np.float64)
    np.testing.assert_allclose(conv.reshape(batch, cout), want, rtol=1e-5, atol=1e-4)
    np.testing.assert_array_equal(got, activate_f32(conv + bias.reshape(1, -1, 1, 1) + residual,
                                                    act, 6.0))


@pytest.mark.parametrize("stride,size,kernel", [
    (1, 7, 3), (2, 14, 3), (1, 20, 3), (1, 40, 3), (2, 80, 3),
    # 5 x 5 windows, and planes of 9-16 columns (two strips, a partial one), whose rows come in
    # a block of 8 and a rest.
    (1, 7, 5), (1, 14, 5), (2, 14, 5), (2, 28, 5), (1, 11, 3), (1, 16, 5), (1, 40, 5)])
@pytest.mark.parametrize("act", ["", "relu", "relu6", "hard_swish"])
@pytest.mark.parametrize("with_bias,with_residual", [(True, False), (False, False), (True, True)])
def test_fused_depthwise_conv2d_equals_conv_then_epilogue(act, stride, size, kernel, with_bias,
                                                          with_residual):
    # A depthwise fused_conv2d adds the bias and applies the activation in the kernel's
    # registers before it stores (with a residual, after each plane): the bits of depthwise
    # conv2d followed by the separate ops.
    channels = 24
    x = rand(2, channels, size, size, dtype="float32")
    w = rand(channels, 1, kernel, kernel, dtype="float32")
    pad = kernel // 2
    attrs = {"paddings": [pad, pad], "strides": [stride, stride], "groups": channels}
    out_size = (size - 1) // stride + 1
    shape = (2, channels, out_size, out_size)
    conv = run_op("conv2d", {"Input": x, "Filter": w}, attrs,
                  {"Output": np.zeros(shape, "float32")})["Output"]
    inputs, v = {"Input": x, "Filter": w}, conv
    if with_bias:
        inputs["Bias"] = rand(channels, dtype="float32")
        v = v + inputs["Bias"].reshape(1, -1, 1, 1)
    if with_residual:
        inputs["ResidualData"] = rand(*shape, dtype="float32")
        v = v + inputs["ResidualData"]
    got = run_op("fused_conv2d", inputs,
                 dict(attrs, fuse_activation=act, fuse_beta=0.5,
                      fuse_residual_connection=with_residual),
                 {"Output": np.zeros(shape, "float32")})["Output"]
    np.testing.assert_array_equal(got, activate_f32(v, act, 0.5))


# -------------------------------------------------------------------------------- fused_mbconv

def mbconv_case(batch, size, stride, expand, residual, act, dtype="float32", hidden=40,
                kernel=3):
    """Inputs and attrs of a fused_mbconv block: 8 -> hidden (expand) -> depthwise kernel x
    kernel -> 8."""
    hidden = hidden if expand else 8
    inputs = {"Input": rand(batch, 8, size, size, dtype=dtype),
              "DepthwiseFilter": rand(hidden, 1, kernel, kernel, dtype=dtype),
              "DepthwiseBias": rand(hidden, dtype=dtype),
              "ProjectFilter": rand(8, hidden, 1, 1, dtype=dtype),
              "ProjectBias": rand(8, dtype=dtype)}
    if expand:
        inputs["ExpandFilter"] = rand(hidden, 8, 1, 1, dtype=dtype)
        inputs["ExpandBias"] = rand(hidden, dtype=dtype)
    out_size = (size - 1) // stride + 1
    if residual:
        inputs["ResidualData"] = rand(batch, 8, out_size, out_size, dtype=dtype)
    attrs = {"strides": [stride, stride], "paddings": [kernel // 2, kernel // 2],
             "expand_activation": act if expand else "", "expand_beta": 6.0,
             "depthwise_activation": act, "depthwise_beta": 6.0,
             "project_activation": "", "project_beta": 0.0}
    return inputs, attrs, (batch, 8, out_size, out_size)


def mbconv_depthwise_unfused(inputs, attrs, out_shape):
    """The expansion (if any) and depthwise fused_conv2d a fused_mbconv stands for: the
    depthwise output."""
    x = inputs["Input"]
    if "ExpandFilter" in inputs:
        w = inputs["ExpandFilter"]
        strides = attrs.get("expand_strides", [1, 1])
        pads = attrs.get("expand_paddings", [0, 0])
        size = [(x.shape[2 + i] + 2 * pads[i] - w.shape[2 + i]) // strides[i] + 1 for i in (0, 1)]
        x = run_op("fused_conv2d", {"Input": x, "Filter": w, "Bias": inputs["ExpandBias"]},
                   {"fuse_activation": attrs["expand_activation"], "fuse_beta": 6.0,
                    "strides": strides, "paddings": pads},
                   {"Output": np.zeros((x.shape[0], w.shape[0]) + tuple(size), x.dtype)})["Output"]
    hidden = inputs["DepthwiseFilter"].shape[0]
    return run_op("fused_conv2d", {"Input": x, "Filter": inputs["DepthwiseFilter"],
                                   "Bias": inputs["DepthwiseBias"]},
                  {"strides": attrs["strides"], "paddings": attrs["paddings"], "groups": hidden,
                   "fuse_activation": attrs["depthwise_activation"], "fuse_beta": 6.0},
                  {"Output": np.zeros((x.shape[0], hidden) + out_shape[2:], x.dtype)})["Output"]


def project_unfused(inputs, d, out_shape):
    """fused_mbconv's project fused_conv2d (with its residual, if any) of d."""
    project = {"Input": d, "Filter": inputs["ProjectFilter"], "Bias": inputs["ProjectBias"]}
    if "ResidualData" in inputs:
        project["ResidualData"] = inputs["ResidualData"]
    return run_op("fused_conv2d", project,
                  {"fuse_residual_connection": "ResidualData" in inputs},
                  {"Output": np.zeros(out_shape, d.dtype)})["Output"]


def mbconv_unfused(inputs, attrs, out_shape):
    """The three fused_conv2d ops fused_mbconv stands for, run one after another."""
    return project_unfused(inputs, mbconv_depthwise_unfused(inputs, attrs, out_shape), out_shape)


@pytest.mark.parametrize("batch,size,threads", [(2, 170, 2), (1, 170, 2), (2, 170, 1),
                                                (2, 9, 1)])
@pytest.mark.parametrize("stride,expand,residual,act", [
    (1, True, True, "relu6"), (2, True, False, "hard_swish"), (1, False, False, "relu"),
    (2, False, True, "")])
def test_fused_mbconv_equals_three_fused_conv2d(batch, size, threads, stride, expand, residual,
                                                 act):
    # 40 x 170 x 170 hidden floats per image: the kernel computes them in bands of rows (with
    # two threads and one image, two row ranges); 9 x 9: it runs the three convolutions whole.
    # Either way the bits of the three fused_conv2d ops.
    inputs, attrs, out_shape = mbconv_case(batch, size, stride, expand, residual, act)
    with num_threads(threads):
        got = run_op("fused_mbconv", inputs, attrs, {"Output": np.zeros(out_shape, "float32")})
        want = mbconv_unfused(inputs, attrs, out_shape)
    np.testing.assert_array_equal(got["Output"], want)


@pytest.mark.parametrize("batch,size,threads", [(2, 14, 1), (1, 7, 2), (2, 7, 2), (3, 9, 2),
                                                (1, 28, 1), (2, 64, 1), (1, 64, 2), (2, 5, 1),
                                                (1, 4, 1)])
@pytest.mark.parametrize("hidden,kernel,stride,act,residual", [
    (40, 5, 1, "hard_swish", True), (40, 5, 2, "relu", False), (24, 3, 2, "relu6", False),
    (24, 3, 1, "", True), (20, 3, 1, "relu6", True), (20, 5, 2, "hard_swish", False)])
def test_fused_mbconv_pixel_major_equals_three_fused_conv2d(batch, size, threads, hidden, kernel,
                                                            stride, act, residual):
    # With a multiple of 8 hidden channels and planes at least 5 pixels wide the kernel keeps the
    # hidden activations pixel-major (channels innermost): the expansion and projection as GEMMs
    # over the pixels, the depthwise convolution with the channels as vector lanes, its windows
    # clipped at the row ends (no padded copy; rows of 7 or 14 outputs in blocks of 7 whose taps
    # are known at compile time: 7 x 7, 14 x 14 and 28 x 28 with stride 2); 64 x 64 with 24
    # channels: in bands of rows, whose
    # shared rows are copied; 20 channels, 4 x 4 planes, and 40 channels on 64 x 64 (not a
    # multiple of 16 on a large plane): the NCHW paths. The bits of the three fused_conv2d either
    # way, and NumPy's values.
    inputs, attrs, out_shape = mbconv_case(batch, size, stride, True, residual, act,
                                           hidden=hidden, kernel=kernel)
    with num_threads(threads):
        got = run_op("fused_mbconv", inputs, attrs, {"Output": np.zeros(out_shape, "float32")})
        want = mbconv_unfused(inputs, attrs, out_shape)
    np.testing.assert_array_equal(got["Output"], want)
    pad = kernel // 2
    h = conv_epilogue_ref(inputs["Input"], inputs["ExpandFilter"], inputs["ExpandBias"], None,
                          act, 6.0, pads=(0, 0, 0, 0))
    d = conv_epilogue_ref(h, inputs["DepthwiseFilter"], inputs["DepthwiseBias"], None, act, 6.0,
                          groups=hidden, pads=(pad, pad, pad, pad))[:, :, ::stride, ::stride]
    ref = conv_epilogue_ref(d, inputs["ProjectFilter"], inputs["ProjectBias"],
                            inputs.get("ResidualData"), "", 0.0, pads=(0, 0, 0, 0))
    np.testing.assert_allclose(got["Output"], ref, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("batch,size,threads", [(2, 224, 1), (1, 225, 2), (2, 224, 2),
                                                (2, 12, 1)])
@pytest.mark.parametrize("stride,hidden,act", [(1, 32, "relu6"), (2, 20, "hard_swish")])
@pytest.mark.parametrize("output_format", ["NCHW", "NHWC"])
def test_fused_mbconv_with_a_stem_equals_three_fused_conv2d(batch, size, threads, stride, hidden,
                                                            act, output_format):
    # MobileNetV2's stem (3x3 / 2 over 3 channels) as the expansion of the block after it, its
    # rows computed with the channels as vector lanes (funcs::ConvRows): 32 hidden channels, the
    # pixel-major path (12 x 12 too), its output written NCHW or NHWC in place; 20: the NCHW bands
    # where the hidden activations are large, the three convolutions whole on 12 x 12 (an NHWC
    # output through a copy). The bits of the three fused_conv2d either way.
    inputs = {"Input": rand(batch, 3, size, size, dtype="float32"),
              "ExpandFilter": rand(hidden, 3, 3, 3, dtype="float32"),
              "ExpandBias": rand(hidden, dtype="float32"),
              "DepthwiseFilter": rand(hidden, 1, 3, 3, dtype="float32"),
              "DepthwiseBias": rand(hidden, dtype="float32"),
              "ProjectFilter": rand(16, hidden, 1, 1, dtype="float32"),
              "ProjectBias": rand(16, dtype="float32")}
    attrs = {"strides": [stride, stride], "paddings": [1, 1], "expand_strides": [2, 2],
             "expand_paddings": [1, 1], "expand_activation": act, "expand_beta": 6.0,
             "depthwise_activation": act, "depthwise_beta": 6.0, "project_activation": "",
             "project_beta": 0.0}
    stem = (size - 1) // 2 + 1
    out_size = (stem - 1) // stride + 1
    out_shape = (batch, 16, out_size, out_size)
    with num_threads(threads):
        if output_format == "NHWC":
            got = run_op("fused_mbconv", inputs, dict(attrs, output_format="NHWC"),
                         {"Output": np.zeros(nhwc(np.zeros(out_shape)).shape, "float32")})
            got = {"Output": np.ascontiguousarray(got["Output"].transpose(0, 3, 1, 2))}
        else:
            got = run_op("fused_mbconv", inputs, attrs,
                         {"Output": np.zeros(out_shape, "float32")})
        want = mbconv_unfused(inputs, attrs, out_shape)
    np.testing.assert_array_equal(got["Output"], want)
    h = conv_epilogue_ref(inputs["Input"], inputs["ExpandFilter"], inputs["ExpandBias"], None,
                          act, 6.0)[:, :, ::2, ::2]
    d = conv_epilogue_ref(h, inputs["DepthwiseFilter"], inputs["DepthwiseBias"], None, act, 6.0,
                          groups=hidden)[:, :, ::stride, ::stride]
    ref = conv_epilogue_ref(d, inputs["ProjectFilter"], inputs["ProjectBias"], None, "", 0.0,
                            pads=(0, 0, 0, 0))
    np.testing.assert_allclose(got["Output"], ref, rtol=1e-4, atol=1e-4)


def mbconv_gate_case(batch, size, stride, hidden, kernel, residual, dtype="float32"):
    """A MobileNetV3 block: mbconv_case's with a squeeze-excitation gate (hidden -> hidden / 4,
    relu -> hidden -> hard_sigmoid) between the depthwise and project convolutions."""
    inputs, attrs, out_shape = mbconv_case(batch, size, stride, True, residual, "hard_swish",
                                           dtype=dtype, hidden=hidden, kernel=kernel)
    squeezed = max(hidden // 4, 1)
    inputs.update({"SqueezeFilter": rand(squeezed, hidden, 1, 1, dtype=dtype),
                   "SqueezeBias": rand(squeezed, dtype=dtype),
                   "ExciteFilter": rand(hidden, squeezed, 1, 1, dtype=dtype),
                   "ExciteBias": rand(hidden, dtype=dtype)})
    attrs.update({"squeeze_activation": "relu", "squeeze_beta": 0.0, "excite_activation": "",
                  "excite_beta": 0.0, "gate_slope": 1.0 / 6.0, "gate_offset": 0.5})
    return inputs, attrs, out_shape


def mbconv_gate_unfused(inputs, attrs, out_shape):
    """The ops a gated fused_mbconv stands for, run one after another."""
    d = mbconv_depthwise_unfused(inputs, attrs, out_shape)
    n, hidden = d.shape[:2]
    pooled = run_op("pool2d", {"X": d}, {"pooling_type": "avg", "ksize": [1, 1],
                                         "adaptive": True},
                    {"Out": np.zeros((n, hidden, 1, 1), d.dtype)})["Out"]
    squeezed = inputs["SqueezeFilter"].shape[0]
    q = run_op("fused_conv2d", {"Input": pooled, "Filter": inputs["SqueezeFilter"],
                                "Bias": inputs["SqueezeBias"]}, {"fuse_activation": "relu"},
               {"Output": np.zeros((n, squeezed, 1, 1), d.dtype)})["Output"]
    e = run_op("fused_conv2d", {"Input": q, "Filter": inputs["ExciteFilter"],
                                "Bias": inputs["ExciteBias"]}, {},
               {"Output": np.zeros((n, hidden, 1, 1), d.dtype)})["Output"]
    g = run_op("hard_sigmoid", {"X": e}, {"slope": attrs["gate_slope"],
                                          "offset": attrs["gate_offset"]},
               {"Out": np.zeros(e.shape, d.dtype)})["Out"]
    m = run_op("elementwise_mul", {"X": d, "Y": g}, {}, {"Out": np.zeros(d.shape, d.dtype)})["Out"]
    return project_unfused(inputs, m, out_shape)


def mbconv_gate_ref(inputs, attrs):
    """NumPy's gated block, in float64."""
    f = {k: v.astype(np.float64) for k, v in inputs.items()}
    kernel = f["DepthwiseFilter"].shape[2]
    stride, pad = attrs["strides"][0], kernel // 2
    h = conv_epilogue_ref(f["Input"], f["ExpandFilter"], f["ExpandBias"], None, "hard_swish", 6.0,
                          pads=(0, 0, 0, 0))
    d = conv_epilogue_ref(h, f["DepthwiseFilter"], f["DepthwiseBias"], None, "hard_swish", 6.0,
                          groups=h.shape[1], pads=(pad,) * 4)[:, :, ::stride, ::stride]
    pooled = d.mean(axis=(2, 3), keepdims=True)
    q = np.maximum(np.einsum("nc,sc->ns", pooled[:, :, 0, 0], f["SqueezeFilter"][:, :, 0, 0])
                   + f["SqueezeBias"], 0)
    e = np.einsum("ns,cs->nc", q, f["ExciteFilter"][:, :, 0, 0]) + f["ExciteBias"]
    slope, offset = (float(np.float32(attrs[k])) for k in ("gate_slope", "gate_offset"))  # attrs
    g = np.clip(e * slope + offset, 0, 1)[:, :, None, None]
    return conv_epilogue_ref(d * g, f["ProjectFilter"], f["ProjectBias"], f.get("ResidualData"),
                             "", 0.0, pads=(0, 0, 0, 0))


@pytest.mark.parametrize("batch,size,threads", [(2, 14, 1), (2, 7, 2), (1, 14, 2), (3, 9, 2),
                                                (2, 60, 1), (1, 4, 1)])
@pytest.mark.parametrize("hidden,kernel,stride,residual", [
    (40, 5, 1, True), (24, 3, 2, False), (48, 5, 2, False), (20, 3, 1, True)])
def test_fused_mbconv_with_a_gate_equals_its_ops(batch, size, threads, hidden, kernel, stride,
                                                 residual):
    # MobileNetV3's squeeze-excitation blocks as one fused_mbconv: with a multiple of 8 hidden
    # channels and planes at least 5 pixels wide the kernel keeps each image's depthwise output
    # pixel-major, averages it, computes the gate with the ops' kernels, scales and projects it
    # (60 x 60: the expansion and depthwise layer in bands of rows); 20 channels or 4 x 4 planes:
    # the ops' kernels in turn. The bits of the ops it stands for either way, and NumPy's values.
    inputs, attrs, out_shape = mbconv_gate_case(batch, size, stride, hidden, kernel, residual)
    with num_threads(threads):
        got = run_op("fused_mbconv", inputs, attrs, {"Output": np.zeros(out_shape, "float32")})
        want = mbconv_gate_unfused(inputs, attrs, out_shape)
    np.testing.assert_array_equal(got["Output"], want)
    np.testing.assert_allclose(got["Output"], mbconv_gate_ref(inputs, attrs), rtol=1e-4,
                               atol=1e-4)


def nhwc(x):
    return np.ascontiguousarray(x.transpose(0, 2, 3, 1))


@pytest.mark.parametrize("formats", [("NHWC", "NHWC"), ("NHWC", "NCHW"), ("NCHW", "NHWC")])
@pytest.mark.parametrize("case", [
    # (batch, size, threads, stride, expand, residual, hidden, kernel, gate)
    (2, 14, 1, 1, True, True, 40, 5, False),   # pixel-major, residual; NHWC in: both images
    # at once (a band is a whole image, one thread has both): one GEMM for their pixels
    (3, 7, 1, 1, True, True, 48, 3, False),    # three images at once
    (5, 9, 2, 2, True, False, 24, 3, False),   # two threads, two images an item, then one
    (4, 9, 1, 1, True, True, 24, 5, False),
    (1, 28, 2, 2, True, False, 24, 3, False),  # pixel-major, stride 2, two row ranges
    (2, 64, 1, 1, True, True, 24, 3, False),   # pixel-major in bands of rows
    (2, 14, 2, 1, True, True, 40, 5, True),    # pixel-major with a gate
    (2, 7, 1, 2, True, False, 48, 3, True),
    (2, 14, 1, 1, True, True, 20, 3, False),   # 20 channels: NCHW copies, three convolutions
    (1, 64, 1, 1, True, True, 40, 3, False),   # 40 channels on 64 x 64: NCHW copies, bands
    (2, 9, 1, 2, False, True, 8, 3, False),    # no expansion: NCHW copies
    (1, 4, 1, 1, True, True, 24, 3, True),     # 4 x 4 planes with a gate: NCHW copies
])
def test_fused_mbconv_nhwc_formats_give_the_nchw_bits(formats, case):
    # data_format (Input and ResidualData) and output_format (Output) in NHWC: the pixel-major
    # path reads the input's rows and writes the output's in place (the bias, residual and
    # activation on pixel-major rows), the other paths go through NCHW copies. Either way the
    # bits of the NCHW block, transposed; with a residual, an NCHW input beside an NHWC output
    # takes the copies too.
    batch, size, threads, stride, expand, residual, hidden, kernel, gate = case
    if gate:
        inputs, attrs, out_shape = mbconv_gate_case(batch, size, stride, hidden, kernel, residual)
    else:
        inputs, attrs, out_shape = mbconv_case(batch, size, stride, expand, residual,
                                               "hard_swish", hidden=hidden, kernel=kernel)
    data_format, output_format = formats
    with num_threads(threads):
        want = run_op("fused_mbconv", inputs, attrs,
                      {"Output": np.zeros(out_shape, "float32")})["Output"]
        moved = dict(inputs)
        if data_format == "NHWC":
            moved["Input"] = nhwc(inputs["Input"])
            if residual:
                moved["ResidualData"] = nhwc(inputs["ResidualData"])
        out_nhwc = output_format == "NHWC"
        got = run_op("fused_mbconv", moved,
                     dict(attrs, data_format=data_format, output_format=output_format),
                     {"Output": np.zeros(nhwc(want).shape if out_nhwc else out_shape,
                                         "float32")})["Output"]
    np.testing.assert_array_equal(got, nhwc(want) if out_nhwc else want)


def test_fused_mbconv_formats_errors():
    inputs, attrs, out_shape = mbconv_case(1, 7, 1, True, True, "relu6", hidden=24)
    with pytest.raises(ValueError, match="output_format to be NCHW or NHWC, but got 'NDHWC'"):
        run_op("fused_mbconv", inputs, dict(attrs, output_format="NDHWC"),
               {"Output": np.zeros(out_shape, "float32")})
    # An NHWC input whose residual is left in NCHW: [1, 7, 7, 8] expected.
    moved = dict(inputs, Input=nhwc(inputs["Input"]))
    with pytest.raises(ValueError, match=r"ResidualData to have the output.s dims \[1, 7, 7, 8\] "
                                         r".*but got \[1, 8, 7, 7\]"):
        run_op("fused_mbconv", moved, dict(attrs, data_format="NHWC"),
               {"Output": np.zeros(out_shape, "float32")})


def test_fused_mbconv_with_a_gate_float64_and_errors():
    inputs, attrs, out_shape = mbconv_gate_case(2, 7, 1, 16, 5, True, dtype="float64")
    check_output("fused_mbconv", inputs, {"Output": mbconv_gate_ref(inputs, attrs)}, attrs=attrs,
                 **tolerances("float64"))
    inputs, attrs, out_shape = mbconv_gate_case(1, 7, 1, 16, 3, False)
    no_excite = {k: v for k, v in inputs.items() if not k.startswith("Excite")}
    with pytest.raises(ValueError, match="SqueezeFilter and ExciteFilter to be both given or "
                                         "both absent, but got SqueezeFilter given and "
                                         "ExciteFilter absent"):
        run_op("fused_mbconv", no_excite, attrs, {"Output": np.zeros(out_shape, "float32")})
    bad = dict(inputs, ExciteFilter=rand(12, 4, 1, 1, dtype="float32"))
    with pytest.raises(ValueError, match=r"ExciteFilter to have 16 output channels "
                                         r"\(DepthwiseFilter's\), but got \[12, 4, 1, 1\]"):
        run_op("fused_mbconv", bad, attrs, {"Output": np.zeros(out_shape, "float32")})
    bad = dict(inputs, SqueezeFilter=rand(4, 15, 1, 1, dtype="float32"))
    with pytest.raises(ValueError, match=r"SqueezeFilter to be \[out_channels, 16, 1, 1\]"):
        run_op("fused_mbconv", bad, attrs, {"Output": np.zeros(out_shape, "float32")})
    bad = dict(inputs, SqueezeBias=rand(5, dtype="float32"))
    with pytest.raises(ValueError, match=r"SqueezeBias to have dims \[4\]"):
        run_op("fused_mbconv", bad, attrs, {"Output": np.zeros(out_shape, "float32")})
    ungated = {k: v for k, v in inputs.items() if not k.startswith(("Squeeze", "Excite"))}
    with pytest.raises(ValueError, match="SqueezeBias and ExciteBias to be absent without "
                                         "SqueezeFilter"):
        run_op("fused_mbconv", dict(ungated, ExciteBias=inputs["ExciteBias"]), attrs,
               {"Output": np.zeros(out_shape, "float32")})
    with pytest.raises(ValueError, match="squeeze_activation to be one of"):
        run_op("fused_mbconv", inputs, dict(attrs, squeeze_activation="gelu"),
               {"Output": np.zeros(out_shape, "float32")})


def test_fused_mbconv_float64_against_numpy():
    inputs, attrs, out_shape = mbconv_case(2, 7, 2, True, True, "relu6", dtype="float64")
    h = conv_epilogue_ref(inputs["Input"], inputs["ExpandFilter"], inputs["ExpandBias"], None,
                          "relu6", 6.0, pads=(0, 0, 0, 0))
    d = conv_epilogue_ref(h, inputs["DepthwiseFilter"], inputs["DepthwiseBias"], None, "relu6",
                          6.0, groups=40)[:, :, ::2, ::2]
    want = conv_epilogue_ref(d, inputs["ProjectFilter"], inputs["ProjectBias"],
                             inputs["ResidualData"], "", 0.0, pads=(0, 0, 0, 0))
    check_output("fused_mbconv", inputs, {"Output": want}, attrs=attrs, **tolerances("float64"))


def test_fused_mbconv_bad_shapes_name_the_input():
    inputs, attrs, out_shape = mbconv_case(1, 6, 1, True, False, "relu6")
    bad = dict(inputs, ProjectFilter=rand(8, 24, 1, 1, dtype="float32"))
    with pytest.raises(ValueError, match="ProjectFilter"):
        run_op("fused_mbconv", bad, attrs, {"Output": np.zeros(out_shape, "float32")})
    bad = dict(inputs, ExpandFilter=rand(40, 7, 3, 3, dtype="float32"))
    with pytest.raises(ValueError, match=r"fused_mbconv's ExpandFilter to be \[out_channels, 8, "
                                         r"KH, KW\], but got \[40, 7, 3, 3\]"):
        run_op("fused_mbconv", bad, attrs, {"Output": np.zeros(out_shape, "float32")})
    bad = dict(inputs, DepthwiseFilter=rand(40, 2, 3, 3, dtype="float32"))
    with pytest.raises(ValueError, match="DepthwiseFilter"):
        run_op("fused_mbconv", bad, attrs, {"Output": np.zeros(out_shape, "float32")})
    bad = dict(inputs, ExpandBias=rand(39, dtype="float32"))
    with pytest.raises(ValueError, match=r"fused_mbconv's ExpandBias to have dims \[40\]"):
        run_op("fused_mbconv", bad, attrs, {"Output": np.zeros(out_shape, "float32")})
    bad = dict(inputs, ResidualData=rand(1, 8, 5, 6, dtype="float32"))
    with pytest.raises(ValueError, match="fused_mbconv's ResidualData to have the output's dims"):
        run_op("fused_mbconv", bad, attrs, {"Output": np.zeros(out_shape, "float32")})
    with pytest.raises(ValueError, match="fused_mbconv's depthwise_activation to be one of"):
        run_op("fused_mbconv", inputs, dict(attrs, depthwise_activation="gelu"),
               {"Output": np.zeros(out_shape, "float32")})
    no_expand = {k: v for k, v in inputs.items() if not k.startswith("Expand")}
    no_expand["Input"] = rand(1, 40, 6, 6, dtype="float32")
    with pytest.raises(ValueError, match="expand_activation to be absent without ExpandFilter"):
        run_op("fused_mbconv", no_expand, attrs, {"Output": np.zeros(out_shape, "float32")})
    with pytest.raises(ValueError, match=r"expand_strides and expand_paddings to be \[1, 1\] and "
                                         r"\[0, 0\] without ExpandFilter, but got \[2, 2\]"):
        run_op("fused_mbconv", no_expand,
               dict(attrs, expand_activation="", expand_strides=[2, 2]),
               {"Output": np.zeros(out_shape, "float32")})


@pytest.mark.parametrize("model,fusion", [("mobilenet_v2", "mbconv_fuse_pass"),
                                          ("mobilenet_v2", "mbconv_layout_pass"),
                                          ("mobilenet_v3_small", "mbconv_fuse_pass"),
                                          ("mobilenet_v3_small", "mbconv_layout_pass"),
                                          ("mobilenet_v3_small", "scaled_conv_fuse_pass"),
                                          ("mobilenet_v3_small", "conv_depthwise_fuse_pass")])
def test_predictor_fusion_keeps_the_bits(model, fusion):
    # MobileNetV2's inverted-bottleneck blocks become fused_mbconv, every squeeze-excitation gate
    # of MobileNetV3 (it multiplies the input of a 1x1 convolution) fused_scaled_conv2d, its stem
    # and the stride-2 depthwise convolution after it fused_conv_depthwise, consecutive blocks
    # hand each other NHWC activations: the same outputs to the bit with the pass as without it.
    prefix = os.path.join(FIXTURES, model)
    if not os.path.exists(prefix + ".pdmodel"):
        pytest.skip("fixture models not present")
    x = list(np.load(prefix + ".inputs.npz").values())
    outs = {}
    for fuse in (True, False):
        cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
        if not fuse:
            cfg.delete_pass(fusion)
        pred = paddle.inference.create_predictor(cfg)
        outs[fuse] = pred.run(x)[0]
    np.testing.assert_array_equal(outs[True], outs[False])


# ------------------------------------------------------------- fused_conv2d's output_format

def nhwc(a):
    return np.ascontiguousarray(a.transpose(0, 2, 3, 1))


def nchw(a):
    return np.ascontiguousarray(a.transpose(0, 3, 1, 2))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("batch,cin,cout,size,stride,act,bias,residual", [
    (1, 32, 24, 9, 1, "relu", True, False),     # one image, bias and relu in the GEMM's tiles
    (3, 20, 40, 7, 2, "", True, True),          # strided: the pixels gathered first
    (2, 16, 8, 6, 1, "relu6", False, True),     # a residual in Output's layout
    (1, 64, 24, 14, 2, "hard_swish", True, False),
    (2, 130, 36, 5, 1, "relu", True, True),     # K past one 128-row panel, 25-pixel images
    (1, 8, 3, 9, 1, "relu", True, False),       # 3 output channels: through the copies
])
def test_fused_conv2d_output_format_gives_the_nchw_bits(threads, batch, cin, cout, size, stride,
                                                         act, bias, residual):
    # A 1x1 fused_conv2d reading NHWC and writing NCHW, or back (conv_layout_pass's layers), or
    # NHWC on both sides, computes the NCHW layer's outputs to the bit: a GEMM of the pixels whose
    # blocks are transposed as they finish, the NCHW planes read transposed, or (too few output
    # channels) the input transposed first.
    x = rand(batch, cin, size, size, dtype="float32")
    w = rand(cout, cin, 1, 1, dtype="float32")
    out_size = (size - 1) // stride + 1
    res = rand(batch, cout, out_size, out_size, dtype="float32")
    attrs = {"strides": [stride, stride], "fuse_activation": act, "fuse_beta": 6.0,
             "fuse_residual_connection": residual}
    inputs = {"Input": x, "Filter": w}
    if bias:
        inputs["Bias"] = rand(cout, dtype="float32")
    if residual:
        inputs["ResidualData"] = res
    shape = (batch, cout, out_size, out_size)
    with num_threads(threads):
        want = run_op("fused_conv2d", inputs, attrs, {"Output": np.zeros(shape, "float32")})
        for data_format, output_format in [("NHWC", "NCHW"), ("NCHW", "NHWC"), ("NHWC", "NHWC"),
                                           ("NHWC", "")]:
            out_nhwc = output_format == "NHWC" or (not output_format and data_format == "NHWC")
            given = dict(inputs, Input=nhwc(x) if data_format == "NHWC" else x)
            if residual:
                given["ResidualData"] = nhwc(res) if out_nhwc else res
            got = run_op("fused_conv2d", given,
                         dict(attrs, data_format=data_format, output_format=output_format),
                         {"Output": np.zeros(nhwc(want["Output"]).shape if out_nhwc else shape,
                                             "float32")})["Output"]
            np.testing.assert_array_equal(nchw(got) if out_nhwc else got, want["Output"],
                                          err_msg=f"{data_format} -> {output_format or 'same'}")


def test_fused_conv2d_output_format_errors():
    x, w = rand(1, 4, 5, 5, dtype="float32"), rand(6, 4, 1, 1, dtype="float32")
    with pytest.raises(ValueError, match="output_format to be \"\", NCHW or NHWC, but got 'NCWH'"):
        run_op("fused_conv2d", {"Input": x, "Filter": w}, {"output_format": "NCWH"},
               {"Output": np.zeros((1, 6, 5, 5), "float32")})
    with pytest.raises(ValueError, match="ResidualData to have the output's dims"):
        run_op("fused_conv2d",
               {"Input": x, "Filter": w, "ResidualData": rand(1, 6, 5, 5, dtype="float32")},
               {"output_format": "NHWC", "fuse_residual_connection": True},
               {"Output": np.zeros((1, 5, 5, 6), "float32")})


def bottleneck_model(prefix, mid):
    """Saves a small ResNet-50-like network (a stem, then bottleneck blocks of `mid` channels
    inside, conv2d + batch_norm + relu, the second and third strided, their shortcuts 1x1) and
    returns an input for it."""
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        img = paddle.static.data("img", [-1, 3, 24, 24], "float32")

        def conv_bn(x, cout, k, stride=1, act=True):
            y = paddle.static.nn.conv2d(x, cout, k, stride=stride, padding=k // 2,
                                        bias_attr=False)
            y = paddle.static.nn.batch_norm(y, is_test=True)
            return F.relu(y) if act else y

        x = conv_bn(img, 128, 3)
        for cout, stride, blocks in [(256, 1, 2), (512, 2, 2), (512, 2, 1)]:
            for i in range(blocks):
                s = stride if i == 0 else 1
                y = conv_bn(conv_bn(conv_bn(x, mid, 1), mid, 3, s), cout, 1, act=False)
                shortcut = conv_bn(x, cout, 1, s, act=False) if i == 0 else x
                x = F.relu(y + shortcut)
        out = paddle.mean(x, axis=[2, 3])
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    scope = paddle.static.global_scope()
    for var in main.list_vars():  # batch norm statistics away from 0 and 1
        if var.persistable and ("mean" in var.name or "variance" in var.name):
            t = scope.find_var(var.name).get_tensor()
            shape = np.array(t).shape
            t.set(rng.uniform(0.5, 1.5, shape).astype("float32") if "variance" in var.name
                  else rng.uniform(-0.2, 0.2, shape).astype("float32"), paddle.CPUPlace())
    paddle.static.save_inference_model(prefix, [img], [out], exe, program=main)
    paddle.disable_static()
    return rand(2, 3, 24, 24, dtype="float32")


def cpu_runs_pixel_major():
    """Whether this CPU has AVX2 and FMA, which fused_conv2d's pixel-major path needs."""
    try:
        with open("/proc/cpuinfo") as f:
            flags = f.read().split()
    except OSError:
        return False
    return "avx2" in flags and "fma" in flags


@pytest.mark.parametrize("threads", [1, 2])
def test_predictor_conv_layout_pass_keeps_the_bits(tmp_path, threads):
    # conv_layout_pass hands the bottleneck blocks' 1x1 layers NHWC activations: the profiler
    # shows 1x1 fused_conv2d layers reading NHWC inputs, and the output is the same to the bit
    # as without the pass, with 128 channels inside the blocks and with 64 (ResNet-50's first
    # stage). With 32 their last layers would read the 3x3 layers' NCHW outputs transposed, not
    # known to be faster than in NCHW, so nothing changes layout (nor anywhere on a CPU without
    # the pixel-major path).
    pixel_major = cpu_runs_pixel_major()
    for mid, changes in [(128, pixel_major), (64, pixel_major), (32, False)]:
        prefix = str(tmp_path / f"bottleneck{mid}")
        x = bottleneck_model(prefix, mid)
        runs = run_with_and_without_pass(prefix, "conv_layout_pass", threads, [x])
        outs = {with_pass: out for with_pass, (out, _) in runs.items()}
        nhwc_inputs = {with_pass: sorted(
            args for name, kind, _, _, _, args in events
            if kind == 3 and name == "fused_conv2d" and "Input=[2, 24, 24, 256]" in args)
            for with_pass, (_, events) in runs.items()}
        np.testing.assert_array_equal(outs[True], outs[False])
        assert bool(nhwc_inputs[True]) == changes, nhwc_inputs[True]
        assert not nhwc_inputs[False]


# ------------------------------------------------------------------------ fused_conv_depthwise

def conv_depthwise_case(batch, size, cin, channels, kernel, stride, dw_kernel, dw_stride, act,
                        dw_act, bias=True, dtype="float32"):
    """fused_conv_depthwise's inputs and attrs: Input [batch, cin, size, size], a kernel x kernel
    convolution to `channels` (stride, padding kernel // 2), then a dw_kernel x dw_kernel
    depthwise one (dw_stride, padding dw_kernel // 2)."""
    inputs = {"Input": rand(batch, cin, size, size, dtype=dtype),
              "Filter": rand(channels, cin, kernel, kernel, dtype=dtype),
              "DepthwiseFilter": rand(channels, 1, dw_kernel, dw_kernel, dtype=dtype)}
    if bias:
        inputs["Bias"] = rand(channels, dtype=dtype)
        inputs["DepthwiseBias"] = rand(channels, dtype=dtype)
    pad, dw_pad = kernel // 2, dw_kernel // 2
    attrs = {"strides": [stride, stride], "paddings": [pad, pad], "fuse_activation": act,
             "fuse_beta": 6.0, "depthwise_strides": [dw_stride, dw_stride],
             "depthwise_paddings": [dw_pad, dw_pad], "depthwise_activation": dw_act,
             "depthwise_beta": 6.0}
    hidden = (size + 2 * pad - kernel) // stride + 1
    out = (hidden + 2 * dw_pad - dw_kernel) // dw_stride + 1
    return inputs, attrs, (batch, channels, hidden, hidden), (batch, channels, out, out)


def conv_depthwise_unfused(inputs, attrs, hidden_shape, out_shape):
    """The two fused_conv2d that conv_depthwise_fuse_pass replaces."""
    dtype = inputs["Input"].dtype
    conv_in = {k: inputs[k] for k in ("Input", "Filter", "Bias") if k in inputs}
    h = run_op("fused_conv2d", conv_in,
               {k: attrs[k] for k in ("strides", "paddings", "fuse_activation", "fuse_beta")},
               {"Output": np.zeros(hidden_shape, dtype)})["Output"]
    dw_in = {"Input": h, "Filter": inputs["DepthwiseFilter"]}
    if "DepthwiseBias" in inputs:
        dw_in["Bias"] = inputs["DepthwiseBias"]
    dw_attrs = {"strides": attrs["depthwise_strides"], "paddings": attrs["depthwise_paddings"],
                "fuse_activation": attrs["depthwise_activation"],
                "fuse_beta": attrs["depthwise_beta"], "groups": hidden_shape[1]}
    return run_op("fused_conv2d", dw_in, dw_attrs, {"Output": np.zeros(out_shape, dtype)})["Output"]


def conv_depthwise_ref(inputs, attrs):
    """NumPy, in float64."""
    pad, dw_pad = attrs["paddings"][0], attrs["depthwise_paddings"][0]
    h = conv_epilogue_ref(inputs["Input"].astype(np.float64), inputs["Filter"], inputs.get("Bias"),
                          None, attrs["fuse_activation"], 6.0, pads=(pad,) * 4)
    h = h[:, :, ::attrs["strides"][0], ::attrs["strides"][1]]
    d = conv_epilogue_ref(h, inputs["DepthwiseFilter"], inputs.get("DepthwiseBias"), None,
                          attrs["depthwise_activation"], 6.0, groups=h.shape[1],
                          pads=(dw_pad,) * 4)
    return d[:, :, ::attrs["depthwise_strides"][0], ::attrs["depthwise_strides"][1]]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("batch,size,cin,channels,kernel,stride,dw_kernel,dw_stride", [
    (2, 224, 3, 16, 3, 2, 3, 2),  # MobileNetV3's stem and first depthwise convolution
    (1, 33, 3, 12, 3, 2, 3, 2),   # one image over two threads (row ranges); 12 channels
    (3, 20, 3, 40, 3, 2, 5, 2),   # three images; channels past the last whole vector of 16
    (2, 17, 2, 8, 5, 1, 5, 2),    # 5x5 windows, a stride-1 first convolution (general loops)
    (2, 16, 3, 16, 3, 2, 3, 1),   # a stride-1 depthwise convolution
    (2, 5, 4, 24, 3, 2, 3, 2)])   # planes smaller than the kernel's blocks of pixels
@pytest.mark.parametrize("act,dw_act,bias", [("hard_swish", "relu", True), ("relu6", "relu6", True),
                                             ("", "", False)])
def test_fused_conv_depthwise_equals_the_two_convolutions(threads, batch, size, cin, channels,
                                                          kernel, stride, dw_kernel, dw_stride,
                                                          act, dw_act, bias):
    # The float kernel keeps only a few rows of the first convolution's output, yet gives the
    # bits of the two fused_conv2d.
    inputs, attrs, hidden_shape, out_shape = conv_depthwise_case(
        batch, size, cin, channels, kernel, stride, dw_kernel, dw_stride, act, dw_act, bias)
    with num_threads(threads):
        got = run_op("fused_conv_depthwise", inputs, attrs,
                     {"Output": np.zeros(out_shape, "float32")})["Output"]
        want = conv_depthwise_unfused(inputs, attrs, hidden_shape, out_shape)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_allclose(got, conv_depthwise_ref(inputs, attrs), rtol=1e-4, atol=1e-4)


def test_fused_conv_depthwise_outside_the_kernel_and_float64():
    # 72 channels (beyond the float kernel): the two convolutions one after the other.
    inputs, attrs, hidden_shape, out_shape = conv_depthwise_case(2, 9, 3, 72, 3, 2, 3, 2,
                                                                 "relu", "relu6")
    got = run_op("fused_conv_depthwise", inputs, attrs,
                 {"Output": np.zeros(out_shape, "float32")})["Output"]
    np.testing.assert_array_equal(got, conv_depthwise_unfused(inputs, attrs, hidden_shape,
                                                              out_shape))
    inputs, attrs, _, out_shape = conv_depthwise_case(2, 11, 3, 10, 3, 2, 3, 2, "hard_swish",
                                                      "relu6", dtype="float64")
    check_output("fused_conv_depthwise", inputs, {"Output": conv_depthwise_ref(inputs, attrs)},
                 attrs=attrs, places=("cpu",), **tolerances("float64"))


def test_fused_conv_depthwise_bad_shapes_name_the_input():
    inputs, attrs, _, out_shape = conv_depthwise_case(1, 9, 3, 8, 3, 2, 3, 2, "relu", "relu")
    empty = {"Output": np.zeros(out_shape, "float32")}
    bad = dict(inputs, DepthwiseFilter=rand(6, 1, 3, 3, dtype="float32"))
    with pytest.raises(ValueError, match=r"fused_conv_depthwise's DepthwiseFilter to be \[8, 1, "
                                         r"KH, KW\].*but got \[6, 1, 3, 3\]"):
        run_op("fused_conv_depthwise", bad, attrs, empty)
    bad = dict(inputs, Filter=rand(8, 2, 3, 3, dtype="float32"))
    with pytest.raises(ValueError, match="Filter"):
        run_op("fused_conv_depthwise", bad, attrs, empty)
    bad = dict(inputs, DepthwiseBias=rand(7, dtype="float32"))
    with pytest.raises(ValueError, match=r"fused_conv_depthwise's DepthwiseBias to have dims \[8\]"):
        run_op("fused_conv_depthwise", bad, attrs, empty)
    with pytest.raises(ValueError, match="fused_conv_depthwise's depthwise_activation to be one of"):
        run_op("fused_conv_depthwise", inputs, dict(attrs, depthwise_activation="gelu"), empty)
    with pytest.raises(ValueError, match="Input to be 4-D"):
        run_op("fused_conv_depthwise", dict(inputs, Input=rand(3, 9, 9, dtype="float32")), attrs,
               empty)


# ------------------------------------------------------------------------- fused_scaled_conv2d

def scaled_conv_case(batch, size, cin, cout, kernel, residual, act, gate_batch=None,
                     dtype="float32"):
    """fused_scaled_conv2d's inputs and attrs: Input [batch, cin, size, size] times a gate
    [gate_batch (default batch), cin, 1, 1], then a kernel x kernel convolution to cout."""
    inputs = {"Input": rand(batch, cin, size, size, dtype=dtype),
              "InputScale": rand(batch if gate_batch is None else gate_batch, cin, 1, 1,
                                 dtype=dtype, low=0.0, high=1.0),
              "Filter": rand(cout, cin, kernel, kernel, dtype=dtype),
              "Bias": rand(cout, dtype=dtype)}
    if residual:
        inputs["ResidualData"] = rand(batch, cout, size, size, dtype=dtype)
    attrs = {"paddings": [kernel // 2, kernel // 2], "fuse_activation": act, "fuse_beta": 6.0,
             "fuse_residual_connection": residual}
    return inputs, attrs, (batch, cout, size, size)


def scaled_conv_unfused(inputs, attrs, out_shape):
    """elementwise_mul (the gate as X, as MobileNetV3 writes it) then fused_conv2d."""
    x = inputs["Input"]
    scaled = run_op("elementwise_mul", {"X": inputs["InputScale"], "Y": x}, {"axis": -1},
                    {"Out": np.zeros(x.shape, x.dtype)})["Out"]
    conv_in = {k: v for k, v in inputs.items() if k not in ("Input", "InputScale")}
    return run_op("fused_conv2d", dict(conv_in, Input=scaled), attrs,
                  {"Output": np.zeros(out_shape, x.dtype)})["Output"]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("batch,size,cin,cout,gate_batch", [
    (2, 7, 40, 24, None),    # 49 pixels: packed panels that cross from one image to the next
    (2, 56, 24, 16, None),   # 392 panels: the packing's eight-channels-at-a-time order
    (3, 14, 96, 300, 1),     # one gate for all images; two row blocks of the GEMM
    (1, 1, 64, 32, None),    # a 1x1 image: the few-rows GEMM, so the product is made first
    (2, 5, 8, 6, None)])
@pytest.mark.parametrize("residual,act", [(True, ""), (False, "hard_swish"), (False, "relu6")])
def test_fused_scaled_conv2d_equals_mul_then_fused_conv2d(threads, batch, size, cin, cout,
                                                          gate_batch, residual, act):
    # The float kernel multiplies as it packs the 1x1 convolution's input: the bits of
    # elementwise_mul followed by fused_conv2d.
    inputs, attrs, out_shape = scaled_conv_case(batch, size, cin, cout, 1, residual, act,
                                                gate_batch)
    with num_threads(threads):
        got = run_op("fused_scaled_conv2d", inputs, attrs,
                     {"Output": np.zeros(out_shape, "float32")})["Output"]
        want = scaled_conv_unfused(inputs, attrs, out_shape)
    np.testing.assert_array_equal(got, want)
    ref = conv_epilogue_ref(inputs["Input"] * inputs["InputScale"], inputs["Filter"],
                            inputs["Bias"], inputs.get("ResidualData"), act, 6.0,
                            pads=(0, 0, 0, 0))
    np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-4)


def test_fused_scaled_conv2d_other_convolutions_and_float64():
    # Not a 1x1 convolution, or float64: the product first, then fused_conv2d.
    inputs, attrs, out_shape = scaled_conv_case(2, 9, 8, 5, 3, True, "relu")
    got = run_op("fused_scaled_conv2d", inputs, attrs,
                 {"Output": np.zeros(out_shape, "float32")})["Output"]
    np.testing.assert_array_equal(got, scaled_conv_unfused(inputs, attrs, out_shape))
    inputs, attrs, out_shape = scaled_conv_case(2, 6, 8, 5, 1, True, "hard_swish", gate_batch=1,
                                                dtype="float64")
    want = conv_epilogue_ref(inputs["Input"] * inputs["InputScale"], inputs["Filter"],
                             inputs["Bias"], inputs["ResidualData"], "hard_swish", 6.0,
                             pads=(0, 0, 0, 0))
    check_output("fused_scaled_conv2d", inputs, {"Output": want}, attrs=attrs, places=("cpu",),
                 **tolerances("float64"))


def test_fused_scaled_conv2d_bad_scale_names_it():
    inputs, attrs, out_shape = scaled_conv_case(2, 5, 8, 6, 1, False, "")
    for shape in [(2, 9, 1, 1), (3, 8, 1, 1), (2, 8, 2, 1), (2, 8)]:
        bad = dict(inputs, InputScale=rand(*shape, dtype="float32"))
        with pytest.raises(ValueError, match=r"fused_scaled_conv2d's InputScale to be \[2 or 1, "
                                             r"8, 1, 1\]"):
            run_op("fused_scaled_conv2d", bad, attrs, {"Output": np.zeros(out_shape, "float32")})
    bad = dict(inputs, InputScale=rand(2, 8, 1, 1, dtype="float64"))
    with pytest.raises(ValueError, match="InputScale to have Input's dtype"):
        run_op("fused_scaled_conv2d", bad, attrs, {"Output": np.zeros(out_shape, "float32")})


def test_fused_conv2d_nhwc():
    x, w, bias = rand(2, 5, 6, 3), rand(4, 3, 3, 3), rand(4)
    residual = rand(2, 5, 6, 4)
    want = conv_epilogue_ref(x.transpose(0, 3, 1, 2), w, bias, residual.transpose(0, 3, 1, 2),
                             "relu", 0.0).transpose(0, 2, 3, 1)
    check_output("fused_conv2d", {"Input": x, "Filter": w, "Bias": bias, "ResidualData": residual},
                 {"Output": want},
                 attrs={"paddings": [1, 1], "data_format": "NHWC", "fuse_activation": "relu",
                        "fuse_residual_connection": True}, **tolerances("float64"))


@pytest.mark.parametrize("act", ["relu6", "hard_swish", "relu", ""])
@pytest.mark.parametrize("with_bias,with_residual", [(True, False), (False, False), (True, True),
                                                     (False, True)])
@pytest.mark.parametrize("batch,channels,size,out_channels,threads", [
    (2, 40, 7, 48, 1), (2, 40, 7, 48, 2), (1, 24, 3, 20, 1), (1, 8, 2, 4, 1), (3, 16, 1, 8, 2)])
def test_fused_conv2d_nhwc_pointwise_gives_the_nchw_bits(act, with_bias, with_residual, batch,
                                                         channels, size, out_channels, threads):
    # A float NHWC 1x1 convolution runs as one GEMM of the pixels straight into Output's rows
    # (its bias, residual and activation in the tiles); 4 output channels, and 1 x 1 planes, the
    # other paths. The NCHW convolution's bits either way (signed zeros, NaN and infinities in
    # the residual included).
    x, w = rand(batch, channels, size, size, dtype="float32"), rand(out_channels, channels, 1, 1,
                                                                    dtype="float32")
    inputs = {"Input": x, "Filter": w}
    if with_bias:
        inputs["Bias"] = rand(out_channels, dtype="float32")
    if with_residual:
        residual = rand(batch, out_channels, size, size, dtype="float32")
        special = np.array([-0.0, 0.0, np.nan, np.inf, -np.inf], "float32")
        residual.reshape(-1)[::7] = special[np.arange(residual.reshape(-1)[::7].size) % 5]
        inputs["ResidualData"] = residual
    attrs = {"fuse_activation": act, "fuse_beta": 6.0, "fuse_residual_connection": with_residual}
    shape = (batch, out_channels, size, size)
    with num_threads(threads):
        want = run_op("fused_conv2d", inputs, attrs, {"Output": np.zeros(shape, "float32")})
        moved = dict(inputs, Input=nhwc(x))
        if with_residual:
            moved["ResidualData"] = nhwc(inputs["ResidualData"])
        got = run_op("fused_conv2d", moved, dict(attrs, data_format="NHWC"),
                     {"Output": np.zeros(nhwc(np.zeros(shape)).shape, "float32")})
    np.testing.assert_array_equal(got["Output"].view(np.uint32),
                                  nhwc(want["Output"]).view(np.uint32))


@pytest.mark.parametrize("channels", [64, 12])
@pytest.mark.parametrize("attrs", [{"global_pooling": True, "ksize": [7, 7]},
                                   {"adaptive": True, "ksize": [1, 1]}])
def test_pool2d_nhwc_plane_average_gives_the_nchw_bits(channels, attrs):
    # The average of each whole plane of NHWC input straight from the pixels (channels a multiple
    # of 8; 12: through an NCHW copy): the NCHW kernel's sums, to the bit.
    x = rand(2, channels, 7, 9, dtype="float32")
    attrs = dict(attrs, pooling_type="avg")
    want = run_op("pool2d", {"X": x}, attrs, {"Out": np.zeros((2, channels, 1, 1), "float32")})
    got = run_op("pool2d", {"X": nhwc(x)}, dict(attrs, data_format="NHWC"),
                 {"Out": np.zeros((2, 1, 1, channels), "float32")})
    np.testing.assert_array_equal(got["Out"].reshape(2, channels), want["Out"].reshape(2, channels))
    np.testing.assert_allclose(want["Out"].reshape(2, channels), x.mean(axis=(2, 3)), rtol=1e-5,
                               atol=1e-6)


def test_fused_conv2d_errors():
    x, w = rand(1, 2, 4, 4), rand(3, 2, 3, 3)
    with pytest.raises(ValueError, match="fuse_activation to be one of"):
        run_op("fused_conv2d", {"Input": x, "Filter": w}, {"fuse_activation": "gelu"},
               {"Output": None})
    with pytest.raises(ValueError, match="Bias to have dims \\[3\\]"):
        run_op("fused_conv2d", {"Input": x, "Filter": w, "Bias": rand(2)}, {},
               {"Output": None})
    with pytest.raises(ValueError, match="ResidualData to be given exactly when"):
        run_op("fused_conv2d", {"Input": x, "Filter": w, "ResidualData": rand(1, 3, 2, 2)}, {},
               {"Output": None})
    with pytest.raises(ValueError, match="ResidualData to have the output's dims"):
        run_op("fused_conv2d", {"Input": x, "Filter": w, "ResidualData": rand(1, 3, 4, 4)},
               {"fuse_residual_connection": True}, {"Output": None})
