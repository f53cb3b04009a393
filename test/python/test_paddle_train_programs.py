"""Training programs written by PaddlePaddle's own `minimize` (forward, backward, clipping,
regularization and optimizer ops) run here and reproduce PaddlePaddle's losses: each case
under ../shared/fixtures/paddle_train_programs/ is parsed from its serialized main program,
its persistables come from <case>.params.npz, and every step's loss must be within 1e-3
(relative) of <case>.losses.npy. Skipped when the folder does not exist."""
import glob
import json
import os

import numpy as np
import pytest

import paddle

paddle.enable_static()

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.environ.get("PADDLE_TRAIN_FIXTURES",
                          os.path.join(os.path.dirname(ROOT), "shared", "fixtures",
                                       "paddle_train_programs"))
CASES = sorted(p[: -len(".main.pb")] for p in glob.glob(os.path.join(FIXTURES, "*.main.pb")))
HAS_GPU = paddle.is_compiled_with_cuda() and paddle.device.cuda.device_count() > 0
PLACES = ["cpu", pytest.param("gpu", marks=pytest.mark.skipif(
    not HAS_GPU, reason="needs the CUDA build and a visible GPU"))]


@pytest.mark.skipif(not CASES, reason=f"no PaddlePaddle training-program fixtures in {FIXTURES}")
@pytest.mark.parametrize("device", PLACES)
@pytest.mark.parametrize("prefix", CASES, ids=[os.path.basename(c) for c in CASES])
def test_paddle_written_training_program(prefix, device):
    with open(prefix + ".meta.json") as f:
        meta = json.load(f)
    with open(prefix + ".main.pb", "rb") as f:
        program = paddle.static.Program.parse_from_string(f.read())
    want = np.load(prefix + ".losses.npy")
    scope = paddle.static.Scope()
    with np.load(prefix + ".params.npz") as params:
        for name in params.files:
            scope.var(name).get_tensor().set(params[name], paddle.CPUPlace())
        assert set(meta["params"]) <= set(params.files)
    exe = paddle.static.Executor(paddle.CPUPlace() if device == "cpu" else paddle.CUDAPlace(0))
    got = []
    with np.load(prefix + ".feeds.npz") as feeds:
        for step in range(meta["steps"]):
            feed = {name: feeds[f"{name}__{step}"] for name in meta["feeds"]}
            (loss,) = exe.run(program, feed=feed, fetch_list=[meta["loss"]], scope=scope)
            got.append(float(np.asarray(loss).reshape(-1)[0]))
    got = np.array(got)
    assert len(got) == len(want)
    rel = np.abs(got - want) / np.maximum(np.abs(want), 1e-12)
    assert rel.max() < 1e-3, f"losses {got} vs PaddlePaddle's {want} (max relative error {rel.max():.2e})"
    # Training happened: the run is not stuck on its first loss.
    assert not np.allclose(got, got[0])
