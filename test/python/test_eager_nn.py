"""paddle.nn.Layer in dygraph mode: registration of parameters, sublayers and buffers, names
and state_dict keys as PaddlePaddle makes them, set_state_dict, train/eval, hooks,
containers, dtype casts, layers waiting on missing ops, and a small MLP trained by hand-written
SGD. NumPy is the only reference."""
import warnings

import numpy as np
import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F
from paddle.base import unique_name

rng = np.random.default_rng(7)


class Block(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 6)
        self.bn = nn.BatchNorm1D(6)
        self.fc2 = nn.Linear(6, 3, bias_attr=False)

    def forward(self, x):
        return self.fc2(F.relu(self.bn(self.fc1(x))))


def _np(t):
    return t.numpy()


# -- registration and naming --------------------------------------------------------------
def test_attributes_register_parameters_sublayers_and_buffers():
    with unique_name.guard():
        net = Block()
        assert net.full_name() == "block_0"
        assert net.fc1.full_name() == "linear_0" and net.bn.full_name() == "batch_norm1d_0"
        assert [p.name for p in net.fc1.parameters()] == ["linear_0.w_0", "linear_0.b_0"]
        assert [p.name for p in net.bn.parameters()] == [
            "batch_norm1d_0.w_0", "batch_norm1d_0.b_0", "batch_norm1d_0.w_1", "batch_norm1d_0.w_2"]
    assert list(net.state_dict()) == ["fc1.weight", "fc1.bias", "bn.weight", "bn.bias",
                                      "bn._mean", "bn._variance", "fc2.weight"]
    assert [n for n, _ in net.named_sublayers()] == ["fc1", "bn", "fc2"]
    assert [n for n, _ in net.named_parameters()] == list(net.state_dict())
    assert net.fc2.bias is None and len(net.parameters()) == 7
    assert len(net.parameters(include_sublayers=False)) == 0
    # running statistics are parameters that never train
    assert net.bn._mean.stop_gradient and not net.bn._mean.trainable
    assert net.fc1.weight.trainable and isinstance(net.fc1.weight, paddle.EagerParamBase)

    net.scale = paddle.to_tensor([2.0])          # a tensor attribute: non-persistable buffer
    net.register_buffer("steps", paddle.to_tensor([0], dtype="int64"))
    net.register_buffer("tmp", paddle.to_tensor([1.0]), persistable=False)
    assert [n for n, _ in net.named_buffers()] == ["scale", "steps", "tmp"]
    assert "steps" in net.state_dict() and "scale" not in net.state_dict()
    assert "tmp" not in net.state_dict()
    assert net.steps.numpy().tolist() == [0]
    assert [name for name, _ in net.named_children()] == ["fc1", "bn", "fc2"]
    assert net.sublayers(include_self=True)[0] is net

    del net.fc2
    assert "fc2" not in dict(net.named_sublayers()) and not hasattr(net, "fc2")
    net.fc1 = None
    assert net.fc1 is None and "fc1.weight" not in net.state_dict()
    with pytest.raises(TypeError, match="expected a Layer or None for sublayer 'fc1'"):
        net.fc1 = 3
    with pytest.raises(TypeError, match="expected a Parameter or None for parameter"):
        net.bn.weight = paddle.to_tensor([1.0])


def test_shared_sublayer_and_parameter_listed_once():
    shared = nn.Linear(3, 3)
    seq = nn.Sequential(shared, nn.ReLU(), shared)
    assert len(seq.parameters()) == 2 and len(seq.sublayers()) == 2
    assert list(seq.state_dict()) == ["0.weight", "0.bias", "2.weight", "2.bias"]


