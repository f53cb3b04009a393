"""Primitive-op decomposition (paddle.decomposition): every rule's program equals the composite
op's (forward and fp64 gradients, the latter also against a NumPy central difference), the
flag functions, to_prim's black/white lists, and the main job's LeNet trained with prim on."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle.base import core
from paddle.incubate.autograd import primapi

paddle.enable_static()

RNG = np.random.default_rng(13)


@pytest.fixture(autouse=True)
def _prim_off():
    core._set_prim_all_enabled(False)
    yield
    core._set_prim_all_enabled(False)


def _op_types(program):
    return [op.type for block in program.blocks for op in block.ops]


class Case:
    """A program built from `build(*inputs)` on data inputs `specs` [(name, shape, dtype)],
    with loss = sum(out * weights) and the gradients of the loss w.r.t. every input."""

    def __init__(self, build, specs, prim, grads=True, seed=0, grad_inputs=None):
        core._set_prim_all_enabled(prim)
        try:
            self.main, self.startup = paddle.static.Program(), paddle.static.Program()
            self.main.random_seed = seed
            with paddle.static.program_guard(self.main, self.startup):
                with paddle.utils.unique_name.guard():
                    self.inputs = [paddle.static.data(n, s, d) for n, s, d in specs]
                    outs = build(*self.inputs)
                    self.outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
                    out = self.outs[0]
                    self.weights = paddle.static.data("loss_weights", list(out.shape), out.dtype)
                    self.loss = paddle.sum(out * self.weights)
                    self.grads = []
                    if grads:
                        wanted = [v for v in self.inputs
                                  if grad_inputs is None or v.name in grad_inputs]
                        self.grads = paddle.static.gradients([self.loss], wanted)
        finally:
            core._set_prim_all_enabled(False)
        self.scope = core.Scope()
        self.exe = paddle.static.Executor(paddle.CPUPlace())

    def run(self, feed, fetch=None):
        with paddle.static.scope_guard(self.scope):
            return self.exe.run(self.main, feed=feed, fetch_list=fetch or (self.outs + self.grads))

    def loss_value(self, feed):
        with paddle.static.scope_guard(self.scope):
            return float(self.exe.run(self.main, feed=feed, fetch_list=[self.loss])[0])


def _feed(specs, out_shape, dtype, make=None):
    feed = {}
    for name, shape, dt in specs:
        if make and name in make:
            feed[name] = make[name]
        else:
            feed[name] = RNG.standard_normal(shape).astype(dt)
    feed["loss_weights"] = RNG.standard_normal(out_shape).astype(dtype)
    return feed


def _compare(op_type, build, specs, rtol, atol=0.0, make=None, seed=0, numeric=False,
             grad_inputs=None, state=None):
    """Composite vs prim: no op of op_type left, equal outputs and gradients; with numeric,
    the prim program's gradients against a central difference of its own loss."""
    ref = Case(build, specs, prim=False, seed=seed, grad_inputs=grad_inputs)
    prim = Case(build, specs, prim=True, seed=seed, grad_inputs=grad_inputs)
    assert op_type in _op_types(ref.main)
    assert op_type not in _op_types(prim.main), _op_types(prim.main)
    dtype = specs[0][2]
    feed = _feed(specs, [d for d in ref.outs[0].shape], dtype, make)
    for case in (ref, prim):
        with paddle.static.scope_guard(case.scope):
            case.exe.run(case.startup)
            for name, value in (state or {}).items():
                case.scope.var(name).get_tensor().set(value, core.CPUPlace())
    got_ref, got_prim = ref.run(feed), prim.run(feed)
    assert len(got_ref) == len(got_prim)
    for a, b in zip(got_ref, got_prim):
        np.testing.assert_allclose(b, a, rtol=rtol, atol=atol)
    if numeric:
        _check_numeric(prim, feed, grad_inputs)
    return ref, prim, feed


