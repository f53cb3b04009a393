"""Reproduces PaddlePaddle's own eager (dygraph) training runs in
../shared/fixtures/paddle_eager_training: the same Layer, loaded from <case>.init.npz, trained on
<case>.batches.npz must give PaddlePaddle's loss at every step and its final state_dict, on the
CPU and (where the CUDA build sees a GPU) on the GPU: the Layer made there by
paddle.set_device('gpu'), the batches fed from host arrays."""
import json
import os

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle.base import core, unique_name
from paddle.framework.io import load, save

FIXTURES = os.environ.get("PADDLE_EAGER_FIXTURES", os.path.normpath(os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "fixtures",
    "paddle_eager_training")))
pytestmark = pytest.mark.skipif(not os.path.isdir(FIXTURES),
                                reason=f"PaddlePaddle eager-training fixtures not found at {FIXTURES}")

HAS_GPU = core.is_compiled_with_cuda() and core.get_cuda_device_count() > 0
DEVICES = ["cpu", pytest.param("gpu", marks=pytest.mark.skipif(
    not HAS_GPU, reason="needs the CUDA build and a visible GPU"))]
LOSS_RTOL = 1e-4
STATE_RTOL = 1e-4
# A tensor that stays near zero (a conv bias ahead of batch norm gets almost no gradient) is
# compared at this scale, not at its own.
STATE_SCALE_FLOOR = 1e-2


def mlp():
    class Mlp(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc1 = paddle.nn.Linear(16, 32)
            self.fc2 = paddle.nn.Linear(32, 4)

        def forward(self, x):
            return self.fc2(F.gelu(self.fc1(x)))  # exact (erf) gelu, PaddlePaddle's default

    return Mlp()


def conv_bn():
    class ConvBn(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.conv = paddle.nn.Conv2D(1, 4, 3, padding=1)
            self.bn = paddle.nn.BatchNorm2D(4)
            self.fc = paddle.nn.Linear(64, 5)

        def forward(self, x):
            h = F.max_pool2d(F.relu(self.bn(self.conv(x))), 2)
            return self.fc(paddle.flatten(h, 1))

    return ConvBn()


def adam(params):
    return paddle.optimizer.Adam(0.01, parameters=params), None


def momentum_l2_clip(params):
    opt = paddle.optimizer.Momentum(0.05, momentum=0.9, parameters=params,
                                    weight_decay=paddle.regularizer.L2Decay(1e-3),
                                    grad_clip=paddle.nn.ClipGradByGlobalNorm(1.0))
    return opt, None


def adamw_cosine(params):
    sched = paddle.optimizer.lr.CosineAnnealingDecay(0.02, T_max=6)
    return paddle.optimizer.AdamW(sched, parameters=params, weight_decay=0.05), sched


CASES = {
    "eager_mlp_adam": (mlp, F.cross_entropy, adam),
    "eager_convbn_momentum_clip": (conv_bn, F.cross_entropy, momentum_l2_clip),
    "eager_mlp_adamw_cosine": (mlp, F.mse_loss, adamw_cosine),
}


def fixture(case, kind):
    path = os.path.join(FIXTURES, f"{case}.{kind}")
    if kind.endswith(".json"):
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    return np.load(path)


def train(case, steps=None, model=None, opt_and_sched=None):
    """Builds the case's Layer from init.npz (unless given) and trains it; returns
    (model, optimizer, scheduler, losses)."""
    make_model, loss_fn, make_opt = CASES[case]
    meta = fixture(case, "meta.json")
    if model is None:
        model = make_model()
        init = fixture(case, "init.npz")
        model.set_state_dict({k: init[k] for k in init.files})
    model.train()
    opt, sched = opt_and_sched or make_opt(model.parameters())
    batches = fixture(case, "batches.npz")
    losses = []
    for step in (range(meta["steps"]) if steps is None else steps):
        x = paddle.to_tensor(batches[f"x__{step}"])
        y = paddle.to_tensor(batches[f"y__{step}"])
        loss = loss_fn(model(x), y)
        losses.append(float(loss))
        loss.backward()
        opt.step()
        opt.clear_grad()
        if sched is not None:
            sched.step()
    return model, opt, sched, np.array(losses)


def max_state_error(state, expected):
    """max over tensors of |ours - PaddlePaddle's| / scale of the tensor."""
    worst = 0.0
    for key in expected.files:
        want = expected[key]
        got = state[key].numpy() if hasattr(state[key], "numpy") else np.asarray(state[key])
        assert got.shape == want.shape, key
        scale = max(float(np.abs(want).max()), STATE_SCALE_FLOOR)
        worst = max(worst, float(np.abs(got - want).max()) / scale)
    return worst


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("case", sorted(CASES))
def test_reproduces_paddle_eager_training(case, device):
    meta = fixture(case, "meta.json")
    paddle.set_device(device)
    try:
        model, _, _, losses = train(case)
    finally:
        paddle.set_device("cpu")
    if device == "gpu":
        assert all(p.place.is_gpu_place() for p in model.parameters())
    assert sorted(model.state_dict()) == sorted(meta["state_dict_keys"])
    want = np.load(os.path.join(FIXTURES, f"{case}.losses.npy"))
    assert losses.shape == want.shape
    rel = np.abs(losses - want) / np.abs(want)
    assert rel.max() < LOSS_RTOL, f"{case}: losses {losses} vs PaddlePaddle's {want}"
    assert max_state_error(model.state_dict(), fixture(case, "final.npz")) < STATE_RTOL


@pytest.mark.parametrize("case", ["eager_mlp_adamw_cosine", "eager_convbn_momentum_clip"])
def test_checkpoint_midway_resumes_to_paddle_final_state(case, tmp_path):
    """Train half the steps, save model and optimizer with paddle.save, load both into a new
    Layer and optimizer, finish: the result is still PaddlePaddle's."""
    steps = fixture(case, "meta.json")["steps"]
    # Fresh name counters each time, as a new process has: optimizer state is keyed by the
    # parameter names, as in PaddlePaddle.
    with unique_name.guard():
        model, opt, _, first = train(case, range(steps // 2))
    save(model.state_dict(), str(tmp_path / "model.pdparams"))
    save(opt.state_dict(), str(tmp_path / "model.pdopt"))

    make_model, _, make_opt = CASES[case]
    with unique_name.guard():
        resumed = make_model()
        resumed.set_state_dict(load(str(tmp_path / "model.pdparams")))
        opt2, sched2 = make_opt(resumed.parameters())
        opt2.set_state_dict(load(str(tmp_path / "model.pdopt")))
        if sched2 is not None:
            assert sched2.last_epoch == steps // 2
        _, _, _, second = train(case, range(steps // 2, steps), resumed, (opt2, sched2))
    want = np.load(os.path.join(FIXTURES, f"{case}.losses.npy"))
    losses = np.concatenate([first, second])
    assert (np.abs(losses - want) / np.abs(want)).max() < LOSS_RTOL
    assert max_state_error(resumed.state_dict(), fixture(case, "final.npz")) < STATE_RTOL
