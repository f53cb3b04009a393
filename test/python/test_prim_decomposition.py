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
    ref, prim, _ = _compare("softmax_with_cross_entropy", build,
                            [("x", [6, 5], dtype), ("y", [6], "int64")], make={"y": label},
                            grad_inputs={"x"}, **TOL[dtype])


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
