"""The same paddle.nn.Layer classes in static mode: built inside program_guard, initialized by
the startup program, loaded with an eager model's state_dict through set_state_dict (which
writes the global scope), they must give the eager model's outputs, batch-norm statistics and
one SGD step. Every test restores dynamic mode."""
import contextlib

import numpy as np
import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F
from paddle.base import core

rng = np.random.default_rng(5)


class ConvNet(nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2D(2, 4, 3, padding=1)
        self.bn = nn.BatchNorm2D(4)
        self.dw = nn.Conv2D(4, 4, 3, groups=4)
        self.pool = nn.AdaptiveAvgPool2D(2)
        self.drop = nn.Dropout(0.3)
        self.fc = nn.Linear(16, 3)

    def forward(self, x):
        h = F.relu(self.bn(self.conv(x)))
        h = self.pool(F.max_pool2d(self.dw(h), 1))
        return self.fc(self.drop(paddle.flatten(h, 1)))


class TextNet(nn.Layer):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 8, padding_idx=0)
        self.encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 12), 2,
                                             nn.LayerNorm(8))
        self.head = nn.Sequential(nn.Linear(8, 5), nn.GELU(), nn.Linear(5, 2))

    def forward(self, ids):
        return self.head(self.encoder(self.emb(ids)))


@contextlib.contextmanager
def static_programs():
    """Static mode with fresh programs and scope; dynamic mode again afterwards, whatever
    happens inside."""
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    try:
        with paddle.static.scope_guard(core.Scope()), paddle.static.program_guard(main, startup):
            yield main, startup
    finally:
        paddle.disable_static()


def _eager_run(make, inputs, train):
    """An eager model (dropout off, batch norm in the given mode): its initial state as
    arrays, its output for `inputs` and its state after that forward."""
    model = make()
    model.train() if train else model.eval()
    for layer in model.sublayers():
        if isinstance(layer, nn.Dropout):
            layer.eval()
    state = {k: v.numpy().copy() for k, v in model.state_dict().items()}
    out = model(paddle.to_tensor(inputs)).numpy()
    return state, out, {k: v.numpy() for k, v in model.state_dict().items()}


@pytest.mark.parametrize("train", [False, True])
def test_conv_net_static_matches_eager(train):
    x = rng.normal(size=(3, 2, 5, 5)).astype("float32")
    state, want, after = _eager_run(ConvNet, x, train)
    with static_programs() as (main, startup):
        data = paddle.static.data("x", [None, 2, 5, 5], "float32")
        model = ConvNet()
        model.train() if train else model.eval()
        model.drop.eval()
        out = model(data)
        static_state = model.state_dict()
        assert list(static_state) == list(state)
        assert all(isinstance(v, paddle.static.Parameter) for v in static_state.values())
        op_types = [op.type for op in main.global_block().ops]
        assert op_types[0] == "conv2d" and "depthwise_conv2d" in op_types
        assert op_types.count("batch_norm") == 1
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        missing, unexpected = model.set_state_dict(state)
        assert missing == [] and unexpected == []
        got, = exe.run(main, feed={"x": x}, fetch_list=[out])
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
        scope = paddle.static.global_scope()
        for key in ("bn._mean", "bn._variance"):
            value = np.array(scope.find_var(static_state[key].name).get_tensor())
            np.testing.assert_allclose(value, after[key], rtol=1e-5, atol=1e-6)
    if train:  # the running statistics moved, in both modes alike
        assert not np.allclose(after["bn._mean"], state["bn._mean"])
    else:
        np.testing.assert_array_equal(after["bn._mean"], state["bn._mean"])
    assert paddle.in_dynamic_mode()


