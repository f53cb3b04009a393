"""The fused rnn op (LSTM, GRU, RNN_RELU, RNN_TANH) against a NumPy reference, its float64
gradient check, and its typed errors."""
import numpy as np
import pytest

from op_test import check_grad, check_output, run_op

GATES = {"LSTM": 4, "GRU": 3, "RNN_RELU": 1, "RNN_TANH": 1}


def _sig(x):
    return 1.0 / (1.0 + np.exp(-x))


def make_weights(rng, mode, I, H, L, D, dtype):
    G = GATES[mode]
    ws, bs = [], []
    for l in range(L):
        inp = I if l == 0 else D * H
        for _ in range(D):
            ws.append(rng.uniform(-0.5, 0.5, (G * H, inp)).astype(dtype))
            ws.append(rng.uniform(-0.5, 0.5, (G * H, H)).astype(dtype))
            bs.append(rng.uniform(-0.5, 0.5, (G * H,)).astype(dtype))
            bs.append(rng.uniform(-0.5, 0.5, (G * H,)).astype(dtype))
    return ws + bs


def np_cell(mode, x, h, c, wih, whh, bih, bhh):
    gx = x @ wih.T + bih
    gh = h @ whh.T + bhh
    H = h.shape[1]
    if mode == "LSTM":
        g = gx + gh
        i, f, cc, o = _sig(g[:, :H]), _sig(g[:, H:2 * H]), np.tanh(g[:, 2 * H:3 * H]), _sig(g[:, 3 * H:])
        c = f * c + i * cc
        return o * np.tanh(c), c
    if mode == "GRU":
        r = _sig(gx[:, :H] + gh[:, :H])
        z = _sig(gx[:, H:2 * H] + gh[:, H:2 * H])
        cc = np.tanh(gx[:, 2 * H:] + r * gh[:, 2 * H:])
        return z * h + (1 - z) * cc, c
    a = gx + gh
    return (np.maximum(a, 0) if mode == "RNN_RELU" else np.tanh(a)), c


def np_rnn(mode, x, pre, weights, L, D, seq_len=None):
    T, N, _ = x.shape
    H = pre[0].shape[2]
    lens = np.full(N, T) if seq_len is None else np.asarray(seq_len)
    nw = 2 * L * D
    hs, cs = [], []
    inp = x
    for l in range(L):
        out = np.zeros((T, N, D * H), x.dtype)
        for d in range(D):
            k = l * D + d
            wih, whh = weights[2 * k], weights[2 * k + 1]
            bih, bhh = weights[nw + 2 * k], weights[nw + 2 * k + 1]
            h = pre[0][k].copy()
            c = pre[1][k].copy() if mode == "LSTM" else None
            steps = range(T - 1, -1, -1) if d == 1 else range(T)
            for t in steps:
                hn, cn = np_cell(mode, inp[t], h, c, wih, whh, bih, bhh)
                valid = (t < lens)[:, None]
                h = np.where(valid, hn, h)
                if mode == "LSTM":
                    c = np.where(valid, cn, c)
                out[t, :, d * H:(d + 1) * H] = np.where(valid, hn, 0)
            hs.append(h)
            cs.append(c)
        inp = out
    states = [np.stack(hs)]
    if mode == "LSTM":
        states.append(np.stack(cs))
    return inp, states


def case(mode, T=3, N=2, I=3, H=2, L=1, D=1, dtype="float64", seq_len=None, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, (T, N, I)).astype(dtype)
    n_pre = 2 if mode == "LSTM" else 1
    pre = [rng.uniform(-1, 1, (L * D, N, H)).astype(dtype) for _ in range(n_pre)]
    ws = make_weights(rng, mode, I, H, L, D, dtype)
    inputs = {"Input": x, "PreState": [(f"s{i}", p) for i, p in enumerate(pre)],
              "WeightList": [(f"w{i:02d}", w) for i, w in enumerate(ws)]}
    if seq_len is not None:
        inputs["SequenceLength"] = np.asarray(seq_len, np.int64)
    attrs = {"mode": mode, "input_size": I, "hidden_size": H, "num_layers": L,
             "is_bidirec": D == 2, "dropout_prob": 0.0, "is_test": False}
    return x, pre, ws, inputs, attrs