def _check_numeric(case, feed, grad_inputs, delta=1e-6):
    names = [v.name for v in case.inputs if grad_inputs is None or v.name in grad_inputs]
    analytic = case.run(feed, case.grads)
    for name, grad in zip(names, analytic):
        base = feed[name]
        numeric = np.zeros_like(base)
        flat = numeric.reshape(-1)
        for i in range(base.size):
            plus, minus = base.copy(), base.copy()
            plus.reshape(-1)[i] += delta
            minus.reshape(-1)[i] -= delta
            hi = case.loss_value({**feed, name: plus})
            lo = case.loss_value({**feed, name: minus})
            flat[i] = (hi - lo) / (2 * delta)
        np.testing.assert_allclose(grad, numeric, rtol=1e-5, atol=1e-6, err_msg=name)


TOL = {"float32": dict(rtol=2e-6, atol=2e-6), "float64": dict(rtol=1e-12, atol=1e-12)}


# -- activations -------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("approximate", [False, True])
def test_gelu(dtype, approximate):
    _compare("gelu", lambda x: F.gelu(x, approximate=approximate), [("x", [3, 5], dtype)],
             numeric=dtype == "float64", **TOL[dtype])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("api", ["silu", "swish"])
def test_silu_swish(dtype, api):
    op = "silu" if api == "silu" else "swish"
    _compare(op, getattr(F, api), [("x", [4, 3], dtype)], numeric=dtype == "float64",
             **TOL[dtype])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_hard_swish(dtype):
    x = (RNG.uniform(-8, 8, [5, 6])).astype(dtype)
    _compare("hard_swish", F.hardswish, [("x", [5, 6], dtype)], make={"x": x},
             numeric=dtype == "float64", **TOL[dtype])


# -- softmax family ----------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("axis", [-1, 1, 0])
def test_softmax(dtype, axis):
    _compare("softmax", lambda x: F.softmax(x, axis=axis), [("x", [2, 3, 4], dtype)],
             numeric=dtype == "float64" and axis == 1, **TOL[dtype])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("axis", [-1, 1])
def test_log_softmax(dtype, axis):
    _compare("log_softmax", lambda x: F.log_softmax(x, axis=axis), [("x", [2, 3, 4], dtype)],
             numeric=dtype == "float64" and axis == 1, **TOL[dtype])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_cross_entropy_soft_label(dtype):
    label = RNG.uniform(0.0, 1.0, [4, 5]).astype(dtype)
    label /= label.sum(-1, keepdims=True)

    def build(x, y):
        return F.softmax_with_cross_entropy(x, y, soft_label=True, return_softmax=True)
    _compare("softmax_with_cross_entropy", build, [("x", [4, 5], dtype), ("y", [4, 5], dtype)],
             make={"y": label}, grad_inputs={"x"}, numeric=dtype == "float64", **TOL[dtype])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("ignore_index", [-100, 2])
@pytest.mark.parametrize("label_dtype", ["int64", "int32"])
def test_cross_entropy_hard_label(dtype, ignore_index, label_dtype):
    label = np.array([[0], [2], [4], [2], [1], [3]], label_dtype)

    def build(x, y):
        return F.softmax_with_cross_entropy(x, y, ignore_index=ignore_index, return_softmax=True)
    _compare("softmax_with_cross_entropy", build,
             [("x", [6, 5], dtype), ("y", [6, 1], label_dtype)], make={"y": label},
             grad_inputs={"x"}, numeric=dtype == "float64" and ignore_index == 2, **TOL[dtype])


def test_cross_entropy_hard_label_middle_axis():
    label = RNG.integers(0, 3, [2, 1, 4]).astype("int64")

    def build(x, y):
        return F.softmax_with_cross_entropy(x, y, axis=1)
    _compare("softmax_with_cross_entropy", build,
             [("x", [2, 3, 4], "float64"), ("y", [2, 1, 4], "int64")], make={"y": label},
             grad_inputs={"x"}, numeric=True, **TOL["float64"])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_cross_entropy_mean(dtype):
    label = RNG.integers(0, 5, [6]).astype("int64")
    label[1] = 3

    def build(x, y):
        return F.cross_entropy(x, y, ignore_index=3)
    _compare("softmax_with_cross_entropy", build, [("x", [6, 5], dtype), ("y", [6], "int64")],
             make={"y": label}, grad_inputs={"x"}, **TOL[dtype])


# -- reductions --------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_mean_all(dtype):
    _compare("mean", paddle.mean, [("x", [3, 4, 2], dtype)], numeric=dtype == "float64",
             **TOL[dtype])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("axis,keepdim", [(1, False), ([0, 2], True), (-1, True), (None, True)])
