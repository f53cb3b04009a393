"""Static-graph training scripts written the way PaddlePaddle users write them, run
unchanged: an MLP classifier, a conv net with batch norm and dropout trained with Momentum
and L2 decay, Adam/AdamW with gradient clipping and LR schedules, BuildStrategy passes."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F

paddle.enable_static()


def blobs(n=256, classes=3, dim=8, seed=0):
    rng = np.random.default_rng(seed)
    centers = rng.normal(0, 3, (classes, dim))
    labels = rng.integers(0, classes, n)
    x = centers[labels] + rng.normal(0, 1, (n, dim))
    return x.astype("float32"), labels.reshape(-1, 1).astype("int64")


def train(main, startup, feed, fetch, steps, compiled=None):
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    out = []
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        for _ in range(steps):
            out.append([float(np.asarray(v).reshape(-1)[0])
                        for v in exe.run(compiled or main, feed=feed, fetch_list=fetch)])
    return out


def test_mlp_classifier_with_sgd():
    x, y = blobs()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        image = paddle.static.data(name="image", shape=[None, 8], dtype="float32")
        label = paddle.static.data(name="label", shape=[None, 1], dtype="int64")
        hidden = paddle.static.nn.fc(x=image, size=32, activation="relu")
        prediction = paddle.static.nn.fc(x=hidden, size=3, activation="softmax")
        loss = F.cross_entropy(input=paddle.log(prediction), label=label, use_softmax=True)
        avg_loss = paddle.mean(loss)
        acc = paddle.metric.accuracy(input=prediction, label=label)
        paddle.optimizer.SGD(learning_rate=0.1).minimize(avg_loss)
    hist = train(main, startup, {"image": x, "label": y}, [avg_loss, acc], 60)
    assert hist[-1][0] < hist[0][0] * 0.5
    assert hist[-1][1] > 0.9


def conv_bn_net(dropout_p=0.3):
    image = paddle.static.data("image", [None, 1, 12, 12], "float32")
    label = paddle.static.data("label", [None, 1], "int64")
    conv = paddle.static.nn.conv2d(image, num_filters=4, filter_size=3, padding=1)
    bn = paddle.static.nn.batch_norm(conv, act="relu")
    pool = F.max_pool2d(bn, kernel_size=2, stride=2)
    flat = paddle.flatten(pool, start_axis=1)
    drop = F.dropout(flat, p=dropout_p)
    logits = paddle.static.nn.fc(drop, 2)
    loss = paddle.mean(F.cross_entropy(logits, label))
    return image, label, logits, loss


def stripes(n=64, seed=0):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 2, n)
    x = rng.normal(0, 0.3, (n, 1, 12, 12))
    x[labels == 1, :, ::3, :] += 1.5
    x[labels == 0, :, :, ::3] += 1.5
    return x.astype("float32"), labels.reshape(-1, 1).astype("int64")


def test_conv_bn_dropout_momentum_l2():
    x, y = stripes()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        _, _, logits, loss = conv_bn_net()
        test_program = main.clone(for_test=True)
        opt = paddle.optimizer.Momentum(learning_rate=0.05, momentum=0.9,
                                        weight_decay=paddle.regularizer.L2Decay(1e-4))
        opt.minimize(loss)
    types = [op.type for op in main.global_block().ops]
    assert "momentum" in types and "batch_norm_grad" in types and "dropout_grad" in types
    test_types = [op.type for op in test_program.global_block().ops]
    assert not any(t.endswith("_grad") for t in test_types)
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        losses = [float(exe.run(main, feed={"image": x, "label": y}, fetch_list=[loss])[0])
                  for _ in range(30)]
        (out1,) = exe.run(test_program, feed={"image": x, "label": y}, fetch_list=[logits])
        (out2,) = exe.run(test_program, feed={"image": x, "label": y}, fetch_list=[logits])
    assert losses[-1] < losses[0] * 0.5
    np.testing.assert_array_equal(out1, out2)  # is_test: no dropout noise, running stats
    assert (out1.argmax(1) == y[:, 0]).mean() > 0.9


@pytest.mark.parametrize("make_opt", [
    lambda: paddle.optimizer.Adam(learning_rate=0.01, grad_clip=paddle.nn.ClipGradByGlobalNorm(1.0)),
    lambda: paddle.optimizer.AdamW(learning_rate=paddle.optimizer.lr.StepDecay(0.01, step_size=10, gamma=0.5),
                                   weight_decay=0.01),
    lambda: paddle.optimizer.Momentum(learning_rate=paddle.optimizer.lr.CosineAnnealingDecay(0.05, T_max=20)),
])
def test_optimizers_train(make_opt):
    x, y = blobs(seed=1)
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        data = paddle.static.data("x", [None, 8], "float32")
        label = paddle.static.data("y", [None, 1], "int64")
        logits = paddle.static.nn.fc(paddle.static.nn.fc(data, 16, activation="tanh"), 3)
        loss = F.cross_entropy(logits, label)
        opt = make_opt()
        opt.minimize(loss)
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    lrs, losses = [], []
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        for _ in range(40):
            losses.append(float(exe.run(main, feed={"x": x, "y": y}, fetch_list=[loss])[0]))
            lrs.append(opt.get_lr())
            sched = opt._learning_rate
            if isinstance(sched, paddle.optimizer.lr.LRScheduler):
                lr_var = [v for v in main.list_vars() if v.name.startswith("learning_rate")][0]
                got = float(np.array(scope.find_var(lr_var.name).get_tensor())[0])
                assert abs(got - sched()) < 1e-7  # the executor fed the scheduled value
                sched.step()
    assert losses[-1] < losses[0] * 0.5


def test_build_strategy_inplace_matches_plain_training():
    x, y = stripes(seed=3)

    def run(strategy):
        paddle.seed(7)
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            _, _, _, loss = conv_bn_net(dropout_p=0.0)
            paddle.optimizer.SGD(0.05).minimize(loss)
        compiled = None
        if strategy is not None:
            compiled = paddle.static.CompiledProgram(main, build_strategy=strategy)
        return np.array(train(main, startup, {"image": x, "label": y}, [loss], 5, compiled))

    bs = paddle.static.BuildStrategy()
    bs.enable_inplace = True
    bs.memory_optimize = True
    np.testing.assert_allclose(run(bs), run(None), rtol=1e-5, atol=1e-6)


def test_passes_api_rewrites_program():
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        a = paddle.static.data("a", [None, 4], "float32")
        unused = paddle.exp(a)  # noqa: F841 - dead code the pass removes
        out = paddle.nn.functional.relu(a * 2.0)
    from paddle.distributed.passes import PassManager, new_pass
    before = [op.type for op in main.global_block().ops]
    pm = PassManager([new_pass("dead_code_elimination", {"protected_vars": [out.name]})])
    pm.apply([main], [startup])
    after = [op.type for op in main.global_block().ops]
    assert "exp" in before and "exp" not in after and after == ["scale", "relu"]
    (res,) = paddle.static.Executor().run(main, feed={"a": np.ones((2, 4), "float32")}, fetch_list=[out])
    np.testing.assert_array_equal(res, np.full((2, 4), 2.0))
