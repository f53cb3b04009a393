"""Dynamic-mode optimizers, clipping, weight decay and LR schedulers, each step checked against
a NumPy implementation of the update formula; eager vs static training; paddle.save/paddle.load
round trips that resume training exactly; the safe loader; typed errors on bad input."""
import math
import os
import pickle
import re

import numpy as np
import pytest

import paddle
from paddle.base import unique_name
from paddle.base.eager import EagerParamBase
from paddle.framework.io import UnsafeFileError, load, save
from paddle.optimizer import lr as lr_mod
from paddle.regularizer import L1Decay, L2Decay

SHAPES = {"w": (3, 4), "b": (4,)}
STEPS = 3


def data(step, seed=0):
    """Per-step coefficients of the loss 0.5 * sum(a * p^2) + sum(c * p) for every parameter:
    its gradient is a * p + c, which the NumPy references compute on their own."""
    rng = np.random.default_rng(seed + 100 * step)
    return {k: (rng.uniform(0.5, 2.0, s), rng.normal(0, 3.0, s)) for k, s in SHAPES.items()}


def init_values(seed=1):
    rng = np.random.default_rng(seed)
    return {k: rng.normal(0, 1.0, s).astype("float32") for k, s in SHAPES.items()}


def make_params(values=None, **attrs):
    values = values or init_values()
    params = {}
    for k, v in values.items():
        p = EagerParamBase(list(v.shape), "float32", name=f"{k}_param")
        p.set_value(v)
        for name, value in attrs.get(k, {}).items():
            setattr(p, name, value)
        params[k] = p
    return params


def eager_loss(params, step):
    loss = None
    for k, p in params.items():
        a, c = data(step)[k]
        a = paddle.to_tensor(a.astype("float32"))
        c = paddle.to_tensor(c.astype("float32"))
        term = (a * p * p).sum() * 0.5 + (c * p).sum()
        loss = term if loss is None else loss + term
    return loss


def run_eager(make_opt, steps=STEPS, params=None, scheduler=None):
    params = params or make_params()
    opt = make_opt(list(params.values()))
    for step in range(steps):
        eager_loss(params, step).backward()
        opt.step()
        opt.clear_grad()
        if scheduler is not None:
            scheduler.step()
    return {k: p.numpy() for k, p in params.items()}, opt


# -- NumPy references ------------------------------------------------------------------------
def np_grads(p, step):
    return {k: data(step)[k][0] * p[k] + data(step)[k][1] for k in p}


def np_clip(grads, clip, need_clip=lambda k: True):
    if clip is None:
        return grads
    kind, limit = clip
    out = dict(grads)
    if kind == "value":
        for k in grads:
            if need_clip(k):
                out[k] = np.clip(grads[k], -limit, limit)
    elif kind == "norm":
        for k in grads:
            if need_clip(k):
                out[k] = grads[k] * limit / max(np.linalg.norm(grads[k]), limit)
    else:
        norm = math.sqrt(sum(np.sum(grads[k] ** 2) for k in grads if need_clip(k)))
        for k in grads:
            if need_clip(k):
                out[k] = grads[k] * limit / max(norm, limit)
    return out


def np_decay(p, g, decay):
    if decay is None:
        return g
    kind, coeff = decay
    return g + coeff * (p if kind == "l2" else np.sign(p))


def np_train(update, steps=STEPS, clip=None, decay=None, lrs=None, need_clip=lambda k: True,
             lr=0.1):
    """Runs `update(k, p, g, lr, state)` per parameter per step on float64 copies."""
    p = {k: v.astype("float64") for k, v in init_values().items()}
    state = {k: {} for k in p}
    for step in range(steps):
        grads = np_clip(np_grads(p, step), clip, need_clip)
        for k in p:
            g = np_decay(p[k], grads[k], decay(k) if callable(decay) else decay)
            p[k] = update(k, p[k], g, lrs[step] if lrs else lr, state[k])
    return p


def sgd_update(k, p, g, lr, s):
    return p - lr * g


