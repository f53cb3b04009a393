"""paddle.optimizer.Adamax and Adadelta: dynamic-mode steps against NumPy re-implementations of
PaddlePaddle's update rules (Adamax's beta1 power advanced after each step, Adadelta's step
scaled by the learning rate), weight decay and clipping through the shared pipeline, static
programs (minimize) matching NumPy too, an unknown batch extent, accumulator names and bad
arguments."""
import numpy as np
import pytest

import paddle
from test_eager_optimizer import (SHAPES, STEPS, assert_params, data, init_values, np_train,
                                  run_eager)


def adamax_update(beta1=0.9, beta2=0.999, eps=1e-8):
    beta1, beta2, eps = (float(np.float32(x)) for x in (beta1, beta2, eps))

    def update(k, p, g, lr, s):
        b1p = s.get("b1p", beta1)
        m = beta1 * s.get("m", 0.0) + (1 - beta1) * g
        u = np.maximum(beta2 * s.get("u", 0.0) + eps, np.abs(g))
        s.update(m=m, u=u, b1p=b1p * beta1)
        return p - lr / (1 - b1p) * (m / u)
    return update


def adadelta_update(eps=1e-6, rho=0.95):
    eps, rho = float(np.float32(eps)), float(np.float32(rho))

    def update(k, p, g, lr, s):
        sq = rho * s.get("sq", 0.0) + (1 - rho) * g * g
        d = -np.sqrt((s.get("up", 0.0) + eps) / (sq + eps)) * g
        s.update(sq=sq, up=rho * s.get("up", 0.0) + (1 - rho) * d * d)
        return p + lr * d
    return update


@pytest.mark.parametrize("kwargs", [{}, {"beta1": 0.8, "beta2": 0.99, "epsilon": 1e-4}])
def test_adamax_matches_numpy(kwargs):
    got, opt = run_eager(lambda ps: paddle.optimizer.Adamax(0.05, parameters=ps, **kwargs))
    want = np_train(adamax_update(kwargs.get("beta1", 0.9), kwargs.get("beta2", 0.999),
                                  kwargs.get("epsilon", 1e-8)), lr=0.05)
    assert_params(got, want)
    pows = [v for k, v in opt.state_dict().items() if "beta1_pow_acc" in k]
    assert len(pows) == len(SHAPES)
    beta1 = np.float32(kwargs.get("beta1", 0.9))
    for v in pows:  # starts at beta1, advanced once per step
        np.testing.assert_allclose(np.asarray(v.numpy()), [beta1 ** (STEPS + 1)], rtol=1e-5)


@pytest.mark.parametrize("kwargs", [{}, {"rho": 0.9, "epsilon": 1e-4}])
def test_adadelta_matches_numpy(kwargs):
    got, _ = run_eager(lambda ps: paddle.optimizer.Adadelta(0.5, parameters=ps, **kwargs))
    want = np_train(adadelta_update(kwargs.get("epsilon", 1e-6), kwargs.get("rho", 0.95)),
                    lr=0.5)
    assert_params(got, want)


def test_weight_decay_and_clip():
    got, _ = run_eager(lambda ps: paddle.optimizer.Adamax(
        0.05, parameters=ps, weight_decay=0.1, grad_clip=paddle.nn.ClipGradByValue(0.5)))
    want = np_train(adamax_update(), lr=0.05, clip=("value", 0.5), decay=("l2", 0.1))
    assert_params(got, want)
    got, _ = run_eager(lambda ps: paddle.optimizer.Adadelta(0.5, parameters=ps,
                                                            weight_decay=0.1))
    assert_params(got, np_train(adadelta_update(), lr=0.5, decay=("l2", 0.1)))