@pytest.mark.parametrize("mode", ["LSTM", "GRU", "RNN_RELU", "RNN_TANH"])
@pytest.mark.parametrize("L,D", [(1, 1), (2, 2)])
@pytest.mark.parametrize("seq", [None, [3, 1]])
def test_rnn_matches_numpy(mode, L, D, seq):
    x, pre, ws, inputs, attrs = case(mode, L=L, D=D, dtype="float32", seq_len=seq)
    out, states = np_rnn(mode, x, pre, ws, L, D, seq)
    check_output("rnn", inputs, {"Out": out, "State": states}, attrs=attrs, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", ["GRU", "RNN_TANH", "RNN_RELU"])
def test_rnn_grad(mode):
    _, _, _, inputs, attrs = case(mode, T=3, N=2, I=2, H=2, L=2, D=2, seq_len=[3, 2], seed=3)
    check_grad("rnn", inputs, attrs=attrs, outputs=("Out", "State"),
               wrt=("Input", "PreState", "WeightList"), rtol=1e-5, atol=1e-7)


def test_rnn_lstm_grad():
    # check_grad gives list outputs one variable, so LSTM's Out drives the check (State[1], the
    # cell, then has no output variable and counts as zero gradient).
    _, _, _, inputs, attrs = case("LSTM", T=3, N=2, I=2, H=2, L=2, D=2, seq_len=[2, 3], seed=4)
    check_grad("rnn", inputs, attrs=attrs, outputs=("Out", "State"),
               wrt=("Input", "PreState", "WeightList"), rtol=1e-5, atol=1e-7)


def test_rnn_errors():
    _, _, _, inputs, attrs = case("GRU")
    with pytest.raises(ValueError, match="mode"):
        run_op("rnn", inputs, dict(attrs, mode="XYZ"), {"Out": None})
    with pytest.raises(ValueError, match="input_size"):
        run_op("rnn", inputs, dict(attrs, input_size=5), {"Out": None})
    bad = dict(inputs, WeightList=inputs["WeightList"][:3])
    with pytest.raises(ValueError, match="WeightList"):
        run_op("rnn", bad, attrs, {"Out": None})
    bad = dict(inputs, WeightList=[("w", np.zeros((5, 5)))] + inputs["WeightList"][1:])
    with pytest.raises(ValueError, match="weight_ih"):
        run_op("rnn", bad, attrs, {"Out": None})
    _, _, _, inputs, attrs = case("GRU", L=2)
    with pytest.raises(ValueError, match=r"dropout_prob in \[0, 1\], but got 1.5"):
        run_op("rnn", inputs, dict(attrs, dropout_prob=1.5), {"Out": None})


def np_rnn_dropout(mode, x, pre, ws, L, D, masks, p):
    """np_rnn one layer at a time, the input of layer l > 0 being layer l-1's output times its
    keep mask / (1 - p)."""
    H = pre[0].shape[2]
    n_w = 2 * L * D
    inp, hs, cs = x, [], []
    for l in range(L):
        layer_ws = ws[2 * l * D:2 * (l + 1) * D] + ws[n_w + 2 * l * D:n_w + 2 * (l + 1) * D]
        layer_pre = [s[l * D:(l + 1) * D] for s in pre]
        out, states = np_rnn(mode, inp, layer_pre, layer_ws, 1, D, None)
        hs.append(states[0])
        if mode == "LSTM":
            cs.append(states[1])
        if l + 1 < L:
            out = out * masks[l] / (1 - float(np.float32(p)))  # the attribute is a float32
        inp = out
    states = [np.concatenate(hs)] + ([np.concatenate(cs)] if mode == "LSTM" else [])
    assert H == inp.shape[2] // D
    return inp, states


@pytest.mark.parametrize("mode", ["LSTM", "GRU"])
def test_rnn_dropout_between_layers_in_training(mode):
    T, N, H, L, D, p = 4, 3, 3, 3, 2, 0.4
    x, pre, ws, inputs, attrs = case(mode, T=T, N=N, H=H, L=L, D=D, seed=5)
    attrs = dict(attrs, dropout_prob=p, seed=7)
    fetch = {"Out": None, "DropoutState": None, "State": [None] * len(pre)}
    res = run_op("rnn", inputs, attrs, fetch)
    mask = res["DropoutState"]
    assert mask.dtype == np.uint8 and mask.shape == ((L - 1) * T * N * D * H,)
    assert 0.3 < 1 - mask.mean() < 0.5  # about p of 144 elements dropped
    masks = mask.reshape(L - 1, T, N, D * H)
    out, states = np_rnn_dropout(mode, x, pre, ws, L, D, masks, p)
    np.testing.assert_allclose(res["Out"], out, rtol=1e-10, atol=1e-12)
    for got, want in zip(res["State"], states):
        np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)
    # A fixed seed gives the same mask; in inference no dropout at all.
    again = run_op("rnn", inputs, attrs, fetch)
    np.testing.assert_array_equal(again["DropoutState"], mask)
    test = run_op("rnn", inputs, dict(attrs, is_test=True), {"Out": None})
    np.testing.assert_allclose(test["Out"], np_rnn(mode, x, pre, ws, L, D, None)[0], rtol=1e-10)


def test_rnn_dropout_grad():
    # The forward mask (fixed seed) is the same in every finite-difference run, and rnn_grad
    # reads it from DropoutState.
    _, _, _, inputs, attrs = case("GRU", T=3, N=2, I=2, H=2, L=2, D=2, seq_len=[3, 2], seed=6)
    check_grad("rnn", inputs, attrs=dict(attrs, dropout_prob=0.5, seed=11),
               outputs=("Out", "DropoutState", "State"),
               wrt=("Input", "PreState", "WeightList"), rtol=1e-5, atol=1e-7)
