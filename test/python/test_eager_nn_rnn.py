"""paddle.nn LSTM / GRU / SimpleRNN through the fused rnn op: forward against a NumPy reference
with the layer's own parameters (batch-major and time-major, bidirectional, several layers,
initial states, sequence lengths), parameter names, shapes and initialization, gradients,
static mode giving the eager outputs, and argument errors."""
import contextlib
import math

import numpy as np
import pytest

import paddle
import paddle.nn as nn
from paddle.base import core
from test_ops_rnn import np_rnn

rng = np.random.default_rng(7)


@contextlib.contextmanager
def static_programs():
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    try:
        with paddle.static.scope_guard(core.Scope()), paddle.static.program_guard(main, startup):
            yield main, startup
    finally:
        paddle.disable_static()


def weights_of(layer):
    cells = []
    for sub in layer:
        cells += [sub.cell_fw, sub.cell_bw] if hasattr(sub, "cell_fw") else [sub.cell]
    ws = [w.numpy() for c in cells for w in (c.weight_ih, c.weight_hh)]
    bs = [b.numpy() for c in cells for b in (c.bias_ih, c.bias_hh)]
    return ws + bs


MODES = [("LSTM", lambda **k: nn.LSTM(**k)), ("GRU", lambda **k: nn.GRU(**k)),
         ("RNN_TANH", lambda **k: nn.SimpleRNN(**k)),
         ("RNN_RELU", lambda **k: nn.SimpleRNN(activation="relu", **k))]


@pytest.mark.parametrize("mode, make", MODES)
@pytest.mark.parametrize("direction, layers", [("forward", 1), ("bidirect", 2),
                                               ("bidirectional", 1)])
def test_layers_match_numpy(mode, make, direction, layers):
    layer = make(input_size=3, hidden_size=4, num_layers=layers, direction=direction)
    D = 1 if direction == "forward" else 2
    x = rng.uniform(-1, 1, (2, 5, 3)).astype("float32")  # batch-major
    out, states = layer(paddle.to_tensor(x))
    n_state = 2 if mode == "LSTM" else 1
    zeros = [np.zeros((layers * D, 2, 4), "float32") for _ in range(n_state)]
    want, want_states = np_rnn(mode, x.transpose(1, 0, 2), zeros, weights_of(layer), layers, D)
    np.testing.assert_allclose(out.numpy(), want.transpose(1, 0, 2), rtol=1e-5, atol=1e-5)
    got_states = list(states) if mode == "LSTM" else [states]
    assert len(got_states) == n_state
    for g, w in zip(got_states, want_states):
        np.testing.assert_allclose(g.numpy(), w, rtol=1e-5, atol=1e-5)