def test_add_parameter_register_buffer_errors():
    layer = nn.Layer()
    w = layer.create_parameter([2, 3])
    assert layer.add_parameter("w", w) is w and layer.w is w
    with pytest.raises(KeyError, match="without '.'"):
        layer.add_parameter("a.b", w)
    with pytest.raises(KeyError, match="already exists"):
        layer.add_parameter("training", w)
    with pytest.raises(TypeError, match="expected parameter 'p' to be a Parameter, but got Tensor"):
        layer.add_parameter("p", paddle.to_tensor([1.0]))
    with pytest.raises(TypeError, match="expected buffer 'b' to be a Tensor, but got ndarray"):
        layer.register_buffer("b", np.zeros(2))
    with pytest.raises(KeyError, match="non-empty"):
        layer.register_buffer("", paddle.to_tensor([1.0]))
    with pytest.raises(AttributeError, match="has no attribute 'missing'"):
        layer.missing  # noqa: B018

    class NoInit(nn.Layer):
        def __init__(self):
            self.fc = nn.Linear(2, 2)

    with pytest.raises(ValueError, match="should be called first"):
        NoInit()


def test_create_parameter_honours_param_attr():
    layer = nn.Layer()
    reg = paddle.regularizer.L2Decay(0.1)
    attr = paddle.ParamAttr(name="my_w", initializer=nn.initializer.Constant(0.5),
                            learning_rate=0.3, regularizer=reg, trainable=False, need_clip=False)
    p = layer.create_parameter([2, 2], attr=attr)
    assert p.name == "my_w" and np.all(p.numpy() == 0.5)
    assert p.optimize_attr["learning_rate"] == 0.3
    assert isinstance(p.regularizer, paddle.regularizer.L2Decay) and p.regularizer.coeff == 0.1
    assert p.stop_gradient and not p.need_clip
    assert attr.name == "my_w"  # the caller's attr is not changed
    assert layer.create_parameter([3], attr=False) is None
    bias = layer.create_parameter([4], is_bias=True)
    assert np.all(bias.numpy() == 0) and bias.name.startswith(layer.full_name() + ".b_")
    default = layer.create_parameter([3, 5], default_initializer=nn.initializer.Constant(2.0))
    assert np.all(default.numpy() == 2.0)
    # no initializer: XavierUniform, limit sqrt(6 / (fan_in + fan_out))
    w = layer.create_parameter([30, 50]).numpy()
    limit = np.sqrt(6.0 / 80)
    assert np.abs(w).max() <= limit and np.abs(w).max() > 0.8 * limit
    assert layer.create_parameter([2], dtype="float64").dtype == paddle.float64
    values = rng.normal(size=(2, 3))
    assigned = nn.Linear(2, 3, weight_attr=nn.initializer.Assign(values))
    np.testing.assert_allclose(assigned.weight.numpy(), values, rtol=1e-6)
    with pytest.raises(ValueError, match=r"expected Assign values of shape \[3, 3\]"):
        nn.Linear(3, 3, weight_attr=nn.initializer.Assign(values))
    with pytest.raises(ValueError, match="positive int, but got 0 at index 1"):
        layer.create_parameter([2, 0])
    paddle.set_default_dtype("float64")
    try:
        assert layer.create_parameter([2]).dtype == paddle.float64
        assert nn.Linear(2, 2).weight.dtype == paddle.float64
    finally:
        paddle.set_default_dtype("float32")


def test_default_initializers_match_paddle():
    conv = nn.Conv2D(16, 64, 3)
    w = conv.weight.numpy()
    assert w.shape == (64, 16, 3, 3) and np.all(conv.bias.numpy() == 0)
    std = np.sqrt(2.0 / (16 * 9))  # Normal(0, sqrt(2 / fan_in)), fan_in = prod(kernel) * in
    assert abs(w.std() / std - 1) < 0.05 and abs(w.mean()) < 0.1 * std
    grouped = nn.Conv2D(16, 64, 3, groups=4)  # fan_in still counts every input channel
    assert abs(grouped.weight.numpy().std() / std - 1) < 0.08
    ln = nn.LayerNorm([3, 4])
    assert ln.weight.shape == [12] and np.all(ln.weight.numpy() == 1) and np.all(ln.bias.numpy() == 0)
    bn = nn.BatchNorm2D(5)
    assert np.all(bn._variance.numpy() == 1) and np.all(bn._mean.numpy() == 0)
    assert np.all(bn.weight.numpy() == 1)
    emb = nn.Embedding(20, 8, padding_idx=-2)
    assert np.all(emb.weight.numpy()[18] == 0) and np.any(emb.weight.numpy()[17] != 0)