def test_transformer_text_net_static_matches_eager():
    ids = rng.integers(0, 10, size=(2, 5)).astype("int64")
    state, want, _ = _eager_run(TextNet, ids, train=False)
    with static_programs() as (main, startup):
        data = paddle.static.data("ids", [None, 5], "int64")
        model = TextNet()
        model.eval()
        out = model(data)
        exe = paddle.static.Executor()
        exe.run(startup)
        model.set_state_dict(state)
        got, = exe.run(main, feed={"ids": ids}, fetch_list=[out])
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_static_sgd_step_matches_eager_gradients():
    x = rng.normal(size=(6, 4)).astype("float32")
    y = rng.integers(0, 3, size=(6,)).astype("int64")

    def make():
        return nn.Sequential(nn.Linear(4, 8), nn.LayerNorm(8), nn.Tanh(), nn.Linear(8, 3))

    eager = make()
    state = {k: v.numpy().copy() for k, v in eager.state_dict().items()}
    nn.CrossEntropyLoss()(eager(paddle.to_tensor(x)), paddle.to_tensor(y)).backward()
    stepped = {k: v.numpy() - 0.1 * v.grad.numpy() for k, v in eager.state_dict().items()}
    with static_programs() as (main, startup):
        data = paddle.static.data("x", [None, 4], "float32")
        label = paddle.static.data("y", [None], "int64")
        model = make()
        loss = nn.CrossEntropyLoss()(model(data), label)
        paddle.optimizer.SGD(0.1, parameters=model.parameters()).minimize(loss)
        exe = paddle.static.Executor()
        exe.run(startup)
        model.set_state_dict(state)
        exe.run(main, feed={"x": x, "y": y}, fetch_list=[loss])
        scope = paddle.static.global_scope()
        for key, var in model.state_dict().items():
            np.testing.assert_allclose(np.array(scope.find_var(var.name).get_tensor()),
                                       stepped[key], rtol=1e-5, atol=1e-6, err_msg=key)


def test_static_layer_names_and_errors():
    with static_programs() as (main, startup):
        fc = nn.Linear(3, 2, weight_attr=paddle.ParamAttr(name="static_fc_w"))
        assert fc.weight.name == "static_fc_w" and fc.weight.persistable
        assert main.global_block().has_var("static_fc_w")
        assert [op.type for op in startup.global_block().ops] == ["uniform_random",
                                                                  "fill_constant"]
        with pytest.warns(UserWarning, match=r"skip loading 'weight': expected shape \[3, 2\]"):
            missing, _ = fc.set_state_dict({"weight": np.zeros((2, 3), "float32"),
                                            "bias": np.zeros(2, "float32")})
        assert missing == ["weight"]
        with pytest.raises(NotImplementedError, match="static mode"):
            fc.to(dtype="float64")
    assert paddle.in_dynamic_mode()


@pytest.mark.parametrize("groups", [1, 4])
def test_static_nn_conv2d_nhwc_matches_nchw(groups):
    # paddle.static.nn.conv2d with data_format NHWC: the same filter and bias (added on the last
    # axis) as the NCHW layer, the same outputs and gradients, transposed; a bad format is
    # refused by name.
    x = rng.normal(size=(2, 4, 6, 5)).astype("float32")
    results = {}
    for fmt in ("NCHW", "NHWC"):
        with static_programs() as (main, startup):
            feed = x if fmt == "NCHW" else np.ascontiguousarray(x.transpose(0, 2, 3, 1))
            data = paddle.static.data("x", list(feed.shape), "float32")
            data.stop_gradient = False
            out = paddle.static.nn.conv2d(data, 4, 3, padding=1, groups=groups, act="relu",
                                          data_format=fmt,
                                          param_attr=paddle.ParamAttr(name="conv_w"),
                                          bias_attr=paddle.ParamAttr(name="conv_b"))
            loss = paddle.mean(out * out)
            grads = paddle.static.gradients([loss], [data])
            exe = paddle.static.Executor()
            exe.run(startup)
            scope = paddle.static.global_scope()
            scope.find_var("conv_w").get_tensor().set(
                rng.normal(size=(4, 4 // groups, 3, 3)).astype("float32") if fmt == "NCHW"
                else results["NCHW"][2], paddle.CPUPlace())
            scope.find_var("conv_b").get_tensor().set(np.arange(4, dtype="float32") * 0.1,
                                                      paddle.CPUPlace())
            w = np.array(scope.find_var("conv_w").get_tensor())
            y, dx = exe.run(main, feed={"x": feed}, fetch_list=[out, grads[0]])
            if fmt == "NHWC":
                y, dx = y.transpose(0, 3, 1, 2), dx.transpose(0, 3, 1, 2)
            results[fmt] = (y, dx, w)
    np.testing.assert_allclose(results["NHWC"][0], results["NCHW"][0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(results["NHWC"][1], results["NCHW"][1], rtol=1e-5, atol=1e-7)
    with static_programs():
        data = paddle.static.data("x", [2, 4, 6, 5], "float32")
        with pytest.raises(ValueError, match="data_format to be 'NCHW' or 'NHWC', but got 'NCDHW'"):
            paddle.static.nn.conv2d(data, 4, 3, data_format="NCDHW")