def test_reduce_mean(dtype, axis, keepdim):
    _compare("reduce_mean", lambda x: paddle.mean(x, axis=axis, keepdim=keepdim),
             [("x", [3, 4, 2], dtype)], numeric=dtype == "float64" and axis == 1, **TOL[dtype])


def test_mean_dynamic_batch():
    """A batch extent unknown at build time (the count is summed at run time), through the
    executor's forward prim: it runs a decomposed clone and leaves the user's program alone."""
    def build(x):
        return paddle.mean(paddle.mean(x, axis=0, keepdim=True) * 1.0 + paddle.mean(x))
    case = Case(build, [("x", [None, 3], "float64")], prim=False, grads=False)
    before = _op_types(case.main)
    expected = []
    for rows in (2, 5):
        feed = {"x": RNG.standard_normal([rows, 3]), "loss_weights": np.ones([], "float64")}
        expected.append(case.run(feed)[0])
        core._set_prim_forward_enabled(True)
        np.testing.assert_allclose(case.run(feed)[0], expected[-1], rtol=1e-12)
        core._set_prim_forward_enabled(False)
    core._set_prim_forward_enabled(True)
    clone = case.exe._prim_program(case.main)
    assert clone is not case.main and clone is case.exe._prim_program(case.main)
    assert "reduce_mean" not in _op_types(clone) and "mean" not in _op_types(clone)
    assert _op_types(case.main) == before


def _outputs_of(program, op_type, slots):
    """Names of `slots` outputs of the first op_type op of a program (the composite one)."""
    op = next(op for op in program.global_block().ops if op.type == op_type)
    return [op.output(slot)[0] for slot in slots]


# -- normalization -----------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("affine", [True, False])
def test_layer_norm(dtype, affine):
    def build(x, w, b):
        return F.layer_norm(x, [3, 4], weight=w if affine else None, bias=b if affine else None,
                            epsilon=1e-3)
    specs = [("x", [2, 3, 4], dtype), ("w", [12], dtype), ("b", [12], dtype)]
    ref, prim, feed = _compare("layer_norm", build, specs, numeric=dtype == "float64" and affine,
                               grad_inputs={"x", "w", "b"} if affine else {"x"},
                               rtol=1e-5 if dtype == "float32" else 1e-12,
                               atol=1e-5 if dtype == "float32" else 1e-12)
    names = _outputs_of(ref.main, "layer_norm", ["Mean", "Variance"])
    want, got = ref.run(feed, names), prim.run(feed, names)
    assert got[0].shape == (2,) == want[0].shape
    for a, b in zip(want, got):
        np.testing.assert_allclose(b, a, rtol=1e-5 if dtype == "float32" else 1e-12)


def test_layer_norm_begin_axis_two():
    def build(x, w, b):
        return F.layer_norm(x, 4, weight=w, bias=b)
    _compare("layer_norm", build,
             [("x", [2, 3, 4], "float64"), ("w", [4], "float64"), ("b", [4], "float64")],
             grad_inputs={"x", "w", "b"}, **TOL["float64"])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("data_format", ["NCHW", "NHWC"])
@pytest.mark.parametrize("training", [True, False])
def test_batch_norm_functional(dtype, data_format, training):
    """Batch or running statistics; the running ones are updated in place (MeanOut is Mean)."""
    channels = 3
    shape = [4, 3, 2, 2] if data_format == "NCHW" else [4, 2, 2, 3]

    def build(x, w, b, mean, var):
        return F.batch_norm(x, mean, var, w, b, training=training, momentum=0.8, epsilon=1e-4,
                            data_format=data_format)
    specs = [("x", shape, dtype), ("w", [channels], dtype), ("b", [channels], dtype),
             ("mean", [channels], dtype), ("var", [channels], dtype)]
    make = {"var": RNG.uniform(0.5, 2.0, [channels]).astype(dtype)}
    tol = dict(rtol=1e-5, atol=1e-5) if dtype == "float32" else TOL[dtype]
    ref, prim, feed = _compare("batch_norm", build, specs, make=make, grad_inputs={"x", "w", "b"},
                               numeric=dtype == "float64" and training and data_format == "NCHW",
                               **tol)
    names = ["mean", "var"] + _outputs_of(ref.main, "batch_norm", ["SavedMean", "SavedVariance"])
    want, got = ref.run(feed, names), prim.run(feed, names)
    for a, b, name in zip(want, got, names):
        np.testing.assert_allclose(b, a, err_msg=name, **tol)
    if not training:
        np.testing.assert_array_equal(got[0], feed["mean"])