# -- state_dict ---------------------------------------------------------------------------
def test_state_dict_round_trip_and_errors():
    a, b = Block(), Block()
    a.bn._mean.set_value(rng.normal(size=6).astype("float32"))
    x = paddle.to_tensor(rng.normal(size=(5, 4)).astype("float32"))
    a.eval(), b.eval()
    assert not np.allclose(_np(a(x)), _np(b(x)))
    missing, unexpected = b.set_state_dict({k: v.numpy() for k, v in a.state_dict().items()})
    assert missing == [] and unexpected == []
    np.testing.assert_array_equal(_np(a(x)), _np(b(x)))
    assert b.bn._mean.trainable is False  # loading keeps the parameter's role

    c = Block()
    state = dict(a.state_dict())  # Tensors, with one key dropped and one extra
    del state["fc2.weight"]
    state["extra"] = paddle.to_tensor([1.0])
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        missing, unexpected = c.set_state_dict(state)
    assert missing == ["fc2.weight"] and unexpected == ["extra"]
    np.testing.assert_array_equal(c.fc1.weight.numpy(), a.fc1.weight.numpy())

    d = Block()
    before = d.fc1.weight.numpy().copy()
    bad = {k: v.numpy() for k, v in a.state_dict().items()}
    bad["bn._variance"] = np.ones(5, "float32")
    with pytest.warns(UserWarning, match=r"skip loading 'bn._variance': expected shape \[6\], but "
                                         r"the state_dict gives shape \[5\]"):
        missing, _ = d.set_state_dict(bad)
    assert "bn._variance" in missing  # skipped, as PaddlePaddle does; the rest is loaded
    np.testing.assert_array_equal(d.fc1.weight.numpy(), a.fc1.weight.numpy())
    assert not np.array_equal(before, d.fc1.weight.numpy())

    by_name = {p.name: p.numpy() for p in a.parameters()}
    e = Block()
    e.set_state_dict({e_p.name: by_name[a_p.name] for e_p, a_p in
                      zip(e.parameters(), a.parameters())}, use_structured_name=False)
    e.eval()
    np.testing.assert_array_equal(_np(e(x)), _np(a(x)))
    with pytest.raises(TypeError, match="expected state_dict to be a dict"):
        e.set_state_dict([1, 2])


# -- modes --------------------------------------------------------------------------------
def test_train_eval_switch_dropout_and_batch_norm():
    net = nn.Sequential(nn.Linear(3, 3), nn.Sequential(nn.Dropout(0.5), nn.BatchNorm1D(3)))
    assert all(layer.training for layer in net.sublayers())
    assert net.eval() is net and not any(layer.training for layer in net.sublayers(True))
    net.train()
    assert all(layer.training for layer in net.sublayers(True))

    drop = nn.Dropout(p=0.4)
    x = paddle.to_tensor(np.ones((200, 50), "float32"))
    out = drop(x).numpy()
    assert np.all((out == 0) | np.isclose(out, 1 / 0.6))
    assert abs((out == 0).mean() - 0.4) < 0.03
    paddle.seed(12)  # seeding makes the masks reproducible, not equal from call to call
    first, second = drop(x).numpy(), drop(x).numpy()
    assert not np.array_equal(first, second)
    paddle.seed(12)
    np.testing.assert_array_equal(drop(x).numpy(), first)
    drop.eval()
    np.testing.assert_array_equal(drop(x).numpy(), x.numpy())
    down = nn.Dropout(p=0.25, mode="downscale_in_infer")
    assert set(np.unique(down(x).numpy())) <= {0.0, 1.0}
    down.eval()
    np.testing.assert_allclose(down(x).numpy(), 0.75 * x.numpy(), rtol=1e-6)
    with pytest.raises(ValueError, match=r"expected p to be a number in \[0, 1\], but got 1.5"):
        nn.Dropout(1.5)


