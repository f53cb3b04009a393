"""Eager (dygraph) mode on the GPU, as PaddlePaddle's dygraph places it: an op runs where its
inputs live (a CPU input beside GPU ones is copied for the call), paddle.set_device decides
only for values made from nothing (paddle.to_tensor, creation ops, new parameters), an op
with no GPU kernel runs on the CPU, and Tensor.cpu() / cuda() carry gradients back.

The tests marked `gpu` need the CUDA build and a visible GPU and compare against the same
steps on the CPU (NumPy for the op results); the others run everywhere."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle.base import core

HAS_GPU = core.is_compiled_with_cuda() and core.get_cuda_device_count() > 0
gpu = pytest.mark.skipif(not HAS_GPU, reason="needs the CUDA build and a visible GPU")


@pytest.fixture
def on_gpu():
    paddle.set_device("gpu")
    yield core.CUDAPlace(0)
    paddle.set_device("cpu")


def test_places_without_a_gpu_are_refused_and_cpu_is_unchanged():
    x = paddle.to_tensor([1.0, 2.0], place="cpu", stop_gradient=False)
    assert x.place.is_cpu_place() and "Place(cpu)" in repr(x)
    assert x.cpu() is x
    if not HAS_GPU:
        for call in (lambda: paddle.to_tensor([1.0], place="gpu"), lambda: x.cuda(),
                     lambda: paddle.nn.Linear(2, 2).to("gpu:0")):
            with pytest.raises(ValueError, match="gpu|GPU"):
                call()
    layer = paddle.nn.Linear(2, 3).to("cpu")
    assert all(p.place.is_cpu_place() for p in layer.parameters())


@gpu
def test_set_device_places_new_values_and_ops_follow_their_inputs(on_gpu):
    a = paddle.to_tensor(np.arange(6, dtype="float32").reshape(2, 3))
    assert a.place == on_gpu and "Place(gpu:0)" in repr(a)
    for made in (paddle.zeros([2, 3]), paddle.full([2], 1.5), paddle.randn([4]),
                 paddle.nn.Linear(3, 2).weight):
        assert made.place == on_gpu
    b = paddle.to_tensor(np.ones((2, 3), "float32"), place="cpu")
    c = a + b  # a CPU input beside a GPU one: the call runs on the GPU
    assert c.place == on_gpu and b.place.is_cpu_place()
    np.testing.assert_array_equal(c.numpy(), np.arange(6).reshape(2, 3) + 1)
    d = b * b  # CPU inputs stay on the CPU whatever the current device
    assert d.place.is_cpu_place()
    e = paddle.matmul(a, a.T)
    want = np.arange(6, dtype="float32").reshape(2, 3)
    np.testing.assert_allclose(e.numpy(), want @ want.T, rtol=1e-6)
    assert e.place == on_gpu
    # An op reading an input on the host (top_k's K) takes a GPU tensor there.
    k = paddle.to_tensor(2)
    values, indices = paddle.topk(a, k=k)
    assert k.place == on_gpu and values.place == on_gpu
    np.testing.assert_array_equal(values.numpy(), [[2, 1], [5, 4]])
    np.testing.assert_array_equal(indices.numpy(), [[2, 1], [2, 1]])


def _mlp_step(place, seed=0):
    rng = np.random.default_rng(seed)
    x = paddle.to_tensor(rng.standard_normal((8, 5)).astype("float32"), place=place)
    w1 = paddle.to_tensor(rng.standard_normal((5, 16)).astype("float32"), place=place,
                          stop_gradient=False)
    w2 = paddle.to_tensor(rng.standard_normal((16, 3)).astype("float32"), place=place,
                          stop_gradient=False)
    label = paddle.to_tensor(rng.integers(0, 3, (8, 1)), place="cpu")  # a host label
    logits = paddle.matmul(F.gelu(paddle.matmul(x, w1)), w2)
    loss = F.cross_entropy(F.layer_norm(logits, [3]), label)
    loss.backward()
    return loss, w1.grad, w2.grad


@gpu
def test_backward_on_the_gpu_matches_the_cpu():
    cpu = _mlp_step("cpu")
    gpu_ = _mlp_step("gpu:0")
    for got, want in zip(gpu_, cpu):
        assert got.place.is_gpu_place()
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-6)


@gpu
def test_copies_between_places_carry_gradients_back():
    x = paddle.to_tensor([1.0, -2.0, 3.0], place="cpu", stop_gradient=False)
    y = x.cuda()
    assert y.place.is_gpu_place() and not y.stop_gradient
    z = (y * y).cpu()
    assert z.place.is_cpu_place()
    z.sum().backward()
    assert x.grad.place.is_cpu_place()
    np.testing.assert_allclose(x.grad.numpy(), [2.0, -4.0, 6.0])
    assert x.cuda().cuda() is not x and y.cuda() is y  # on its device already: itself


@gpu
def test_writes_keep_a_gpu_tensor_where_it_lives(on_gpu):
    p = paddle.to_tensor(np.zeros((2, 2), "float32"), stop_gradient=False)
    view = p.detach()  # shares p's storage
    p.set_value(np.full((2, 2), 3.0, "float32"))
    assert p.place == on_gpu
    np.testing.assert_array_equal(view.numpy(), np.full((2, 2), 3.0))  # written in place
    assert p.inplace_version == 1
    (p * 2).sum().backward()
    p.clear_gradient()
    assert p.grad.place == on_gpu and not p.grad.numpy().any()
    with paddle.no_grad():
        p.add_(paddle.ones([2, 2]))
    assert p.place == on_gpu and float(p.sum()) == 16.0 and p.inplace_version == 2


def _train_linear(device, steps=6):
    paddle.seed(5)
    layer = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 2))
    rng = np.random.default_rng(1)
    state = {k: rng.standard_normal(v.shape).astype("float32") for k, v in layer.state_dict().items()}
    layer.set_state_dict(state)
    layer.to(device)  # made on the CPU, moved
    opt = paddle.optimizer.Adam(0.05, parameters=layer.parameters())
    losses = []
    for _ in range(steps):
        x = paddle.to_tensor(rng.standard_normal((16, 4)).astype("float32"), place="cpu")
        loss = F.mse_loss(layer(x), paddle.zeros([16, 2]))
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    return layer, losses


@gpu
def test_layer_moved_to_the_gpu_trains_as_on_the_cpu():
    cpu_layer, cpu_losses = _train_linear("cpu")
    gpu_layer, gpu_losses = _train_linear("gpu")
    assert all(p.place.is_gpu_place() for p in gpu_layer.parameters())
    np.testing.assert_allclose(gpu_losses, cpu_losses, rtol=1e-5)
    for (name, got), want in zip(gpu_layer.state_dict().items(), cpu_layer.state_dict().values()):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-6, err_msg=name)


@gpu
def test_op_without_a_gpu_kernel_runs_on_the_cpu(on_gpu):
    # conv3d has no GPU kernel: the call runs on the host on copies of its inputs.
    rng = np.random.default_rng(2)
    x = rng.standard_normal((1, 2, 4, 4, 4)).astype("float32")
    w = rng.standard_normal((3, 2, 3, 3, 3)).astype("float32")
    got = F.conv3d(paddle.to_tensor(x), paddle.to_tensor(w), padding=1)
    want = F.conv3d(paddle.to_tensor(x, place="cpu"), paddle.to_tensor(w, place="cpu"), padding=1)
    assert got.place.is_cpu_place()
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-6)


@gpu
def test_to_static_runs_on_the_gpu(on_gpu):
    layer = paddle.nn.Linear(3, 2)
    x = paddle.to_tensor(np.ones((4, 3), "float32"))
    eager_out = layer(x)
    eager_out.sum().backward()
    eager_grad = layer.weight.grad.numpy()
    layer.clear_gradients()
    static_layer = paddle.jit.to_static(layer)
    out = static_layer(x)
    out.sum().backward()
    np.testing.assert_allclose(out.numpy(), eager_out.numpy(), rtol=1e-6)
    np.testing.assert_allclose(layer.weight.grad.numpy(), eager_grad, rtol=1e-6)


@gpu
def test_auto_cast_computes_white_ops_in_16_bits_and_black_ops_in_float32(on_gpu):
    rng = np.random.default_rng(4)
    x = paddle.to_tensor(rng.standard_normal((8, 16)).astype("float32"))
    w = paddle.to_tensor(rng.standard_normal((16, 4)).astype("float32"), stop_gradient=False)
    b = paddle.to_tensor(rng.standard_normal((4,)).astype("float32"), stop_gradient=False)

    def forward():
        y = paddle.matmul(x, w)     # white: 16 bits
        z = y + b                   # gray, fed 16-bit data: 16 bits
        p = F.softmax(z)            # black: float32
        return y, z, p, (p * p).sum()

    y32, z32, p32, loss32 = forward()
    loss32.backward()
    g32 = w.grad.numpy()
    w.clear_gradient(set_to_zero=False)
    for dtype, tol in (("float16", 2e-2), ("bfloat16", 8e-2)):
        with paddle.amp.auto_cast(dtype=dtype):
            y, z, p, loss = forward()
        assert y.dtype == getattr(paddle, dtype) and z.dtype == getattr(paddle, dtype)
        assert p.dtype == paddle.float32
        np.testing.assert_allclose(p.numpy(), p32.numpy(), rtol=tol, atol=tol)
        loss.backward()
        assert w.grad.dtype == paddle.float32  # through the cast's gradient
        np.testing.assert_allclose(w.grad.numpy(), g32, rtol=tol, atol=tol * np.abs(g32).max())
        w.clear_gradient(set_to_zero=False)
    with paddle.amp.auto_cast(custom_black_list=["matmul_v2"]):
        assert paddle.matmul(x, w).dtype == paddle.float32
        assert (x @ w).dtype == paddle.float32
    with paddle.amp.auto_cast():
        assert (x @ w).dtype == paddle.float16  # the operator takes the casts too
    assert (x @ w).dtype == paddle.float32  # and the region has ended


def _amp_convnet_losses(dtype, steps=25):
    paddle.seed(9)
    model = paddle.nn.Sequential(
        paddle.nn.Conv2D(1, 8, 3, padding=1), paddle.nn.BatchNorm2D(8), paddle.nn.ReLU(),
        paddle.nn.MaxPool2D(2), paddle.nn.Flatten(), paddle.nn.Linear(8 * 14 * 14, 10))
    rng = np.random.default_rng(3)
    state = {k: (rng.standard_normal(v.shape) * 0.1).astype("float32")
             for k, v in model.state_dict().items()}
    state = {k: (np.abs(v) + 0.5 if k.endswith("_variance") else v) for k, v in state.items()}
    model.set_state_dict(state)
    opt = paddle.optimizer.Adam(2e-3, parameters=model.parameters())
    scaler = paddle.amp.GradScaler(init_loss_scaling=1024.0)
    x = rng.standard_normal((32, 1, 28, 28)).astype("float32")
    y = (np.abs(x).reshape(32, -1).sum(1) // 40 % 10).astype("int64").reshape(32, 1)
    losses = []
    for _ in range(steps):
        with paddle.amp.auto_cast(enable=dtype is not None, dtype=dtype or "float16"):
            loss = F.cross_entropy(model(paddle.to_tensor(x)), paddle.to_tensor(y))
        assert loss.dtype == paddle.float32
        if dtype is None:
            loss.backward()
            opt.step()
        else:
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
        opt.clear_grad()
        losses.append(float(loss))
    assert all(p.dtype == paddle.float32 for p in model.parameters())
    return np.array(losses)


@gpu
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_eager_amp_training_follows_float32(on_gpu, dtype):
    fp32 = _amp_convnet_losses(None)
    amp = _amp_convnet_losses(dtype)
    assert np.isfinite(amp).all()
    tol = 0.05 if dtype == "float16" else 0.1
    np.testing.assert_allclose(amp, fp32, rtol=tol, atol=tol)
    assert amp[-5:].mean() < amp[:5].mean()  # it trains