def momentum_update(mu, nesterov):
    def update(k, p, g, lr, s):
        v = mu * s.get("v", 0.0) + g
        s["v"] = v
        return p - lr * (g + mu * v) if nesterov else p - lr * v
    return update


def adam_update(beta1=0.9, beta2=0.999, eps=1e-8, coeff=0.0, decay_names=None, ratio=1.0):
    def update(k, p, g, lr, s):
        lr = lr * ratio
        b1p, b2p = s.get("b1p", beta1), s.get("b2p", beta2)
        if decay_names is None or k in decay_names:
            p = p * (1 - lr * coeff)
        m1 = beta1 * s.get("m1", 0.0) + (1 - beta1) * g
        m2 = beta2 * s.get("m2", 0.0) + (1 - beta2) * g * g
        lr_t = lr * math.sqrt(1 - b2p) / (1 - b1p)
        p = p - lr_t * m1 / (np.sqrt(m2) + eps * math.sqrt(1 - b2p))
        s.update(m1=m1, m2=m2, b1p=b1p * beta1, b2p=b2p * beta2)
        return p
    return update


def assert_params(got, want, rtol=2e-5, atol=2e-6):
    for k in want:
        np.testing.assert_allclose(got[k], want[k], rtol=rtol, atol=atol, err_msg=k)


# -- update formulas -------------------------------------------------------------------------
@pytest.mark.parametrize("decay", [None, ("l2", 0.05), ("l1", 0.05)])
def test_sgd(decay):
    wd = None if decay is None else (L2Decay if decay[0] == "l2" else L1Decay)(decay[1])
    got, _ = run_eager(lambda ps: paddle.optimizer.SGD(0.1, parameters=ps, weight_decay=wd))
    assert_params(got, np_train(sgd_update, decay=decay))


def test_float_weight_decay_is_l2_and_param_regularizer_wins():
    params = make_params(b={"regularizer": L1Decay(0.2)})
    got, _ = run_eager(lambda ps: paddle.optimizer.SGD(0.1, parameters=ps, weight_decay=0.05),
                       params=params)
    want = np_train(sgd_update, decay=lambda k: ("l1", 0.2) if k == "b" else ("l2", 0.05))
    assert_params(got, want)


@pytest.mark.parametrize("nesterov", [False, True])
@pytest.mark.parametrize("decay", [None, ("l2", 0.01), ("l1", 0.01)])
def test_momentum(nesterov, decay):
    wd = None if decay is None else (L2Decay if decay[0] == "l2" else L1Decay)(decay[1])
    got, opt = run_eager(lambda ps: paddle.optimizer.Momentum(
        0.05, momentum=0.8, parameters=ps, use_nesterov=nesterov, weight_decay=wd))
    assert_params(got, np_train(momentum_update(0.8, nesterov), decay=decay, lr=0.05))
    names = sorted(opt.state_dict())
    assert len(names) == 2 and all(re.fullmatch(r"[wb]_param_velocity_\d+", n) for n in names)


@pytest.mark.parametrize("decay", [None, ("l2", 0.02)])
def test_adam(decay):
    wd = None if decay is None else decay[1]
    got, _ = run_eager(lambda ps: paddle.optimizer.Adam(0.05, beta1=0.8, beta2=0.95, epsilon=1e-6,
                                                        parameters=ps, weight_decay=wd))
    assert_params(got, np_train(adam_update(0.8, 0.95, 1e-6), decay=decay, lr=0.05))


def test_adamw_decoupled_decay_apply_fun_and_lr_ratio():
    got, _ = run_eager(lambda ps: paddle.optimizer.AdamW(
        0.05, parameters=ps, weight_decay=0.1, apply_decay_param_fun=lambda n: n.startswith("w"),
        lr_ratio=lambda p: 0.5))
    assert_params(got, np_train(adam_update(coeff=0.1, decay_names={"w"}, ratio=0.5), lr=0.05))