def test_batch_norm_running_statistics_train_then_eval():
    bn = nn.BatchNorm2D(3, momentum=0.8, epsilon=1e-3)
    w, b = rng.normal(size=3).astype("float32"), rng.normal(size=3).astype("float32")
    bn.weight.set_value(w), bn.bias.set_value(b)
    x = rng.normal(1.0, 2.0, size=(4, 3, 2, 5)).astype("float32")
    y = bn(paddle.to_tensor(x)).numpy()
    mean, var = x.mean((0, 2, 3)), x.var((0, 2, 3))
    c = (slice(None), None, None)
    np.testing.assert_allclose(y, (x - mean[c]) / np.sqrt(var[c] + 1e-3) * w[c] + b[c],
                               rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(bn._mean.numpy(), 0.2 * mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(bn._variance.numpy(), 0.8 + 0.2 * var, rtol=1e-5)
    bn(paddle.to_tensor(x))  # a second step folds in again
    np.testing.assert_allclose(bn._mean.numpy(), 0.8 * 0.2 * mean + 0.2 * mean, rtol=1e-5,
                               atol=1e-6)
    rm, rv = bn._mean.numpy().copy(), bn._variance.numpy().copy()
    bn.eval()
    y = bn(paddle.to_tensor(x)).numpy()
    np.testing.assert_allclose(y, (x - rm[c]) / np.sqrt(rv[c] + 1e-3) * w[c] + b[c], rtol=1e-4,
                               atol=1e-5)
    np.testing.assert_array_equal(bn._mean.numpy(), rm)  # eval leaves them alone
    with pytest.raises(ValueError, match=r"expected a 4-D input for BatchNorm2D, but got shape"):
        bn(paddle.to_tensor(x[0]))


# -- hooks --------------------------------------------------------------------------------
def test_forward_hooks_change_inputs_and_outputs_and_can_be_removed():
    fc = nn.Linear(3, 2)
    x = paddle.to_tensor(rng.normal(size=(4, 3)).astype("float32"))
    plain = fc(x).numpy()
    seen = []
    pre = fc.register_forward_pre_hook(lambda layer, inputs: (inputs[0] * 2.0,))
    post = fc.register_forward_post_hook(lambda layer, inputs, out: seen.append(inputs) or out + 1)
    out = fc(x).numpy()
    want = (2 * x.numpy()) @ fc.weight.numpy() + fc.bias.numpy() + 1
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(seen[0][0].numpy(), 2 * x.numpy())  # post hooks see new inputs
    pre.remove()
    np.testing.assert_allclose(fc(x).numpy(), plain + 1, rtol=1e-5, atol=1e-6)
    post.remove()
    np.testing.assert_allclose(fc(x).numpy(), plain, rtol=1e-6)
    single = fc.register_forward_pre_hook(lambda layer, inputs: inputs[0] * 0.0)  # not a tuple
    np.testing.assert_allclose(fc(x).numpy(), np.broadcast_to(fc.bias.numpy(), plain.shape))
    single.remove()


def test_apply_visits_children_before_self():
    net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.ReLU(), nn.Linear(2, 1)))
    order = []
    assert net.apply(lambda layer: order.append(type(layer).__name__)) is net
    assert order == ["Linear", "ReLU", "Linear", "Sequential", "Sequential"]


# -- containers ---------------------------------------------------------------------------
def test_sequential_positional_and_named():
    a, b = nn.Linear(3, 4), nn.Linear(4, 2)
    seq = nn.Sequential(a, nn.ReLU(), b)
    assert len(seq) == 3 and seq[0] is a and seq[-1] is b and seq["2"] is b
    assert [type(m).__name__ for m in seq[1:]] == ["ReLU", "Linear"]
    with pytest.raises(IndexError, match=r"expected an index in \[-3, 3\) for the Sequential, "
                                         r"but got 3"):
        seq[3]  # noqa: B018
    x = rng.normal(size=(2, 3)).astype("float32")
    want = np.maximum(x @ a.weight.numpy() + a.bias.numpy(), 0) @ b.weight.numpy() + b.bias.numpy()
    np.testing.assert_allclose(seq(paddle.to_tensor(x)).numpy(), want, rtol=1e-5, atol=1e-6)
    named = nn.Sequential(("enc", a), ("act", nn.Tanh()))
    assert list(named.state_dict()) == ["enc.weight", "enc.bias"] and named["act"] is named[1]
    del named[1]
    assert len(named) == 1