@pytest.mark.parametrize("use_global_stats", [True, False])
def test_batch_norm_layer(use_global_stats):
    """nn.BatchNorm2D in training: parameters and running statistics from the layer, which
    both programs initialize alike; the running statistics move the same way over two steps."""
    def build(x):
        paddle.set_default_dtype("float64")
        try:
            bn = paddle.nn.BatchNorm2D(3, momentum=0.7, use_global_stats=use_global_stats)
        finally:
            paddle.set_default_dtype("float32")
        build.stats = [bn._mean.name, bn._variance.name]
        build.params = [bn.weight.name, bn.bias.name]
        return bn(x)
    specs = [("x", [3, 3, 2, 2], "float64")]
    ref, prim, feed = _compare("batch_norm", build, specs, **TOL["float64"])
    for _ in range(2):
        want, got = ref.run(feed, build.stats), prim.run(feed, build.stats)
        for a, b in zip(want, got):
            np.testing.assert_allclose(b, a, rtol=1e-12)
    grads = []
    for case in (ref, prim):
        core._set_prim_all_enabled(case is prim)
        with paddle.static.program_guard(case.main, case.startup):
            params = [case.main.global_block().var(n) for n in build.params]
            grads.append(case.run(feed, paddle.static.gradients([case.loss], params)))
        core._set_prim_all_enabled(False)
    for a, b in zip(*grads):
        np.testing.assert_allclose(b, a, rtol=1e-11, atol=1e-12)


# -- dropout -----------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("mode", ["upscale_in_train", "downscale_in_infer"])
@pytest.mark.parametrize("training", [True, False])
def test_dropout_fixed_seed(dtype, mode, training):
    def build(x):
        return F.dropout(x, p=0.35, training=training, mode=mode)
    ref, prim, feed = _compare("dropout", build, [("x", [6, 7], dtype)], seed=7,
                               numeric=dtype == "float64" and training, **TOL[dtype])
    mask_name = _outputs_of(ref.main, "dropout", ["Mask"])
    want, got = ref.run(feed, mask_name), prim.run(feed, mask_name)
    assert got[0].dtype == np.uint8
    np.testing.assert_array_equal(got[0], want[0])
    out = prim.run(feed, prim.outs)[0]
    if training:
        assert 0 < (out == 0).sum() < out.size  # some dropped, some kept


def test_dropout_global_generator():
    """Without a program seed both programs draw the mask's seed from the global generator."""
    def build(x):
        return F.dropout(x, p=0.5)
    specs = [("x", [5, 8], "float32")]
    ref = Case(build, specs, prim=False, grads=False)
    prim = Case(build, specs, prim=True, grads=False)
    feed = _feed(specs, [5, 8], "float32")
    core._set_prim_forward_enabled(True)
    assert "dropout" not in _op_types(prim.exe._prim_program(prim.main))
    results = []
    for case in (ref, prim):
        core._set_prim_forward_enabled(case is prim)
        paddle.seed(123)
        results.append(case.run(feed, case.outs)[0])
    np.testing.assert_array_equal(results[1], results[0])


def test_dropout_dynamic_shape_stays_composite():
    """The uniform op needs a static shape: a training dropout of a dynamic batch stays."""
    def build(x):
        return F.dropout(x, p=0.5)
    case = Case(build, [("x", [None, 4], "float64")], prim=True, seed=3)
    assert "dropout" in _op_types(case.main)
    assert "dropout_grad" in _op_types(case.main)


