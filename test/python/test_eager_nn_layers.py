"""Forward of every standard layer (Transformer decoding with caches included) against a
NumPy implementation that uses the layer's own parameters, and parameter gradients (loss.backward()) against float64 central differences
for Linear, Conv2D, BatchNorm2D, LayerNorm, Embedding and MultiHeadAttention."""
import math

import numpy as np
import pytest

import paddle
import paddle.nn as nn

rng = np.random.default_rng(11)
_erf = np.vectorize(math.erf)


def t(a):
    return paddle.to_tensor(a)


def randn(*shape, dtype="float32"):
    return rng.normal(size=shape).astype(dtype)


# -- NumPy references ---------------------------------------------------------------------
def np_conv2d(x, w, b, stride, pads, dilation, groups):
    """x [N, C, H, W], w [M, C/g, kh, kw]; pads = (top, bottom, left, right)."""
    x = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[1]), (pads[2], pads[3])))
    n, c, h, wd = x.shape
    m, cg, kh, kw = w.shape
    oh = (h - dilation[0] * (kh - 1) - 1) // stride[0] + 1
    ow = (wd - dilation[1] * (kw - 1) - 1) // stride[1] + 1
    out = np.zeros((n, m, oh, ow))
    per_group = m // groups
    for o in range(m):
        g = o // per_group
        for i in range(oh):
            for j in range(ow):
                patch = x[:, g * cg:(g + 1) * cg,
                          i * stride[0]: i * stride[0] + dilation[0] * (kh - 1) + 1: dilation[0],
                          j * stride[1]: j * stride[1] + dilation[1] * (kw - 1) + 1: dilation[1]]
                out[:, o, i, j] = (patch * w[o]).sum((1, 2, 3))
    return out + (0 if b is None else b[None, :, None, None])