def test_layer_list_layer_dict_parameter_list():
    layers = nn.LayerList([nn.Linear(2, 2) for _ in range(2)])
    layers.append(nn.Linear(2, 3))
    layers.insert(0, nn.ReLU())
    assert [type(m).__name__ for m in layers] == ["ReLU", "Linear", "Linear", "Linear"]
    assert list(layers.state_dict())[:2] == ["1.weight", "1.bias"]
    del layers[0]
    assert len(layers) == 3 and layers[-1].weight.shape == [2, 3]
    assert isinstance(layers[:2], nn.LayerList) and len(layers[:2]) == 2
    layers.extend([nn.Tanh()])
    assert len(layers.parameters()) == 6 and len(layers) == 4

    d = nn.LayerDict({"a": nn.Linear(1, 1), "b": nn.ReLU()})
    d["c"] = nn.Linear(1, 2)
    assert list(d.keys()) == ["a", "b", "c"] and "b" in d and len(d) == 3
    assert list(d.state_dict()) == ["a.weight", "a.bias", "c.weight", "c.bias"]
    popped = d.pop("b")
    assert isinstance(popped, nn.ReLU) and list(d) == ["a", "c"]
    d.update([("e", nn.Sigmoid())])
    assert list(d.keys())[-1] == "e"
    with pytest.raises(ValueError, match="expected item 0 of the sublayers to be a"):
        d.update([nn.ReLU()])
    d.clear()
    assert len(d) == 0

    host = nn.Layer()
    plist = nn.ParameterList([host.create_parameter([2]) for _ in range(2)])
    plist.append(host.create_parameter([3]))
    assert len(plist) == 3 and plist[2].shape == [3] and list(plist.state_dict()) == ["0", "1", "2"]

    class Holder(nn.Layer):
        def __init__(self):
            super().__init__()
            self.heads = nn.LayerList([nn.Linear(2, 1), nn.Linear(2, 1)])

    assert list(Holder().state_dict()) == ["heads.0.weight", "heads.0.bias", "heads.1.weight",
                                           "heads.1.bias"]


# -- dtype, device, gradients -------------------------------------------------------------
def test_to_float_and_clear_gradients():
    fc = nn.Linear(3, 2)
    x = rng.normal(size=(2, 3))
    ref = fc(paddle.to_tensor(x.astype("float32"))).numpy()
    assert fc.to(dtype="float64") is fc and fc.weight.dtype == paddle.float64
    out = fc(paddle.to_tensor(x))
    assert out.dtype == paddle.float64
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-5, atol=1e-6)
    fc.float()
    assert fc.weight.dtype == paddle.float32 and fc.bias.dtype == paddle.float32
    fc.to("cpu")
    fc.to(paddle.CPUPlace())
    if paddle.device.cuda.device_count() == 0:
        with pytest.raises(ValueError, match="'gpu:0'"):
            fc.to("gpu:0")
    else:
        assert fc.to("gpu:0").weight.place.is_gpu_place()
        assert fc.to("cpu").weight.place.is_cpu_place()
    fc(paddle.to_tensor(x.astype("float32"))).sum().backward()
    assert np.any(fc.weight.grad.numpy() != 0)
    fc.clear_gradients()
    assert np.all(fc.weight.grad.numpy() == 0)
    fc.clear_gradients(set_to_zero=False)
    assert fc.weight.grad is None