@pytest.mark.parametrize("clip", [("value", 0.5), ("norm", 1.0), ("global", 2.0)])
def test_clipping_respects_need_clip(clip):
    make_clip = {"value": lambda c: paddle.nn.ClipGradByValue(c),
                 "norm": paddle.nn.ClipGradByNorm, "global": paddle.nn.ClipGradByGlobalNorm}[clip[0]]
    params = make_params(b={"need_clip": False})
    got, _ = run_eager(lambda ps: paddle.optimizer.SGD(0.1, parameters=ps, grad_clip=make_clip(clip[1])),
                       params=params)
    assert_params(got, np_train(sgd_update, clip=clip, need_clip=lambda k: k != "b"))


def test_global_norm_clip_with_momentum_l2_as_in_paddle():
    got, _ = run_eager(lambda ps: paddle.optimizer.Momentum(
        0.05, 0.9, parameters=ps, weight_decay=L2Decay(1e-3),
        grad_clip=paddle.nn.ClipGradByGlobalNorm(1.0)))
    want = np_train(momentum_update(0.9, False), clip=("global", 1.0), decay=("l2", 1e-3), lr=0.05)
    assert_params(got, want)


# -- learning rates --------------------------------------------------------------------------
def test_scheduler_drives_eager_steps_and_get_lr():
    sched = lr_mod.CosineAnnealingDecay(0.2, T_max=4)
    seen = []

    def make(ps):
        return paddle.optimizer.SGD(sched, parameters=ps)

    params = make_params()
    opt = make(list(params.values()))
    for step in range(STEPS):
        seen.append(opt.get_lr())
        eager_loss(params, step).backward()
        opt.step()
        opt.clear_grad()
        sched.step()
    lrs = [0.2 * (1 + math.cos(math.pi * e / 4)) / 2 for e in range(STEPS)]
    np.testing.assert_allclose(seen, lrs, rtol=1e-12)
    assert_params({k: p.numpy() for k, p in params.items()}, np_train(sgd_update, lrs=lrs))


def test_set_lr_param_groups_and_lr_multiplier():
    params = make_params()
    params["b"].optimize_attr = {"learning_rate": 0.5}
    opt = paddle.optimizer.SGD(0.1, parameters=[
        {"params": [params["w"]], "weight_decay": L2Decay(0.1)},
        {"params": [params["b"]], "learning_rate": 2.0}])
    assert opt.get_lr() == 0.1
    for step in range(STEPS):
        if step == 1:
            opt.set_lr(0.2)
            assert opt.get_lr() == 0.2
        eager_loss(params, step).backward()
        opt.step()
        opt.clear_grad()
    lrs = [0.1, 0.2, 0.2]

    def update(k, p, g, lr, s):
        return p - lr * (1.0 if k == "w" else 0.5 * 2.0) * g

    want = np_train(update, lrs=lrs, decay=lambda k: ("l2", 0.1) if k == "w" else None)
    assert_params({k: p.numpy() for k, p in params.items()}, want)