# -- switches and explicit APIs ----------------------------------------------------------
def test_flag_functions():
    assert not core._is_fwd_prim_enabled() and not core._is_bwd_prim_enabled()
    core._set_prim_forward_enabled(True)
    assert core._is_fwd_prim_enabled() and not core._is_all_prim_enabled()
    core._set_prim_backward_enabled(True)
    assert core._is_all_prim_enabled()
    core._set_prim_all_enabled(False)
    assert not core._is_fwd_prim_enabled() and not core._is_bwd_prim_enabled()
    assert paddle.framework.core._set_prim_all_enabled is core._set_prim_all_enabled
    paddle.incubate.autograd.enable_prim()
    assert paddle.incubate.autograd.prim_enabled() and core._is_all_prim_enabled()
    paddle.incubate.autograd.disable_prim()
    assert not paddle.incubate.autograd.prim_enabled()


def test_flags_from_environment(monkeypatch):
    monkeypatch.setenv("FLAGS_prim_backward", "True")
    core.check_and_set_prim_all_enabled()
    assert core._is_bwd_prim_enabled() and not core._is_fwd_prim_enabled()
    monkeypatch.setenv("FLAGS_prim_all", "1")
    core.check_and_set_prim_all_enabled()
    assert core._is_all_prim_enabled()
    monkeypatch.setenv("FLAGS_prim_all", "false")
    core.check_and_set_prim_all_enabled()
    assert not core._is_fwd_prim_enabled() and not core._is_bwd_prim_enabled()


def _mixed_program():
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [3, 4], "float64")
        y = F.softmax(F.gelu(x)) + F.silu(x)
        out = paddle.mean(y)
    return main, x, y, out


def test_to_prim_lists():
    main, x, y, out = _mixed_program()
    feed = {"x": RNG.standard_normal([3, 4])}
    exe = paddle.static.Executor()
    want = exe.run(main, feed=feed, fetch_list=[y, out])
    primapi.to_prim(main.blocks)  # forward prim off: nothing happens, as in PaddlePaddle
    assert {"gelu", "softmax", "silu", "mean"} <= set(_op_types(main))
    core._set_prim_forward_enabled(True)
    primapi.to_prim(main.global_block(), whitelist={"gelu", "softmax"}, blacklist={"softmax"})
    assert "gelu" not in _op_types(main)
    assert {"softmax", "silu", "mean"} <= set(_op_types(main))
    primapi.to_prim(main.blocks, blacklist=frozenset({"mean"}))
    types = _op_types(main)
    assert "softmax" not in types and "silu" not in types and "mean" in types
    primapi.to_prim([main.global_block()])
    assert "mean" not in _op_types(main)
    core._set_prim_forward_enabled(False)
    got = exe.run(main, feed=feed, fetch_list=[y, out])
    for a, b in zip(want, got):
        np.testing.assert_allclose(b, a, rtol=1e-12)
    with pytest.raises(TypeError, match="blacklist"):
        core._set_prim_forward_enabled(True)
        primapi.to_prim(main.blocks, blacklist=["mean"])
    with pytest.raises(TypeError, match="Block"):
        primapi.to_prim(main)


def test_decompose_api():
    main, x, y, out = _mixed_program()
    assert paddle.decomposition.decompose(main, [y]) == [y]  # forward prim off: untouched
    assert "softmax" in _op_types(main)
    core._set_prim_forward_enabled(True)
    assert paddle.decomposition.decompose(main, [y], whitelist={"softmax"}) == [y]
    types = _op_types(main)
    assert "softmax" not in types and "gelu" in types
    assert paddle.decomposition.has_decomp("gelu") and not paddle.decomposition.has_decomp("relu")
    with pytest.raises(TypeError, match="Program"):
        paddle.decomposition.decompose(main.global_block())


def test_executor_forward_prim_keeps_program_and_caches():
    main, x, y, out = _mixed_program()
    feed = {"x": RNG.standard_normal([3, 4])}
    exe = paddle.static.Executor()
    want = exe.run(main, feed=feed, fetch_list=[out])[0]
    before = _op_types(main)
    core._set_prim_forward_enabled(True)
    got = exe.run(main, feed=feed, fetch_list=[out])[0]
    clone = exe._prim_program(main)
    assert _op_types(main) == before and clone is not main
    assert not {"softmax", "gelu", "silu", "mean"} & set(_op_types(clone))
    np.testing.assert_allclose(got, want, rtol=1e-12)
    with paddle.static.program_guard(main):
        out2 = out * 2.0  # an edit: a new version, a new clone
    np.testing.assert_allclose(exe.run(main, feed=feed, fetch_list=[out2])[0], 2 * want,
                               rtol=1e-12)
    assert exe._prim_program(main) is not clone