def np_pool2d(x, k, s, p, kind, exclusive=True):
    n, c, h, w = x.shape
    pad_value = -np.inf if kind == "max" else 0.0
    xp = np.pad(x, ((0, 0), (0, 0), (p, p), (p, p)), constant_values=pad_value)
    ones = np.pad(np.ones((h, w)), ((p, p), (p, p)))
    oh, ow = (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1
    out = np.zeros((n, c, oh, ow))
    for i in range(oh):
        for j in range(ow):
            win = xp[:, :, i * s:i * s + k, j * s:j * s + k]
            if kind == "max":
                out[:, :, i, j] = win.max((2, 3))
            else:
                count = ones[i * s:i * s + k, j * s:j * s + k].sum() if exclusive else k * k
                out[:, :, i, j] = win.sum((2, 3)) / count
    return out


def np_adaptive(x, size, reduce):
    n, c, h, w = x.shape
    out = np.zeros((n, c) + tuple(size))
    for i in range(size[0]):
        for j in range(size[1]):
            hs, he = (i * h) // size[0], -((-(i + 1) * h) // size[0])
            ws, we = (j * w) // size[1], -((-(j + 1) * w) // size[1])
            out[:, :, i, j] = reduce(x[:, :, hs:he, ws:we], axis=(2, 3))
    return out


def np_layer_norm(x, w, b, begin, eps=1e-5):
    axes = tuple(range(begin, x.ndim))
    mean, var = x.mean(axes, keepdims=True), x.var(axes, keepdims=True)
    y = (x - mean) / np.sqrt(var + eps)
    tail = x.shape[begin:]
    return y * w.reshape(tail) + b.reshape(tail)


def np_softmax(z, axis=-1):
    e = np.exp(z - z.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


def np_linear(layer, x):
    return x @ layer.weight.numpy() + (0 if layer.bias is None else layer.bias.numpy())


def np_mha(layer, q_in, k_in, v_in, mask=None):
    b, lq, _ = q_in.shape
    h, d = layer.num_heads, layer.head_dim

    def heads(z):
        return z.reshape(z.shape[0], z.shape[1], h, d).transpose(0, 2, 1, 3)

    q, k, v = (heads(np_linear(p, z)) for p, z in
               ((layer.q_proj, q_in), (layer.k_proj, k_in), (layer.v_proj, v_in)))
    scores = (q * d ** -0.5) @ k.transpose(0, 1, 3, 2)
    if mask is not None:
        scores = scores + mask
    weights = np_softmax(scores)
    out = (weights @ v).transpose(0, 2, 1, 3).reshape(b, lq, h * d)
    return np_linear(layer.out_proj, out), weights


def np_encoder_layer(layer, x, mask=None):
    def ln(norm, z):
        return np_layer_norm(z, norm.weight.numpy(), norm.bias.numpy(), z.ndim - 1)

    def ffn(z):
        return np_linear(layer.linear2, np.maximum(np_linear(layer.linear1, z), 0))

    if layer.normalize_before:
        s = x + np_mha(layer.self_attn, ln(layer.norm1, x), ln(layer.norm1, x),
                       ln(layer.norm1, x), mask)[0]
        return s + ffn(ln(layer.norm2, s))
    s = ln(layer.norm1, x + np_mha(layer.self_attn, x, x, x, mask)[0])
    return ln(layer.norm2, s + ffn(s))


# -- forward ------------------------------------------------------------------------------
def test_linear_forward_any_rank():
    fc = nn.Linear(5, 3)
    for shape in [(4, 5), (2, 3, 5)]:
        x = randn(*shape)
        np.testing.assert_allclose(fc(t(x)).numpy(), np_linear(fc, x), rtol=1e-5, atol=1e-5)
    assert nn.Linear(5, 3, bias_attr=False).bias is None


CONV_CASES = [  # (in, out, kernel, kwargs, torch-free reference arguments)
    (3, 4, 3, {}, ((1, 1), (0, 0, 0, 0), (1, 1), 1)),
    (3, 4, 3, {"padding": 1, "stride": 2}, ((2, 2), (1, 1, 1, 1), (1, 1), 1)),
    (4, 6, (3, 2), {"padding": [1, 0, 2, 1], "dilation": 2, "groups": 2},
     ((1, 1), (1, 0, 2, 1), (2, 2), 2)),
    (3, 6, 3, {"groups": 3, "padding": [[0, 0], [0, 0], [1, 1], [2, 2]]},  # depthwise
     ((1, 1), (1, 1, 2, 2), (1, 1), 3)),
    (3, 2, 3, {"padding": "SAME"}, ((1, 1), (1, 1, 1, 1), (1, 1), 1)),
]


@pytest.mark.parametrize("cin, cout, k, kwargs, ref", CONV_CASES)
def test_conv2d_forward(cin, cout, k, kwargs, ref):
    conv = nn.Conv2D(cin, cout, k, **kwargs)
    conv.bias.set_value(randn(cout))
    x = randn(2, cin, 6, 7)
    want = np_conv2d(x, conv.weight.numpy(), conv.bias.numpy(), *ref)
    np.testing.assert_allclose(conv(t(x)).numpy(), want, rtol=1e-4, atol=1e-5)


def test_conv2d_nhwc_and_conv1d():
    conv = nn.Conv2D(3, 4, 3, padding=1, data_format="NHWC")
    x = randn(2, 5, 6, 3)
    want = np_conv2d(x.transpose(0, 3, 1, 2), conv.weight.numpy(), conv.bias.numpy(),
                     (1, 1), (1, 1, 1, 1), (1, 1), 1).transpose(0, 2, 3, 1)
    np.testing.assert_allclose(conv(t(x)).numpy(), want, rtol=1e-4, atol=1e-5)
    conv1 = nn.Conv1D(3, 4, 3, padding=2, stride=2, dilation=2)
    conv1.bias.set_value(randn(4))
    assert conv1.weight.shape == [4, 3, 3]
    x = randn(2, 3, 9)
    want = np_conv2d(x[:, :, None], conv1.weight.numpy()[:, :, None], conv1.bias.numpy(),
                     (1, 2), (0, 0, 2, 2), (1, 2), 1)[:, :, 0]
    np.testing.assert_allclose(conv1(t(x)).numpy(), want, rtol=1e-4, atol=1e-5)


def test_pooling_and_flatten():
    x = randn(2, 3, 7, 6)
    np.testing.assert_allclose(nn.MaxPool2D(2)(t(x)).numpy(), np_pool2d(x, 2, 2, 0, "max"))
    np.testing.assert_allclose(nn.MaxPool2D(3, stride=2, padding=1)(t(x)).numpy(),
                               np_pool2d(x, 3, 2, 1, "max"))
    np.testing.assert_allclose(nn.AvgPool2D(3, stride=2, padding=1)(t(x)).numpy(),
                               np_pool2d(x, 3, 2, 1, "avg"), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(nn.AvgPool2D(3, 2, 1, exclusive=False)(t(x)).numpy(),
                               np_pool2d(x, 3, 2, 1, "avg", exclusive=False), rtol=1e-5,
                               atol=1e-6)
    np.testing.assert_allclose(nn.AdaptiveAvgPool2D((3, 4))(t(x)).numpy(),
                               np_adaptive(x, (3, 4), np.mean), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(nn.AdaptiveAvgPool2D(1)(t(x)).numpy(),
                               x.mean((2, 3), keepdims=True), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(nn.AdaptiveAvgPool2D((None, 2))(t(x)).numpy(),
                               np_adaptive(x, (7, 2), np.mean), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(nn.AdaptiveMaxPool2D(2)(t(x)).numpy(),
                               np_adaptive(x, (2, 2), np.max))
    assert nn.Flatten()(t(x)).shape == [2, 126]
    np.testing.assert_array_equal(nn.Flatten(0, 1)(t(x)).numpy(), x.reshape(6, 7, 6))
    np.testing.assert_array_equal(nn.Identity(3, foo=1)(t(x)).numpy(), x)


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _softplus(x, beta=1.0):
    return np.log1p(np.exp(beta * x)) / beta


ACTIVATIONS = [
    (nn.ReLU(), lambda x: np.maximum(x, 0)),
    (nn.ReLU6(), lambda x: np.clip(x, 0, 6)),
    (nn.GELU(), lambda x: 0.5 * x * (1 + _erf(x / np.sqrt(2)))),
    (nn.GELU(approximate=True),
     lambda x: 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))),
    (nn.Sigmoid(), _sigmoid),
    (nn.Tanh(), np.tanh),
    (nn.Softmax(), np_softmax),
    (nn.Softmax(axis=0), lambda x: np_softmax(x, 0)),
    (nn.LogSoftmax(axis=1), lambda x: np.log(np_softmax(x, 1))),
    (nn.LeakyReLU(0.2), lambda x: np.where(x > 0, x, 0.2 * x)),
    (nn.ELU(0.7), lambda x: np.where(x > 0, x, 0.7 * (np.exp(x) - 1))),
    (nn.SELU(), lambda x: 1.0507009873554805 * np.where(x > 0, x, 1.6732632423543772 * (np.exp(x) - 1))),
    (nn.Hardswish(), lambda x: x * np.clip(x + 3, 0, 6) / 6),
    (nn.Hardsigmoid(), lambda x: np.clip(x / 6 + 0.5, 0, 1)),
    (nn.Hardtanh(-0.5, 0.8), lambda x: np.clip(x, -0.5, 0.8)),
    (nn.Silu(), lambda x: x * _sigmoid(x)),
    (nn.Swish(), lambda x: x * _sigmoid(x)),
    (nn.Mish(), lambda x: x * np.tanh(_softplus(x))),
    (nn.Softplus(beta=2), lambda x: _softplus(x, 2.0)),
    (nn.Softsign(), lambda x: x / (1 + np.abs(x))),
    (nn.LogSigmoid(), lambda x: np.log(_sigmoid(x))),
    (nn.Tanhshrink(), lambda x: x - np.tanh(x)),
]


@pytest.mark.parametrize("layer, ref", ACTIVATIONS, ids=lambda v: type(v).__name__)
def test_activation_forward(layer, ref):
    x = randn(3, 5) * 3
    np.testing.assert_allclose(layer(t(x)).numpy(), ref(x.astype("float64")), rtol=1e-4,
                               atol=1e-5)


def test_norm_layers_forward():
    x = randn(4, 3, 5) * 2 + 1
    ln = nn.LayerNorm([3, 5], epsilon=1e-4)
    ln.weight.set_value(randn(15)), ln.bias.set_value(randn(15))
    np.testing.assert_allclose(ln(t(x)).numpy(),
                               np_layer_norm(x, ln.weight.numpy(), ln.bias.numpy(), 1, 1e-4),
                               rtol=1e-4, atol=1e-5)
    plain = nn.LayerNorm(5, weight_attr=False, bias_attr=False)
    assert plain.weight is None and plain.parameters() == []
    np.testing.assert_allclose(plain(t(x)).numpy(),
                               np_layer_norm(x, np.ones(5), np.zeros(5), 2), rtol=1e-4, atol=1e-5)
    with pytest.raises(ValueError, match=r"trailing axes are \[5\], but got shape \[4, 5, 3\]"):
        plain(t(x.transpose(0, 2, 1).copy()))

    bn1 = nn.BatchNorm1D(3)  # [N, C, L]: statistics over N and L
    y = bn1(t(x)).numpy()
    m, v = x.mean((0, 2)), x.var((0, 2))
    np.testing.assert_allclose(y, (x - m[:, None]) / np.sqrt(v[:, None] + 1e-5), rtol=1e-4,
                               atol=1e-5)
    bn_nlc = nn.BatchNorm1D(5, data_format="NLC")
    np.testing.assert_allclose(bn_nlc(t(x)).numpy(),
                               (x - x.mean((0, 1))) / np.sqrt(x.var((0, 1)) + 1e-5), rtol=1e-4,
                               atol=1e-5)
    global_stats = nn.BatchNorm1D(3, use_global_stats=True)  # running stats even in training
    global_stats._mean.set_value(np.array([1.0, 2.0, 3.0], "float32"))
    np.testing.assert_allclose(global_stats(t(x)).numpy(),
                               (x - np.array([1, 2, 3])[:, None]) / np.sqrt(1 + 1e-5), rtol=1e-5,
                               atol=1e-5)
    np.testing.assert_array_equal(global_stats._mean.numpy(), [1, 2, 3])

    legacy = nn.BatchNorm(3, act="relu")  # any rank; eval uses the running statistics
    x4 = randn(2, 3, 2, 2)
    m4, v4 = x4.mean((0, 2, 3)), x4.var((0, 2, 3))
    np.testing.assert_allclose(legacy(t(x4)).numpy(),
                               np.maximum((x4 - m4[:, None, None]) /
                                          np.sqrt(v4[:, None, None] + 1e-5), 0),
                               rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(legacy._mean.numpy(), 0.1 * m4, rtol=1e-5, atol=1e-6)
    legacy.eval()
    rm, rv = legacy._mean.numpy(), legacy._variance.numpy()
    np.testing.assert_allclose(legacy(t(x4)).numpy(),
                               np.maximum((x4 - rm[:, None, None]) /
                                          np.sqrt(rv[:, None, None] + 1e-5), 0),
                               rtol=1e-4, atol=1e-5)


def test_embedding_forward():
    emb = nn.Embedding(7, 3, padding_idx=2)
    ids = np.array([[0, 2, 6], [2, 1, 1]])
    out = emb(t(ids)).numpy()
    np.testing.assert_array_equal(out, emb.weight.numpy()[ids])
    assert out.shape == (2, 3, 3) and np.all(out[0, 1] == 0)
    emb.weight.set_value(randn(7, 3))  # padding ids look up zeros whatever the row holds
    out = emb(t(ids)).numpy()
    assert np.all(out[:, 0] == out[:, 0] * (ids[:, 0, None] != 2)) and np.all(out[0, 1] == 0)
    np.testing.assert_array_equal(out[0, 2], emb.weight.numpy()[6])


def np_cross_entropy(logits, labels, weight=None, ignore_index=-100):
    logp = np.log(np_softmax(logits.astype("float64")))
    keep = labels != ignore_index
    safe = np.where(keep, labels, 0)
    loss = -logp[np.arange(len(labels)), safe] * keep
    w = (weight[safe] if weight is not None else np.ones(len(labels))) * keep
    return loss * (w if weight is not None else 1), w


def test_losses_forward():
    logits, labels = randn(6, 4), np.array([0, 3, 1, 1, 2, 3])
    loss, _ = np_cross_entropy(logits, labels)
    np.testing.assert_allclose(float(nn.CrossEntropyLoss()(t(logits), t(labels))), loss.mean(),
                               rtol=1e-5)
    np.testing.assert_allclose(
        float(nn.CrossEntropyLoss(reduction="sum")(t(logits), t(labels[:, None]))), loss.sum(),
        rtol=1e-5)
    none = nn.CrossEntropyLoss(reduction="none")(t(logits), t(labels)).numpy()
    assert none.shape == (6,)
    np.testing.assert_allclose(none, loss, rtol=1e-5)
    ignored = labels.copy()
    ignored[[1, 4]] = 1
    loss_i, w_i = np_cross_entropy(logits, ignored, ignore_index=1)
    np.testing.assert_allclose(  # the mean is over the samples that are not ignored
        float(nn.CrossEntropyLoss(ignore_index=1)(t(logits), t(ignored))),
        loss_i.sum() / w_i.sum(), rtol=1e-5)
    weight = np.array([0.5, 2.0, 1.0, 3.0], "float32")
    loss_w, w_w = np_cross_entropy(logits, labels, weight)
    np.testing.assert_allclose(float(nn.CrossEntropyLoss(weight=t(weight))(t(logits), t(labels))),
                               loss_w.sum() / w_w.sum(), rtol=1e-5)
    soft = np_softmax(randn(6, 4))
    np.testing.assert_allclose(
        float(nn.CrossEntropyLoss(soft_label=True)(t(logits), t(soft.astype("float32")))),
        -(soft * np.log(np_softmax(logits.astype("float64")))).sum(1).mean(), rtol=1e-5)
    with pytest.raises(ValueError, match="expected a label of rank 2 or 1, but got shape"):
        nn.CrossEntropyLoss()(t(logits), t(labels[:, None, None]))

    a, b = randn(3, 4), randn(3, 4)
    np.testing.assert_allclose(float(nn.MSELoss()(t(a), t(b))), ((a - b) ** 2).mean(), rtol=1e-5)
    np.testing.assert_allclose(nn.MSELoss("none")(t(a), t(b)).numpy(), (a - b) ** 2, rtol=1e-5)
    np.testing.assert_allclose(float(nn.L1Loss("sum")(t(a), t(b))), np.abs(a - b).sum(),
                               rtol=1e-5)
    np.testing.assert_allclose(float(nn.L1Loss()(t(a), t(b))), np.abs(a - b).mean(), rtol=1e-5)


def test_multi_head_attention_forward():
    mha = nn.MultiHeadAttention(8, 2, kdim=6, vdim=5, need_weights=True)
    q, k, v = randn(2, 3, 8), randn(2, 4, 6), randn(2, 4, 5)
    out, weights = mha(t(q), t(k), t(v))
    want, want_w = np_mha(mha, q, k, v)
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(weights.numpy(), want_w, rtol=1e-4, atol=1e-6)

    self_attn = nn.MultiHeadAttention(8, 4)
    x = randn(2, 5, 8)
    keep = np.tril(np.ones((5, 5), bool))
    additive = np.where(keep, 0.0, -1e9)
    np.testing.assert_allclose(self_attn(t(x), attn_mask=t(keep)).numpy(),
                               np_mha(self_attn, x, x, x, additive)[0], rtol=1e-4, atol=1e-5)
    float_mask = randn(2, 1, 5, 5)
    np.testing.assert_allclose(self_attn(t(x), attn_mask=t(float_mask)).numpy(),
                               np_mha(self_attn, x, x, x, float_mask)[0], rtol=1e-4, atol=1e-5)

    # incremental decoding: the cache grows by each step's keys and values
    cache = self_attn.gen_cache(t(x))
    assert cache.k.shape == [2, 4, 0, 2]
    step1, cache = self_attn(t(x[:, :2]), cache=cache)
    step2, cache = self_attn(t(x[:, 2:3]), cache=cache)
    assert cache.k.shape == [2, 4, 3, 2]
    np.testing.assert_allclose(step2.numpy(), np_mha(self_attn, x[:, 2:3], x[:, :3], x[:, :3])[0],
                               rtol=1e-4, atol=1e-5)
    static = self_attn.gen_cache(t(x), t(x), type=nn.MultiHeadAttention.StaticCache)
    out, _ = self_attn(t(x[:, :1]), cache=static)
    np.testing.assert_allclose(out.numpy(), np_mha(self_attn, x[:, :1], x, x)[0], rtol=1e-4,
                               atol=1e-5)


@pytest.mark.parametrize("normalize_before", [False, True])
def test_transformer_encoder_forward(normalize_before):
    layer = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.1, normalize_before=normalize_before)
    for norm in (layer.norm1, layer.norm2):
        norm.weight.set_value(randn(8)), norm.bias.set_value(randn(8))
    encoder = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(8))
    encoder.eval()  # dropout off
    assert encoder.layers[0] is layer and encoder.layers[1] is not layer
    assert len(encoder.parameters()) == 2 * 16 + 2
    x = randn(2, 4, 8)
    mask = np.tril(np.ones((4, 4), bool))
    want = x
    for sub in encoder.layers:
        want = np_encoder_layer(sub, want, np.where(mask, 0.0, -1e9))
    want = np_layer_norm(want, encoder.norm.weight.numpy(), encoder.norm.bias.numpy(), 2)
    np.testing.assert_allclose(encoder(t(x), t(mask)).numpy(), want, rtol=1e-4, atol=1e-4)
    encoder.train()
    a, b = encoder(t(x)).numpy(), encoder(t(x)).numpy()
    assert not np.allclose(a, b)  # dropout is active while training


def np_decoder_layer(layer, x, memory, mask=None):
    def ln(norm, z):
        return np_layer_norm(z, norm.weight.numpy(), norm.bias.numpy(), z.ndim - 1)

    blocks = [(layer.norm1, lambda z: np_mha(layer.self_attn, z, z, z, mask)[0]),
              (layer.norm2, lambda z: np_mha(layer.cross_attn, z, memory, memory)[0]),
              (layer.norm3, lambda z: np_linear(layer.linear2,
                                                np.maximum(np_linear(layer.linear1, z), 0)))]
    for norm, block in blocks:
        x = x + block(ln(norm, x)) if layer.normalize_before else ln(norm, x + block(x))
    return x


@pytest.mark.parametrize("normalize_before", [False, True])
def test_transformer_decoder_forward_and_incremental_cache(normalize_before):
    layer = nn.TransformerDecoderLayer(8, 2, 12, normalize_before=normalize_before)
    decoder = nn.TransformerDecoder(layer, 2)
    decoder.eval()
    assert [n for n, _ in layer.named_children()] == [
        "self_attn", "cross_attn", "linear1", "dropout", "linear2", "norm1", "norm2", "norm3",
        "dropout1", "dropout2", "dropout3"]
    tgt, memory = randn(2, 4, 8), randn(2, 3, 8)
    causal = np.triu(np.full((4, 4), -np.inf, "float32"), 1)
    want = tgt
    for sub in decoder.layers:
        want = np_decoder_layer(sub, want, memory, causal)
    full = decoder(t(tgt), t(memory), tgt_mask=t(causal)).numpy()
    np.testing.assert_allclose(full, want, rtol=1e-4, atol=1e-4)
    cache = decoder.gen_cache(t(memory))  # step by step with caches = the causal full pass
    for step in range(4):
        out, cache = decoder(t(tgt[:, step:step + 1]), t(memory), cache=cache)
        np.testing.assert_allclose(out.numpy()[:, 0], full[:, step], rtol=1e-4, atol=1e-4)


def test_transformer_model():
    model = nn.Transformer(8, 2, num_encoder_layers=1, num_decoder_layers=2, dim_feedforward=12,
                           dropout=0.0)
    assert len(model.encoder.layers) == 1 and len(model.decoder.layers) == 2
    assert len(model.state_dict()) == (16 + 2) + (2 * 26 + 2)
    mask = model.generate_square_subsequent_mask(3).numpy()
    np.testing.assert_array_equal(mask, np.triu(np.full((3, 3), -np.inf), 1))
    src, tgt = randn(2, 5, 8), randn(2, 3, 8)
    memory = model.encoder(t(src)).numpy()
    want = model.decoder(t(tgt), t(memory), tgt_mask=t(mask)).numpy()
    np.testing.assert_allclose(model(t(src), t(tgt), tgt_mask=t(mask)).numpy(), want, rtol=1e-5,
                               atol=1e-6)


# -- gradients against float64 central differences ----------------------------------------
@pytest.fixture
def float64():
    paddle.set_default_dtype("float64")
    yield
    paddle.set_default_dtype("float32")


def check_parameter_grads(params, loss_fn, eps=1e-6, rtol=1e-5, atol=1e-8):
    """loss_fn() -> scalar Tensor. Compares each parameter's .grad after backward with
    central differences of the loss."""
    for p in params:
        p.clear_gradient(set_to_zero=False)
    loss_fn().backward()
    for p in params:
        analytic = p.grad.numpy()
        base = p.numpy().copy()
        numeric = np.zeros_like(base)
        for i in range(base.size):
            values = []
            for delta in (eps, -eps):
                probe = base.copy()
                probe.reshape(-1)[i] += delta
                p.set_value(probe)
                with paddle.no_grad():
                    values.append(float(loss_fn()))
            numeric.reshape(-1)[i] = (values[0] - values[1]) / (2 * eps)
        p.set_value(base)
        np.testing.assert_allclose(analytic, numeric, rtol=rtol, atol=atol, err_msg=p.name)


def _weighted_sum(out):
    weights = np.random.default_rng(0).normal(size=out.shape)
    return (out * t(weights)).sum()


def test_linear_and_conv2d_grads(float64):
    fc = nn.Linear(3, 2)
    x = t(rng.normal(size=(4, 3)))
    check_parameter_grads(fc.parameters(), lambda: _weighted_sum(fc(x)))
    conv = nn.Conv2D(2, 2, 3, padding=1, stride=2)
    xc = t(rng.normal(size=(2, 2, 4, 4)))
    check_parameter_grads(conv.parameters(), lambda: _weighted_sum(conv(xc)))
    depthwise = nn.Conv2D(2, 4, 2, groups=2)
    check_parameter_grads(depthwise.parameters(), lambda: _weighted_sum(depthwise(xc)))


def test_batch_norm2d_and_layer_norm_grads(float64):
    bn = nn.BatchNorm2D(2)
    bn.weight.set_value(rng.normal(size=2)), bn.bias.set_value(rng.normal(size=2))
    x = t(rng.normal(size=(3, 2, 2, 2)))
    check_parameter_grads([bn.weight, bn.bias], lambda: _weighted_sum(bn(x)))
    assert bn._mean.grad is None and bn._mean.stop_gradient
    ln = nn.LayerNorm([2, 3])
    ln.weight.set_value(rng.normal(size=6))
    xl = t(rng.normal(size=(2, 2, 3)))
    check_parameter_grads(ln.parameters(), lambda: _weighted_sum(ln(xl)))


def test_embedding_grads_skip_padding_row(float64):
    emb = nn.Embedding(5, 3, padding_idx=1)
    ids = t(np.array([[0, 1, 4], [4, 1, 2]]))
    emb.weight.set_value(rng.normal(size=(5, 3)))
    check_parameter_grads(emb.parameters(), lambda: _weighted_sum(emb(ids)), atol=1e-7)
    emb.clear_gradients()
    _weighted_sum(emb(ids)).backward()
    assert np.all(emb.weight.grad.numpy()[1] == 0) and np.any(emb.weight.grad.numpy()[4] != 0)


def test_multi_head_attention_grads(float64):
    mha = nn.MultiHeadAttention(4, 2)
    x = t(rng.normal(size=(1, 3, 4)))
    params = [mha.q_proj.weight, mha.v_proj.bias, mha.out_proj.weight]
    check_parameter_grads(params, lambda: _weighted_sum(mha(x)))