@pytest.mark.parametrize("make, formula", [
    (lambda: lr_mod.StepDecay(0.5, 2, 0.5), lambda e: 0.5 * 0.5 ** (e // 2)),
    (lambda: lr_mod.MultiStepDecay(0.5, [1, 3], 0.1), lambda e: 0.5 * 0.1 ** ((e >= 1) + (e >= 3))),
    (lambda: lr_mod.ExponentialDecay(0.5, 0.9), lambda e: 0.5 * 0.9 ** e),
    (lambda: lr_mod.NaturalExpDecay(0.5, 0.3), lambda e: 0.5 * math.exp(-0.3 * e)),
    (lambda: lr_mod.InverseTimeDecay(0.5, 0.3), lambda e: 0.5 / (1 + 0.3 * e)),
    (lambda: lr_mod.PolynomialDecay(0.5, 4, 0.1, 2.0), lambda e: 0.4 * (1 - min(e, 4) / 4) ** 2 + 0.1),
    (lambda: lr_mod.PiecewiseDecay([2, 4], [0.3, 0.2, 0.1]), lambda e: [0.3, 0.2, 0.1][(e >= 2) + (e >= 4)]),
    (lambda: lr_mod.LinearWarmup(0.5, 3, 0.0, 0.5), lambda e: 0.5 * e / 3 if e < 3 else 0.5),
    (lambda: lr_mod.NoamDecay(64, 3), lambda e: 64 ** -0.5 * min(1.0 if e == 0 else e ** -0.5, 3 ** -1.5 * e)),
    (lambda: lr_mod.LambdaDecay(0.5, lambda e: 0.9 ** e), lambda e: 0.5 * 0.9 ** e),
    (lambda: lr_mod.MultiplicativeDecay(0.5, lambda e: 0.9), lambda e: 0.5 * 0.9 ** e),
    (lambda: lr_mod.CosineAnnealingDecay(0.5, 3, 0.1), lambda e: 0.1 + 0.4 * (1 + math.cos(math.pi * e / 3)) / 2),
])
def test_scheduler_values(make, formula):
    sched = make()
    got = []
    for _ in range(7):
        got.append(sched())
        sched.step()
    np.testing.assert_allclose(got, [formula(e) for e in range(7)], rtol=1e-9, atol=1e-12)


def test_reduce_on_plateau():
    sched = lr_mod.ReduceOnPlateau(1.0, factor=0.5, patience=1)
    for metric in [3.0, 2.0, 2.0, 2.0, 2.0, 2.0]:
        sched.step(metric)
    assert sched() == 0.25


# -- eager vs static -------------------------------------------------------------------------
@pytest.mark.parametrize("make_opt", [
    lambda ps=None: paddle.optimizer.Momentum(0.05, 0.9, parameters=ps, weight_decay=L2Decay(1e-3),
                                              grad_clip=paddle.nn.ClipGradByGlobalNorm(1.0)),
    lambda ps=None: paddle.optimizer.Adam(0.05, parameters=ps, grad_clip=paddle.nn.ClipGradByNorm(1.0)),
    lambda ps=None: paddle.optimizer.AdamW(0.05, parameters=ps, weight_decay=0.1,
                                           grad_clip=paddle.nn.ClipGradByValue(1.0)),
], ids=["momentum", "adam", "adamw"])
def test_eager_matches_static(make_opt):
    eager, _ = run_eager(make_opt)
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            feeds, loss, params = {}, None, {}
            for k, shape in SHAPES.items():
                params[k] = paddle.static.create_parameter(list(shape), "float32", name=f"{k}_static")
                a = paddle.static.data(f"a_{k}", list(shape), "float32")
                c = paddle.static.data(f"c_{k}", list(shape), "float32")
                feeds[k] = (a.name, c.name)
                term = paddle.sum(a * params[k] * params[k]) * 0.5 + paddle.sum(c * params[k])
                loss = term if loss is None else loss + term
            make_opt().minimize(loss)
        scope = paddle.static.Scope()
        exe = paddle.static.Executor()
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
            static = {k: np.array(scope.find_var(p.name).get_tensor()) for k, p in params.items()}
    finally:
        paddle.disable_static()
    assert_params(eager, static, rtol=1e-5, atol=1e-6)


# -- state dicts, save and load --------------------------------------------------------------
def test_state_dict_names_and_minimize_runs_backward():
    with unique_name.guard():
        params = make_params()
        opt = paddle.optimizer.Adam(0.05, parameters=list(params.values()))
        assert opt.state_dict() == {}  # accumulators are made at the first step
        ops, params_grads = opt.minimize(eager_loss(params, 0))
        assert ops == [] and len(params_grads) == 2
    names = sorted(opt.state_dict())
    assert names == sorted(f"{k}_param_{acc}_0" for k in SHAPES
                           for acc in ("moment1", "moment2", "beta1_pow_acc", "beta2_pow_acc"))
    assert_params({k: p.numpy() for k, p in params.items()},
                  np_train(adam_update(), steps=1, lr=0.05))


def test_clear_grad():
    params = make_params()
    opt = paddle.optimizer.SGD(0.1, parameters=list(params.values()))
    eager_loss(params, 0).backward()
    opt.clear_grad()
    assert all(not p.grad.numpy().any() for p in params.values())
    opt.clear_grad(set_to_zero=False)
    assert all(p.grad is None for p in params.values())


@pytest.mark.parametrize("make_opt", [
    lambda ps, s: paddle.optimizer.Adam(s, parameters=ps),
    lambda ps, s: paddle.optimizer.Momentum(s, 0.9, parameters=ps, use_nesterov=True),
    lambda ps, s: paddle.optimizer.AdamW(s, parameters=ps, weight_decay=0.05),
], ids=["adam", "momentum", "adamw"])
def test_save_load_resumes_training_identically(tmp_path, make_opt):
    def train(params, opt, sched, steps):
        for step in steps:
            eager_loss(params, step).backward()
            opt.step()
            opt.clear_grad()
            sched.step()

    sched_a = lr_mod.StepDecay(0.05, step_size=2, gamma=0.5)
    params_a = make_params()
    opt_a = make_opt(list(params_a.values()), sched_a)
    train(params_a, opt_a, sched_a, range(3))
    save({k: p for k, p in params_a.items()}, str(tmp_path / "model.pdparams"))
    save(opt_a.state_dict(), str(tmp_path / "sub" / "opt.pdopt"))
    train(params_a, opt_a, sched_a, range(3, 6))

    # A second process would rebuild the same names; the loader must restore everything.
    model_state = load(str(tmp_path / "model.pdparams"))
    opt_state = load(str(tmp_path / "sub" / "opt.pdopt"))
    assert isinstance(model_state["w"], paddle.Tensor) and model_state["w"].name == "w_param"
    assert opt_state["LR_Scheduler"]["last_epoch"] == 3
    params_b = make_params({k: v.numpy() for k, v in model_state.items()})
    sched_b = lr_mod.StepDecay(0.05, step_size=2, gamma=0.5)
    opt_b = make_opt(list(params_b.values()), sched_b)
    opt_b.set_state_dict(opt_state)
    assert sched_b.last_epoch == 3 and opt_b.get_lr() == 0.05 * 0.5
    train(params_b, opt_b, sched_b, range(3, 6))
    for k in SHAPES:
        np.testing.assert_array_equal(params_b[k].numpy(), params_a[k].numpy())


def test_set_state_dict_after_accumulators_exist():
    params = make_params()
    opt = paddle.optimizer.Momentum(0.1, parameters=list(params.values()))
    eager_loss(params, 0).backward()
    opt.step()
    state = {k: v.numpy() * 0 + 7 for k, v in opt.state_dict().items()}
    opt.set_state_dict(state)
    assert all((v.numpy() == 7).all() for v in opt.state_dict().values())
    with pytest.raises(KeyError, match="expected optimizer state"):
        opt.set_state_dict({})


def test_save_load_nested_values_and_numpy(tmp_path):
    p = make_params()["w"]
    obj = {"model": {"w": p}, "epoch": 7, "lr": 0.5, "tag": "run", "hist": [1, 2.5, (p, "x")]}
    save(obj, str(tmp_path / "all.pd"), protocol=2)
    back = load(str(tmp_path / "all.pd"))
    assert back["epoch"] == 7 and back["lr"] == 0.5 and back["tag"] == "run"
    np.testing.assert_array_equal(back["model"]["w"].numpy(), p.numpy())
    np.testing.assert_array_equal(back["hist"][2][0].numpy(), p.numpy())
    raw = load(str(tmp_path / "all.pd"), return_numpy=True)
    assert isinstance(raw["model"]["w"], np.ndarray)
    # a Layer-style state dict keeps PaddlePaddle's name table on disk
    save({"w": p}, str(tmp_path / "sd.pdparams"))
    with open(tmp_path / "sd.pdparams", "rb") as f:
        on_disk = pickle.load(f)
    assert on_disk["StructuredToParameterName@@"] == {"w": p.name}
    assert isinstance(on_disk["w"], np.ndarray)
    kept = load(str(tmp_path / "sd.pdparams"), keep_name_table=True)
    assert kept["StructuredToParameterName@@"] == {"w": p.name}


def test_loader_refuses_code(tmp_path):
    target = tmp_path / "pwned"

    class Evil:
        def __reduce__(self):
            return (os.mkdir, (str(target),))

    for protocol in (0, 2, 4):
        path = tmp_path / f"evil{protocol}.pdparams"
        path.write_bytes(pickle.dumps({"w": Evil()}, protocol=protocol))
        with pytest.raises(UnsafeFileError, match="refusing to load"):
            load(str(path))
    assert not target.exists()
    assert issubclass(UnsafeFileError, ValueError)


# -- typed errors ------------------------------------------------------------------------------
def test_bad_input_raises_typed_errors(tmp_path):
    ps = list(make_params().values())
    with pytest.raises(TypeError, match="expected learning_rate to be a float or an LRScheduler, but got str"):
        paddle.optimizer.SGD("0.1", parameters=ps)
    with pytest.raises(TypeError, match="expected parameters to hold parameters .*, but got int"):
        paddle.optimizer.Adam(0.1, parameters=[1, 2])
    with pytest.raises(TypeError, match="expected parameters to be a list.*but got a single"):
        paddle.optimizer.Adam(0.1, parameters=ps[0])
    with pytest.raises(AttributeError, match="expected parameters="):
        paddle.optimizer.SGD(0.1)
    with pytest.raises(TypeError, match="expected grad_clip .*, but got str"):
        paddle.optimizer.SGD(0.1, parameters=ps, grad_clip="norm")
    with pytest.raises(TypeError, match="expected weight_decay .*, but got str"):
        paddle.optimizer.Momentum(0.1, parameters=ps, weight_decay="l2")
    with pytest.raises(TypeError, match="expected weight_decay to be a float or a Tensor, but got L2Decay"):
        paddle.optimizer.AdamW(0.1, parameters=ps, weight_decay=L2Decay(0.1))
    with pytest.raises(ValueError, match=r"expected beta1 in \[0, 1\), but got 1.5"):
        paddle.optimizer.Adam(0.1, beta1=1.5, parameters=ps)
    with pytest.raises(ValueError, match="expected each parameter in one group only"):
        paddle.optimizer.SGD(0.1, parameters=[{"params": ps}, {"params": ps[:1]}])
    opt = paddle.optimizer.SGD(0.1, parameters=ps)
    with pytest.raises(TypeError, match="expected the learning rate to be a float, but got str"):
        opt.set_lr("0.2")
    with pytest.raises(RuntimeError, match="expected an optimizer with a float learning rate"):
        paddle.optimizer.SGD(lr_mod.StepDecay(0.1, 2), parameters=ps).set_lr(0.2)
    with pytest.raises(TypeError, match="expected loss to be a Tensor, but got float"):
        opt.minimize(1.0)
    with pytest.raises(ValueError, match="expected protocol in 2..4, but got 5"):
        save({"w": ps[0]}, str(tmp_path / "x.pdparams"), protocol=5)
    with pytest.raises(TypeError, match="expected protocol to be an int, but got str"):
        save({"w": ps[0]}, str(tmp_path / "x.pdparams"), protocol="4")
    with pytest.raises(TypeError, match="expected Tensors, arrays.*but got object"):
        save({"w": object()}, str(tmp_path / "x.pd"))
    assert not (tmp_path / "x.pd").exists() and not (tmp_path / "x.pdparams").exists()
    with pytest.raises(FileNotFoundError, match="expected a file saved by paddle.save"):
        load(str(tmp_path / "missing.pdparams"))
    with pytest.raises(ValueError, match="expected paddle.load options"):
        load(str(tmp_path / "missing.pdparams"), bogus=1)
    bad = tmp_path / "bad.pdparams"
    bad.write_bytes(b"\x80\x04garbage")
    with pytest.raises(ValueError, match="expected a file written by paddle.save"):
        load(str(bad))
    paddle.enable_static()
    try:
        with pytest.raises(NotImplementedError, match="step"):
            paddle.optimizer.SGD(0.1).step()
    finally:
        paddle.disable_static()