def test_backward_prim_only_backward():
    """Backward prim alone: the forward is decomposed when gradients are built; a program
    whose backward exists is run as it is by a forward-prim executor."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [3, 4], "float64")
        out = paddle.mean(F.gelu(x))
        core._set_prim_backward_enabled(True)
        (gx,) = paddle.static.gradients([out], [x])
        core._set_prim_backward_enabled(False)
    types = _op_types(main)
    assert "gelu" not in types and "gelu_grad" not in types and "erf_grad" in types
    core._set_prim_forward_enabled(True)
    assert paddle.static.Executor()._prim_program(main) is main


def test_op_with_built_backward_stays():
    """An op whose outputs already feed a grad op is not rewritten (not every output of the
    composite op is rebuilt for its grad op)."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [3, 4], "float64")
        out = paddle.mean(F.dropout(x, 0.5))
        paddle.static.gradients([out], [x])
        core._set_prim_all_enabled(True)
        (gx,) = paddle.static.gradients([out], [x])
    types = _op_types(main)
    assert "dropout" in types and "dropout_grad" in types
    exe = paddle.static.Executor()
    exe.run(main, feed={"x": np.ones([3, 4])}, fetch_list=[gx])


# -- the main job ------------------------------------------------------------------------
def _main_job_batches(steps, batch):
    """Fashion-MNIST batches when Debian's files are there, else random images and labels."""
    rng = np.random.default_rng(5)
    try:
        data = paddle.vision.datasets.FashionMNIST(mode="train")
        picks = [data[i] for i in range(steps * batch)]
        images = np.stack([np.asarray(p[0], "float32").reshape(1, 28, 28) for p in picks])
        labels = np.array([int(np.asarray(p[1]).reshape(-1)[0]) for p in picks], "int64")
    except Exception:  # noqa: BLE001 - no dataset files: the check is about equality anyway
        images = rng.standard_normal([steps * batch, 1, 28, 28]).astype("float32")
        labels = rng.integers(0, 10, [steps * batch]).astype("int64")
    labels = labels.reshape(-1, 1)
    return [(images[i * batch:(i + 1) * batch], labels[i * batch:(i + 1) * batch])
            for i in range(steps)]


def test_main_job_trains_the_same_with_prim():
    """examples/fashion_mnist's LeNet, a few Adam steps from the same initial parameters with
    prim off and on (backward prim for the training program, forward prim for the test
    clone): the losses and the evaluation agree to float32 precision."""
    import os
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path.insert(0, os.path.join(root, "examples", "fashion_mnist"))
    try:
        from train import build
    finally:
        sys.path.pop(0)
    batches = _main_job_batches(steps=6, batch=32)
    runs = []
    init = None
    for prim in (False, True):
        core._set_prim_all_enabled(prim)
        with paddle.utils.unique_name.guard():
            main, startup, test_prog, image, label, _, loss, acc = build(0.001)
        types = _op_types(main)
        assert ("softmax_with_cross_entropy" in types) != prim and ("mean" in types) != prim
        exe, scope = paddle.static.Executor(paddle.CPUPlace()), core.Scope()
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            names = [v.name for v in startup.global_block().vars.values() if v.persistable]
            if init is None:
                init = {n: np.array(scope.find_var(n).get_tensor()) for n in names}
            else:
                for n in names:
                    scope.var(n).get_tensor().set(init[n], core.CPUPlace())
            losses = [float(exe.run(main, feed={"image": x, "label": y}, fetch_list=[loss])[0])
                      for x, y in batches]
            evaluation = exe.run(test_prog, feed={"image": batches[0][0], "label": batches[0][1]},
                                 fetch_list=[acc, loss])
            if prim:
                clone_types = _op_types(exe._prim_program(test_prog))
                assert "softmax" not in clone_types and "mean" not in clone_types
        core._set_prim_all_enabled(False)
        runs.append((losses, evaluation))
    (losses_off, eval_off), (losses_on, eval_on) = runs
    np.testing.assert_allclose(losses_on, losses_off, rtol=1e-5)
    assert losses_on[-1] < losses_on[0]
    np.testing.assert_allclose(eval_on[1], eval_off[1], rtol=1e-5)
    assert float(eval_on[0]) == float(eval_off[0])