def test_repr():
    net = nn.Sequential(nn.Linear(2, 3), nn.Dropout(0.1), nn.Conv2D(1, 2, 3, stride=2))
    text = repr(net)
    assert text.startswith("Sequential(\n  (0): Linear(in_features=2, out_features=3, dtype=float32)")
    assert "(1): Dropout(p=0.1, axis=None, mode=upscale_in_train)" in text
    assert "(2): Conv2D(1, 2, kernel_size=[3, 3], stride=[2, 2], data_format=NCHW)" in text


def test_bad_constructor_arguments_raise_typed_errors():
    with pytest.raises(ValueError, match="expected in_features to be a positive int, but got 0"):
        nn.Linear(0, 3)
    with pytest.raises(ValueError, match="expected in_channels divisible by groups=2, but got 3"):
        nn.Conv2D(3, 4, 3, groups=2)
    with pytest.raises(ValueError, match="expected padding_mode in"):
        nn.Conv2D(3, 4, 3, padding_mode="mirror")
    with pytest.raises(ValueError, match="expected embed_dim divisible by num_heads=3, but got 8"):
        nn.MultiHeadAttention(8, 3)
    with pytest.raises(ValueError, match=r"expected padding_idx in \[-5, 5\), but got 5"):
        nn.Embedding(5, 2, padding_idx=5)
    with pytest.raises(ValueError, match="expected reduction of MSELoss in"):
        nn.MSELoss(reduction="avg")
    with pytest.raises(ValueError, match="expected data_format in"):
        nn.BatchNorm2D(3, data_format="NLC")


def test_random_tensors_follow_paddle_seed():
    paddle.seed(5)
    u, n = paddle.rand([4000]), paddle.randn([4000], dtype="float64")
    assert u.dtype == paddle.float32 and n.dtype == paddle.float64
    assert 0 <= u.numpy().min() and u.numpy().max() < 1 and abs(u.numpy().mean() - 0.5) < 0.03
    assert abs(n.numpy().std() - 1) < 0.05 and abs(n.numpy().mean()) < 0.05
    paddle.seed(5)
    np.testing.assert_array_equal(paddle.rand([4000]).numpy(), u.numpy())
    box = paddle.uniform([500], min=2.0, max=3.0).numpy()
    assert box.min() >= 2 and box.max() < 3
    shifted = paddle.normal(10.0, 0.5, [2000]).numpy()
    assert abs(shifted.mean() - 10) < 0.05 and abs(shifted.std() - 0.5) < 0.05
    with pytest.raises(TypeError, match="expected a floating dtype for uniform"):
        paddle.rand([2], dtype="int64")


# -- training -----------------------------------------------------------------------------
def test_mlp_trains_with_hand_written_sgd():
    paddle.seed(3)
    x = rng.normal(size=(64, 4)).astype("float32")
    labels = (x[:, 0] + x[:, 1] * x[:, 2] > 0).astype("int64")

    class Mlp(nn.Layer):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 2))

        def forward(self, x):
            return self.body(x)

    model, loss_fn = Mlp(), nn.CrossEntropyLoss()
    xt, yt = paddle.to_tensor(x), paddle.to_tensor(labels)
    losses = []
    for _ in range(60):
        loss = loss_fn(model(xt), yt)
        losses.append(float(loss))
        loss.backward()
        for p in model.parameters():
            p.set_value(p.numpy() - 0.5 * p.grad.numpy())
            p.clear_gradient()
    assert losses[-1] < 0.6 * losses[0], losses
    accuracy = (model(xt).numpy().argmax(1) == labels).mean()
    assert accuracy > 0.8


def test_seeded_layers_differ_from_each_other_and_repeat_with_the_seed():
    """After paddle.seed, two layers of one shape get different parameters (the global
    generator advances), and seeding again repeats them."""
    paddle.seed(3)
    a, b = paddle.nn.Linear(4, 6), paddle.nn.Linear(4, 6)
    assert not np.array_equal(a.weight.numpy(), b.weight.numpy())
    paddle.seed(3)
    c = paddle.nn.Linear(4, 6)
    np.testing.assert_array_equal(a.weight.numpy(), c.weight.numpy())