def test_time_major_initial_states_and_sequence_length():
    layer = nn.LSTM(3, 4, num_layers=2, direction="bidirect", time_major=True)
    x = rng.uniform(-1, 1, (5, 3, 3)).astype("float32")
    h0 = rng.uniform(-1, 1, (4, 3, 4)).astype("float32")
    c0 = rng.uniform(-1, 1, (4, 3, 4)).astype("float32")
    lens = np.array([5, 2, 3], "int64")
    out, (h, c) = layer(paddle.to_tensor(x), (paddle.to_tensor(h0), paddle.to_tensor(c0)),
                        paddle.to_tensor(lens))
    want, (wh, wc) = np_rnn("LSTM", x, [h0, c0], weights_of(layer), 2, 2, lens)
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(h.numpy(), wh, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(c.numpy(), wc, rtol=1e-5, atol=1e-5)
    assert np.all(out.numpy()[2:, 1] == 0)


def test_parameters_named_shaped_and_initialized_like_paddle():
    layer = nn.GRU(3, 16, num_layers=2, direction="bidirect")
    names = list(layer.state_dict().keys())
    assert names[:4] == ["0.cell_fw.weight_ih", "0.cell_fw.weight_hh", "0.cell_fw.bias_ih",
                         "0.cell_fw.bias_hh"]
    assert len(names) == 16
    sd = layer.state_dict()
    assert list(sd["0.cell_fw.weight_ih"].shape) == [48, 3]
    assert list(sd["1.cell_bw.weight_ih"].shape) == [48, 32]
    assert list(sd["1.cell_bw.bias_hh"].shape) == [48]
    bound = 1 / math.sqrt(16)
    for v in sd.values():
        a = v.numpy()
        assert np.all(np.abs(a) <= bound + 1e-7) and a.std() > 0
    assert list(nn.LSTM(2, 3).state_dict().keys())[0] == "0.cell.weight_ih"


def test_gradients_flow_to_parameters_and_input():
    paddle.set_default_dtype("float64")
    try:
        layer = nn.SimpleRNN(2, 3, num_layers=2)
        x0 = rng.uniform(-1, 1, (2, 3, 2))
        x = paddle.to_tensor(x0, stop_gradient=False)
        out, h = layer(x)
        w = rng.uniform(-1, 1, (2, 3, 3))
        loss = (out * paddle.to_tensor(w)).sum()
        loss.backward()
        p = layer[1].cell.weight_hh
        analytic = p.grad.numpy().copy()
        base = p.numpy().copy()

        def f(arr):
            p.set_value(arr)
            o, _ = layer(paddle.to_tensor(x0))
            return float((o.numpy() * w).sum())

        numeric = np.zeros_like(base)
        eps = 1e-6
        for i in range(base.size):
            a, b = base.copy(), base.copy()
            a.reshape(-1)[i] += eps
            b.reshape(-1)[i] -= eps
            numeric.reshape(-1)[i] = (f(a) - f(b)) / (2 * eps)
        p.set_value(base)
        np.testing.assert_allclose(analytic, numeric, rtol=1e-5, atol=1e-8)
        assert x.grad is not None and x.grad.shape == [2, 3, 2]
    finally:
        paddle.set_default_dtype("float32")


def test_static_matches_eager():
    x = rng.uniform(-1, 1, (2, 5, 3)).astype("float32")
    layer = nn.LSTM(3, 4, direction="bidirect")
    state = {k: v.numpy().copy() for k, v in layer.state_dict().items()}
    want, (wh, _) = layer(paddle.to_tensor(x))
    with static_programs() as (main, startup):
        data = paddle.static.data("x", [None, 5, 3], "float32")
        static_layer = nn.LSTM(3, 4, direction="bidirect")
        out, (h, c) = static_layer(data)
        assert "rnn" in [op.type for op in main.global_block().ops]
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        missing, unexpected = static_layer.set_state_dict(state)
        assert missing == [] and unexpected == []
        got, got_h = exe.run(main, feed={"x": x}, fetch_list=[out, h])
    np.testing.assert_allclose(got, want.numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got_h, wh.numpy(), rtol=1e-5, atol=1e-5)
    assert paddle.in_dynamic_mode()


def test_argument_errors():
    with pytest.raises(ValueError, match="expected direction"):
        nn.LSTM(3, 4, direction="backward")
    with pytest.raises(ValueError, match="expected hidden_size"):
        nn.GRU(3, 0)
    with pytest.raises(ValueError, match="expected activation"):
        nn.SimpleRNN(3, 4, activation="sigmoid")
    layer = nn.GRU(3, 4)
    with pytest.raises(ValueError, match="input_size"):
        layer(paddle.ones([2, 5, 6]))


def test_static_training_appends_rnn_grad_and_updates_parameters():
    with static_programs() as (main, startup):
        data = paddle.static.data("x", [None, 4, 2], "float32")
        layer = nn.GRU(2, 3)
        out, _ = layer(data)
        loss = paddle.mean(out)
        paddle.optimizer.SGD(0.1).minimize(loss)
        assert "rnn_grad" in [op.type for op in main.global_block().ops]
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        x = rng.uniform(-1, 1, (3, 4, 2)).astype("float32")
        first, = exe.run(main, feed={"x": x}, fetch_list=[loss])
        second, = exe.run(main, feed={"x": x}, fetch_list=[loss])
        assert np.isfinite(first) and second < first
    assert paddle.in_dynamic_mode()


def test_eager_state_gradients_match_central_differences():
    paddle.set_default_dtype("float64")
    try:
        layer = nn.LSTM(2, 3, direction="bidirect")
        x0 = rng.uniform(-1, 1, (2, 4, 2))
        lens = paddle.to_tensor(np.array([4, 2]))

        def loss_of(x):
            _, (h, c) = layer(x, sequence_length=lens)
            return (c * c).sum() + (h * 2).sum()

        x = paddle.to_tensor(x0, stop_gradient=False)
        loss_of(x).backward()
        numeric = np.zeros_like(x0)
        for i in range(x0.size):
            a, b = x0.copy(), x0.copy()
            a.reshape(-1)[i] += 1e-6
            b.reshape(-1)[i] -= 1e-6
            numeric.reshape(-1)[i] = (float(loss_of(paddle.to_tensor(a)).numpy()) -
                                      float(loss_of(paddle.to_tensor(b)).numpy())) / 2e-6
        np.testing.assert_allclose(x.grad.numpy(), numeric, rtol=1e-5, atol=1e-8)
    finally:
        paddle.set_default_dtype("float32")


def test_dropout_between_layers_in_training_only():
    paddle.seed(3)
    lstm = nn.LSTM(4, 5, num_layers=3, dropout=0.5, direction="bidirect")
    x = paddle.to_tensor(np.random.default_rng(2).normal(size=(2, 6, 4)).astype("float32"),
                         stop_gradient=False)
    lstm.eval()
    ref, _ = lstm(x)
    again, _ = lstm(x)
    np.testing.assert_array_equal(ref.numpy(), again.numpy())  # no dropout in eval
    lstm.train()
    out, (h, c) = lstm(x)
    assert not np.allclose(out.numpy(), ref.numpy())  # layers 2 and 3 see dropped inputs
    (out.sum() + h.sum()).backward()
    assert x.grad is not None and np.isfinite(x.grad.numpy()).all()
    for p in lstm.parameters():
        assert p.grad is not None and np.isfinite(p.grad.numpy()).all()
    # Without dropout, training and eval agree.
    plain = nn.GRU(4, 5, num_layers=2, dropout=0.0)
    plain.train()
    a, _ = plain(x)
    plain.eval()
    b, _ = plain(x)
    np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6)