def test_cross_entropy_label_out_of_range_still_raises():
    def build(x, y):
        return F.softmax_with_cross_entropy(x, y)
    case = Case(build, [("x", [2, 3], "float64"), ("y", [2, 1], "int64")], prim=True,
                grad_inputs={"x"})
    assert "softmax_with_cross_entropy" not in _op_types(case.main)
    feed = {"x": np.zeros([2, 3]), "y": np.array([[1], [3]]), "loss_weights": np.ones([2, 1])}
    with pytest.raises(ValueError, match=r"in \[0, 3\)"):
        case.run(feed)


def test_failing_rule_leaves_the_program_as_it_was(monkeypatch):
    from paddle.decomposition import rules

    def broken(e, op):
        e.unary("exp", op.input("X")[0])
        raise RuntimeError("rule failed half-way")
    monkeypatch.setitem(rules.RULES, "gelu", broken)
    main, x, y, out = _mixed_program()
    before, names = _op_types(main), set(main.global_block().vars)
    core._set_prim_forward_enabled(True)
    with pytest.raises(RuntimeError, match="half-way"):
        primapi.to_prim(main.blocks)
    assert _op_types(main) == before and set(main.global_block().vars) == names


def test_cross_entropy_inner_axis_label_out_of_range_still_raises():
    def build(x, y):
        return F.softmax_with_cross_entropy(x, y, axis=1)
    case = Case(build, [("x", [2, 3, 2], "float64"), ("y", [2, 1, 2], "int64")], prim=True,
                grad_inputs={"x"})
    assert "softmax_with_cross_entropy" not in _op_types(case.main)
    feed = {"x": np.zeros([2, 3, 2]), "y": np.array([[[1, 0]], [[-1, 2]]]),
            "loss_weights": np.ones([2, 1, 2])}
    with pytest.raises(ValueError, match=r"in \[0, 3\)"):
        case.run(feed)


def test_norms_with_dynamic_batch():
    """Statistics over a batch extent unknown at build time (counts summed at run time)."""
    def build(x, w, b, mean, var, z):
        y = F.batch_norm(x, mean, var, w, b, training=True)
        return paddle.sum(y) + paddle.sum(F.layer_norm(z, [4], weight=None, bias=None))
    specs = [("x", [None, 3, 2], "float64"), ("w", [3], "float64"), ("b", [3], "float64"),
             ("mean", [3], "float64"), ("var", [3], "float64"), ("z", [None, 4], "float64")]
    cases = [Case(build, specs, prim=p, grad_inputs={"x", "w", "z"}) for p in (False, True)]
    assert not {"batch_norm", "layer_norm"} & set(_op_types(cases[1].main))
    feed = {"x": RNG.standard_normal([5, 3, 2]), "w": RNG.standard_normal([3]),
            "b": RNG.standard_normal([3]), "mean": np.zeros([3]), "var": np.ones([3]),
            "z": RNG.standard_normal([2, 4]), "loss_weights": np.ones([], "float64")}
    want, got = cases[0].run(feed), cases[1].run(feed)
    for a, b in zip(want, got):
        np.testing.assert_allclose(b, a, rtol=1e-11, atol=1e-12)


def test_forward_prim_in_sub_blocks():
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [3, 4], "float64")
        flag = paddle.static.data("flag", [1], "bool")
        out = paddle.static.nn.cond(flag, lambda: F.softmax(x) * 2.0, lambda: F.gelu(x))
    exe = paddle.static.Executor()
    for taken in (True, False):
        feed = {"x": RNG.standard_normal([3, 4]), "flag": np.array([taken])}
        want = exe.run(main, feed=feed, fetch_list=[out])[0]
        core._set_prim_forward_enabled(True)
        np.testing.assert_allclose(exe.run(main, feed=feed, fetch_list=[out])[0], want,
                                   rtol=1e-12)
        core._set_prim_forward_enabled(False)
    core._set_prim_forward_enabled(True)
    assert not {"softmax", "gelu"} & set(_op_types(exe._prim_program(main)))
