"""Automatic mixed precision. Static: paddle.static.amp.decorate rewrites the forward (casts
around ops that run in 16 bits on the GPU), scales the loss and appends
check_finite_and_unscale / update_loss_scaling; which ops turn 16-bit depends on the GPU
kernels this build has, so the structure is checked against core.has_gpu_kernel, and the
numbers on a GPU. Dygraph: GradScaler's scaling is exact for powers of two, and an overflow
skips the step and shrinks the scale."""
import warnings

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle.base import core

HAS_GPU = core.is_compiled_with_cuda() and core.get_cuda_device_count() > 0


def _lenet(amp_dtype=None, level="O1", dynamic=True):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        image = paddle.static.data("image", [None, 1, 28, 28], "float32")
        label = paddle.static.data("label", [None, 1], "int64")
        x = paddle.static.nn.conv2d(image, num_filters=8, filter_size=5, act="relu")
        x = F.max_pool2d(x, 2, 2)
        logits = paddle.static.nn.fc(paddle.flatten(x, 1), size=10)
        loss = F.cross_entropy(logits, label)
        opt = paddle.optimizer.Adam(learning_rate=1e-3)
        if amp_dtype is not None:
            opt = paddle.static.amp.decorate(opt, dtype=amp_dtype, level=level,
                                             use_dynamic_loss_scaling=dynamic)
        opt.minimize(loss)
    return main, startup, loss, opt


def test_decorate_rewrites_where_16_bit_gpu_kernels_exist():
    paddle.enable_static()
    try:
        main, _, _, opt = _lenet("float16")
        ops = main.global_block().ops
        types = [op.type for op in ops]
        assert "check_finite_and_unscale" in types and "update_loss_scaling" in types
        assert opt.get_loss_scaling() is not None
        conv = next(op for op in ops if op.type == "conv2d")
        conv_in = main.global_block().var(conv.input("Input")[0])
        if core.has_gpu_kernel("conv2d", core.VarType.FP16):
            assert conv_in.dtype == core.VarType.FP16 and "cast" in types
            assert opt.rewritten_ops >= 2
            # The loss stays float32 (black list).
            sce = next(op for op in ops if op.type == "softmax_with_cross_entropy")
            assert main.global_block().var(sce.input("Logits")[0]).dtype == core.VarType.FP32
            # Parameters stay float32 in O1: the conv reads a cast of its filter.
            assert conv.input("Filter")[0].endswith(".cast_fp16")
        else:
            assert opt.rewritten_ops == 0 and "cast" not in types
    finally:
        paddle.disable_static()


def test_amp_lists_refuse_an_op_in_both_custom_lists():
    with pytest.raises(ValueError, match="both"):
        paddle.static.amp.AutoMixedPrecisionLists({"relu"}, {"relu"})
    lists = paddle.static.amp.AutoMixedPrecisionLists(custom_black_list={"conv2d"})
    assert "conv2d" in lists.black_list and "conv2d" not in lists.white_list
    with pytest.raises(ValueError, match="dtype"):
        paddle.static.amp.decorate(None, dtype="int8")


def _linear_run(scaler, steps=4, poison=False):
    paddle.seed(5)
    net = paddle.nn.Linear(4, 3)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=net.parameters())
    rng = np.random.default_rng(1)
    for _ in range(steps):
        data = rng.standard_normal((8, 4)).astype("float32")
        if poison:
            data[0, 0] = np.nan  # every gradient becomes nan: the step must be skipped
        x = paddle.to_tensor(data)
        loss = (net(x) ** 2).mean()
        if scaler is None:
            loss.backward()
            opt.step()
        else:
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
        opt.clear_grad()
    return net.weight.numpy(), net.bias.numpy()


def test_grad_scaler_is_exact_for_power_of_two_scales():
    paddle.disable_static()
    plain = _linear_run(None)
    scaled = _linear_run(paddle.amp.GradScaler(init_loss_scaling=2.0 ** 10))
    for a, b in zip(plain, scaled):
        np.testing.assert_array_equal(a, b)


def test_grad_scaler_skips_overflowing_steps_and_shrinks():
    paddle.disable_static()
    scaler = paddle.amp.GradScaler(init_loss_scaling=2.0 ** 10, decr_every_n_nan_or_inf=1,
                                   decr_ratio=0.5)
    paddle.seed(5)
    before = paddle.nn.Linear(4, 3).weight.numpy()
    w, _ = _linear_run(scaler, steps=1, poison=True)
    np.testing.assert_array_equal(w, before)  # the step was skipped
    assert scaler.get_init_loss_scaling() == 2.0 ** 9
    with pytest.raises(ValueError, match="incr_ratio"):
        paddle.amp.GradScaler(incr_ratio=1.0)


def test_auto_cast_in_dygraph_on_cpu_warns_and_computes_in_float32():
    paddle.disable_static()
    x = paddle.to_tensor(np.ones((2, 2), "float32"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with paddle.amp.auto_cast():
            y = paddle.matmul(x, x)
    assert any("AMP" in str(w.message) for w in caught)
    assert y.numpy().dtype == np.float32
    with pytest.raises(ValueError, match="level"):
        with paddle.amp.auto_cast(level="O5"):
            pass


@pytest.mark.skipif(not HAS_GPU, reason="needs the CUDA build and a visible GPU")
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_amp_training_on_gpu_follows_float32(dtype):
    paddle.enable_static()
    try:
        rng = np.random.default_rng(7)
        batches = [(rng.standard_normal((32, 1, 28, 28)).astype("float32"),
                    rng.integers(0, 10, (32, 1)).astype("int64")) for _ in range(30)]
        curves = {}
        for key in ("fp32", dtype):
            main, startup, loss, _ = _lenet(None if key == "fp32" else dtype)
            scope = paddle.static.Scope()
            with paddle.static.scope_guard(scope):
                paddle.seed(3)
                paddle.static.Executor(paddle.CPUPlace()).run(startup)
                exe = paddle.static.Executor(paddle.CUDAPlace(0))
                curves[key] = [float(exe.run(main, feed={"image": x, "label": y},
                                             fetch_list=[loss])[0]) for x, y in batches]
        amp, fp32 = np.array(curves[dtype]), np.array(curves["fp32"])
        assert np.isfinite(amp).all()
        tol = 0.05 if dtype == "float16" else 0.1
        np.testing.assert_allclose(amp, fp32, rtol=tol, atol=tol)
        assert amp[-5:].mean() < amp[:5].mean()  # it trains
    finally:
        paddle.disable_static()