def _static_train(make_opt):
    """STEPS steps of the shared quadratic loss in a static program; the parameters after."""
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            feeds, loss, params = {}, None, {}
            for k, shape in SHAPES.items():
                params[k] = paddle.static.create_parameter(list(shape), "float32",
                                                           name=f"{k}_static_adamax_adadelta")
                a = paddle.static.data(f"a_{k}", list(shape), "float32")
                c = paddle.static.data(f"c_{k}", list(shape), "float32")
                feeds[k] = (a.name, c.name)
                term = paddle.sum(a * params[k] * params[k]) * 0.5 + paddle.sum(c * params[k])
                loss = term if loss is None else loss + term
            make_opt().minimize(loss)
        types = [op.type for op in main.global_block().ops]
        scope, exe = paddle.static.Scope(), paddle.static.Executor()
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            for k, v in init_values().items():
                scope.var(params[k].name).get_tensor().set(v, paddle.CPUPlace())
            for step in range(STEPS):
                feed = {}
                for k, (a_name, c_name) in feeds.items():
                    a, c = data(step)[k]
                    feed[a_name], feed[c_name] = a.astype("float32"), c.astype("float32")
                exe.run(main, feed=feed, fetch_list=[loss])
            return {k: np.array(scope.find_var(p.name).get_tensor())
                    for k, p in params.items()}, types
    finally:
        paddle.disable_static()


def test_static_minimize_matches_numpy():
    got, types = _static_train(lambda: paddle.optimizer.Adamax(0.05))
    assert types.count("adamax") == len(SHAPES)
    assert_params(got, np_train(adamax_update(), lr=0.05))
    got, types = _static_train(lambda: paddle.optimizer.Adadelta(0.5, rho=0.9))
    assert types.count("adadelta") == len(SHAPES)
    assert_params(got, np_train(adadelta_update(rho=0.9), lr=0.5))


@pytest.mark.parametrize("make_opt", [lambda: paddle.optimizer.Adamax(0.1),
                                      lambda: paddle.optimizer.Adadelta(1.0)],
                         ids=["adamax", "adadelta"])
def test_static_unknown_batch_reduces_loss(make_opt):
    rng = np.random.default_rng(3)
    x = rng.normal(size=(8, 3)).astype("float32")
    y = (x @ np.array([[1.0], [-2.0], [0.5]], "float32")).astype("float32")
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            xv = paddle.static.data("x", [-1, 3], "float32")
            yv = paddle.static.data("y", [-1, 1], "float32")
            loss = paddle.mean(paddle.square(paddle.nn.Linear(3, 1)(xv) - yv))
            make_opt().minimize(loss)
        scope, exe = paddle.static.Scope(), paddle.static.Executor()
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            losses = [float(np.array(exe.run(main, feed={"x": x[:n], "y": y[:n]},
                                             fetch_list=[loss])[0]))
                      for n in [8, 5] * 15]
    finally:
        paddle.disable_static()
    assert losses[-2] < losses[0]


def test_accumulator_names():
    """PaddlePaddle's names: '<param>_moment_0', '<param>_inf_norm_0', '<param>_beta1_pow_acc_0';
    '<param>__avg_squared_grad_0', '<param>__avg_squared_update_0'."""
    _, opt = run_eager(lambda ps: paddle.optimizer.Adamax(0.1, parameters=ps), steps=1)
    keys = set(opt.state_dict())
    for acc in ("moment", "inf_norm", "beta1_pow_acc"):
        assert any(k.startswith(f"w_param_{acc}_") for k in keys), (acc, keys)
    _, opt = run_eager(lambda ps: paddle.optimizer.Adadelta(0.1, parameters=ps), steps=1)
    keys = set(opt.state_dict())
    for acc in ("_avg_squared_grad", "_avg_squared_update"):
        assert any(k.startswith(f"b_param_{acc}_") for k in keys), (acc, keys)


def test_bad_arguments():
    with pytest.raises(ValueError, match="learning_rate is not set"):
        paddle.optimizer.Adadelta(None)
    with pytest.raises(ValueError, match="beta1"):
        paddle.optimizer.Adamax(0.1, beta1=1.5)
    with pytest.raises(TypeError, match="epsilon"):
        paddle.optimizer.Adamax(0.1, epsilon="x")
    with pytest.raises(ValueError, match="epsilon"):
        paddle.optimizer.Adadelta(0.1, epsilon=-1.0)
    with pytest.raises(ValueError, match="rho"):
        paddle.optimizer.Adadelta(0.1, rho=2.0)
    with pytest.raises(ValueError, match="rho is not set"):
        paddle.optimizer.Adadelta(0.1, rho=None)
    with pytest.raises(TypeError, match="expected rho to be a float, but got str"):
        paddle.optimizer.Adadelta(0.1, rho="0.9")
